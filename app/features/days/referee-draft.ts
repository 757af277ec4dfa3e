import { count, params } from '@nanostores/i18n';
import type { DayReferee } from '../../../core/contracts/days';
import type { Athlete } from '../../../core/contracts/athletes';
import { textsOf } from '../../i18n/common';
import { i18n } from '../../i18n';

const messages = i18n('referee-draft', {
  noneRead: 'No referee could be read from this file: it needs a name column (and a club column if you like).',
  refereeCount: count({ one: '{count} referee', other: '{count} referees' }),
  fileRead: params('{read} read from {file}'),
  fileErrors: count({ one: '{count} line with an error was skipped.', other: '{count} lines with errors were skipped.' }),
  fileRepeated: count({ one: '{count} was already on the list.', other: '{count} were already on the list.' }),
});

/**
 * A referee as the form holds it: the server's id for one that stays, none for a new one; a roster
 * athlete's name and club are shown as the roster has them (the server takes them from there too).
 */
export type RefereeDraft = { key: string; id?: string; name: string; club: string | null; athlete_id: string | null };

let drafted = 0;
export const draftOf = (r: DayReferee): RefereeDraft => ({ key: r.id, id: r.id, name: r.name, club: r.club, athlete_id: r.athlete_id });
export const typedDraft = (name: string, club: string | null): RefereeDraft => ({ key: `new-${++drafted}`, name, club, athlete_id: null });
export const rosterDraft = (a: Athlete): RefereeDraft => ({ key: `new-${++drafted}`, name: a.name, club: a.club, athlete_id: a.id });

/** The list as PUT /days/{id}/referees takes it: the whole ordered list, ids kept. */
export const refereesBody = (draft: RefereeDraft[]) => ({
  referees: draft.map((r) =>
    r.athlete_id ? { ...(r.id ? { id: r.id } : {}), name: r.name, athlete_id: r.athlete_id } : { ...(r.id ? { id: r.id } : {}), name: r.name, club: r.club },
  ),
});

/** What a referees file gave: the new typed referees, and a sentence saying how many were read. */
export interface RefereesFromFile {
  added: RefereeDraft[];
  summary: string;
}

/**
 * The referees of a CSV (or FIE XML) file, read as a roster file is (name and club columns, a header in any
 * of the five languages or none); bad rows and names already listed are skipped and counted. A file with no
 * readable referee is refused with a message in the viewer's language (thrown as an Error).
 */
export async function refereesFromFile(file: File, listed: RefereeDraft[]): Promise<RefereesFromFile> {
  const [{ readRosterFile, RosterFileError }, { sameNameKey: nameKey }, { localMessage }] = await Promise.all([
    import('../../lib/roster-file'),
    import('../../../core/names'),
    import('../../i18n/core-messages'),
  ]);
  const t = textsOf(messages);
  let rows: Awaited<ReturnType<typeof readRosterFile>>;
  try {
    rows = await readRosterFile(file);
  } catch (e) {
    throw new Error(e instanceof RosterFileError ? localMessage(e.message) : t.unreadableFile);
  }
  const good = rows.filter((r) => !r.error && r.name !== '');
  if (good.length === 0) throw new Error(t.noneRead);
  const seen = new Set(listed.map((r) => nameKey(r.name)));
  const added = good.flatMap((r) => {
    const key = nameKey(r.name);
    if (seen.has(key)) return [];
    seen.add(key);
    return [typedDraft(r.name, r.club)];
  });
  const skipped = rows.length - good.length;
  const repeated = good.length - added.length;
  const summary = [t.fileRead({ read: t.refereeCount(added.length), file: file.name }), skipped > 0 && t.fileErrors(skipped), repeated > 0 && t.fileRepeated(repeated)];
  return { added, summary: summary.filter(Boolean).join(' ') };
}
