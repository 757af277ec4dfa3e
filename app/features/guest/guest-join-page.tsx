import { Link } from 'react-router';
import { GuestJoinForm } from '../../components/guest-join-form';
import { paths } from '../../paths';

/** /guest-join: a 6-digit room code and an optional name (at most 50 characters). */
export function GuestJoinPage() {
  return (
    <div className="flex min-h-screen items-center justify-center px-4">
      <div className="card w-full max-w-md p-6">
        <h1 className="mb-1 text-lg font-semibold">Join a practice</h1>
        <p className="mb-4 text-sm text-slate-600">Enter the 6-digit room code your coach shows.</p>
        <GuestJoinForm nameLimit={50} failure="page" />
        <p className="mt-4 text-center text-sm">
          <Link to={paths.auth} className="text-sky-700 hover:underline">
            Coach? Sign in
          </Link>
        </p>
      </div>
    </div>
  );
}

/** /guest-join/{code}: only a button to the join page (SPEC §2). */
export function GuestJoinCodePage() {
  return (
    <div className="flex min-h-screen items-center justify-center px-4">
      <Link to={paths.guestJoin} className="btn-primary">
        Go to guest join
      </Link>
    </div>
  );
}
