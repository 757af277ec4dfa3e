// The competition days of an account backup (issue 28): their part of the file, the checks that their
// references hold, what a backup writes of a day and what a restore makes of it (D1's index rows and the
// day's room). Apart from ./backup, which holds the practices, pools and athletes they refer to.
import { z } from 'zod';
import type { Day, DayPiste, DayPlacement, DayReferee, DaySnapshot } from '../contracts/days';
import { createDaySchema, MAX_DAY_EVENTS, pistesSchema, refereesSchema, updateDaySchema } from '../day-validation';
import { MAX_PISTES, MAX_POOLS } from '../fencing/pistes';
import { MAX_REFEREES } from '../fencing/referee-assignment';

const ref = z.string().min(1).max(64);
const time = z.number().int().min(0).max(8.64e15);

const piste = z.object({ id: ref, name: pistesSchema.shape.pistes.element.shape.name, final: z.boolean() });

const referee = z.object({
  id: ref,
  name: refereesSchema.shape.referees.element.shape.name,
  club: refereesSchema.shape.referees.element.shape.club,
  /** The roster athlete who referees, as the file names athletes (null: a typed name). */
  athlete_id: ref.nullable(),
});

const placement = z.object({
  practice_id: ref,
  pool_id: ref,
  piste_id: ref,
  flight: z.number().int().min(0).max(MAX_POOLS - 1),
  pinned: z.boolean(),
  referee_id: ref.nullable(),
  referee_override: z.boolean(),
  neutral: z.boolean(),
});

/**
 * A competition day as a backup keeps it: the index facts (D1) and the arrangement its room holds (pistes in
 * order, referees in order, where each pool fences). Calls are not kept: the room derives them again from
 * its events (a match the coach held back is called again). Each list is bounded as the day's routes bound it.
 */
export const backupDaySchema = z.object({
  id: ref,
  name: createDaySchema.shape.name,
  date: createDaySchema.shape.date.unwrap(),
  venue: createDaySchema.shape.venue.unwrap(),
  starts_at: updateDaySchema.shape.starts_at.unwrap(),
  minutes: updateDaySchema.shape.minutes.unwrap(),
  /** Whether its events' guests may take call steps (migration 0019); a restore starts it off, like sharing. */
  guests_call: z.boolean().default(false),
  created_at: time,
  events: z.array(z.object({ practice_id: ref, position: z.number().int().min(0).max(1_000_000) })).max(MAX_DAY_EVENTS),
  pistes: z.array(piste).max(MAX_PISTES),
  referees: z.array(referee).max(MAX_REFEREES),
  placements: z.array(placement).max(MAX_POOLS),
});

export type BackupDay = z.infer<typeof backupDaySchema>;

/** The practices of the file as the days refer to them: each with its pools. */
type FilePractices = readonly { id: string; pools: readonly { id: string }[] }[];

const distinct = (keys: string[]) => new Set(keys).size === keys.length;

/**
 * Why the file's days do not hold together, or null: ids once each, a practice in at most one day (D1 keeps
 * one day per practice), pistes named once each, and every piste, referee, pool and athlete a day names is
 * in the file. A day's event whose practice is not in the file is not an error: the restore leaves that
 * event out, with its placements.
 */
export function daysProblem(days: readonly BackupDay[], practices: FilePractices, athleteIds: ReadonlySet<string>): string | null {
  const poolsOf = new Map(practices.map((p) => [p.id, new Set(p.pools.map((pool) => pool.id))]));
  if (!distinct(days.map((d) => d.id))) return 'a competition day appears twice';
  if (!distinct(days.flatMap((d) => d.events.map((e) => e.practice_id)))) return 'a practice is an event of two days, or twice of one';
  for (const d of days) {
    const of = `the day ${d.name}`;
    if (!distinct(d.events.map((e) => String(e.position)))) return `two events of ${of} share a position`;
    if (!distinct(d.pistes.map((p) => p.id))) return `a piste of ${of} appears twice`;
    if (!distinct(d.pistes.map((p) => p.name.toLowerCase()))) return `two pistes of ${of} share a name`;
    if (!distinct(d.referees.map((r) => r.id))) return `a referee of ${of} appears twice`;
    if (d.referees.some((r) => r.athlete_id !== null && !athleteIds.has(r.athlete_id))) return `a referee of ${of} refers to an athlete that is not in the file`;
    if (!distinct(d.placements.map((p) => p.pool_id))) return `a pool of ${of} is placed twice`;
    const events = new Set(d.events.map((e) => e.practice_id));
    const pistes = new Set(d.pistes.map((p) => p.id));
    const referees = new Set(d.referees.map((r) => r.id));
    for (const p of d.placements) {
      const pools = poolsOf.get(p.practice_id);
      if (!pools) continue;
      if (!events.has(p.practice_id) || !pools.has(p.pool_id)) return `a pool placed on ${of} is not a pool of its events`;
      if (!pistes.has(p.piste_id)) return `a pool of ${of} is placed on a piste the day does not have`;
      if (p.referee_id !== null && !referees.has(p.referee_id)) return `a pool of ${of} has a referee the day does not have`;
    }
  }
  return null;
}

/** A day's index facts and events as D1 holds them (`days`, `day_events`; `guests_call` absent before migration 0019). */
export interface DayIndexRow {
  id: string;
  name: string;
  date: string;
  venue: string | null;
  starts_at: string | null;
  /** JSON text, as D1 keeps it. */
  minutes: string | null;
  guests_call?: number | null;
  created_at: number;
}

/**
 * A day as the backup writes it: the facts from D1, the arrangement from its room (nothing when the room
 * never held it). Only what the file holds is named, so that a backup always restores: a placement of a pool
 * the archive does not hold yet (the room is seconds ahead of D1), or of a practice D1 no longer counts among
 * the day's events, is left out, and a referee whose roster athlete is gone referees by name.
 */
export function dayForBackup(
  row: DayIndexRow,
  events: readonly { practice_id: string; position: number }[],
  room: DaySnapshot | null,
  file: { poolsOf: ReadonlyMap<string, ReadonlySet<string>>; athletes: ReadonlySet<string> },
): BackupDay {
  const pistes = new Set((room?.pistes ?? []).map((p) => p.id));
  const referees = new Set((room?.referees ?? []).map((r) => r.id));
  const linked = new Set(events.map((e) => e.practice_id));
  const held = (p: DayPlacement) => linked.has(p.practice_id) && file.poolsOf.get(p.practice_id)?.has(p.pool_id) === true && pistes.has(p.piste_id);
  return {
    id: row.id,
    name: row.name,
    date: row.date,
    venue: row.venue,
    starts_at: row.starts_at,
    minutes: row.minutes === null ? null : (JSON.parse(row.minutes) as BackupDay['minutes']),
    guests_call: row.guests_call === 1,
    created_at: row.created_at,
    events: events.map((e) => ({ practice_id: e.practice_id, position: e.position })),
    pistes: (room?.pistes ?? []).map((p) => ({ id: p.id, name: p.name, final: p.final })),
    referees: (room?.referees ?? []).map((r) => ({ id: r.id, name: r.name, club: r.club, athlete_id: r.athlete_id !== null && file.athletes.has(r.athlete_id) ? r.athlete_id : null })),
    placements: (room?.placements ?? []).filter(held).map((p) => ({
      practice_id: p.practice_id, pool_id: p.pool_id, piste_id: p.piste_id, flight: p.flight, pinned: p.pinned,
      referee_id: p.referee_id !== null && referees.has(p.referee_id) ? p.referee_id : null, referee_override: p.referee_override, neutral: p.neutral,
    })),
  };
}

/** What a restored day's room is given, in one transaction: its facts and its arrangement, every id new (its events come from D1). */
export interface DayRestore {
  day: Day;
  ownerId: string;
  pistes: DayPiste[];
  referees: DayReferee[];
  placements: DayPlacement[];
}

/** The new ids of what the days refer to, from the rest of the restore. */
export interface RestoredIds {
  practice: ReadonlyMap<string, string>;
  pool: ReadonlyMap<string, string>;
  athlete: (fileId: string | null) => string | null;
}

/**
 * What restoring the file's days writes: a D1 row per day (new id, new hall board link, the board not
 * shared) and its events re-linked to the restored practices, and each day's room contents with its pistes,
 * referees (on the restored athletes) and placements (on the restored pools) under new ids. An event whose
 * practice is not in the file is left out, with its placements.
 */
export function restoreDays(days: readonly BackupDay[], ids: RestoredIds, ctx: { userId: string; now: number; newId: () => string; boardId: () => string }) {
  const rows = { days: [] as Record<string, unknown>[], day_events: [] as Record<string, unknown>[] };
  const rooms: DayRestore[] = [];
  for (const d of days) {
    const dayId = ctx.newId();
    const facts = { id: dayId, name: d.name, date: d.date, venue: d.venue, board_id: ctx.boardId(), starts_at: d.starts_at, minutes: d.minutes, created_at: d.created_at, updated_at: ctx.now };
    // Every permission given to others starts off after a restore: the hall board and, since migration 0019, guests' call steps.
    const off = { board_shared: false, guests_call: false };
    rows.days.push({ ...facts, user_id: ctx.userId, board_shared: 0, minutes: d.minutes === null ? null : JSON.stringify(d.minutes) });
    for (const e of d.events) {
      const practiceId = ids.practice.get(e.practice_id);
      if (practiceId) rows.day_events.push({ practice_id: practiceId, day_id: dayId, position: e.position, created_at: ctx.now });
    }
    const pisteId = new Map(d.pistes.map((p) => [p.id, ctx.newId()]));
    const refereeId = new Map(d.referees.map((r) => [r.id, ctx.newId()]));
    const day: Day = { ...facts, ...off };
    rooms.push({
      day,
      ownerId: ctx.userId,
      pistes: d.pistes.map((p, position) => ({ id: pisteId.get(p.id)!, name: p.name, final: p.final, position })),
      referees: d.referees.map((r, position) => ({ id: refereeId.get(r.id)!, name: r.name, club: r.club, athlete_id: ids.athlete(r.athlete_id), position })),
      placements: d.placements.flatMap((p) => {
        const practiceId = ids.practice.get(p.practice_id);
        if (!practiceId) return [];
        return [{
          pool_id: ids.pool.get(p.pool_id)!, practice_id: practiceId, piste_id: pisteId.get(p.piste_id)!, flight: p.flight, pinned: p.pinned,
          referee_id: p.referee_id === null ? null : refereeId.get(p.referee_id)!, referee_override: p.referee_override, neutral: p.neutral,
        }];
      }),
    });
  }
  return { rows, rooms };
}
