import { useTexts } from '../../i18n/common';
import { useState, type FormEvent } from 'react';
import { parseForm } from '../../lib/forms';
import { Dialog } from '../../components/ui/dialog';
import { toast, toastError } from '../../state/toasts';
import { call, client, errorMessage } from '../../lib/api';
import { applySession } from '../../state/session';
import { i18n } from '../../i18n';

const messages = i18n('password-dialog', {
  description: 'Every other device signed in to your account is signed out; this one stays signed in.',
  current: 'Current password',
  changed: 'Password changed. Your other devices were signed out.',
});

/** The account menu's Change password: the current password, then the new one; every other session ends. */
export function PasswordDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (o: boolean) => void }) {
  const t = useTexts(messages);
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = await parseForm('changePasswordSchema', { current_password: current, password: next });
    if (!parsed.ok) return toastError(parsed.error);
    setBusy(true);
    try {
      // The answer is this browser's new session (its old one ended with the others).
      applySession(await call(client.auth.password.$post({ json: parsed.data })));
      toast({ title: t.success, description: t.changed });
      setCurrent('');
      setNext('');
      onOpenChange(false);
    } catch (error) {
      toastError(errorMessage(error, t.unexpected));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={t.changePassword} description={t.description}>
      <form className="space-y-4" onSubmit={submit} noValidate>
        <div>
          <label className="label" htmlFor="current-password">{t.current}</label>
          <input id="current-password" type="password" className="input" autoComplete="current-password" value={current} onChange={(e) => setCurrent(e.target.value)} />
        </div>
        <div>
          <label className="label" htmlFor="new-password">{t.newPassword}</label>
          <input id="new-password" type="password" className="input" autoComplete="new-password" value={next} onChange={(e) => setNext(e.target.value)} />
          <p className="mt-1 text-xs text-slate-500">{t.minLength}</p>
        </div>
        <div className="flex justify-end gap-2">
          <button type="button" className="btn-secondary" onClick={() => onOpenChange(false)}>{t.cancel}</button>
          <button type="submit" className="btn-primary" disabled={busy}>{t.changePassword}</button>
        </div>
      </form>
    </Dialog>
  );
}
