// A relay of a team match's sheet (SPEC §7): its touches, sent over the row's version.
import type { Team, TeamMatchRow } from '../../../core/contracts/teams';
import type { RelayRowBody } from '../../../core/validation';
import { callOrConflict, client } from '../../lib/api';
import { i18n } from '../../i18n';
import { textsOf } from '../../i18n/common';
import { params } from '@nanostores/i18n';
import { enqueue, waiting } from '../outbox';
import { applyRelayRow } from '../teams';
import { bodyVersion, defineWrite, lost, type OutboxEntry } from '../write-kind';

declare module '../write-kind' {
  interface WriteKinds {
    relay: { write: { matchNumber: number; body: RelayRowBody }; current: TeamMatchRow };
  }
}

const messages = i18n('write-relay', {
  relay: params('Relay {n}: {a} {sa} – {sb} {b}'),
  fencer: params('Fencer {n}'),
});

const touches = (x: number | null | undefined) => (x === null || x === undefined ? '-' : String(x));

/** A relay as it reads in the queue: its number, its fencers (or the teams' letters) and both touches. */
export function relayLine(n: number, a: string, b: string, sa: number | null | undefined, sb: number | null | undefined) {
  return textsOf(messages).relay({ n, a, sa: touches(sa), sb: touches(sb), b });
}

/** A relay fencer's name by sheet number (1–3 team 1, 4–6 team 2), or the number while teams are unknown. */
function relayFencer(teams: readonly Team[], n: number | undefined) {
  if (n === undefined) return '';
  const team = teams.find((t) => t.team_number === (n <= 3 ? 1 : 2));
  return team?.members.find((m) => m.position === ((n - 1) % 3) + 1)?.athlete_name ?? textsOf(messages).fencer({ n });
}

export const relayWrite = defineWrite<'relay'>({
  kind: 'relay',
  record: (e) => `relay:${e.practiceId}:${e.matchNumber}`,
  line: (e) => `relay:${e.practiceId}:${e.matchNumber}`,
  send: async (e, options) => {
    const param = { practiceId: e.practiceId, n: String(e.matchNumber) };
    const answer = await callOrConflict(client.practices[':practiceId']['team-matches'][':n'].$put({ param, json: e.body }, options));
    if ('ok' in answer) return { show: () => applyRelayRow(e.practiceId, answer.ok) };
    const { current } = answer.conflict;
    return lost(e, current, () => applyRelayRow(e.practiceId, current));
  },
  versionAfter: (e) => e.body.version + 1,
  version: bodyVersion,
  header: {
    result: (e, { teams, relays }) => {
      const row = relays.find((r) => r.match_number === e.matchNumber);
      return relayLine(e.matchNumber, relayFencer(teams, row?.fencer_a_number), relayFencer(teams, row?.fencer_b_number), e.body.score_a, e.body.score_b);
    },
    sides: (e, { teams }) => {
      const now = e.conflict?.current ?? null;
      const [a, b] = [relayFencer(teams, now?.fencer_a_number), relayFencer(teams, now?.fencer_b_number)];
      return { mine: relayLine(e.matchNumber, a, b, e.body.score_a, e.body.score_b), theirs: relayLine(e.matchNumber, a, b, now?.score_a, now?.score_b), keepable: true };
    },
  },
});

/** Queues a relay's touches over the row as this screen shows it (`withPendingSheet`). */
export function queueRelay(practiceId: string, row: TeamMatchRow, entered: { score_a: number | null; score_b: number | null }) {
  return enqueue(practiceId, { kind: 'relay', matchNumber: row.match_number, body: { ...entered, version: row.version } });
}

/** The relay sheet as this screen should show it: the waiting rows applied, and which relays they are. */
export function withPendingSheet(practiceId: string, sheet: TeamMatchRow[], entries: readonly OutboxEntry[]): { sheet: TeamMatchRow[]; pending: Set<number> } {
  const pending = new Set<number>();
  let rows = sheet;
  for (const e of waiting(entries, practiceId)) {
    if (e.kind !== 'relay') continue;
    const { score_a, score_b, version } = e.body;
    rows = rows.map((r) => (r.match_number === e.matchNumber ? { ...r, score_a, score_b, version: version + 1 } : r));
    pending.add(e.matchNumber);
  }
  return { sheet: rows, pending };
}
