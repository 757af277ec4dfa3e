import { useTexts } from '../../i18n/common';
import { useMemo, useState } from 'react';
import type { Athlete } from '../../../core/contracts/athletes';
import type { RosterRow } from '../../../core/interop/csv';
import { classifyImport, type ImportStatus } from '../../../core/interop/roster-import';
import { localMessage } from '../../i18n/core-messages';
import { IMPORT_MAX } from '../../../core/limits';
import { Dialog } from '../../components/ui/dialog';
import { toast, toastError } from '../../state/toasts';
import { call, client, errorMessage } from '../../lib/api';
import { readRosterFile, readRosterText, ROSTER_FILE_ACCEPT, RosterFileError } from '../../lib/roster-file';
import { count, params } from '@nanostores/i18n';
import { i18n } from '../../i18n';
import { formatRating } from '../../../core/fencing/national-rating';

const messages = i18n('roster-import-dialog', {
  noFencers: 'No fencers found in this file.',
  tooMany: params('This file has {count} rows: at most {max} can be imported at once.'),
  imported: count({ one: 'Imported {count} athlete', other: 'Imported {count} athletes' }),
  skipped: count({ one: '{count} row was not imported (errors or already in the roster).', other: '{count} rows were not imported (errors or already in the roster).' }),
  allImported: 'Every row was imported.',
  failed: 'Failed to import athletes',
  title: 'Import athletes',
  description: 'From a spreadsheet saved as CSV (name, club, ranking; a header row is recognised) or an FIE XML file from another tournament program.',
  file: 'Choose a file',
  paste: 'Or paste the rows',
  pastePlaceholder: 'Name,Club,Ranking\nAnna Rossi,Milano,12',
  preview: 'Preview',
  summary: params('{fresh} new · {listed} already listed · {errors} with errors'),
  line: 'Line',
  name: 'Name',
  ranking: 'Ranking',
  status: 'Status',
  empty: '(empty)',
  statusNew: 'New',
  statusExisting: 'Already in the roster',
  statusRepeated: 'Repeated in the file',
  possibly: params('possibly {name} in your roster (spelled differently): imported as new'),
  import: count({ one: 'Import {count} athlete', other: 'Import {count} athletes' }),
});

const STATUS_LABEL = { new: 'statusNew', existing: 'statusExisting', repeated: 'statusRepeated', error: 'error' } as const satisfies Record<ImportStatus, string>;

const STATUS_STYLE: Record<ImportStatus, string> = {
  new: 'bg-green-100 text-green-900',
  existing: 'bg-slate-100 text-slate-700',
  repeated: 'bg-slate-100 text-slate-700',
  error: 'bg-red-100 text-red-900',
};

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  roster: Athlete[];
  onImported: (created: Athlete[]) => void;
}

/**
 * Issue 15: fencers from a spreadsheet (CSV: comma, semicolon or tab; a header row or name, club, ranking)
 * or from another tournament program (FIE XML), previewed row by row (new, already in the roster, error
 * with its reason) before anything is written. Bad rows never block the good ones.
 */
export function RosterImportDialog({ open, onOpenChange, roster, onImported }: Props) {
  const t = useTexts(messages);
  const [rows, setRows] = useState<RosterRow[] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [pasted, setPasted] = useState('');
  const [busy, setBusy] = useState(false);
  const decisions = useMemo(() => (rows ? classifyImport(rows, roster.map((a) => a.name)) : []), [rows, roster]);
  const count = (s: ImportStatus) => decisions.filter((d) => d.status === s).length;
  const fresh = count('new');
  // Issue 30: a US file's ratings are shown in their own column; files without any keep the usual columns.
  const rated = decisions.some((d) => d.row.details.national_rating);

  /** Shows what a file or the pasted rows hold, or why they cannot be read. */
  async function show(read: () => RosterRow[] | Promise<RosterRow[]>) {
    try {
      const result = await read();
      setRows(result);
      setProblem(result.length === 0 ? t.noFencers : result.length > IMPORT_MAX ? t.tooMany({ count: result.length, max: IMPORT_MAX }) : null);
    } catch (e) {
      setRows(null);
      setProblem(e instanceof RosterFileError ? localMessage(e.message) : t.unreadableFile);
    }
  }

  async function submit() {
    const good = decisions.filter((d) => d.status === 'new').map((d) => ({ line: d.row.line, name: d.row.name, club: d.row.club, ranking: d.row.ranking, details: d.row.details }));
    setBusy(true);
    try {
      const answer = await call(client.athletes.import.$post({ json: { athletes: good } }));
      onImported(answer.created);
      const skipped = decisions.length - answer.created.length;
      toast({
        title: t.imported(answer.created.length),
        description: skipped > 0 ? t.skipped(skipped) : t.allImported,
      });
      setRows(null);
      setPasted('');
      onOpenChange(false);
    } catch (e) {
      toastError(errorMessage(e, t.failed));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={t.title} description={t.description} wide>
      <div className="space-y-4">
        <div>
          <label className="label" htmlFor="roster-file">{t.file}</label>
          <input id="roster-file" type="file" accept={ROSTER_FILE_ACCEPT} className="block w-full text-sm" onChange={(e) => { const file = e.target.files?.[0]; if (file) void show(() => readRosterFile(file)); }} />
        </div>
        <div>
          <label className="label" htmlFor="roster-paste">{t.paste}</label>
          <textarea id="roster-paste" className="input min-h-24 font-mono text-sm" value={pasted} onChange={(e) => setPasted(e.target.value)} placeholder={t.pastePlaceholder} />
          <button type="button" className="btn-secondary mt-2" disabled={pasted.trim() === ''} onClick={() => void show(() => readRosterText(pasted))}>{t.preview}</button>
        </div>
        {problem && <p role="alert" className="text-sm font-medium text-red-700">{problem}</p>}
        {rows && rows.length > 0 && (
          <>
            <p className="text-sm text-slate-700" data-testid="import-summary" aria-live="polite">
              {t.summary({ fresh, listed: count('existing') + count('repeated'), errors: count('error') })}
            </p>
            <div className="max-h-72 overflow-auto rounded border border-slate-200 focus-visible:outline-2 focus-visible:outline-sky-600" tabIndex={0} role="region" aria-label={t.preview}>
              <table className="w-full text-sm" data-testid="import-preview">
                <thead className="sticky top-0 bg-slate-50 text-left text-xs uppercase text-slate-600">
                  <tr>
                    <th scope="col" className="px-2 py-1">{t.line}</th>
                    <th scope="col" className="px-2 py-1">{t.name}</th>
                    <th scope="col" className="px-2 py-1">{t.club}</th>
                    <th scope="col" className="px-2 py-1">{t.ranking}</th>
                    {rated && <th scope="col" className="px-2 py-1">{t.usafRating}</th>}
                    <th scope="col" className="px-2 py-1">{t.status}</th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100">
                  {decisions.map((d, i) => (
                    <tr key={i} data-testid="import-row" data-status={d.status}>
                      <td className="px-2 py-1 tabular-nums text-slate-500">{d.row.line}</td>
                      <td className="px-2 py-1">{d.row.name || <span className="text-slate-500">{t.empty}</span>}</td>
                      <td className="px-2 py-1">{d.row.club}</td>
                      <td className="px-2 py-1 tabular-nums">{d.row.ranking}</td>
                      {rated && <td className="px-2 py-1" data-testid="import-rating">{formatRating(d.row.details.national_rating)}</td>}
                      <td className="px-2 py-1">
                        <span className={`rounded px-1.5 py-0.5 text-xs font-medium ${STATUS_STYLE[d.status]}`}>
                          {t[STATUS_LABEL[d.status]]}{d.reason ? `: ${localMessage(d.reason)}` : ''}
                        </span>
                        {d.possible && <span className="ml-1 text-xs text-amber-900" data-testid="import-possible">{t.possibly({ name: d.possible })}</span>}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        )}
        <div className="flex justify-end gap-2">
          <button type="button" className="btn-secondary" onClick={() => onOpenChange(false)}>{t.cancel}</button>
          <button type="button" className="btn-primary" disabled={busy || fresh === 0 || (rows?.length ?? 0) > IMPORT_MAX} onClick={submit}>
            {t.import(fresh)}
          </button>
        </div>
      </div>
    </Dialog>
  );
}
