import { useTexts } from '../../i18n/common';
import { useEffect, useState, type FormEvent } from 'react';
import { Dialog } from '../../components/ui/dialog';
import { i18n } from '../../i18n';

const messages = i18n('pool-name-dialog', {
  update: 'Update Pool',
  edit: 'Edit Pool',
  name: 'Pool name',
});

interface PoolNameDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  mode: 'create' | 'edit';
  initialName?: string;
  onSubmit: (name: string) => Promise<boolean>;
}

/** SPEC §2 pool dialogs: create (empty) or edit (pre-filled); the button waits for a non-empty trimmed name. */
export function PoolNameDialog({ open, onOpenChange, mode, initialName = '', onSubmit }: PoolNameDialogProps) {
  const t = useTexts(messages);
  const [name, setName] = useState(initialName);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (open) setName(mode === 'edit' ? initialName : '');
  }, [open, mode, initialName]);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) return;
    setBusy(true);
    const ok = await onSubmit(trimmed);
    setBusy(false);
    if (ok) {
      setName('');
      onOpenChange(false);
    }
  }

  const label = mode === 'create' ? t.createPool : t.update;
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={mode === 'create' ? t.createPool : t.edit}>
      <form onSubmit={submit} className="space-y-4">
        <div>
          <label className="label" htmlFor="pool-name">{t.name}</label>
          <input id="pool-name" className="input" value={name} maxLength={100} autoFocus onChange={(e) => setName(e.target.value)} />
        </div>
        <div className="flex justify-end gap-2">
          <button type="button" className="btn-secondary" onClick={() => onOpenChange(false)}>{t.cancel}</button>
          <button type="submit" className="btn-primary" disabled={busy || name.trim() === ''}>{label}</button>
        </div>
      </form>
    </Dialog>
  );
}
