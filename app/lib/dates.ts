import { format, parseISO } from 'date-fns';
import { DATE_FORMAT, NOTE_DATE_FORMAT } from '../../core/dates';

/** A practice date (YYYY-MM-DD) as 'MMMM d, yyyy'. */
export const formatPracticeDate = (date: string) => format(parseISO(date), DATE_FORMAT);

/** A note's timestamp as 'MMM d, yyyy h:mm a'. */
export const formatNoteDate = (ms: number) => format(new Date(ms), NOTE_DATE_FORMAT);
