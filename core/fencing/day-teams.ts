import type { DayMatch } from '../contracts/days';
import { bracketDayMatches } from './day-calls';
import type { Tableau } from './tableau';

/**
 * A team event on a competition day (issue 28). A team practice's tableau is the individual one with teams in
 * the fencers' places (./team-tableau), so the day schedules its rounds as it does an individual tableau's
 * (`dayTableauOf`, ./day-plan, at the team match's minutes: ./schedule) and calls its matches as it calls
 * bouts (`planCalls`, ./day-calls). What is the team's own is here: who fences a team match, by the names its
 * screens show (the tableau's seeds: "Team 1", or the team pool's name) and a key that keeps the team busy
 * while it fences. Pure.
 */

/** How the day's calls name a team: one team of one event (its members are not followed through it). */
const teamKey = (teamId: string) => `t:${teamId}`;

/**
 * The main bracket's matches of a team tableau (as `resolveTableau` gives it, the seeding frozen at its
 * creation), with the two teams (names from the seeds, keys `t:<team id>`) and whether each is done: a relay
 * sheet once decided moves its winner on (worker/room/routes/team-tableau.ts), so a match with a winner is done.
 * The match for 3rd place is left out, as it is of an individual tableau.
 */
export function dayTeamMatchesOf(tableau: Pick<Tableau, 'seeds' | 'matches'>): DayMatch[] {
  const names = new Map(tableau.seeds.map((s) => [s.id, s.name]));
  return bracketDayMatches(tableau, (id) => ({ name: names.get(id) ?? null, key: teamKey(id) }));
}
