import { useTexts } from '../../i18n/common';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { parseForm } from '../../lib/forms';
import { toast, toastError } from '../../state/toasts';
import { ApiError, call, client } from '../../lib/api';
import { paths } from '../../lib/paths';
import { applySession } from '../../state/session';
import { Field, messages, useSubmit } from './auth-page';

// The auth screen's forms other than sign-in (auth-page.tsx), loaded when one first opens: a visitor
// who signs in never loads them.

/**
 * Sign-up answers the same for a new address and a known one (issue 25): the form then says to check the
 * mailbox, where the link that confirms the address and signs in waits (or word that the address has an account).
 */
export function SignupForm() {
  const t = useTexts(messages);
  const [fullName, setFullName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [sent, setSent] = useState<{ full_name: string; email: string; password: string } | null>(null);
  const { busy, run } = useSubmit();
  async function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = await parseForm('signupSchema', { full_name: fullName, email, password });
    if (!parsed.ok) return toastError(parsed.error);
    void run(async () => {
      await call(client.auth.signup.$post({ json: parsed.data }));
      setSent(parsed.data);
      toast({ title: t.success, description: t.created });
    });
  }
  // Sending again is the same sign-up (and the same limits): the latest link is the one that opens.
  function sendAgain() {
    if (!sent) return;
    void run(async () => {
      await call(client.auth.signup.$post({ json: sent }));
      toast({ title: t.success, description: t.sentAgain });
    });
  }
  if (sent) {
    return (
      <div className="space-y-4" data-testid="check-email">
        <h2 className="text-base font-semibold">{t.checkTitle}</h2>
        <p className="rounded-md bg-green-50 p-3 text-sm text-green-800" role="status">{t.created}</p>
        <p className="text-sm text-slate-600">{t.checkText({ email: sent.email })}</p>
        <button type="button" className="btn-secondary w-full" disabled={busy} onClick={sendAgain}>
          {t.sendAgain}
        </button>
        <button type="button" className="w-full text-sm text-sky-700 hover:underline" onClick={() => setSent(null)}>
          {t.otherAddress}
        </button>
      </div>
    );
  }
  return (
    <form className="space-y-4" onSubmit={submit} noValidate>
      <Field label={t.fullName} name="full_name" autoComplete="name" value={fullName} onChange={setFullName} />
      <Field label={t.email} name="email" type="email" autoComplete="email" value={email} onChange={setEmail} />
      <Field label={t.password} name="password" type="password" autoComplete="new-password" value={password} onChange={setPassword} />
      <p className="text-xs text-slate-500">{t.minLength}</p>
      <button type="submit" className="btn-primary w-full" disabled={busy}>
        {t.signUp}
      </button>
    </form>
  );
}

export function ResetForm({ onSent }: { onSent: () => void }) {
  const t = useTexts(messages);
  const [email, setEmail] = useState('');
  const { busy, run } = useSubmit();
  async function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = await parseForm('resetRequestSchema', { email });
    if (!parsed.ok) return toastError(parsed.error);
    void run(async () => {
      await call(client.auth.reset.$post({ json: parsed.data }));
      toast({ title: t.success, description: t.resetSent });
      onSent();
    });
  }
  return (
    <form className="space-y-4" onSubmit={submit} noValidate>
      <Field label={t.email} name="email" type="email" autoComplete="email" value={email} onChange={setEmail} />
      <button type="submit" className="btn-primary w-full" disabled={busy}>
        {t.sendReset}
      </button>
    </form>
  );
}

export function NewPasswordForm({ token, onDone }: { token: string; onDone: () => void }) {
  const t = useTexts(messages);
  const [password, setPassword] = useState('');
  const { busy, run } = useSubmit();
  async function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = await parseForm('resetConfirmSchema', { token, password });
    if (!parsed.ok) return toastError(parsed.error);
    void run(async () => {
      await call(client.auth.reset.confirm.$post({ json: parsed.data }));
      toast({ title: t.updated, description: t.updatedText });
      onDone();
    });
  }
  return (
    <form className="space-y-4" onSubmit={submit} noValidate>
      <h1 className="text-lg font-semibold">{t.newPasswordTitle}</h1>
      <Field label={t.newPassword} name="new_password" type="password" autoComplete="new-password" value={password} onChange={setPassword} />
      <button type="submit" className="btn-primary w-full" disabled={busy}>
        {t.update}
      </button>
    </form>
  );
}

/**
 * A mailed verification link's page: it says whose account the link confirms, and opens only with the password
 * chosen at that sign-up (a second sign-up of the same address mails a link of its own, which the mailbox's owner
 * cannot open with their password). Then the account is confirmed and this browser signed in.
 */
export function ConfirmAccountForm({ token, onInvalid }: { token: string; onInvalid: () => void }) {
  const t = useTexts(messages);
  const navigate = useNavigate();
  const [account, setAccount] = useState<{ email: string; full_name: string } | null>(null);
  const [password, setPassword] = useState('');
  const { busy, run } = useSubmit();
  const invalid = useRef(onInvalid);
  invalid.current = onInvalid;
  useEffect(() => {
    let stale = false;
    call(client.auth.verify.peek.$post({ json: { token } }))
      .then((found) => !stale && setAccount(found))
      .catch((e: unknown) => {
        if (stale) return;
        if (e instanceof ApiError && e.status === 400) invalid.current();
        else toastError(e instanceof ApiError ? e.message : t.unexpected);
      });
    return () => void (stale = true);
  }, [token, t.unexpected]);
  async function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = await parseForm('verifyConfirmSchema', { token, password });
    if (!parsed.ok) return toastError(parsed.error);
    void run(async () => {
      applySession(await call(client.auth.verify.$post({ json: parsed.data })));
      navigate(paths.practices, { replace: true });
    });
  }
  if (!account) return <p className="text-sm text-slate-500" role="status">{t.checking}</p>;
  return (
    <form className="space-y-4" onSubmit={submit} noValidate data-testid="confirm-account">
      <h1 className="text-lg font-semibold">{t.confirmTitle}</h1>
      <p className="text-sm text-slate-700">{t.confirmText({ name: account.full_name, email: account.email })}</p>
      <Field label={t.password} name="password" type="password" autoComplete="current-password" value={password} onChange={setPassword} />
      <button type="submit" className="btn-primary w-full" disabled={busy}>
        {t.confirmButton}
      </button>
      <p className="text-xs text-slate-500">{t.notYours}</p>
    </form>
  );
}
