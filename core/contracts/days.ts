/** A competition day (issue 28): its index facts, its events, pistes and where each pool fences. Shapes shared by the worker and the app. */
import type { PracticeType } from './practices';
import type { Weapon } from '../fencing/referee';

/** A day as the index keeps it (D1): the coach's, named and dated, with its hall board's own link. */
export interface Day {
  id: string;
  name: string;
  /** Date only, YYYY-MM-DD. */
  date: string;
  venue: string | null;
  /** The hall board's read-only id (`/hall/{board_id}`): it opens the board only while `board_shared` is on. */
  board_id: string;
  board_shared: boolean;
  /** When the first pools begin, HH:MM at the venue (null: the schedule starts now). */
  starts_at: string | null;
  /** Minutes a bout takes, per weapon, where the coach changed the defaults (core/fencing/schedule DEFAULT_MINUTES). */
  minutes: DayMinutes | null;
  /** The guests of its events may mark their event's called matches on piste (from the tableau). */
  guests_call: boolean;
  created_at: number;
  updated_at: number;
}

export type DayMinutes = Partial<Record<Weapon, { pool?: number; tableau?: number; team?: number }>>;

/** A day in the coach's list: the index facts and how many events it groups. */
export type DaySummary = Day & { events: number };

/** A pool of an event as the day knows it (the event's room tells the day after each change). */
export interface DayPool {
  id: string;
  name: string;
  /** Fencers still in the pool (withdrawn and excluded fencers fence no more bouts). */
  fencers: number;
  bouts: number;
  done: number;
  /** The roster athletes among its fencers (typed names have no club, so they never clash with a referee). */
  athletes: string[];
}

/** One of the day's events: a practice of the coach, with its pools as last told. */
export interface DayEvent {
  practice_id: string;
  name: string;
  weapon: Weapon;
  practice_type: PracticeType;
  position: number;
  pools: DayPool[];
  /** Its tableau as the schedule needs it (a team event's of team matches; null below two fencers or teams to seed). */
  tableau: DayTableau | null;
}

/**
 * An event's tableau for the day's schedule: its size, and each round from the first to the final with its
 * matches to fence (byes left out) and those done. Before the draw, the size the pools' ranking would give.
 */
export interface DayTableau {
  size: number;
  rounds: { matches: number; done: number }[];
}

export interface DayPiste {
  id: string;
  name: string;
  /** The piste kept for finals. */
  final: boolean;
  position: number;
}

/** Where a pool fences: waiting for its flight, fencing (a bout has a result) or done (every bout has one). */
export type PoolState = 'waiting' | 'fencing' | 'done';

export interface DayPlacement {
  pool_id: string;
  practice_id: string;
  piste_id: string;
  /** 0 for flight A, 1 for B… */
  flight: number;
  /** The coach moved it here: a new allocation keeps it. */
  pinned: boolean;
  /** Its referee (null while the day has none free); `referee_override` when the coach chose them. */
  referee_id: string | null;
  referee_override: boolean;
  /** False when the referee shares a club with a fencer of the pool (t.50.2): the screens warn. */
  neutral: boolean;
}

/** A referee of the day: a roster athlete (name and club from the roster) or typed. */
export interface DayReferee {
  id: string;
  name: string;
  club: string | null;
  athlete_id: string | null;
  position: number;
}

/** Everything a screen shows of a day, from its room; `version` grows with every change. */
export interface DaySnapshot {
  day: Day;
  events: DayEvent[];
  pistes: DayPiste[];
  placements: DayPlacement[];
  referees: DayReferee[];
  /** Tableau matches called to pistes now, in the order they were called. */
  calls: DayCall[];
  /** Matches the coach held back from calling. */
  held: DayHeld[];
  version: number;
}

/** A tableau match of an event as its room tells the day: who fences, two fencers or two teams (names for the boards, keys across events), and whether it is done. */
export interface DayMatch {
  /** The match in its tableau: r<round>-m<position>. */
  id: string;
  round: number;
  position: number;
  /** The two fencers, top then bottom (null while one is not known). */
  names: (string | null)[];
  /** `a:<athlete id>` for a roster athlete (one person in every event), `e:<entry id>` for a typed name, `t:<team id>` for a team of a team event. */
  keys: (string | null)[];
  done: boolean;
}

/** A match called to a piste (issue 28): the fencers report there (t.118.1), with their referee. */
export interface DayCall {
  /** <practice id>:<match id>. */
  id: string;
  practice_id: string;
  match_id: string;
  round: number;
  position: number;
  names: (string | null)[];
  keys: (string | null)[];
  piste_id: string;
  referee_id: string | null;
  /** False when the referee shares a club with a fencer (t.50.3). */
  neutral: boolean;
  state: 'called' | 'on-piste';
  called_at: number;
  /** Moves on with each step the coach takes on it ("on piste"); a step names the version it saw. */
  version: number;
}

/** A call of an event as its practice's screens show it (the tableau): the match, its piste and state. */
export interface EventCall {
  id: string;
  /** The match in the event's tableau: r<round>-m<position>. */
  match_id: string;
  piste: string;
  state: DayCall['state'];
  version: number;
  referee: string | null;
  called_at: number;
}

/** Where an event's pool fences on the day: its piste, flight (0 = A) and referee, for the event's own screens. */
export interface EventPoolPlace {
  pool_id: string;
  piste: string;
  flight: number;
  referee: string | null;
}

/** What the day tells an event's room of its calls and pistes, numbered by the day's version (the newest wins). */
export interface EventCalls {
  seq: number;
  /** The day lets the event's guests mark its calls on piste. */
  guests_call: boolean;
  calls: EventCall[];
  pools: EventPoolPlace[];
}

/** A ready match the coach held back (a cancelled call): the day does not call it until the coach says so. */
export interface DayHeld {
  /** <practice id>:<match id>, as its call was. */
  id: string;
  practice_id: string;
  names: (string | null)[];
}

/** A bout of a fencer's pool, from their side: null scores while it is to fence; annulled when a fencer withdrew (o.74). */
export interface FencerBout {
  opponent: string;
  mine: number | null;
  theirs: number | null;
  won: boolean | null;
  annulled: boolean;
}

/** A fencer's pool (their page): their bouts in the bout order, the next with how many bouts of the pool come before it, and the pool's bouts left. */
export interface FencerPool {
  id: string;
  name: string;
  bouts: FencerBout[];
  next: { opponent: string; before: number } | null;
  left: number;
}

/** A tableau match of the fencer: its round of `rounds` (the final is round `rounds`), the opponent once known. */
export interface FencerMatch {
  id: string;
  round: number;
  rounds: number;
  /** False for a match for places (3rd, 5th–8th). */
  main: boolean;
  opponent: string | null;
  mine: number | null;
  theirs: number | null;
  won: boolean | null;
}

/** A fencer's own day in one event (issue 28: the fencer's page, no account). */
export interface FencerDay {
  name: string;
  status: 'withdrawn' | 'excluded' | null;
  /** How the day's calls name this person (`DayMatch.keys`): kept by the server for a follow, never sent to a page. */
  keys: string[];
  pools: FencerPool[];
  /** Their seed in the tableau once drawn. */
  seed: number | null;
  matches: FencerMatch[];
}

/** A fencer's page as the hall answers it: the event and the fencer's day in it (without the keys). */
export interface HallFencer {
  practice_id: string;
  event: string;
  weapon: Weapon;
  fencer: Omit<FencerDay, 'keys'>;
}

/** Who fences at a day, per event, for the hall board's fencer finder. */
export interface HallFencers {
  events: { practice_id: string; name: string; fencers: { id: string; name: string }[] }[];
}

/** What a page needs to follow a fencer: the server's VAPID public key (null: pushes are off), and whether a local stand-in receives them. */
export interface PushConfig {
  key: string | null;
  standin: boolean;
}
