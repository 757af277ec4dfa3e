import { backupSchema, restoreRows } from '../../core/interop/backup';
import { firstIssue } from '../../core/validation';

/** A backup file restored as the restore route would (numbered ids, fixed clock and codes): the rows it writes. */
export function restoreFile(b: unknown) {
  let n = 0;
  return restoreRows(backupSchema.parse(b), { userId: 'me', now: 99, newId: () => `id${String(++n).padStart(3, '0')}`, roster: new Map(), secrets: () => ({ room_code: '123456', board_id: `board${n}` }) });
}

/** The file's refusal as the restore route answers it (core/validation `firstIssue`), or null when it is accepted. */
export function refusalOf(b: unknown) {
  const checked = backupSchema.safeParse(b);
  return checked.success ? null : firstIssue(checked.error);
}
