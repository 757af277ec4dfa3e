import { applyScore, buildBracket, SHARED_PLACES, type BracketMatch, type Places, type Seed } from '../../core/fencing/bracket';
import { finalStandings } from '../../core/fencing/final-positions';

/** Seeds s1…sn named F1…Fn. */
export const seeds = (n: number): Seed[] => Array.from({ length: n }, (_, i) => ({ id: `s${i + 1}`, name: `F${i + 1}`, seed: i + 1 }));

/**
 * Fences a whole tableau of n seeds in round order, the better seed always winning unless `upsets` names a
 * seed that wins its bouts; answers the matches and the final standings.
 */
export function playOut(n: number, places: Places = SHARED_PLACES, upsets: number[] = []) {
  const ss = seeds(n);
  const seedOf = (id: string) => Number(id.slice(1));
  let b: BracketMatch[] = buildBracket(ss, places);
  const rounds = Math.max(...b.map((m) => m.round));
  for (let round = 1; round <= rounds; round++) {
    for (const m of b.filter((x) => x.round === round)) {
      const cur = b.find((x) => x.id === m.id)!;
      if (!cur.player1_id || !cur.player2_id || cur.winner_id) continue;
      const a = seedOf(cur.player1_id);
      const c = seedOf(cur.player2_id);
      const p1wins = upsets.includes(a) || (!upsets.includes(c) && a < c);
      b = applyScore(b, { round, position: cur.position, player1_score: p1wins ? 15 : 7, player2_score: p1wins ? 7 : 15 });
    }
  }
  return { matches: b, standings: finalStandings(b, ss) };
}
