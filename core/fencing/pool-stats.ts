import type { PoolPlayer } from '../contracts/pools';
import { boutCells, boutVictories, type Bout } from './bout-result';
import { countedBouts, type PlayerStatus } from './withdrawal';

export interface PlayerStats {
  id: string;
  name: string;
  victories: number;
  defeats: number;
  /** V / (V + D), exact; 0 before any bout. Rank with this one (FENCING.md o.73). */
  exactRatio: number;
  /** SPEC §4: the ratio rounded to 2 decimals, as shown. */
  ratio: number;
  touchesScored: number;
  touchesReceived: number;
  indicator: number;
  /** Opponent id → the row fencer's cell ('V5', 'D3'). */
  matches: Record<string, string>;
}

/** One bout's part in a fencer's statistics. */
function tally(s: PlayerStats, victory: boolean, scored: number, received: number) {
  if (victory) s.victories++;
  else s.defeats++;
  s.touchesScored += scored;
  s.touchesReceived += received;
}

/**
 * SPEC §4 derived stats for every fencer of a pool, from its stored bouts. The bouts of a fencer who
 * withdrew or was excluded count for nobody (o.74, core/fencing/withdrawal.ts).
 */
export function computePoolStats(players: (Pick<PoolPlayer, 'id' | 'name'> & { status?: PlayerStatus | null })[], bouts: Bout[]): PlayerStats[] {
  const byId = new Map<string, PlayerStats>(
    players.map((p) => [
      p.id,
      { id: p.id, name: p.name, victories: 0, defeats: 0, exactRatio: 0, ratio: 0, touchesScored: 0, touchesReceived: 0, indicator: 0, matches: {} },
    ]),
  );
  for (const bout of countedBouts(players, bouts)) {
    const a = byId.get(bout.player1_id);
    const b = byId.get(bout.player2_id);
    if (!a || !b) continue;
    // A pair is stored once; a second copy of it (never written by the store) would not count twice.
    if (Object.hasOwn(a.matches, b.id)) continue;
    const cells = boutCells(bout);
    a.matches[b.id] = cells[a.id]!;
    b.matches[a.id] = cells[b.id]!;
    const won = boutVictories(bout);
    tally(a, won.player1, bout.score1, bout.score2);
    tally(b, won.player2, bout.score2, bout.score1);
  }
  for (const s of byId.values()) {
    const fought = s.victories + s.defeats;
    s.exactRatio = fought === 0 ? 0 : s.victories / fought;
    s.ratio = Math.round(s.exactRatio * 100) / 100;
    s.indicator = s.touchesScored - s.touchesReceived;
  }
  return players.map((p) => byId.get(p.id)!);
}
