// A team match's line-up (issue 58, o.99.4–6): the sides drawn by lot (the first write), the captains' orders, the
// reserves and the substitutions, sent whole over the line-up's version.
import type { TeamLineup } from '../../../core/contracts/team-tableau';
import type { TeamLineupBody } from '../../../core/validation';
import { callOrConflict, client } from '../../lib/api';
import { enqueue, waiting } from '../outbox';
import { applyTeamLineup } from '../team-tableau';
import { bodyVersion, defineWrite, lost, type EntryOf, type OutboxEntry, type SheetNames } from '../write-kind';

declare module '../write-kind' {
  interface WriteKinds {
    /** The line-up of a team tableau match (round, position). */
    lineup: { write: { round: number; position: number; body: TeamLineupBody }; current: TeamLineup };
  }
}

/** How a line-up reads in the header: each side's order by name (the ids a body holds, named by a line-up's members or the teams'). */
function lineupLine(e: EntryOf<'lineup'>, named: TeamLineup | null, sheet: SheetNames): string {
  const members = [...(named?.a.members ?? []), ...(named?.b.members ?? []), ...sheet.teams.flatMap((t) => t.members.map((m) => ({ id: m.id, name: m.athlete_name })))];
  const name = (id: string) => members.find((m) => m.id === id)?.name ?? '?';
  const side = (s: { fencers: readonly string[]; reserve?: string | null }) => (s.fencers.length ? s.fencers.map(name).join(', ') + (s.reserve ? ` (${name(s.reserve)})` : '') : '–');
  return `${side(e.body.a)} | ${side(e.body.b)}`;
}

export const lineupWrite = defineWrite<'lineup'>({
  kind: 'lineup',
  record: (e) => `lineup:${e.practiceId}:${e.round}:${e.position}`,
  // The draw decides which team the relays entered after it score for: it goes in the tableau's line, before them.
  line: (e) => `tableau:${e.practiceId}`,
  send: async (e, options) => {
    const param = { practiceId: e.practiceId, round: String(e.round), position: String(e.position) };
    const answer = await callOrConflict(client.practices[':practiceId']['team-tableau'][':round'][':position'].lineup.$put({ param, json: e.body }, options));
    if ('conflict' in answer) {
      const { current } = answer.conflict;
      return lost(e, current, () => applyTeamLineup(e.practiceId, current));
    }
    const { lineup } = answer.ok;
    return { show: () => lineup && applyTeamLineup(e.practiceId, lineup) };
  },
  versionAfter: (e) => e.body.version + 1,
  version: bodyVersion,
  header: {
    result: (e, sheet) => lineupLine(e, e.conflict?.current ?? null, sheet),
    sides: (e, sheet) => {
      const now = e.conflict?.current ?? null;
      const theirs = now ? lineupLine({ ...e, body: { version: now.version, a: sideIds(now.a), b: sideIds(now.b), subs: now.subs } }, now, sheet) : '–';
      return { mine: lineupLine(e, now, sheet), theirs, keepable: true };
    },
  },
});

/** A stored side as a write gives it: member ids. */
const sideIds = (s: TeamLineup['a']) => ({ fencers: s.fencers.map((f) => f.id), reserve: s.reserve?.id ?? null });

/** Queues a line-up over the version this screen shows (0: none yet, which draws the sides). */
export function queueLineup(practiceId: string, round: number, position: number, body: TeamLineupBody) {
  return enqueue(practiceId, { kind: 'lineup', round, position, body });
}

/**
 * A match's line-up as this screen should show it: the stored one with the writes still waiting applied (named by its
 * members), and whether one waits. A draw waiting (no line-up stored yet) shows nothing until the server has drawn.
 */
export function withPendingLineup(practiceId: string, stored: TeamLineup | null, round: number, position: number, entries: readonly OutboxEntry[]): { lineup: TeamLineup | null; pending: boolean } {
  let lineup = stored;
  let pending = false;
  for (const e of waiting(entries, practiceId)) {
    if (e.kind !== 'lineup' || e.round !== round || e.position !== position) continue;
    pending = true;
    if (!lineup) continue;
    const named = lineup;
    const find = (members: TeamLineup['a']['members'], id: string | null) => (id === null ? null : (members.find((m) => m.id === id) ?? null));
    const side = (s: TeamLineup['a'], body: { fencers: readonly string[]; reserve?: string | null }) => ({
      members: s.members,
      fencers: body.fencers.map((id) => find(s.members, id)).filter((f) => f !== null),
      reserve: find(s.members, body.reserve ?? null),
    });
    lineup = { ...named, a: side(named.a, e.body.a), b: side(named.b, e.body.b), subs: e.body.subs.map(({ place, relay, injury }) => ({ place, relay, injury })), version: e.body.version + 1 };
  }
  return { lineup, pending };
}
