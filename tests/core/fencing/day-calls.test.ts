import { describe, expect, it } from 'vitest';
import type { DayCall, DayMatch, DayPiste, DayPlacement, DayPool } from '../../../core/contracts/days';
import { fencerKey, planCalls, type CallPlanInput } from '../../../core/fencing/day-calls';

const pistes = (n: number, finalFirst = false): DayPiste[] => Array.from({ length: n }, (_, i) => ({ id: `p${i + 1}`, name: String(i + 1), final: finalFirst && i === 0, position: i }));
const match = (id: string, round: number, position: number, a: string | null, b: string | null, done = false): DayMatch => ({ id, round, position, names: [a, b], keys: [a && `a:${a}`, b && `a:${b}`], done });
/** A tableau of 4 with its semi-finals ready and its final waiting. */
const four = (x: [string, string, string, string]): DayMatch[] => [match('r1-m0', 1, 0, x[0], x[3]), match('r1-m1', 1, 1, x[2], x[1]), match('r2-m0', 2, 0, null, null)];
const base = (over: Partial<CallPlanInput>): CallPlanInput => ({ events: [], calls: [], pistes: pistes(4), placements: [], pools: new Map(), referees: [], clubs: new Map(), now: 1000, ...over });
const where = (calls: DayCall[]) => calls.map((c) => `${c.names.join('-')}@${c.piste_id}`);

describe('calls of the day', () => {
  it('a roster athlete is one person in every event', () => {
    expect(fencerKey({ id: 'entry-1', athlete_id: 'ath-9' })).toBe('a:ath-9');
    expect(fencerKey({ id: 'entry-1', athlete_id: null })).toBe('e:entry-1');
  });

  it('never calls a fencer twice at once, even in two events', () => {
    const u13 = { practiceId: 'u13', matches: four(['ann', 'bob', 'cleo', 'dan']) };
    // Ann fences in U15 too: her U15 semi waits while her U13 semi is called.
    const u15 = { practiceId: 'u15', matches: four(['eve', 'finn', 'gus', 'ann']) };
    const calls = planCalls(base({ events: [u13, u15] }));
    expect(where(calls)).toEqual(['ann-dan@p1', 'cleo-bob@p2', 'gus-finn@p3']);
    expect(calls.every((c) => c.state === 'called' && c.called_at === 1000)).toBe(true);
  });

  it('keeps a standing call where it is, frees a piste whose match is done, and holds pistes where pools still fence', () => {
    const u13 = { practiceId: 'u13', matches: four(['ann', 'bob', 'cleo', 'dan']) };
    const first = planCalls(base({ events: [u13], pistes: pistes(2) }));
    expect(where(first)).toEqual(['ann-dan@p1', 'cleo-bob@p2']);
    // Ann won her semi: its call ends; the final waits for Bob's semi.
    const done = { practiceId: 'u13', matches: [match('r1-m0', 1, 0, 'ann', 'dan', true), match('r1-m1', 1, 1, 'cleo', 'bob'), match('r2-m0', 2, 0, 'ann', null)] };
    expect(where(planCalls(base({ events: [done], calls: first, pistes: pistes(2) })))).toEqual(['cleo-bob@p2']);
    // A pool still fencing on piste 1 keeps it: a ready match takes another piste or waits.
    const pool: DayPool = { id: 'pool', name: 'Pool 1', fencers: 5, bouts: 10, done: 3, athletes: ['zoe'] };
    const placed: DayPlacement = { pool_id: 'pool', practice_id: 'u15', piste_id: 'p1', flight: 0, pinned: false, referee_id: null, referee_override: false, neutral: true };
    const held = planCalls(base({ events: [u13], pistes: pistes(2), placements: [placed], pools: new Map([['pool', pool]]) }));
    expect(where(held)).toEqual(['ann-dan@p2']);
  });

  it('never calls a match the coach held back, and keeps its fencers free for others', () => {
    const u13 = { practiceId: 'u13', matches: four(['ann', 'bob', 'cleo', 'dan']) };
    expect(where(planCalls(base({ events: [u13], held: new Set(['u13:r1-m0']) })))).toEqual(['cleo-bob@p1']);
  });

  it('gives each new call a free referee, neutral first (t.50.3)', () => {
    const u13 = { practiceId: 'u13', matches: four(['ann', 'bob', 'cleo', 'dan']) };
    const clubs = new Map([['ann', 'Lions'], ['dan', 'Tigers'], ['cleo', 'Lions'], ['bob', 'Bears']]);
    const referees = [{ id: 'r-lion', name: 'Rita', club: 'Lions', athlete_id: null, position: 0 }, { id: 'r-owl', name: 'Otto', club: 'Owls', athlete_id: null, position: 1 }];
    const calls = planCalls(base({ events: [u13], referees, clubs }));
    // Both semis have a Lion; Otto is neutral for the first, and Rita, the only one left, takes the second flagged.
    expect(calls.map((c) => [c.match_id, c.referee_id, c.neutral])).toEqual([['r1-m0', 'r-owl', true], ['r1-m1', 'r-lion', false]]);
  });
});
