import { z } from 'zod';

/** Longest accepted name (practice, athlete, pool, player, club): long enough for any real name. */
export const NAME_MAX = 100;
/** Longest accepted free text (athlete notes, feedback messages). */
export const TEXT_MAX = 2000;
/** Shortest accepted password. */
export const PASSWORD_MIN = 8;

/** A trimmed, required, bounded text field carrying the exact messages the screens show. */
export function requiredText(emptyMessage: string, max: number, label: string) {
  return z
    .string({ error: emptyMessage })
    .trim()
    .min(1, { error: emptyMessage })
    .max(max, { error: `${label} must be at most ${max} characters` });
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

export const signinSchema = z.object({
  email: z.string({ error: SIGNIN_MISSING }).trim().toLowerCase().min(1, { error: SIGNIN_MISSING }),
  password: z.string({ error: SIGNIN_MISSING }).min(1, { error: SIGNIN_MISSING }),
});

const newPassword = z
  .string({ error: 'Password is required' })
  .min(1, { error: 'Password is required' })
  .min(PASSWORD_MIN, { error: `Password should be at least ${PASSWORD_MIN} characters.` })
  .max(200, { error: 'Password must be at most 200 characters' });

export const signupSchema = z.object({
  full_name: requiredText('Full name is required', NAME_MAX, 'Full name'),
  email,
  password: newPassword,
});

export const resetRequestSchema = z.object({ email });

export const resetConfirmSchema = z.object({
  token: z.string({ error: 'The reset link is invalid or has expired' }).min(1, { error: 'The reset link is invalid or has expired' }),
  password: newPassword,
});

export const practiceTypeSchema = z.enum(['individual', 'team'], { error: 'Please choose a practice type' });

export const createPracticeSchema = z.object({
  practice_type: practiceTypeSchema,
  name: requiredText('Practice name is required', NAME_MAX, 'Practice name'),
  date: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Date must be a calendar date (YYYY-MM-DD)' })
    .optional(),
});

const club = z
  .string()
  .trim()
  .max(NAME_MAX, { error: `Club must be at most ${NAME_MAX} characters` })
  .optional()
  .nullable()
  .transform((v) => (v ? v : null));

export const athleteSchema = z.object({
  name: requiredText('Athlete name is required', NAME_MAX, 'Athlete name'),
  club,
});

export const noteSchema = z.object({
  note: requiredText('Note cannot be empty', TEXT_MAX, 'Note'),
});

export const feedbackSchema = z.object({
  feedback_type: z.enum(['report_issue', 'suggest_feature'], { error: 'Please select a feedback type.' }),
  message: requiredText('Please enter your feedback message.', TEXT_MAX, 'Feedback'),
});

/** The first message of a failed parse: what a form or a 400 answer shows. */
export function firstIssue(error: z.ZodError): string {
  return error.issues[0]?.message ?? 'Invalid input';
}
