// A relay of a team tableau match (SPEC §7): its touches or the deciding winner, sent over the row's version.
import type { TeamRelay } from '../../../core/contracts/team-tableau';
import type { TeamRelayRowBody } from '../../../core/validation';
import { callOrConflict, client } from '../../lib/api';
import { applyMatchesDelta } from '../bracket';
import { enqueue, waiting } from '../outbox';
import { applyTeamRelay } from '../team-tableau';
import { bodyVersion, defineWrite, lost, type OutboxEntry } from '../write-kind';
import { relayLine } from './relay';

declare module '../write-kind' {
  interface WriteKinds {
    /** A relay of a team tableau match: the match (round, position) and the relay's number. */
    'team-relay': { write: { round: number; position: number; matchNumber: number; body: TeamRelayRowBody }; current: TeamRelay };
  }
}

export const teamRelayWrite = defineWrite<'team-relay'>({
  kind: 'team-relay',
  record: (e) => `team-relay:${e.practiceId}:${e.round}:${e.position}:${e.matchNumber}`,
  // A sheet's decision moves its winner into the next match: a practice's tableau writes go one after another.
  line: (e) => `tableau:${e.practiceId}`,
  send: async (e, options) => {
    const param = { practiceId: e.practiceId, round: String(e.round), position: String(e.position), n: String(e.matchNumber) };
    const answer = await callOrConflict(client.practices[':practiceId']['team-tableau'][':round'][':position'][':n'].$put({ param, json: e.body }, options));
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
  version: bodyVersion,
  header: {
    result: (e) => relayLine(e.matchNumber, 'A', 'B', e.body.score_a, e.body.score_b),
    sides: (e) => {
      const now = e.conflict?.current ?? null;
      return { mine: relayLine(e.matchNumber, 'A', 'B', e.body.score_a, e.body.score_b), theirs: relayLine(e.matchNumber, 'A', 'B', now?.score_a, now?.score_b), keepable: true };
    },
  },
});

/** Queues a relay of a team tableau match over the row as this screen shows it (`withPendingTeamSheet`). */
export function queueTeamRelay(practiceId: string, row: TeamRelay, entry: { score_a: number | null; score_b: number | null; winner: 'A' | 'B' | null; team_a?: string }) {
  return enqueue(practiceId, { kind: 'team-relay', round: row.round, position: row.position, matchNumber: row.match_number, body: { ...entry, version: row.version } });
}

/** A team tableau match's sheet as this screen should show it: the waiting rows applied, and which relays they are. */
export function withPendingTeamSheet(practiceId: string, sheet: TeamRelay[], entries: readonly OutboxEntry[]): { sheet: TeamRelay[]; pending: Set<number> } {
  const pending = new Set<number>();
  let rows = sheet;
  for (const e of waiting(entries, practiceId)) {
    if (e.kind !== 'team-relay' || !rows.some((r) => r.round === e.round && r.position === e.position)) continue;
    const { score_a, score_b, version } = e.body;
    rows = rows.map((r) => (r.match_number === e.matchNumber ? { ...r, score_a, score_b, winner: e.body.winner ?? null, version: version + 1 } : r));
    pending.add(e.matchNumber);
  }
  return { sheet: rows, pending };
}
