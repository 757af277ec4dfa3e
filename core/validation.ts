// Every input the API accepts, as zod schemas with their limits and their coded messages (core/messages):
// the worker validates with them and the app's forms check with the same ones. One file so that every limit
// and every message of the API is read in one place; issue 27's contracts by feature will split it.
import { z } from 'zod';
import { MAX_PERCENT, MAX_TOP, MIN_PERCENT, MIN_TOP } from './fencing/cut';
import { UNDO_DEPTH } from './fencing/referee';
import { describeError, ERROR_MESSAGES } from './messages';
import { athleteDetailsSchema } from './athlete-details';
import { IMPORT_MAX, MAX_POOLS, MAX_PRACTICE_FENCERS, MAX_TEAMS, MIN_POOL_SIZE, MIN_POOLS, maxPoolsFor } from './limits';
import { MAX_ROUND_POOL_SIZE, MAX_ROUND_POOLS, MIN_ROUND_POOL_SIZE } from './fencing/second-round';
import { SEPARATION_LEVELS } from './fencing/separation';

/** Longest accepted name (practice, athlete, pool, player, club): long enough for any real name. */
export const NAME_MAX = 100;
/** Longest accepted free text (athlete notes, feedback messages). */
export const TEXT_MAX = 2000;
/** Shortest accepted password. */
export const PASSWORD_MIN = 8;

/**
 * Characters no text of ours holds (issue 25): C0 controls but tab and line ends, DEL, C1 controls, the line
 * and paragraph separators, and the bidi overrides and isolates that make a name read other than it is.
 */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u2028\u2029\u202A-\u202E\u2066-\u2069]/;

/** Whether a text holds none of the control characters refused everywhere (tabs and line ends aside). */
export const withoutControls = (text: string) => !CONTROL.test(text);

/** A name is one line: each run of line breaks and tabs (with the spaces around it) becomes one space. */
export const oneLine = (text: string) => text.replace(/[ \t\r\n]*[\t\r\n][ \t\r\n]*/g, ' ');

/** The refusal of a text holding a control character, by its field's label. */
const noControls = (label: string) => ({ error: `${label} cannot contain control characters` });

/** A trimmed, required, bounded free text (a note, feedback): line breaks kept, other control characters refused. */
export function requiredText(emptyMessage: string, max: number, label: string) {
  return z
    .string({ error: emptyMessage })
    .trim()
    .min(1, { error: emptyMessage })
    .max(max, { error: `${label} must be at most ${max} characters` })
    .refine(withoutControls, noControls(label));
}

/**
 * A required name (athlete, club, practice, pool, player, team member, typed entry): `requiredText` on one
 * line, so "=HYPERLINK(…)", a line break and more text become one line and any other control character is refused.
 */
export function nameText(emptyMessage: string, max: number, label: string) {
  return z.string({ error: emptyMessage }).overwrite(oneLine).pipe(requiredText(emptyMessage, max, label));
}

const email = z
  .string({ error: 'Email is required' })
  .trim()
  .toLowerCase()
  .min(1, { error: 'Email is required' })
  .max(254, { error: 'Email must be at most 254 characters' })
  .pipe(z.email({ error: 'Please enter a valid email address' }));

/** SPEC §5: the auth client needs an email together with a password. */
const SIGNIN_MISSING = 'You must provide either an email or phone number and a password.';

/** Longest accepted password (a passphrase fits; a megabyte does not reach the hash). */
export const PASSWORD_MAX = 200;

export const signinSchema = z.object({
  email: z.string({ error: SIGNIN_MISSING }).trim().toLowerCase().min(1, { error: SIGNIN_MISSING }).max(254, { error: 'Email must be at most 254 characters' }),
  password: z.string({ error: SIGNIN_MISSING }).min(1, { error: SIGNIN_MISSING }).max(PASSWORD_MAX, { error: `Password must be at most ${PASSWORD_MAX} characters` }),
});

const newPassword = z
  .string({ error: 'Password is required' })
  .min(1, { error: 'Password is required' })
  .min(PASSWORD_MIN, { error: `Password should be at least ${PASSWORD_MIN} characters.` })
  .max(PASSWORD_MAX, { error: `Password must be at most ${PASSWORD_MAX} characters` });

export const signupSchema = z.object({
  full_name: nameText('Full name is required', NAME_MAX, 'Full name'),
  email,
  password: newPassword,
});

export const resetRequestSchema = z.object({ email });

export const resetConfirmSchema = z.object({
  token: z.string({ error: 'The reset link is invalid or has expired' }).min(1, { error: 'The reset link is invalid or has expired' }).max(100, { error: 'The reset link is invalid or has expired' }),
  password: newPassword,
});

/** A mailed verification link's token, as its page sends it back. */
const VERIFY_LINK_INVALID = 'This link was already used or has expired.';
const verifyToken = z.string({ error: VERIFY_LINK_INVALID }).min(1, { error: VERIFY_LINK_INVALID }).max(100, { error: VERIFY_LINK_INVALID });

/** Whose account a verification link confirms (the link's page asks before it does anything). */
export const verifyPeekSchema = z.object({ token: verifyToken });

/** A verification link opened with the password chosen at its sign-up: confirms the account and signs in. */
export const verifyConfirmSchema = z.object({
  token: verifyToken,
  password: z.string({ error: 'Password is required' }).min(1, { error: 'Password is required' }).max(PASSWORD_MAX, { error: `Password must be at most ${PASSWORD_MAX} characters` }),
});

/** The account menu's Change password: the current password, then the new one. */
export const changePasswordSchema = z.object({
  current_password: z.string({ error: 'Password is required' }).min(1, { error: 'Password is required' }).max(PASSWORD_MAX, { error: `Password must be at most ${PASSWORD_MAX} characters` }),
  password: newPassword,
});

const CALENDAR_DATE = 'Date must be a calendar date (YYYY-MM-DD)';

/** A real calendar day as YYYY-MM-DD (no 2024-02-30 or 2024-99-99), within years 1900–2200. */
export function isCalendarDate(text: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (y < 1900 || y > 2200 || mo < 1 || mo > 12 || d < 1) return false;
  return d <= new Date(Date.UTC(y, mo, 0)).getUTCDate();
}

export const practiceTypeSchema = z.enum(['individual', 'team'], { error: 'Please choose a practice type' });

/** A practice's weapon (issue 18). */
export const weaponSchema = z.enum(['epee', 'foil', 'sabre'], { error: 'Choose épée, foil or sabre' });

export const createPracticeSchema = z.object({
  practice_type: practiceTypeSchema,
  /** Optional for older clients: épée. */
  weapon: weaponSchema.optional(),
  name: nameText('Practice name is required', NAME_MAX, 'Practice name'),
  date: z
    .string({ error: CALENDAR_DATE })
    .refine(isCalendarDate, { error: CALENDAR_DATE })
    .optional(),
});

const club = z
  .string()
  .overwrite(oneLine)
  .trim()
  .max(NAME_MAX, { error: `Club must be at most ${NAME_MAX} characters` })
  .refine(withoutControls, noControls('Club'))
  .optional()
  .nullable()
  .transform((v) => (v ? v : null));

/** Highest national ranking (FIE `Classement`) accepted on an athlete. */
export const RANKING_MAX = 99999;

const ranking = z
  .number({ error: 'Ranking must be a whole number' })
  .int({ error: 'Ranking must be a whole number' })
  .min(1, { error: `Ranking must be between 1 and ${RANKING_MAX}` })
  .max(RANKING_MAX, { error: `Ranking must be between 1 and ${RANKING_MAX}` })
  .nullable()
  .optional();

/** An athlete as typed or imported; an update without `ranking` keeps the stored one. */
export const athleteSchema = z.object({
  name: nameText('Athlete name is required', NAME_MAX, 'Athlete name'),
  club,
  ranking,
  // Issue 30: licence, nation, birth date, hand, gender, region, national rating; each optional.
  ...athleteDetailsSchema.shape,
});

/**
 * A roster import: the rows as read from the file, each checked on its own (a bad row is reported, never
 * blocks the others), at most core/limits IMPORT_MAX of them (a practice's worth, issue 33).
 */
export const rosterImportSchema = z.object({
  athletes: z
    .array(z.unknown(), { error: 'athletes must be a list' })
    .min(1, { error: 'There is nothing to import' })
    .max(IMPORT_MAX, { error: `At most ${IMPORT_MAX} athletes can be imported at once` }),
});

export const noteSchema = z.object({
  note: requiredText('Note cannot be empty', TEXT_MAX, 'Note'),
});

export const feedbackSchema = z.object({
  feedback_type: z.enum(['report_issue', 'suggest_feature'], { error: 'Please select a feedback type.' }),
  message: requiredText('Please enter your feedback message.', TEXT_MAX, 'Feedback'),
});

export const poolNameSchema = z.object({
  name: nameText('Pool name is required', NAME_MAX, 'Pool name'),
});

/** SPEC §5: a player name must not be empty after trimming; it is stored upper-case. */
export const playerNameSchema = z.object({
  name: nameText('Player name cannot be empty', NAME_MAX, 'Player name').transform((n) => n.toUpperCase()),
});

const SCORE_MESSAGE = 'Scores must be whole numbers of 0 or more';
const score = z.number({ error: SCORE_MESSAGE }).int({ error: SCORE_MESSAGE }).min(0, { error: SCORE_MESSAGE });
const id = (what: string) => z.string({ error: `${what} is required` }).min(1, { error: `${what} is required` }).max(64);

/**
 * The version of the bout, match or relay the writer saw: 0 when it had no result yet (DESIGN: writes
 * carry their version, and a write against an older one is refused with 409).
 */
const writeVersion = (what: string) => {
  const message = `Say which version of the ${what} this result replaces`;
  return z.number({ error: message }).int({ error: message }).min(0, { error: message }).max(2 ** 31, { error: message });
};
const boutVersion = writeVersion('bout');

export const boutSchema = z
  .object({
    player1_id: id('The first fencer'),
    player2_id: id('The second fencer'),
    score1: score,
    score2: score,
    priority_id: z.string().max(64).nullable().optional().transform((v) => v ?? null),
    version: boutVersion,
  })
  .refine((b) => b.player1_id !== b.player2_id, { error: 'A fencer cannot fence themselves' })
  .refine((b) => b.priority_id === null || (b.score1 === b.score2 && [b.player1_id, b.player2_id].includes(b.priority_id)), {
    error: 'Priority can only go to one of the two fencers, at equal scores',
  });

export const clearBoutSchema = z
  .object({ player1_id: id('The first fencer'), player2_id: id('The second fencer'), version: boutVersion })
  .refine((b) => b.player1_id !== b.player2_id, { error: 'A fencer cannot fence themselves' });

/** Issue 33: a draw takes a whole practice in one go (core/limits MAX_PRACTICE_FENCERS) and no more. */
const TOO_MANY_FENCERS = `At most ${MAX_PRACTICE_FENCERS} fencers at once`;
const fencerList = <T extends z.ZodType>(entry: T) => z.array(entry).max(MAX_PRACTICE_FENCERS, { error: TOO_MANY_FENCERS });

/**
 * A split's pool count, from MIN_POOLS to MAX_POOLS (core/limits); the fencers of the draw bound it further.
 * Its message says MIN_POOLS as the 2 of its code's text (core/messages pool_count_whole_number_from).
 */
const POOL_COUNT = `Pool count must be a whole number from 2 to ${MAX_POOLS}`;
const poolCount = z.number({ error: POOL_COUNT }).int({ error: POOL_COUNT }).min(MIN_POOLS, { error: POOL_COUNT }).max(MAX_POOLS, { error: POOL_COUNT });
/** A split into more pools than its fencers fill (core/limits maxPoolsFor): 10 fencers make at most 5 pools. */
const tooManyPools = (fencers: number) =>
  `${fencers} fencers fill at most ${maxPoolsFor(fencers)} pools of ${MIN_POOL_SIZE}: choose fewer pools`;

/**
 * Issue 29: the coach's language, for the names a request creates (core/defaults). A code like 'fr' or 'fr-CA',
 * at most 35 characters; one the app does not speak names in English; anything else is a 400 with its code.
 */
const LANGUAGE_INVALID = 'The language must be a language code such as en or fr-CA';
const languageField = z
  .string({ error: LANGUAGE_INVALID })
  .max(35, { error: LANGUAGE_INVALID })
  .regex(/^[A-Za-z]{2,8}(?:[-_][A-Za-z0-9]{1,8})*$/, { error: LANGUAGE_INVALID })
  .optional();

const NO_ATHLETES = 'Please select athletes or add names manually';
const SEPARATION_INVALID = 'Separation is a list of club, region and nation, each at most once';
const REPEATED_ATHLETE = 'An athlete was selected more than once: each fencer can be placed only once';

/** Whether no roster athlete appears twice among the entries. */
function noRepeatedAthlete(entries: ({ athlete_id: string } | { name: string })[]) {
  const ids = entries.flatMap((e) => ('athlete_id' in e ? [e.athlete_id] : []));
  return new Set(ids).size === ids.length;
}

/** One fencer to place: a roster athlete or a typed name; `pool` (1-based) only for manual assignment. */
const entrySchema = z.union([
  z.object({ athlete_id: id('An athlete'), pool: z.number().int().min(1).max(MAX_POOLS).optional() }),
  z.object({ name: nameText('Names cannot be empty', NAME_MAX, 'Each name'), pool: z.number().int().min(1).max(MAX_POOLS).optional() }),
], { error: 'Each fencer is an athlete of the roster or a typed name' });

export const generatePoolsSchema = z
  .object({
    method: z.enum(['single', 'random', 'seeded', 'rating', 'national', 'manual'], { error: 'Choose how to divide the pools' }),
    pool_count: poolCount.optional(),
    entries: fencerList(entrySchema),
    /** Marked absent at check-in (issue 14): left out of the draw, listed "Did Not Start" until they arrive. */
    absent: fencerList(entrySchema).optional().transform((a) => a ?? []),
    lang: languageField,
    /** Issue 58: who the serpentine keeps apart, in order (club, region, nation; each once); club mates when left out. */
    separation: z
      .array(z.enum(SEPARATION_LEVELS, { error: SEPARATION_INVALID }), { error: SEPARATION_INVALID })
      .max(SEPARATION_LEVELS.length, { error: SEPARATION_INVALID })
      .refine((l) => new Set(l).size === l.length, { error: SEPARATION_INVALID })
      .optional(),
  })
  .refine((g) => g.entries.length > 0, { error: NO_ATHLETES })
  .refine((g) => noRepeatedAthlete([...g.entries, ...g.absent]), { error: REPEATED_ATHLETE })
  .refine((g) => g.method === 'single' || g.method === 'manual' || g.pool_count !== undefined, { error: POOL_COUNT })
  .refine((g) => g.entries.length + g.absent.length <= MAX_PRACTICE_FENCERS, { error: TOO_MANY_FENCERS })
  .superRefine((g, ctx) => {
    if (g.pool_count !== undefined && g.pool_count > maxPoolsFor(g.entries.length)) ctx.addIssue({ code: 'custom', message: tooManyPools(g.entries.length) });
  });

/** A fencer's status in the pools (o.74): withdrawn (injury), excluded, or back to fencing (null, undo). */
export const playerStatusSchema = z.object({
  status: z.enum(['withdrawn', 'excluded'], { error: 'Status must be withdrawn, excluded or none' }).nullable(),
});

/** A pool entry linked to a roster athlete (issue 16), or unlinked with null. */
export const playerLinkSchema = z.object({
  athlete_id: z.string({ error: 'athlete_id must be an athlete or null' }).min(1).max(64).nullable(),
});

/** A fencer arriving after the draw: added to the smallest pool. */
export const latecomerSchema = z.object({
  name: nameText('Name is required', NAME_MAX, 'Name').transform((n) => n.toUpperCase()),
});

const TOP_MESSAGE = 'The cut must keep a whole number of fencers, at least 2';
const PERCENT_MESSAGE = 'The cut must keep a whole percentage from 1 to 100';

/** Who goes on after the pools (core/fencing/cut.ts): everyone, the top N or the top P %. */
const cutSchema = (error: string) =>
  z.discriminatedUnion(
    'kind',
    [
      z.object({ kind: z.literal('all') }),
      z.object({ kind: z.literal('top'), value: z.number({ error: TOP_MESSAGE }).int({ error: TOP_MESSAGE }).min(MIN_TOP, { error: TOP_MESSAGE }).max(MAX_TOP, { error: TOP_MESSAGE }) }),
      z.object({ kind: z.literal('percent'), value: z.number({ error: PERCENT_MESSAGE }).int({ error: PERCENT_MESSAGE }).min(MIN_PERCENT, { error: PERCENT_MESSAGE }).max(MAX_PERCENT, { error: PERCENT_MESSAGE }) }),
    ],
    { error },
  );

/** The tableau format (issue 14): the cut after the pools and the bouts for places. */
export const tableauFormatSchema = z.object({
  cut: cutSchema('Choose who goes on to the tableau: everyone, the top N or the top P %'),
  third_place: z.enum(['shared', 'bout'], { error: 'Third place is shared or fenced' }),
  places_5_8: z.boolean({ error: 'Fencing for places 5–8 is on or off' }),
  ties: z.enum(['all', 'barrage'], { error: 'Ties at the cut all go through or fence a barrage' }).optional(),
});

export const bracketScoreSchema = z
  .object({
    round: z.number({ error: 'Round must be a whole number' }).int({ error: 'Round must be a whole number' }).min(1, { error: 'Round must be a whole number' }),
    position: z.number({ error: 'Position must be a whole number' }).int({ error: 'Position must be a whole number' }).min(0, { error: 'Position must be a whole number' }),
    player1_id: id('The first fencer'),
    player2_id: id('The second fencer'),
    player1_score: score,
    player2_score: score,
    priority_id: z.string().max(64).nullable().optional().transform((v) => v ?? null),
    version: writeVersion('match'),
  })
  .refine((b) => b.priority_id === null || (b.player1_score === b.player2_score && [b.player1_id, b.player2_id].includes(b.priority_id)), {
    error: 'Priority can only go to one of the two fencers, at equal scores',
  });

const teamEntrySchema = z.union([
  z.object({ athlete_id: id('An athlete'), team: z.number().int().min(1).max(MAX_TEAMS).optional() }),
  z.object({ name: nameText('Names cannot be empty', NAME_MAX, 'Each name'), team: z.number().int().min(1).max(MAX_TEAMS).optional() }),
], { error: 'Each fencer is an athlete of the roster or a typed name' });

export const createTeamsSchema = z
  .object({
    method: z.enum(['random', 'manual'], { error: 'Choose how to distribute the athletes' }),
    entries: fencerList(teamEntrySchema),
    /** For /single-match: exactly this many teams (2) instead of ceil(athletes/4). */
    teams: z.number().int().min(1).max(MAX_TEAMS).optional(),
  })
  .refine((t) => t.entries.length > 0, { error: NO_ATHLETES })
  .refine((t) => noRepeatedAthlete(t.entries), { error: REPEATED_ATHLETE });

export const teamPoolsSchema = z.object({
  method: z.enum(['single', 'random'], { error: 'Choose how to divide the teams' }),
  pool_count: z.number({ error: 'Pool count must be a whole number' }).int({ error: 'Pool count must be a whole number' }).optional(),
  lang: languageField,
});

const touch = z
  .number({ error: 'Touch scores must be whole numbers from 0 to 20' })
  .int({ error: 'Touch scores must be whole numbers from 0 to 20' })
  .min(0, { error: 'A touch score cannot be negative' })
  .max(20, { error: 'Touch scores must be whole numbers from 0 to 20' })
  .nullable();

export const relayRowSchema = z.object({ score_a: touch, score_b: touch, version: writeVersion('relay') });

/** A relay of a team tableau match (issue 28): its touches, and who took the deciding touch of a level sheet. */
export const teamRelayRowSchema = relayRowSchema.extend({
  winner: z.enum(['A', 'B'], { error: 'The deciding touch goes to team A or team B' }).nullable().optional(),
  /** The team the writer's sheet showed as team A (issue 58): a relay entered before the lot reached that screen is refused, not credited to the other team. */
  team_a: id('Team A').optional(),
});

/**
 * A team match's line-up (issue 58, o.99.4–6): each side's fencers in the captain's order (none until given, else three
 * team members) and its reserve, and the substitutions made (two a side at most: the reserve in, the fencer back). The
 * sides themselves are drawn by the server; the members are checked against the teams there.
 */
const lineupSide = z.object(
  {
    fencers: z.array(id('A fencer'), { error: ERROR_MESSAGES.lineup_fencers }).refine((f) => f.length === 0 || f.length === 3, { error: ERROR_MESSAGES.lineup_fencers }),
    reserve: id('The reserve').nullable(),
  },
  { error: ERROR_MESSAGES.lineup_fencers },
);
const substitution = z.object(
  {
    place: z.number({ error: ERROR_MESSAGES.lineup_substitution }).int({ error: ERROR_MESSAGES.lineup_substitution }).min(1, { error: ERROR_MESSAGES.lineup_substitution }).max(6, { error: ERROR_MESSAGES.lineup_substitution }),
    relay: z.number({ error: ERROR_MESSAGES.lineup_substitution }).int({ error: ERROR_MESSAGES.lineup_substitution }).min(1, { error: ERROR_MESSAGES.lineup_substitution }).max(9, { error: ERROR_MESSAGES.lineup_substitution }),
    injury: z.boolean({ error: ERROR_MESSAGES.lineup_substitution }),
  },
  { error: ERROR_MESSAGES.lineup_substitution },
);
export const teamLineupSchema = z.object({
  version: writeVersion('line-up'),
  a: lineupSide,
  b: lineupSide,
  subs: z.array(substitution, { error: ERROR_MESSAGES.lineup_substitution }).max(4, { error: ERROR_MESSAGES.substitution_once }),
});
export type TeamLineupBody = z.input<typeof teamLineupSchema>;

/** The coach creates the team tableau: with or without the match for 3rd place. */
export const createTeamTableauSchema = z.object({ third_place: z.boolean({ error: 'Say whether the tableau has a match for 3rd place' }), lang: languageField });

/** SPEC §5 Guest join: exactly six digits; an optional name of at most 50 characters. */
export const GUEST_NAME_MAX = 50;
export const guestJoinSchema = z.object({
  room_code: z.string({ error: 'Please enter a 6-digit room code' }).trim().regex(/^\d{6}$/, { error: 'Please enter a 6-digit room code' }),
  guest_name: z
    .string()
    .overwrite(oneLine)
    .trim()
    .max(GUEST_NAME_MAX, { error: `Your name must be at most ${GUEST_NAME_MAX} characters` })
    .refine(withoutControls, noControls('Your name'))
    .optional()
    .nullable()
    // No name is an empty one: each screen says "Guest" in its viewer's language, not one stored in English.
    .transform((v) => v || ''),
});

export const sharingSchema = z.object({ enabled: z.boolean({ error: 'Say whether guest access is on or off' }) });

export const weaponBodySchema = z.object({ weapon: weaponSchema });

/**
 * The refinement for scores of one screen (SPEC §9: 5 in pools, 15 in the tableau, 45 for teams), for
 * `schema.refine(...scoresWithin(max, 'score1', 'score2'))`.
 */
export function scoresWithin<K extends string>(max: number, ...keys: K[]) {
  return [(value: Record<K, number>) => keys.every((k) => value[k] <= max), { error: `Scores must be whole numbers from 0 to ${max}` }] as const;
}

/** A live socket's query: a practice (a coach, or a guest with their session token) or a board (a spectator). */
export const liveQuerySchema = z.object({
  practice: z.string().max(64).optional(),
  board: z.string().max(64).optional(),
  /** A competition day (issue 28): its coach's screen (`day`), or its hall board by link (`hall`). */
  day: z.string().max(64).optional(),
  hall: z.string().max(64).optional(),
  token: z.string().max(2048).optional(),
});

/** Request bodies as the app sends them: typed from the schemas the server parses them with. */
export type BoutBody = z.input<typeof boutSchema>;
export type ClearBoutBody = z.input<typeof clearBoutSchema>;
export type CreateTeamsBody = z.input<typeof createTeamsSchema>;
export type BracketScoreBody = z.input<typeof bracketScoreSchema>;
export type RelayRowBody = z.input<typeof relayRowSchema>;
export type TeamRelayRowBody = z.input<typeof teamRelayRowSchema>;
export type GuestJoinBody = z.input<typeof guestJoinSchema>;

/**
 * The first message of a failed parse: what a form or a 400 answer shows. Always one of core/messages, so
 * the app can translate it: a field the schema gives no words of its own is named with a coded message,
 * never with the validator's English ("Invalid input: expected number, received undefined").
 */
export function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (issue && describeError(issue.message)) return issue.message;
  const field = issue?.path.join('.');
  return field ? `${field} is missing or not valid` : 'The request body must be a JSON object';
}

// Referee mode (issue 18): the wire of core/refereeing.
/** A view's id: random, kept for the tab's life, so a reload resumes and another tab is another view. */
const viewSchema = z.string({ error: 'Say which referee view this is' }).regex(/^[A-Za-z0-9_-]{8,64}$/, { error: 'Say which referee view this is' });

const refId = z.string().min(1).max(64);

export const refereeTargetSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('pool'), pool_id: refId, a: refId, b: refId }).refine((t) => t.a !== t.b, { error: 'A fencer cannot fence themselves' }),
    z.object({ kind: z.literal('tableau'), round: z.number().int().min(1).max(12), position: z.number().int().min(0).max(4096) }),
  ],
  { error: 'Say which bout to referee' },
);

const side = z.enum(['left', 'right']);
const HOUR = 60 * 60 * 1000;
const ms = z.number().min(0).max(HOUR);
/** Epoch milliseconds (the phone's clock), bounded to this century. */
const instant = z.number().min(0).max(4_102_444_800_000);

/** A state as the phone sends it; its format is the room's, never the phone's. */
const stateSchema = z.object({
  phase: z.enum(['ready', 'fencing', 'break', 'priority', 'over']),
  running: z.boolean(),
  left: z.number().int().min(0).max(45),
  right: z.number().int().min(0).max(45),
  period: z.number().int().min(1).max(3),
  remainingMs: ms,
  since: instant.nullable(),
  quietMs: ms,
  cards: z.object({ left: z.array(z.enum(['yellow', 'red', 'black'])).max(20), right: z.array(z.enum(['yellow', 'red', 'black'])).max(20) }),
  pCards: z.number().int().min(0).max(3),
  priority: side.nullable(),
  excluded: side.nullable(),
});

export type SentState = z.infer<typeof stateSchema>;

export const refereeClaimSchema = z.object({
  target: refereeTargetSchema,
  view: viewSchema,
  /** The coach takes the bout back from the piste's scoring machine (issue 57); a guest's is not heard. */
  take_back: z.boolean().optional(),
});

export const refereeUpdateSchema = z.object({
  target: refereeTargetSchema,
  view: viewSchema,
  /** The phone's count of its steps: a late, older update never overwrites a newer one. */
  seq: z.number().int().min(1).max(1_000_000),
  /** The phone's clock when it sent this. */
  sent_at: instant,
  state: stateSchema,
  past: z.array(stateSchema).max(UNDO_DEPTH),
});

export const refereeReleaseSchema = z.object({
  target: refereeTargetSchema,
  view: viewSchema,
  /** Hand over keeps the bout as it stands for the next referee; discard drops it (no result). */
  discard: z.boolean(),
});

export type RefereeUpdateBody = z.infer<typeof refereeUpdateSchema>;


export const refereeDutySchema = z.object({
  pool_id: refId,
  a: refId,
  b: refId,
  /** The fencer who referees the bout, or null for the suggestion. */
  referee_id: refId.nullable(),
});

const ROUND_POOL_COUNT = `Pool count must be a whole number from 1 to ${MAX_ROUND_POOLS}`;
const ROUND_POOL_SIZE = `Pool size must be a whole number from ${MIN_ROUND_POOL_SIZE} to ${MAX_ROUND_POOL_SIZE}`;

/**
 * A second round of pools (issue 28): the cut after round 1 and the pools' shape, a pool count or a largest
 * pool size (core/fencing/second-round.ts), exactly one of the two.
 */
export const secondRoundSchema = z
  .object({
    cut: cutSchema('Choose who goes on to the second round: everyone, the top N or the top P %'),
    pool_count: z.number({ error: ROUND_POOL_COUNT }).int({ error: ROUND_POOL_COUNT }).min(1, { error: ROUND_POOL_COUNT }).max(MAX_ROUND_POOLS, { error: ROUND_POOL_COUNT }).optional(),
    pool_size: z.number({ error: ROUND_POOL_SIZE }).int({ error: ROUND_POOL_SIZE }).min(MIN_ROUND_POOL_SIZE, { error: ROUND_POOL_SIZE }).max(MAX_ROUND_POOL_SIZE, { error: ROUND_POOL_SIZE }).optional(),
    lang: languageField,
  })
  .refine((r) => (r.pool_count === undefined) !== (r.pool_size === undefined), { error: 'Give either a pool count or a largest pool size' });

const CHECK_SCOPE = 'Say what is checked: a pool, a tableau round or the whole event';
const CHECK_ROUND = z.number({ error: CHECK_SCOPE }).int({ error: CHECK_SCOPE }).min(1, { error: CHECK_SCOPE }).max(64, { error: CHECK_SCOPE });

/** A pool, a tableau round or the whole event marked checked (after the sheets are signed) or no longer (issue 58). */
export const resultCheckSchema = z
  .object({
    scope: z.discriminatedUnion(
      'kind',
      [
        z.object({ kind: z.literal('pool'), pool_id: z.string({ error: CHECK_SCOPE }).min(1, { error: CHECK_SCOPE }).max(64, { error: CHECK_SCOPE }) }),
        z.object({ kind: z.literal('round'), round: CHECK_ROUND }),
        z.object({ kind: z.literal('event') }),
      ],
      { error: CHECK_SCOPE },
    ),
    checked: z.boolean({ error: 'Say whether the result is checked' }),
  });

/** A bout's audit list asked for by its link name (core/refereeing `targetParam`). */
export const auditQuerySchema = z.object({
  bout: z.string({ error: 'Name the bout: pool.<pool>.<fencer>.<fencer> or tableau.<round>.<position>' }).max(220, { error: 'Name the bout: pool.<pool>.<fencer>.<fencer> or tableau.<round>.<position>' }),
});
