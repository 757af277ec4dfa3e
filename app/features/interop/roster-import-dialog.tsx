import { useMemo, useState } from 'react';
import { apiPaths, type Athlete } from '../../../core/api';
import type { RosterRow } from '../../../core/interop/csv';
import { classifyImport, IMPORT_STATUS_LABEL, type ImportStatus } from '../../../core/interop/roster-import';
import { IMPORT_MAX } from '../../../core/validation';
import { Dialog } from '../../components/ui/dialog';
import { toast, toastError } from '../../components/ui/toast';
import { api, errorMessage } from '../../lib/api';
import { readRosterFile, readRosterText, RosterFileError } from './roster-file';

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
  const [rows, setRows] = useState<RosterRow[] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [pasted, setPasted] = useState('');
  const [busy, setBusy] = useState(false);
  const decisions = useMemo(() => (rows ? classifyImport(rows, roster.map((a) => a.name)) : []), [rows, roster]);
  const count = (s: ImportStatus) => decisions.filter((d) => d.status === s).length;
  const fresh = count('new');

  /** Shows what a file or the pasted rows hold, or why they cannot be read. */
  async function show(read: () => RosterRow[] | Promise<RosterRow[]>) {
    try {
      const result = await read();
      setRows(result);
      setProblem(result.length === 0 ? 'No fencers found in this file.' : result.length > IMPORT_MAX ? `This file has ${result.length} rows: at most ${IMPORT_MAX} can be imported at once.` : null);
    } catch (e) {
      setRows(null);
      setProblem(e instanceof RosterFileError ? e.message : 'This file could not be read.');
    }
  }

  async function submit() {
    const good = decisions.filter((d) => d.status === 'new').map((d) => ({ line: d.row.line, name: d.row.name, club: d.row.club, ranking: d.row.ranking }));
    setBusy(true);
    try {
      const answer = await api<{ created: Athlete[] }>('POST', apiPaths.athleteImport, { athletes: good });
      onImported(answer.created);
      const skipped = decisions.length - answer.created.length;
      toast({
        title: `Imported ${answer.created.length} ${answer.created.length === 1 ? 'athlete' : 'athletes'}`,
        description: skipped > 0 ? `${skipped} ${skipped === 1 ? 'row was' : 'rows were'} not imported (errors or already in the roster).` : 'Every row was imported.',
      });
      setRows(null);
      setPasted('');
      onOpenChange(false);
    } catch (e) {
      toastError(errorMessage(e, 'Failed to import athletes'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Import athletes" description="From a spreadsheet saved as CSV (name, club, ranking; a header row is recognised) or an FIE XML file from another tournament program." wide>
      <div className="space-y-4">
        <div>
          <label className="label" htmlFor="roster-file">Choose a file</label>
          <input id="roster-file" type="file" accept=".csv,.tsv,.txt,.xml,text/csv,text/xml,application/xml" className="block w-full text-sm" onChange={(e) => { const file = e.target.files?.[0]; if (file) void show(() => readRosterFile(file)); }} />
        </div>
        <div>
          <label className="label" htmlFor="roster-paste">Or paste the rows</label>
          <textarea id="roster-paste" className="input min-h-24 font-mono text-sm" value={pasted} onChange={(e) => setPasted(e.target.value)} placeholder={'Name,Club,Ranking\nAnna Rossi,Milano,12'} />
          <button type="button" className="btn-secondary mt-2" disabled={pasted.trim() === ''} onClick={() => void show(() => readRosterText(pasted))}>Preview</button>
        </div>
        {problem && <p role="alert" className="text-sm font-medium text-red-700">{problem}</p>}
        {rows && rows.length > 0 && (
          <>
            <p className="text-sm text-slate-700" data-testid="import-summary" aria-live="polite">
              {fresh} new · {count('existing') + count('repeated')} already listed · {count('error')} with errors
            </p>
            <div className="max-h-72 overflow-auto rounded border border-slate-200">
              <table className="w-full text-sm" data-testid="import-preview">
                <thead className="sticky top-0 bg-slate-50 text-left text-xs uppercase text-slate-600">
                  <tr>
                    <th scope="col" className="px-2 py-1">Line</th>
                    <th scope="col" className="px-2 py-1">Name</th>
                    <th scope="col" className="px-2 py-1">Club</th>
                    <th scope="col" className="px-2 py-1">Ranking</th>
                    <th scope="col" className="px-2 py-1">Status</th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100">
                  {decisions.map((d, i) => (
                    <tr key={i} data-testid="import-row" data-status={d.status}>
                      <td className="px-2 py-1 tabular-nums text-slate-500">{d.row.line}</td>
                      <td className="px-2 py-1">{d.row.name || <span className="text-slate-500">(empty)</span>}</td>
                      <td className="px-2 py-1">{d.row.club}</td>
                      <td className="px-2 py-1 tabular-nums">{d.row.ranking}</td>
                      <td className="px-2 py-1">
                        <span className={`rounded px-1.5 py-0.5 text-xs font-medium ${STATUS_STYLE[d.status]}`}>
                          {IMPORT_STATUS_LABEL[d.status]}{d.reason ? `: ${d.reason}` : ''}
                        </span>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        )}
        <div className="flex justify-end gap-2">
          <button type="button" className="btn-secondary" onClick={() => onOpenChange(false)}>Cancel</button>
          <button type="button" className="btn-primary" disabled={busy || fresh === 0 || (rows?.length ?? 0) > IMPORT_MAX} onClick={submit}>
            Import {fresh} {fresh === 1 ? 'athlete' : 'athletes'}
          </button>
        </div>
      </div>
    </Dialog>
  );
}
