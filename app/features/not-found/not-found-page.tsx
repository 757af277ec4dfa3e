import { Link } from '../../components/link';
import { paths } from '../../lib/paths';
import { i18n, useStore } from '../../i18n';

const messages = i18n('not-found-page', {
  title: 'Oops! Page not found.',
  home: 'Return to Home',
});

/** Any unknown path (SPEC §2). */
export function NotFoundPage() {
  const t = useStore(messages);
  return (
    <div className="flex min-h-screen flex-col items-center justify-center gap-4 px-4 text-center">
      <p className="text-6xl font-bold text-slate-500">404</p>
      <h1 className="text-xl font-semibold">{t.title}</h1>
      <Link to={paths.home} className="btn-primary">
        {t.home}
      </Link>
    </div>
  );
}
