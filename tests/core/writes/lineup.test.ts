import { describe, expect, it } from 'vitest';
import type { TeamLineup } from '../../../core/contracts/team-tableau';
import { lineupWrite, withPendingLineup } from '../../../app/state/writes/lineup';
import type { EntryOf } from '../../../app/state/write-kind';
import { sheetOf } from './sheet';

const m = (id: string) => ({ id, name: id.toUpperCase() });
const stored: TeamLineup = {
  round: 1, position: 0, team_a: 'blue', drawn: true, version: 2, subs: [],
  a: { members: [m('a1'), m('a2'), m('a3'), m('a4')], fencers: [m('a1'), m('a2'), m('a3')], reserve: null },
  b: { members: [m('b1'), m('b2'), m('b3'), m('b4')], fencers: [], reserve: null },
};

const entry = (practiceId: string, position: number, body: EntryOf<'lineup'>['body']): EntryOf<'lineup'> => ({
  kind: 'lineup', round: 1, position, body, key: 'k', seq: 1, practiceId, createdAt: 1,
});

describe('the line-up write (issue 58)', () => {
  const order = { version: 2, a: { fencers: ['a3', 'a1', 'a2'], reserve: 'a4' }, b: { fencers: ['b1', 'b2', 'b3'], reserve: null }, subs: [{ place: 4, relay: 5, injury: false }] };

  it('chains one match’s versions and waits in the tableau’s line, before the relays entered after it', () => {
    expect(lineupWrite.record(entry('x', 0, order))).not.toBe(lineupWrite.record(entry('x', 1, order)));
    expect(lineupWrite.line(entry('x', 0, order))).toBe('tableau:x');
    expect(lineupWrite.versionAfter(entry('x', 0, order))).toBe(3);
  });

  it('shows a waiting line-up over the stored one, named by its members, and only the match’s own', () => {
    const { lineup, pending } = withPendingLineup('x', stored, 1, 0, [entry('x', 0, order), entry('x', 1, { ...order, subs: [] }), entry('y', 0, order)]);
    expect(pending).toBe(true);
    expect(lineup!.a.fencers.map((f) => f.name)).toEqual(['A3', 'A1', 'A2']);
    expect(lineup!.a.reserve).toEqual(m('a4'));
    expect(lineup).toMatchObject({ version: 3, team_a: 'blue', subs: [{ place: 4, relay: 5, injury: false }] });
    // A draw still waiting: nothing to show but that it waits (the server draws the sides).
    expect(withPendingLineup('x', null, 1, 0, [entry('x', 0, { version: 0, a: { fencers: [], reserve: null }, b: { fencers: [], reserve: null }, subs: [] })])).toEqual({ lineup: null, pending: true });
  });

  it('reads in the header with the fencers’ names', () => {
    expect(lineupWrite.header?.result({ ...entry('x', 0, order), conflict: { current: stored } }, sheetOf({}))).toBe('A3, A1, A2 (A4) | B1, B2, B3');
    // Before any answer, the coach's teams name the members.
    const teams = [{ id: 't', practice_id: 'x', team_number: 1, members: ['a1', 'a2', 'a3', 'a4'].map((id, i) => ({ id, athlete_id: null, athlete_name: `Ann ${i + 1}`, position: i + 1 })) }];
    expect(lineupWrite.header?.result(entry('x', 0, { ...order, b: { fencers: [], reserve: null } }), sheetOf({}, teams))).toBe('Ann 3, Ann 1, Ann 2 (Ann 4) | –');
  });
});
