import { Link, Outlet } from 'react-router';
import { paths } from '../../paths';
import { AccountMenu } from './account-menu';

/** The frame of every signed-in screen: brand, account menu, then the screen. */
export function AppShell() {
  return (
    <div className="min-h-screen">
      <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur">
        <div className="mx-auto flex max-w-6xl items-center justify-between gap-3 px-4 py-3">
          <Link to={paths.practices} className="text-lg font-bold tracking-tight">
            Piste
          </Link>
          <AccountMenu />
        </div>
      </header>
      <main className="mx-auto max-w-6xl px-4 py-6">
        <Outlet />
      </main>
    </div>
  );
}
