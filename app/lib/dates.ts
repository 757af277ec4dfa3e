import { format, isValid, parseISO } from 'date-fns';
import { DATE_FORMAT, NOTE_DATE_FORMAT } from '../../core/dates';

/** A practice date (YYYY-MM-DD) as 'MMMM d, yyyy'. */
export const formatPracticeDate = (date: string) => {
  const parsed = parseISO(date);
  // A date the server refused never arrives; should one slip through, show it as stored rather than crash.
  return isValid(parsed) ? format(parsed, DATE_FORMAT) : date;
};

/** A note's timestamp as 'MMM d, yyyy h:mm a'. */
export const formatNoteDate = (ms: number) => format(new Date(ms), NOTE_DATE_FORMAT);
