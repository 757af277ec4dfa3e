import { format, isValid, parseISO } from 'date-fns';
import { DATE_FORMAT, NOTE_DAY_FORMAT } from '../../core/dates';
import { currentDateLocale, formatTime } from '../i18n';

/**
 * A practice date (YYYY-MM-DD, the coach's calendar day) in the current language: 'MMMM d, yyyy' in English
 * (SPEC §9), the language's own long date otherwise ('22 novembre 2026').
 */
export const formatPracticeDate = (date: string) => {
  const parsed = parseISO(date);
  // A date the server refused never arrives; should one slip through, show it as stored rather than crash.
  if (!isValid(parsed)) return date;
  const locale = currentDateLocale();
  return locale ? format(parsed, 'PPP', { locale }) : format(parsed, DATE_FORMAT);
};

/**
 * A note's timestamp: the date ('MMM d, yyyy' in English) and the time on the viewer's clock, 12 or 24 hours
 * as their browser's language has it (SPEC §9's 'h:mm a' for American English).
 */
export function formatNoteDate(ms: number) {
  const locale = currentDateLocale();
  return `${locale ? format(ms, 'PP', { locale }) : format(ms, NOTE_DAY_FORMAT)} ${formatTime(new Date(ms))}`;
}
