import type { BracketMatch, Seed } from './bracket';
import { isMainMatch, roundsOf } from './bracket';

export interface Standing {
  id: string;
  name: string;
  seed: number;
  /** Null for a fencer recorded without a classification (o.74.1 Did Not Start, o.74.3 Excluded). */
  place: number | null;
  stage: string;
}

/** SPEC §4 stage labels by the round a fencer went out in (or won). */
export function stageLabel(round: number, rounds: number, won: boolean): string {
  const fromFinal = rounds - round;
  if (fromFinal === 0) return won ? 'Champion' : 'Finalist';
  if (fromFinal === 1) return 'Semi-Finalist';
  if (fromFinal === 2) return 'Quarter-Finalist';
  return `Round ${round}`;
}

/** The places a bout for places gives its winner and its loser, by where it sits (see `classificationMatches`). */
function placesOf(m: { round: number; position: number }, rounds: number): [number, number] | null {
  if (m.round !== rounds) return null;
  return m.position === 1 ? [3, 4] : m.position === 2 ? [5, 6] : m.position === 3 ? [7, 8] : null;
}

/**
 * FENCING.md o.82: 1 the winner, 2 the finalist, 3 both semi-final losers, 5 the quarter-final losers,
 * then the losers of each earlier round share the next place (9, 17, …): losers of round r place
 * 2^(rounds−r)+1. (SPEC §4 writes the exponent as rounds−r+1, which would put quarter-final losers at 9
 * and contradict its own 5; the FIE rule is followed.) When the tableau fences for places (issue 14), the
 * bout for 3rd places its winner 3rd and its loser 4th (o.82.3), and the 5–8 table places its fencers 5th
 * to 8th; a fencer placed by a walkover (nobody else could reach that bout) takes its winner's place.
 * Within a place, fencers keep their seed order (o.82.4). Only decided places are listed: a fencer still in
 * the tableau, or waiting for a bout for places, has no final place yet.
 */
export function finalStandings(matches: BracketMatch[], seeds: Seed[]): Standing[] {
  if (matches.length === 0) return [];
  const rounds = roundsOf(matches);
  const has = (round: number, position: number) => matches.some((m) => m.round === round && m.position === position);
  const thirdBout = has(rounds, 1);
  const table58 = has(rounds, 2);
  const bySeed = new Map(seeds.map((s) => [s.id, s]));
  const out: Standing[] = [];
  const place = (id: string | null, at: number, stage: string) => {
    const s = id ? bySeed.get(id) : undefined;
    if (s) out.push({ id: s.id, name: s.name, seed: s.seed, place: at, stage });
  };
  for (const m of matches) {
    if (!m.winner_id) continue;
    const loser = m.winner_id === m.player1_id ? m.player2_id : m.player1_id;
    if (!isMainMatch(m, rounds)) {
      const at = placesOf(m, rounds);
      if (!at) continue; // a 5–8 semi-final: its fencers are placed by the bouts for 5th and 7th
      const stage = at[0] === 3 ? 'Bout for 3rd place' : 'Places 5–8';
      place(m.winner_id, at[0], stage);
      place(loser, at[1], stage);
      continue;
    }
    if (m.round === rounds) {
      place(m.winner_id, 1, 'Champion');
      place(loser, 2, 'Finalist');
      continue;
    }
    // Semi-final and quarter-final losers fencing for places are placed by those bouts.
    if ((m.round === rounds - 1 && thirdBout) || (m.round === rounds - 2 && table58)) continue;
    place(loser, 2 ** (rounds - m.round) + 1, stageLabel(m.round, rounds, false));
  }
  return out.sort((a, b) => a.place! - b.place! || a.seed - b.seed);
}
