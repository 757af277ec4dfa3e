// One typed definition per kind of score-like write (issue 27): the record it changes, the line it waits
// in, how it travels (the typed client), where the server's answer goes, how the state that won a conflict
// reads, and the version it leaves. The write queue (./outbox) is generic over these.
import type { ClientRequestOptions } from 'hono/client';
import type { BoutConflict } from '../../core/contracts/pools';
import type { MatchConflict } from '../../core/contracts/tableau';
import type { RelayConflict } from '../../core/contracts/teams';
import type { TeamRelayConflict } from '../../core/contracts/team-tableau';
import { boutKey } from '../../core/fencing/bout-result';
import { refereeKey, type RefereeTarget } from '../../core/refereeing';
import { call, client } from '../lib/api';
import type { OutboxEntry } from '../lib/outbox-store';
import { applyBracket, applyMatchesDelta } from './bracket';
import { applyBoutDelta } from './pools';
import { applyDayCalls } from './day-calls';
import { callStepEnded } from './call-step';
import { applyRelayRow } from './teams';
import { applyTeamRelay } from './team-tableau';

type Kind = OutboxEntry['kind'];
type EntryOf<K extends Kind> = Extract<OutboxEntry, { kind: K }>;

interface Travel<K extends Kind> {
  /** The record the write changes, whose versions chain from one write to the next. */
  record(e: EntryOf<K>): string;
  /** The writes that reach the server in the order entered (a record's; a practice's whole tableau). */
  line(e: EntryOf<K>): string;
  /** One try: resolves to the step that shows the server's answer; an answer other than 2xx throws an ApiError. */
  send(e: EntryOf<K>, options: ClientRequestOptions): Promise<() => void>;
  /** The version of its record once this write is stored. */
  versionAfter(e: EntryOf<K>): number;
}

/**
 * Who decides what a conflict or a refusal leaves: the person (the write stays in sight, in the header, until
 * they keep theirs, take the other or discard it; `conflict` shows the state that won, the 409's body, where
 * the write was shown), or the view that made it (the write leaves the queue and `endsAtView` tells the view
 * why: a referee's step, which a newer step or another referee supersedes).
 */
export type WriteKind<K extends Kind> = Travel<K> & ({ conflict(e: EntryOf<K>, body: unknown): void } | { endsAtView(e: EntryOf<K>, message: string): void });

/** What became of a referee's step, for the view that made it: stored (and whether it was new to the room), or why it ended. */
export type StepAnswer = { applied: boolean } | { ended: string };
const stepAnswers = new Map<string, StepAnswer>();

/** The answer a referee step's entry got (read once, when its `enqueue` settles). */
export function takeStepAnswer(key: string): StepAnswer | undefined {
  const answer = stepAnswers.get(key);
  stepAnswers.delete(key);
  return answer;
}

const practice = client.practices[':practiceId'];

const boutRecord = (e: EntryOf<'bout' | 'clear'>) => `bout:${e.poolId}:${boutKey(e.body.player1_id, e.body.player2_id)}`;

/** A pool bout's result and its clearing share one record, the bout (SPEC §4: a clear empties both directions). */
const poolBout = {
  record: boutRecord,
  line: boutRecord,
  conflict: (e: EntryOf<'bout' | 'clear'>, body: unknown) => applyBoutDelta(e.practiceId, body as BoutConflict),
};

/** The record of a referee's steps: the bout they referee. */
export function refereeRecord(e: { practiceId: string; body: { target: RefereeTarget } }) {
  return `referee:${e.practiceId}:${refereeKey(e.body.target)}`;
}

const boutsOf = (e: EntryOf<'bout' | 'clear'>) => ({ param: { practiceId: e.practiceId, poolId: e.poolId }, bouts: practice.pools[':poolId'].bouts });

const kinds: { [K in Kind]: WriteKind<K> } = {
  bout: {
    ...poolBout,
    send: async (e, options) => {
      const { param, bouts } = boutsOf(e);
      const delta = await call(bouts.$post({ param, json: e.body }, options));
      return () => applyBoutDelta(e.practiceId, delta);
    },
    versionAfter: (e) => e.body.version + 1,
  },
  clear: {
    ...poolBout,
    send: async (e, options) => {
      const { param, bouts } = boutsOf(e);
      const delta = await call(bouts.$delete({ param, json: e.body }, options));
      return () => applyBoutDelta(e.practiceId, delta);
    },
    // A cleared bout has no stored row: the next result is made against none.
    versionAfter: () => 0,
  },
  tableau: {
    record: (e) => `match:${e.practiceId}:${e.body.round}:${e.body.position}`,
    // A score moves its winner into the next round's match: a practice's tableau scores go one after another.
    line: (e) => `tableau:${e.practiceId}`,
    send: async (e, options) => {
      const delta = await call(practice.bracket.scores.$post({ param: { practiceId: e.practiceId }, json: e.body }, options));
      return () => applyMatchesDelta(e.practiceId, delta);
    },
    conflict: (e, body) => applyBracket(e.practiceId, (body as MatchConflict).bracket),
    versionAfter: (e) => e.body.version + 1,
  },
  relay: {
    record: (e) => `relay:${e.practiceId}:${e.matchNumber}`,
    line: (e) => `relay:${e.practiceId}:${e.matchNumber}`,
    send: async (e, options) => {
      const row = await call(practice['team-matches'][':n'].$put({ param: { practiceId: e.practiceId, n: String(e.matchNumber) }, json: e.body }, options));
      return () => applyRelayRow(e.practiceId, row);
    },
    conflict: (e, body) => applyRelayRow(e.practiceId, (body as RelayConflict).current),
    versionAfter: (e) => e.body.version + 1,
  },
  'team-relay': {
    record: (e) => `team-relay:${e.practiceId}:${e.round}:${e.position}:${e.matchNumber}`,
    // A sheet's decision moves its winner into the next match: a practice's tableau writes go one after another.
    line: (e) => `tableau:${e.practiceId}`,
    send: async (e, options) => {
      const param = { practiceId: e.practiceId, round: String(e.round), position: String(e.position), n: String(e.matchNumber) };
      const { row, matches } = await call(practice['team-tableau'][':round'][':position'][':n'].$put({ param, json: e.body }, options));
      return () => {
        applyTeamRelay(e.practiceId, row);
        if (matches) applyMatchesDelta(e.practiceId, matches);
      };
    },
    conflict: (e, body) => applyTeamRelay(e.practiceId, (body as TeamRelayConflict).current),
    versionAfter: (e) => e.body.version + 1,
  },
  referee: {
    record: refereeRecord,
    // The latest state wins and each step is numbered after the last: a bout's steps go one after another.
    line: refereeRecord,
    send: async (e, options) => {
      // Stamped when it goes, not when it was made: the room shifts the bout's clock by the phone's offset,
      // which a step that waited (offline, behind another write, across a reload) would otherwise add to it.
      const json = { ...e.body, sent_at: Date.now() };
      const { applied } = await call(practice.referee.$put({ param: { practiceId: e.practiceId }, json }, options));
      return () => stepAnswers.set(e.key, { applied });
    },
    versionAfter: (e) => e.body.seq,
    // Another view holds the bout now (409), or the step was refused: the view says so and stops.
    endsAtView: (e, message) => stepAnswers.set(e.key, { ended: message }),
  },
  call: {
    record: (e) => `call:${e.practiceId}:${e.callId}`,
    line: (e) => `call:${e.practiceId}:${e.callId}`,
    send: async (e, options) => {
      const calls = await call(practice.calls[':callId'].$post({ param: { practiceId: e.practiceId, callId: e.callId }, json: e.body }, options));
      return () => applyDayCalls(e.practiceId, calls);
    },
    versionAfter: (e) => e.body.version + 1,
    // The call moved on (another screen's step, a corrected result) or the step was refused: the screen already
    // shows the call as it stands; a toast says why this step was not taken.
    endsAtView: (_e, message) => callStepEnded(message),
  },
};

/** The definition of an entry's kind. */
// The table is keyed by kind, so the definition found is the entry's own (TypeScript cannot follow that through the index).
export const kindOf = (e: OutboxEntry) => kinds[e.kind] as WriteKind<Kind>;
