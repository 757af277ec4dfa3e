import { textsOf, useTexts } from '../../i18n/common';
import { params } from '@nanostores/i18n';
import { useAtomValue } from 'jotai';
import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Navigate } from '../../components/link';
import { useSearch } from '../../lib/use-search';
import { parseForm, prefetchSchemas } from '../../lib/forms';
import { onDemand } from '../../components/ui/lazy';
import { LanguagePicker } from '../../i18n/language-picker';
import { toastError } from '../../state/toasts';
import { call, client, errorMessage } from '../../lib/api';
import { paths } from '../../lib/paths';
import { applySession, sessionAtom } from '../../state/session';
import { i18n } from '../../i18n';

// The sign-in form comes with the page; the forms of its other modes (sign up, reset, the room code) and a reset
// link's new password load when one first opens (issue 13: the sign-in page's first load under 100 KB).
const GuestJoinForm = onDemand(() => import('../../components/guest-join-form').then((m) => m.GuestJoinForm));
const SignupForm = onDemand(() => import('./account-forms').then((m) => m.SignupForm));
const ResetForm = onDemand(() => import('./account-forms').then((m) => m.ResetForm));
const NewPasswordForm = onDemand(() => import('./account-forms').then((m) => m.NewPasswordForm));
const ConfirmAccountForm = onDemand(() => import('./account-forms').then((m) => m.ConfirmAccountForm));

/** The auth screen's texts: one namespace for all its forms (./account-forms reads them too, as its Field and useSubmit). */
export const messages = i18n('auth-page', {
  signinTitle: 'Sign in',
  signupTitle: 'Create an account',
  resetTitle: 'Reset your password',
  guestTitle: 'Join as a guest',
  tagline: 'Pools, tableau and relays for fencing practice',
  linkUsed: 'This link was already used or has expired. If you confirmed your address, sign in; otherwise sign up again for a new link.',
  forgot: 'Forgot password?',
  joinWithCode: 'Join with a room code',
  email: 'Email',
  password: 'Password',
  signIn: 'Sign In',
  created: 'Account created successfully! Please check your email to verify your account.',
  fullName: 'Full name',
  signUp: 'Sign Up',
  checkTitle: 'Check your email',
  checkText: params('We sent a mail to {email}. Open the link in it to confirm your address and sign in. Nothing after a few minutes? Look in your spam folder, or send it again.'),
  sendAgain: 'Send the link again',
  sentAgain: 'Asked again: the mail should arrive within minutes.',
  otherAddress: 'Use another address',
  signinHint: 'Just signed up? Open the link we mailed you first.',
  resetSent: 'Password reset email sent! Check your inbox.',
  sendReset: 'Send Reset Link',
  updated: 'Password updated',
  updatedText: 'Sign in with your new password.',
  newPasswordTitle: 'Choose a new password',
  update: 'Update Password',
  confirmTitle: 'Confirm your account',
  confirmText: params('This link confirms the Piste account of {name} ({email}). Enter the password you chose when you signed up.'),
  confirmButton: 'Confirm and sign in',
  notYours: 'Did not sign up, or not with this name? Leave this page: without the password chosen at that sign-up, nothing changes.',
  checking: 'Checking the link…',
});

export function Field(props: { label: string; name: string; type?: string; value: string; onChange: (v: string) => void; autoComplete?: string; inputMode?: 'numeric'; maxLength?: number }) {
  return (
    <div>
      <label className="label" htmlFor={props.name}>
        {props.label}
      </label>
      <input
        id={props.name}
        name={props.name}
        type={props.type ?? 'text'}
        className="input"
        value={props.value}
        autoComplete={props.autoComplete}
        inputMode={props.inputMode}
        maxLength={props.maxLength}
        onChange={(e) => props.onChange(e.target.value)}
      />
    </div>
  );
}

/** Runs a submit with a busy flag; a thrown error is shown as the server's message or the fallback. */
export function useSubmit() {
  const [busy, setBusy] = useState(false);
  async function run(fn: () => Promise<void>) {
    setBusy(true);
    try {
      await fn();
    } catch (e) {
      toastError(errorMessage(e, textsOf(messages).unexpected));
    } finally {
      setBusy(false);
    }
  }
  return { busy, run };
}

type Mode = 'signin' | 'signup' | 'reset' | 'guest';

const TITLES = { signin: 'signinTitle', signup: 'signupTitle', reset: 'resetTitle', guest: 'guestTitle' } as const satisfies Record<Mode, keyof ReturnType<typeof messages.get>>;

/** /auth: sign in, sign up, reset and guest modes (SPEC §2 Auth screen), plus the new-password form. */
export function AuthPage() {
  const t = useTexts(messages);
  const session = useAtomValue(sessionAtom);
  useEffect(prefetchSchemas, []);
  const [search, setSearch] = useSearch();
  const resetToken = search.get('reset_token');
  const verifyToken = search.get('verify_token');
  // The "someone tried to sign up with your address" mail links to /auth?mode=reset.
  const [mode, setMode] = useState<Mode>(search.get('mode') === 'reset' ? 'reset' : 'signin');

  if (session.status === 'signed-in') return <Navigate to={paths.practices} replace />;

  return (
    <div className="flex min-h-screen items-center justify-center px-4 py-10">
      <div className="card w-full max-w-md p-6">
        <p className="text-center text-2xl font-bold tracking-tight">Piste</p>
        <p className="mb-6 text-center text-sm text-slate-500">{t.tagline}</p>
        {search.get('verified') === '0' && (
          <p className="mb-4 rounded-md bg-amber-50 p-3 text-sm text-amber-900" role="status">{t.linkUsed}</p>
        )}
        <div className="mb-4 flex justify-center"><LanguagePicker /></div>
        {verifyToken ? (
          <ConfirmAccountForm token={verifyToken} onInvalid={() => setSearch(new URLSearchParams({ verified: '0' }))} />
        ) : resetToken ? (
          <NewPasswordForm token={resetToken} onDone={() => setSearch(new URLSearchParams())} />
        ) : (
          <>
            <h1 className="mb-4 text-lg font-semibold">{t[TITLES[mode]]}</h1>
            {mode === 'signin' && <SigninForm />}
            {mode === 'signup' && <SignupForm />}
            {mode === 'reset' && <ResetForm onSent={() => setMode('signin')} />}
            {mode === 'guest' && <GuestJoinForm nameLimit={50} failure="auth" />}
            <div className="mt-6 flex flex-wrap justify-center gap-x-4 gap-y-2 text-sm">
              {mode !== 'signin' && <ModeLink onClick={() => setMode('signin')}>{t.signinTitle}</ModeLink>}
              {mode !== 'signup' && <ModeLink onClick={() => setMode('signup')}>{t.signupTitle}</ModeLink>}
              {mode !== 'reset' && <ModeLink onClick={() => setMode('reset')}>{t.forgot}</ModeLink>}
              {mode !== 'guest' && <ModeLink onClick={() => setMode('guest')}>{t.joinWithCode}</ModeLink>}
            </div>
          </>
        )}
      </div>
    </div>
  );
}

function ModeLink({ onClick, children }: { onClick: () => void; children: string }) {
  return (
    <button type="button" className="text-sky-700 hover:underline" onClick={onClick}>
      {children}
    </button>
  );
}

function SigninForm() {
  const t = useTexts(messages);
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const { busy, run } = useSubmit();
  async function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = await parseForm('signinSchema', { email, password });
    if (!parsed.ok) return toastError(parsed.error);
    void run(async () => {
      applySession(await call(client.auth.signin.$post({ json: parsed.data })));
      navigate(paths.practices);
    });
  }
  return (
    <form className="space-y-4" onSubmit={submit} noValidate>
      <Field label={t.email} name="email" type="email" autoComplete="email" value={email} onChange={setEmail} />
      <Field label={t.password} name="password" type="password" autoComplete="current-password" value={password} onChange={setPassword} />
      <p className="text-xs text-slate-500">{t.signinHint}</p>
      <button type="submit" className="btn-primary w-full" disabled={busy}>
        {t.signIn}
      </button>
    </form>
  );
}
