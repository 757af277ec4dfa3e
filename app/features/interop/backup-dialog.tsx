import { useState } from 'react';
import { apiPaths } from '../../../core/api';
import type { RestoreSummary } from '../../../core/interop/backup';
import { Dialog } from '../../components/ui/dialog';
import { toast, toastError } from '../../components/ui/toast';
import { api, errorMessage } from '../../lib/api';
import { downloadFile } from '../../lib/files';
import { reloadPractices } from '../../state/practices';

/** The largest backup file restored (the server takes 8 MB). */
const BACKUP_FILE_MAX = 8 * 1024 * 1024;

/** Downloads the coach's whole account as one JSON file (issue 15). */
export async function downloadBackup() {
  try {
    const backup = await api<unknown>('GET', apiPaths.accountBackup);
    downloadFile(`piste-backup-${new Date().toISOString().slice(0, 10)}.json`, JSON.stringify(backup, null, 1), 'application/json');
    toast({ title: 'Backup downloaded', description: 'Keep the file safe: Restore a backup brings it back into any account.' });
  } catch (e) {
    toastError(errorMessage(e, 'Failed to make the backup'));
  }
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * Restores a backup file into this account (issue 15): everything in it is added (new ids, sharing off),
 * athletes already in the roster by name are kept as they are; the server checks the whole file first and
 * writes all of it or nothing.
 */
export function RestoreDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const [file, setFile] = useState<{ name: string; body: unknown; athletes: number; practices: number } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function pick(f: File | undefined) {
    setFile(null);
    setProblem(null);
    if (!f) return;
    if (f.size > BACKUP_FILE_MAX) return setProblem('This file is too large to be a Piste backup (at most 8 MB).');
    try {
      const body = JSON.parse(await f.text()) as { format?: unknown; athletes?: unknown[]; practices?: unknown[] };
      if (body?.format !== 'piste-backup') return setProblem('This is not a Piste backup file.');
      setFile({ name: f.name, body, athletes: body.athletes?.length ?? 0, practices: body.practices?.length ?? 0 });
    } catch {
      setProblem('This file is not a Piste backup (it is not JSON).');
    }
  }

  async function restore() {
    if (!file) return;
    setBusy(true);
    try {
      const s = await api<RestoreSummary>('POST', apiPaths.accountRestore, file.body);
      await reloadPractices();
      toast({ title: 'Backup restored', description: `Added ${plural(s.athletes, 'athlete', 'athletes')}, ${plural(s.practices, 'practice', 'practices')}, ${plural(s.pools, 'pool', 'pools')} and ${plural(s.bouts, 'bout', 'bouts')}.` });
      onOpenChange(false);
    } catch (e) {
      setProblem(errorMessage(e, 'Failed to restore the backup'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Restore a backup" description="Adds the athletes and practices of a Piste backup file to this account. Athletes already in your roster (same name) are kept as they are; nothing is deleted.">
      <div className="space-y-3">
        <div>
          <label className="label" htmlFor="backup-file">Backup file</label>
          <input id="backup-file" type="file" accept=".json,application/json" className="block w-full text-sm" onChange={(e) => void pick(e.target.files?.[0])} />
        </div>
        {file && <p className="text-sm text-slate-700" data-testid="backup-summary">{file.name}: {plural(file.athletes, 'athlete', 'athletes')} and {plural(file.practices, 'practice', 'practices')}.</p>}
        {problem && <p role="alert" className="text-sm font-medium text-red-700">{problem}</p>}
        <div className="flex justify-end gap-2">
          <button type="button" className="btn-secondary" onClick={() => onOpenChange(false)}>Cancel</button>
          <button type="button" className="btn-primary" disabled={!file || busy} onClick={restore}>Restore</button>
        </div>
      </div>
    </Dialog>
  );
}
