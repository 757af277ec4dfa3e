import { dayMatchesOf } from '../../core/fencing/day-calls';
import { dayPoolOf, dayTableauOf } from '../../core/fencing/day-plan';
import { dayTeamMatchesOf } from '../../core/fencing/day-teams';
import type { Weapon } from '../../core/fencing/referee';
import { resolveTableau } from '../../core/fencing/tableau';
import type { RoomDb } from '../db/client';
import { loadBracket } from '../store/room/bracket';
import { listPoolSnapshots } from '../store/room/pools';
import { hasTeamTableau } from '../store/room/team-tableau';
import type { EventWord } from './day-link';

/**
 * What a practice's room tells its competition day (issue 28, ./day-link): its pools, its tableau's rounds
 * (the schedule) and its main matches (the calls), the tableau resolved once for both. An individual event's
 * tableau is of fencers, drawn once its pools are done (before, the size their ranking gives). A team event's
 * is its team tableau of team matches once the coach created it (the teams by their tableau names, keys
 * `t:<team id>`, done when a relay sheet is decided); before, the schedule has the size the team pools'
 * ranking gives, and nothing is called.
 */
export async function dayWordOf(store: RoomDb, practiceId: string, weapon: Weapon, type: string): Promise<EventWord> {
  const pools = await listPoolSnapshots(store, practiceId);
  const [bracket, created] = await Promise.all([loadBracket(store, practiceId), type === 'team' ? hasTeamTableau(store, practiceId) : Promise.resolve(false)]);
  const resolved = resolveTableau(pools, bracket);
  const matches = type === 'team' ? (created ? dayTeamMatchesOf(resolved) : []) : dayMatchesOf(pools, resolved);
  const tableau = type === 'team' && !created && pools.length === 0 ? null : dayTableauOf(resolved);
  return { practiceId, weapon, pools: pools.map(dayPoolOf), tableau, matches };
}
