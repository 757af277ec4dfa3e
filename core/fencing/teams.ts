import { shuffle, type Random } from './pool-generation';
import { TEAM_MAX, TEAM_MIN } from '../limits';
import { teamNumberOf } from '../defaults';

/** SPEC §5 Team setup: a team has 3 or 4 members (4 at most); named in core/limits. */
export { TEAM_MAX, TEAM_MIN };

/**
 * The team a tableau entry stands for: a tableau drawn without pools lists the teams themselves (by id), one seeded from
 * the team pools their pool entries, named by the team's number ("Team 3", in any language).
 */
export function teamOfEntry<T extends { id?: string | undefined; team_number: number }>(teams: readonly T[], id: string | null, name: string): T | undefined {
  return teams.find((t) => t.id === id) ?? teams.find((t) => t.team_number === teamNumberOf(name));
}

/** SPEC §5: the number of teams is ceil(athletes / 4). */
export function teamCount(athletes: number): number {
  return Math.ceil(athletes / TEAM_MAX);
}

/** Whether every team has 3 or 4 members (and there is at least one team). */
export function validTeamSizes(sizes: number[]): boolean {
  return sizes.length > 0 && sizes.every((n) => n >= TEAM_MIN && n <= TEAM_MAX);
}

/** Whether ceil(n/4) teams of 3 or 4 can hold n athletes (false for 1, 2 and 5). */
export function canFormTeams(athletes: number): boolean {
  const t = teamCount(athletes);
  return t > 0 && athletes >= TEAM_MIN * t && athletes <= TEAM_MAX * t;
}

/**
 * Random distribution: shuffled, then dealt in turn into ceil(n/4) teams (or a set count, e.g. the two
 * teams of a single match), so sizes differ by at most one.
 */
export function distributeRandomly<T>(entries: readonly T[], random: Random, count = teamCount(entries.length)): T[][] {
  const teams: T[][] = Array.from({ length: count }, () => []);
  shuffle(entries, random).forEach((e, i) => teams[i % teams.length]!.push(e));
  return teams;
}

/** Manual assignment: the members of each team (1-based team numbers); the count of those left out. */
export function assignTeams<T>(entries: readonly T[], teamOf: (e: T) => number | undefined, teams: number) {
  const groups: T[][] = Array.from({ length: teams }, () => []);
  let unassigned = 0;
  for (const e of entries) {
    const n = teamOf(e);
    if (n && n >= 1 && n <= teams) groups[n - 1]!.push(e);
    else unassigned++;
  }
  return { groups, unassigned };
}

/** SPEC §5 Team pool setup: a random division has 2 to floor(teams/2) pools. */
export function maxTeamPools(teams: number): number {
  return Math.floor(teams / 2);
}

export const TEAM_MESSAGES = {
  incomplete: { title: 'Incomplete Assignment', description: 'Please assign all athletes to teams' },
  sizes: { title: 'Invalid Team Sizes', description: 'Each team must have 3 or 4 members' },
  noTeams: { title: 'No teams found', description: 'Please create teams first' },
} as const;
