// The inputs of a competition day (issue 28), as zod schemas with their limits and coded messages
// (core/messages). Apart from ./validation because the day's rules (./fencing/pistes) read that file.
import { z } from 'zod';
import { MAX_PISTES } from './fencing/pistes';
import { MAX_REFEREES } from './fencing/referee-assignment';
import { isCalendarDate, NAME_MAX, nameText, oneLine, withoutControls } from './validation';

/** A day groups at most this many events (practices). */
export const MAX_DAY_EVENTS = 32;

const CALENDAR_DATE = 'Date must be a calendar date (YYYY-MM-DD)';
const date = z.string({ error: CALENDAR_DATE }).refine(isCalendarDate, { error: CALENDAR_DATE });

const venue = z
  .string()
  .overwrite(oneLine)
  .trim()
  .max(NAME_MAX, { error: `Venue must be at most ${NAME_MAX} characters` })
  .refine(withoutControls, { error: 'Venue cannot contain control characters' })
  .nullable()
  .transform((v) => (v ? v : null));

const dayName = nameText('Day name is required', NAME_MAX, 'Day name');

export const createDaySchema = z.object({ name: dayName, date: date.optional(), venue: venue.optional() });

const BOUT_MINUTES = 'A bout takes from 1 to 60 minutes';
const minutes = z.number({ error: BOUT_MINUTES }).min(1, { error: BOUT_MINUTES }).max(60, { error: BOUT_MINUTES }).optional();
const weaponMinutes = z.object({ pool: minutes, tableau: minutes, team: minutes }).strict().optional();

export const updateDaySchema = z.object({
  name: dayName.optional(),
  /** When the first pools begin, HH:MM (null: from now). */
  starts_at: z.string({ error: 'Start time must be HH:MM' }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'Start time must be HH:MM' }).nullable().optional(),
  minutes: z.object({ epee: weaponMinutes, foil: weaponMinutes, sabre: weaponMinutes }, { error: BOUT_MINUTES }).strict().nullable().optional(),
  date: date.optional(),
  venue: venue.optional(),
  /** The hall board opens while this is on. */
  board_shared: z.boolean({ error: 'Say whether the hall board is shared' }).optional(),
  /** The events' guests may take the call steps of their event (mark the fencers on piste). */
  guests_call: z.boolean({ error: 'Say whether guests may take the call steps' }).optional(),
});

/** An id the app made (a new piste) or the server gave: letters, digits and dashes. */
const clientId = z.string({ error: 'Say which piste' }).regex(/^[A-Za-z0-9-]{1,64}$/, { error: 'Say which piste' });

/** The day's pistes, in order: the whole list at once (ids kept for pistes that stay). */
export const pistesSchema = z.object({
  pistes: z
    .array(
      z.object({
        id: clientId.optional(),
        name: nameText('Piste name is required', 40, 'Piste name'),
        final: z.boolean().optional(),
      }),
      { error: 'Say which piste' },
    )
    .max(MAX_PISTES, { error: `A day has at most ${MAX_PISTES} pistes` })
    .refine((list) => new Set(list.map((p) => p.name.toLowerCase())).size === list.length, { error: 'Two pistes cannot share a name' }),
});

/** The day's referees, in order, all at once: roster athletes (the server reads their name and club) or typed. */
export const refereesSchema = z.object({
  referees: z
    .array(
      z.object({
        id: clientId.optional(),
        name: nameText('Name is required', NAME_MAX, 'Name'),
        club: z.string().overwrite(oneLine).trim().max(NAME_MAX, { error: `Club must be at most ${NAME_MAX} characters` }).refine(withoutControls, { error: 'Club cannot contain control characters' }).nullable().optional().transform((v) => (v ? v : null)),
        athlete_id: z.string({ error: 'athlete_id must be an athlete or null' }).min(1).max(64).nullable().optional(),
      }),
      { error: 'Say which referee' },
    )
    .max(MAX_REFEREES, { error: `A day has at most ${MAX_REFEREES} referees` }),
});

/** The coach's choice of a pool's referee (null: the day chooses again). */
export const poolRefereeSchema = z.object({ referee_id: clientId.nullable() });

/** A pool moved by hand to a piste (it stays there when the day is placed again). */
export const movePoolSchema = z.object({ piste_id: clientId });

const CALL_STEP = 'Say what happens to this call';

/** The coach's step on a call, over the call's version they saw. */
export const callStepSchema = z.object({
  event: z.enum(['on-piste', 'cancel-call'], { error: CALL_STEP }),
  version: z.number({ error: CALL_STEP }).int({ error: CALL_STEP }).min(1, { error: CALL_STEP }).max(1_000_000, { error: CALL_STEP }),
});

export type PistesBody = z.input<typeof pistesSchema>;
export type CallStepBody = z.input<typeof callStepSchema>;

const SUBSCRIPTION = 'This phone’s notification subscription is not one this server can use';
const base64url = (min: number, max: number) => z.string({ error: SUBSCRIPTION }).min(min, { error: SUBSCRIPTION }).max(max, { error: SUBSCRIPTION }).regex(/^[\w-]+$/, { error: SUBSCRIPTION });

/**
 * Following a fencer (issue 28): the page's push subscription (RFC 8030 endpoint, RFC 8291 keys: a P-256
 * point of 65 bytes, a 16-byte secret, in base64url) and the page's language for the words of the push.
 */
export const followSchema = z.object({
  endpoint: z.string({ error: SUBSCRIPTION }).min(12, { error: SUBSCRIPTION }).max(1024, { error: SUBSCRIPTION }),
  p256dh: base64url(86, 88),
  auth: base64url(21, 24),
  lang: z.string().max(8).regex(/^[a-z-]*$/i).default('en'),
});
