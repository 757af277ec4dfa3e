/** A calendar date as YYYY-MM-DD in the given date's local time (SPEC §3: a practice date is date only). */
export function todayIso(now: Date): string {
  const m = String(now.getMonth() + 1).padStart(2, '0');
  const d = String(now.getDate()).padStart(2, '0');
  return `${now.getFullYear()}-${m}-${d}`;
}

/** SPEC §9 date formats, for date-fns. */
export const DATE_FORMAT = 'MMMM d, yyyy';
/** A note's day; its time follows on the viewer's clock ('h:mm a' for American English, as SPEC §9 has it). */
export const NOTE_DAY_FORMAT = 'MMM d, yyyy';
