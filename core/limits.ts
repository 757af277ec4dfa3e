/**
 * How big a practice gets (issue 33: limits from the sport, not from the code). Each limit is named once,
 * here, with its reason; the rules, the validation and its messages, the backup schema, the import, the room
 * and the app's inputs all import it from this module.
 */

/**
 * The most fencers one practice holds: a national event draws 500 and more in one go, and 512 is the
 * tableau those fit in whole (a power of two, FENCING.md o.83). One draw, one import and one restored
 * practice each take this many.
 */
export const MAX_PRACTICE_FENCERS = 512;

/** The largest tableau: every fencer of the fullest practice in one table (9 rounds, 511 bouts). */
export const MAX_TABLEAU = MAX_PRACTICE_FENCERS;

/**
 * The fewest fencers a drawn pool gives: two fence one bout. The sport draws pools of 3 to 12 (and the
 * wizard warns under SMALL_POOL), but a club splitting a small group in two keeps pools of 2.
 */
export const MIN_POOL_SIZE = 2;

/**
 * The most fencers a pool holds. The sport draws at most 12, but a club runs a whole group of up to 20 as
 * one pool (SPEC §4 single pool), so the hard maximum is 20: 190 bouts, one sheet.
 */
export const MAX_POOL_SIZE = 20;

/** A split makes at least two pools (one pool is the single method, SPEC §4). */
export const MIN_POOLS = 2;

/**
 * The most pools a draw of `fencers` makes: as many as the fencers fill at MIN_POOL_SIZE each, never
 * under MIN_POOLS (a split of 3 into 2 pools stays allowed). 512 fencers → 256; 256 fencers → 128.
 */
export function maxPoolsFor(fencers: number): number {
  return Math.max(MIN_POOLS, Math.floor(Math.max(0, fencers) / MIN_POOL_SIZE));
}

/** The most pools of one round in a practice: the fullest practice at the smallest pool size (256). */
export const MAX_POOLS = maxPoolsFor(MAX_PRACTICE_FENCERS);

/**
 * The most pools a competition day schedules, places on pistes and referees at once: its events' first rounds
 * together. A day holds several events, so it takes two of the fullest practices at their smallest pools
 * (2 × MAX_POOLS = 512: one full practice always fits, with another beside it), or six national events of
 * 512 in pools of 7 (6 × 74 = 444). It stays bounded because every change of the day recomputes its schedule,
 * its placements and its referees' neutrality over all of them (pools × referees × fencers: 512 × 200 × 20)
 * and sends the whole snapshot to every screen.
 */
export const MAX_DAY_POOLS = 2 * MAX_POOLS;

/**
 * The most competition days one coach keeps: a club's day every week for ten years. The days screen lists
 * them all at once and the account's backup carries them whole (core/interop/backup BACKUP_LIMITS.days), so a
 * coach at the most deletes a past day before creating another, and a restore that would pass it is refused.
 */
export const MAX_COACH_DAYS = 500;

/**
 * The most practices one coach keeps: three a week for six years. The practices screen lists them all at once
 * and the account's backup carries them whole (core/interop/backup BACKUP_LIMITS.practices), so a coach at the
 * most deletes an old practice before creating another, and a restore that would pass it is refused.
 */
export const MAX_COACH_PRACTICES = 1000;

/** A team has 3 or 4 members (SPEC §5 Team setup). */
export const TEAM_MIN = 3;
export const TEAM_MAX = 4;

/** The most teams a team practice holds: its fencers in teams of TEAM_MAX (SPEC §5: ceil(athletes / 4)), 128. */
export const MAX_TEAMS = Math.ceil(MAX_PRACTICE_FENCERS / TEAM_MAX);

/** The most athletes one roster import takes: a practice's worth, so an event's entry list imports in one go. */
export const IMPORT_MAX = MAX_PRACTICE_FENCERS;
