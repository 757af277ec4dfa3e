import { useAtomValue } from 'jotai';
import { useEffect, useState, type FormEvent } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { apiPaths, type SessionInfo } from '../../../core/api';
import { parseForm, prefetchSchemas } from '../../lib/forms';
import { GuestJoinForm } from '../../components/guest-join-form';
import { toast, toastError } from '../../components/ui/toast';
import { api, errorMessage } from '../../lib/api';
import { paths } from '../../paths';
import { applySession, sessionAtom } from '../../state/session';

type Mode = 'signin' | 'signup' | 'reset' | 'guest';

const TITLES: Record<Mode, string> = {
  signin: 'Sign in',
  signup: 'Create an account',
  reset: 'Reset your password',
  guest: 'Join as a guest',
};

/** /auth: sign in, sign up, reset and guest modes (SPEC §2 Auth screen), plus the new-password form. */
export function AuthPage() {
  const session = useAtomValue(sessionAtom);
  useEffect(prefetchSchemas, []);
  const [params, setParams] = useSearchParams();
  const resetToken = params.get('reset_token');
  const [mode, setMode] = useState<Mode>('signin');

  if (session.status === 'signed-in') return <Navigate to={paths.practices} replace />;

  return (
    <div className="flex min-h-screen items-center justify-center px-4 py-10">
      <div className="card w-full max-w-md p-6">
        <p className="text-center text-2xl font-bold tracking-tight">Piste</p>
        <p className="mb-6 text-center text-sm text-slate-500">Pools, tableau and relays for fencing practice</p>
        {params.get('verified') === '1' && (
          <p className="mb-4 rounded-md bg-green-50 p-3 text-sm text-green-800">Your email address is confirmed.</p>
        )}
        {resetToken ? (
          <NewPasswordForm token={resetToken} onDone={() => setParams({})} />
        ) : (
          <>
            <h1 className="mb-4 text-lg font-semibold">{TITLES[mode]}</h1>
            {mode === 'signin' && <SigninForm />}
            {mode === 'signup' && <SignupForm />}
            {mode === 'reset' && <ResetForm onSent={() => setMode('signin')} />}
            {mode === 'guest' && <GuestJoinForm nameLimit={50} failure="auth" />}
            <div className="mt-6 flex flex-wrap justify-center gap-x-4 gap-y-2 text-sm">
              {mode !== 'signin' && <ModeLink onClick={() => setMode('signin')}>Sign in</ModeLink>}
              {mode !== 'signup' && <ModeLink onClick={() => setMode('signup')}>Create an account</ModeLink>}
              {mode !== 'reset' && <ModeLink onClick={() => setMode('reset')}>Forgot password?</ModeLink>}
              {mode !== 'guest' && <ModeLink onClick={() => setMode('guest')}>Join with a room code</ModeLink>}
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

function Field(props: { label: string; name: string; type?: string; value: string; onChange: (v: string) => void; autoComplete?: string; inputMode?: 'numeric'; maxLength?: number }) {
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
function useSubmit() {
  const [busy, setBusy] = useState(false);
  async function run(fn: () => Promise<void>) {
    setBusy(true);
    try {
      await fn();
    } catch (e) {
      toastError(errorMessage(e, 'An unexpected error occurred.'));
    } finally {
      setBusy(false);
    }
  }
  return { busy, run };
}

function SigninForm() {
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const { busy, run } = useSubmit();
  async function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = await parseForm('signinSchema', { email, password });
    if (!parsed.ok) return toastError(parsed.error);
    void run(async () => {
      applySession(await api<SessionInfo>('POST', apiPaths.signin, parsed.data));
      navigate(paths.practices);
    });
  }
  return (
    <form className="space-y-4" onSubmit={submit} noValidate>
      <Field label="Email" name="email" type="email" autoComplete="email" value={email} onChange={setEmail} />
      <Field label="Password" name="password" type="password" autoComplete="current-password" value={password} onChange={setPassword} />
      <button type="submit" className="btn-primary w-full" disabled={busy}>
        Sign In
      </button>
    </form>
  );
}

function SignupForm() {
  const navigate = useNavigate();
  const [fullName, setFullName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const { busy, run } = useSubmit();
  async function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = await parseForm('signupSchema', { full_name: fullName, email, password });
    if (!parsed.ok) return toastError(parsed.error);
    void run(async () => {
      applySession(await api<SessionInfo>('POST', apiPaths.signup, parsed.data));
      toast({ title: 'Success', description: 'Account created successfully! Please check your email to verify your account.' });
      navigate(paths.practices);
    });
  }
  return (
    <form className="space-y-4" onSubmit={submit} noValidate>
      <Field label="Full name" name="full_name" autoComplete="name" value={fullName} onChange={setFullName} />
      <Field label="Email" name="email" type="email" autoComplete="email" value={email} onChange={setEmail} />
      <Field label="Password" name="password" type="password" autoComplete="new-password" value={password} onChange={setPassword} />
      <p className="text-xs text-slate-500">At least 8 characters.</p>
      <button type="submit" className="btn-primary w-full" disabled={busy}>
        Sign Up
      </button>
    </form>
  );
}

function ResetForm({ onSent }: { onSent: () => void }) {
  const [email, setEmail] = useState('');
  const { busy, run } = useSubmit();
  async function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = await parseForm('resetRequestSchema', { email });
    if (!parsed.ok) return toastError(parsed.error);
    void run(async () => {
      await api('POST', apiPaths.resetRequest, parsed.data);
      toast({ title: 'Success', description: 'Password reset email sent! Check your inbox.' });
      onSent();
    });
  }
  return (
    <form className="space-y-4" onSubmit={submit} noValidate>
      <Field label="Email" name="email" type="email" autoComplete="email" value={email} onChange={setEmail} />
      <button type="submit" className="btn-primary w-full" disabled={busy}>
        Send Reset Link
      </button>
    </form>
  );
}

function NewPasswordForm({ token, onDone }: { token: string; onDone: () => void }) {
  const [password, setPassword] = useState('');
  const { busy, run } = useSubmit();
  async function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = await parseForm('resetConfirmSchema', { token, password });
    if (!parsed.ok) return toastError(parsed.error);
    void run(async () => {
      await api('POST', apiPaths.resetConfirm, parsed.data);
      toast({ title: 'Password updated', description: 'Sign in with your new password.' });
      onDone();
    });
  }
  return (
    <form className="space-y-4" onSubmit={submit} noValidate>
      <h1 className="text-lg font-semibold">Choose a new password</h1>
      <Field label="New password" name="new_password" type="password" autoComplete="new-password" value={password} onChange={setPassword} />
      <button type="submit" className="btn-primary w-full" disabled={busy}>
        Update Password
      </button>
    </form>
  );
}
