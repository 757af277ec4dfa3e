import { Link } from 'react-router';
import { paths } from '../../paths';

/** Any unknown path (SPEC §2). */
export function NotFoundPage() {
  return (
    <div className="flex min-h-screen flex-col items-center justify-center gap-4 px-4 text-center">
      <p className="text-6xl font-bold text-slate-500">404</p>
      <h1 className="text-xl font-semibold">Oops! Page not found.</h1>
      <Link to={paths.home} className="btn-primary">
        Return to Home
      </Link>
    </div>
  );
}
