import { textsOf, useTexts } from '../../i18n/common';
import { useState } from 'react';
import { Dialog } from '../../components/ui/dialog';
import { toast, toastError } from '../../state/toasts';
import { call, client, errorMessage } from '../../lib/api';
import { downloadFile } from '../../lib/files';
import type { AccountBackup } from '../../../core/interop/backup';
import { reloadPractices } from '../../state/practices';
import { count, params } from '@nanostores/i18n';
import { i18n } from '../../i18n';

const messages = i18n('backup-dialog', {
  downloaded: 'Backup downloaded',
  downloadedText: 'Keep the file safe: Restore a backup brings it back into any account.',
  failed: 'Failed to make the backup',
  tooLarge: 'This file is too large to be a Piste backup (at most 4 MB).',
  notBackup: 'This is not a Piste backup file.',
  notJson: 'This file is not a Piste backup (it is not JSON).',
  restored: 'Backup restored',
  restoredText: params('Added {athletes}, {practices}, {pools} and {bouts}.'),
  restoredWithDays: params('Added {athletes}, {practices}, {pools}, {bouts} and {days}.'),
  practices: count({ one: '{count} practice', other: '{count} practices' }),
  pools: count({ one: '{count} pool', other: '{count} pools' }),
  bouts: count({ one: '{count} bout', other: '{count} bouts' }),
  days: count({ one: '{count} competition day', other: '{count} competition days' }),
  restoreFailed: 'Failed to restore the backup',
  title: 'Restore a backup',
  description: 'Adds the athletes, practices and competition days of a Piste backup file to this account. Athletes already in your roster (same name) are kept as they are; nothing is deleted.',
  file: 'Backup file',
  summary: params('{name}: {athletes} and {practices}.'),
  summaryWithDays: params('{name}: {athletes}, {practices} and {days}.'),
  restore: 'Restore',
});

/** The largest backup file restored (the server takes 4 MB). */
const BACKUP_FILE_MAX = 4 * 1024 * 1024;

/** Downloads the coach's whole account as one JSON file (issue 15). */
export async function downloadBackup() {
  try {
    const backup = await call(client.account.backup.$get());
    downloadFile(`piste-backup-${new Date().toISOString().slice(0, 10)}.json`, JSON.stringify(backup, null, 1), 'application/json');
    toast({ title: textsOf(messages).downloaded, description: textsOf(messages).downloadedText });
  } catch (e) {
    toastError(errorMessage(e, textsOf(messages).failed));
  }
}

/**
 * Restores a backup file into this account (issue 15): everything in it is added (new ids, sharing off),
 * athletes already in the roster by name are kept as they are; the server checks the whole file first and
 * writes all of it or nothing.
 */
export function RestoreDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const t = useTexts(messages);
  const [file, setFile] = useState<{ name: string; body: AccountBackup; athletes: number; practices: number; days: number } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function pick(f: File | undefined) {
    setFile(null);
    setProblem(null);
    if (!f) return;
    if (f.size > BACKUP_FILE_MAX) return setProblem(t.tooLarge);
    try {
      // Read as the backup it says it is: the server checks every field of it before a restore writes anything.
      const body = JSON.parse(await f.text()) as Partial<AccountBackup> | null;
      if (body?.format !== 'piste-backup') return setProblem(t.notBackup);
      setFile({ name: f.name, body: body as AccountBackup, athletes: body.athletes?.length ?? 0, practices: body.practices?.length ?? 0, days: body.days?.length ?? 0 });
    } catch {
      setProblem(t.notJson);
    }
  }

  async function restore() {
    if (!file) return;
    setBusy(true);
    try {
      const s = await call(client.account.restore.$post({ json: file.body }));
      await reloadPractices();
      const counts = { athletes: t.athleteCount(s.athletes), practices: t.practices(s.practices), pools: t.pools(s.pools), bouts: t.bouts(s.bouts) };
      // Competition days (issue 28) are named only when the file had some.
      toast({ title: t.restored, description: s.days > 0 ? t.restoredWithDays({ ...counts, days: t.days(s.days) }) : t.restoredText(counts) });
      onOpenChange(false);
    } catch (e) {
      setProblem(errorMessage(e, t.restoreFailed));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={t.title} description={t.description}>
      <div className="space-y-3">
        <div>
          <label className="label" htmlFor="backup-file">{t.file}</label>
          <input id="backup-file" type="file" accept=".json,application/json" className="block w-full text-sm" onChange={(e) => void pick(e.target.files?.[0])} />
        </div>
        {file && (
          <p className="text-sm text-slate-700" data-testid="backup-summary">
            {file.days > 0
              ? t.summaryWithDays({ name: file.name, athletes: t.athleteCount(file.athletes), practices: t.practices(file.practices), days: t.days(file.days) })
              : t.summary({ name: file.name, athletes: t.athleteCount(file.athletes), practices: t.practices(file.practices) })}
          </p>
        )}
        {problem && <p role="alert" className="text-sm font-medium text-red-700">{problem}</p>}
        <div className="flex justify-end gap-2">
          <button type="button" className="btn-secondary" onClick={() => onOpenChange(false)}>{t.cancel}</button>
          <button type="button" className="btn-primary" disabled={!file || busy} onClick={restore}>{t.restore}</button>
        </div>
      </div>
    </Dialog>
  );
}
