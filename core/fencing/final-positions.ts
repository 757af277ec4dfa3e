import type { BracketMatch, Seed } from './bracket';
import { roundCount } from './bracket';

export interface Standing {
  id: string;
  name: string;
  seed: number;
  place: number;
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

/**
 * FENCING.md o.82: 1 the winner, 2 the finalist, 3 both semi-final losers, 5 the quarter-final losers,
 * then the losers of each earlier round share the next place (9, 17, …): losers of round r place
 * 2^(rounds−r)+1. (SPEC §4 writes the exponent as rounds−r+1, which would put quarter-final losers at 9
 * and contradict its own 5; the FIE rule is followed.) Within a place, fencers keep their seed order.
 * Only decided places are listed: a fencer still in the tableau has no final place yet.
 */
export function finalStandings(matches: BracketMatch[], seeds: Seed[]): Standing[] {
  if (matches.length === 0) return [];
  const rounds = roundCount(matches.filter((m) => m.round === 1).length * 2);
  const bySeed = new Map(seeds.map((s) => [s.id, s]));
  const out: Standing[] = [];
  for (const m of matches) {
    if (!m.winner_id || !m.player1_id || !m.player2_id) continue;
    const loser = m.winner_id === m.player1_id ? m.player2_id : m.player1_id;
    const place = m.round === rounds ? 2 : 2 ** (rounds - m.round) + 1;
    const s = bySeed.get(loser);
    if (s) out.push({ id: s.id, name: s.name, seed: s.seed, place, stage: stageLabel(m.round, rounds, false) });
    if (m.round === rounds) {
      const w = bySeed.get(m.winner_id);
      if (w) out.push({ id: w.id, name: w.name, seed: w.seed, place: 1, stage: 'Champion' });
    }
  }
  return out.sort((a, b) => a.place - b.place || a.seed - b.seed);
}
