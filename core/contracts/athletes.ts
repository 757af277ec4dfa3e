/** The roster: athletes, their notes and their history. Shapes shared by the worker's routes and the app (issue 27: contracts by feature). */
import type { AthleteBout } from '../fencing/history';
import type { RatingPoint } from '../fencing/rating';
import type { AthleteTeamMatch } from '../fencing/relay-history';
import type { AthleteDetails } from '../athlete-details';

export interface Athlete extends AthleteDetails {
  id: string;
  name: string;
  club: string | null;
  /** National ranking (FIE `Classement`), as imported or typed; null when unknown. */
  ranking: number | null;
  user_id: string;
  created_at: number;
}

export interface AthleteNote {
  id: string;
  athlete_id: string;
  user_id: string;
  note: string;
  created_at: number;
}

/** An athlete's history (issue 16): their bouts from their side, newest first, their rating over time, and their team matches. */
export interface AthleteHistory {
  bouts: AthleteBout[];
  /** The current rating; null before any bout against another roster athlete. */
  rating: number | null;
  ratings: RatingPoint[];
  /** The team matches they fenced at least one relay in (issue 58), from their side, newest first. */
  team_matches: AthleteTeamMatch[];
}
