import { Link } from '../../components/link';
import { GuestJoinForm } from '../../components/guest-join-form';
import { paths } from '../../lib/paths';
import { i18n, useStore } from '../../i18n';
import { LanguagePicker } from '../../i18n/language-picker';

const messages = i18n('guest-join-page', {
  title: 'Join a practice',
  text: 'Enter the 6-digit room code your coach shows.',
  coach: 'Coach? Sign in',
  go: 'Go to guest join',
});

/** /guest-join: a 6-digit room code and an optional name (at most 50 characters). */
export function GuestJoinPage() {
  const t = useStore(messages);
  return (
    <div className="flex min-h-screen items-center justify-center px-4">
      <div className="card w-full max-w-md p-6">
        <h1 className="mb-1 text-lg font-semibold">{t.title}</h1>
        <p className="mb-4 text-sm text-slate-600">{t.text}</p>
        <GuestJoinForm nameLimit={50} failure="page" />
        <div className="mt-4 flex justify-center"><LanguagePicker /></div>
        <p className="mt-4 text-center text-sm">
          <Link to={paths.auth} className="text-sky-700 hover:underline">
            {t.coach}
          </Link>
        </p>
      </div>
    </div>
  );
}

/** /guest-join/{code}: only a button to the join page (SPEC §2). */
export function GuestJoinCodePage() {
  const t = useStore(messages);
  return (
    <div className="flex min-h-screen items-center justify-center px-4">
      <Link to={paths.guestJoin} className="btn-primary">
        {t.go}
      </Link>
    </div>
  );
}
