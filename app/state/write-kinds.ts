// One typed definition per kind of score-like write (issue 27): the record it changes, the line it waits
// in, how it travels (the typed client), where the server's answer goes, how the state that won a conflict
// reads, and the version it leaves. The write queue (./outbox) is generic over these.
import type { ClientRequestOptions } from 'hono/client';
import type { BoutConflict, BoutDelta } from '../../core/contracts/pools';
import { boutKey } from '../../core/fencing/bout-result';
import { refereeKey, type RefereeTarget } from '../../core/refereeing';
import { call, callOrConflict, client } from '../lib/api';
import type { OutboxEntry } from '../lib/outbox-store';
import { applyBracket, applyMatchesDelta } from './bracket';
import { applyBoutDelta } from './pools';
import { applyDayCalls } from './day-calls';
import { callStepEnded } from './call-step';
import { applyRelayRow } from './teams';
import { applyTeamRelay } from './team-tableau';

type Kind = OutboxEntry['kind'];
type EntryOf<K extends Kind> = Extract<OutboxEntry, { kind: K }>;

/**
 * What one try came to: stored (`show` puts the server's answer on screen), or lost to another screen's result
 * (the route's typed 409): `conflict` is the entry marked with the state that won, and `show` puts that state
 * where the write was shown. The write then stays in sight, in the header, until the person keeps theirs, takes
 * the other or discards it.
 */
export type Sent<K extends Kind> = { show: () => void; conflict?: EntryOf<K> };

export interface WriteKind<K extends Kind> {
  /** The record the write changes, whose versions chain from one write to the next. */
  record(e: EntryOf<K>): string;
  /** The writes that reach the server in the order entered (a record's; a practice's whole tableau). */
  line(e: EntryOf<K>): string;
  /** One try: its answer, or its typed conflict; any other answer than 2xx throws an ApiError. */
  send(e: EntryOf<K>, options: ClientRequestOptions): Promise<Sent<K>>;
  /** The version of its record once this write is stored. */
  versionAfter(e: EntryOf<K>): number;
  /**
   * A write the view that made it decides on: at a conflict or a refusal it leaves the queue and this tells the
   * view why (a referee's step, which a newer step or another referee supersedes).
   */
  endsAtView?(e: EntryOf<K>, message: string): void;
}

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
const poolBout = { record: boutRecord, line: boutRecord };

/** A write that lost to another screen's: the entry marked with the state that won, and how that state shows. */
function lost<K extends Kind>(e: EntryOf<K>, current: NonNullable<EntryOf<K>['conflict']>['current'], show: () => void): Sent<K> {
  return { conflict: { ...e, conflict: { current } }, show };
}

/** A bout write's answer: its delta, or the bout as another screen left it (shown in the grid). */
function boutSent<K extends 'bout' | 'clear'>(e: EntryOf<K>, practiceId: string, answer: { ok: BoutDelta } | { conflict: BoutConflict }): Sent<K> {
  if ('ok' in answer) return { show: () => applyBoutDelta(practiceId, answer.ok) };
  return lost(e, answer.conflict.current, () => applyBoutDelta(practiceId, answer.conflict));
}

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
      return boutSent(e, e.practiceId, await callOrConflict(bouts.$post({ param, json: e.body }, options)));
    },
    versionAfter: (e) => e.body.version + 1,
  },
  clear: {
    ...poolBout,
    send: async (e, options) => {
      const { param, bouts } = boutsOf(e);
      return boutSent(e, e.practiceId, await callOrConflict(bouts.$delete({ param, json: e.body }, options)));
    },
    // A cleared bout has no stored row: the next result is made against none.
    versionAfter: () => 0,
  },
  tableau: {
    record: (e) => `match:${e.practiceId}:${e.body.round}:${e.body.position}`,
    // A score moves its winner into the next round's match: a practice's tableau scores go one after another.
    line: (e) => `tableau:${e.practiceId}`,
    send: async (e, options) => {
      const answer = await callOrConflict(practice.bracket.scores.$post({ param: { practiceId: e.practiceId }, json: e.body }, options));
      if ('ok' in answer) return { show: () => applyMatchesDelta(e.practiceId, answer.ok) };
      return lost(e, answer.conflict.current, () => applyBracket(e.practiceId, answer.conflict.bracket));
    },
    versionAfter: (e) => e.body.version + 1,
  },
  relay: {
    record: (e) => `relay:${e.practiceId}:${e.matchNumber}`,
    line: (e) => `relay:${e.practiceId}:${e.matchNumber}`,
    send: async (e, options) => {
      const answer = await callOrConflict(practice['team-matches'][':n'].$put({ param: { practiceId: e.practiceId, n: String(e.matchNumber) }, json: e.body }, options));
      if ('ok' in answer) return { show: () => applyRelayRow(e.practiceId, answer.ok) };
      const { current } = answer.conflict;
      return lost(e, current, () => applyRelayRow(e.practiceId, current));
    },
    versionAfter: (e) => e.body.version + 1,
  },
  'team-relay': {
    record: (e) => `team-relay:${e.practiceId}:${e.round}:${e.position}:${e.matchNumber}`,
    // A sheet's decision moves its winner into the next match: a practice's tableau writes go one after another.
    line: (e) => `tableau:${e.practiceId}`,
    send: async (e, options) => {
      const param = { practiceId: e.practiceId, round: String(e.round), position: String(e.position), n: String(e.matchNumber) };
      const answer = await callOrConflict(practice['team-tableau'][':round'][':position'][':n'].$put({ param, json: e.body }, options));
      if ('conflict' in answer) {
        const { current } = answer.conflict;
        return lost(e, current, () => applyTeamRelay(e.practiceId, current));
      }
      const { row, matches } = answer.ok;
      return {
        show: () => {
          applyTeamRelay(e.practiceId, row);
          if (matches) applyMatchesDelta(e.practiceId, matches);
        },
      };
    },
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
      return { show: () => stepAnswers.set(e.key, { applied }) };
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
      return { show: () => applyDayCalls(e.practiceId, calls) };
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
