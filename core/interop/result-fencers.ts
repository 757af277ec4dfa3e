import { athleteDetailsSchema, parseBirthDate, type AthleteDetails } from '../athlete-details';
import type { PoolSnapshot } from '../contracts/pools';
import type { Standing } from '../fencing/final-positions';
import { DID_NOT_FINISH } from '../fencing/withdrawal';
import { athleteSchema, firstIssue } from '../validation';
import type { RosterRow } from './csv';
import type { FieAthlete } from './fie-xml';

/**
 * What the federations' results files (the French federation's, AskFRED's) say of each fencer of a finished
 * individual event, gathered once: the name and club as the coach's roster spells them (an entry linked to a
 * roster athlete; the pool's own spelling otherwise), what else the roster knows, the place and whether the
 * fencer reached the tableau. The readers of those files turn each fencer back into a roster row here, with the
 * athlete form's rules.
 */

export interface ResultsExport {
  practice: { id: string; name: string; date: string; weapon?: 'epee' | 'foil' | 'sabre' };
  pools: Pick<PoolSnapshot, 'players'>[];
  tableau: { seeds: readonly { id: string }[] };
  standings: Standing[];
  athletes: ReadonlyMap<string, FieAthlete>;
}

export interface ResultFencer {
  name: string;
  club: string | null;
  athlete: FieAthlete | undefined;
  place: number | null;
  /** Reached the tableau (else the pools were their last phase). */
  tableau: boolean;
  /** Withdrew during the event (o.74.2): placed after those who finished. */
  withdrew: boolean;
  /** Excluded (o.74.3): no place. */
  excluded: boolean;
  /** Absent at check-in (o.74.1): no place. */
  didNotStart: boolean;
}

/** The standings' fencers, in the standings' order, with what the roster knows of each. */
export function resultFencers(input: ResultsExport): ResultFencer[] {
  const athleteOf = new Map(input.pools.flatMap((p) => p.players.map((pl) => [pl.id, pl.athlete_id] as const)));
  const seeded = new Set(input.tableau.seeds.map((s) => s.id));
  return input.standings.map((s) => {
    const athleteId = athleteOf.get(s.id) ?? null;
    const athlete = athleteId ? input.athletes.get(athleteId) : undefined;
    const entered = athleteOf.has(s.id);
    return {
      name: athlete?.name ?? s.name, club: athlete?.club ?? null, athlete, place: s.place, tableau: seeded.has(s.id),
      withdrew: s.stage === DID_NOT_FINISH, excluded: s.place === null && entered, didNotStart: s.place === null && !entered,
    };
  });
}

/** A fencer read from a federation's file as a roster row, checked as a typed athlete is (the reason kept on a bad one). */
export function checkedRow(line: number, name: string, club: string | null, ranking: number | null, details: AthleteDetails): RosterRow {
  const checked = athleteSchema.safeParse({ name, club, ranking });
  const extra = athleteDetailsSchema.safeParse(details);
  if (!checked.success) return { line, name, club, ranking, details, error: firstIssue(checked.error) };
  if (!extra.success) return { line, name, club, ranking, details, error: firstIssue(extra.error) };
  return { line, name: checked.data.name, club: checked.data.club, ranking, details, error: null };
}

/** A whole number above 0, else null (an empty or odd cell is no ranking, no place). */
export function positive(cell: string | undefined): number | null {
  const t = (cell ?? '').trim();
  return /^\d+$/.test(t) && Number(t) > 0 ? Number(t) : null;
}

/** "14/03/2009" (day first, as the French federation writes dates) → "2009-03-14"; null when it is not a real date. */
export function dayFirstDate(cell: string): string | null {
  const m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(cell.trim());
  return m ? parseBirthDate(`${m[3]}-${m[2]!.padStart(2, '0')}-${m[1]!.padStart(2, '0')}`) : null;
}
