import { useEffect, type ReactNode } from 'react';
import { prefetchSchemas } from '../../lib/forms';
import { ProtectedRoute } from './protected-route';
import { useAtomValue } from 'jotai';
import { Outlet } from 'react-router';
import { Link } from '../link';
import { offlineViewAtom } from '../../lib/offline-cache';
import { paths } from '../../lib/paths';
import { i18n, useStore } from '../../i18n';

const messages = i18n('app-shell', {
  offline: 'offline, showing the last saved state',
});

/**
 * The frame of every signed-in screen: brand, the account menu (`menu`: features/account puts it there, so
 * this frame imports no feature), an offline notice when it applies, then the screen.
 */
export function AppShell({ menu }: { menu: ReactNode }) {
  const t = useStore(messages);
  const offline = useAtomValue(offlineViewAtom);
  return (
    <div className="min-h-screen">
      <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur">
        <div className="mx-auto flex max-w-6xl items-center justify-between gap-3 px-4 py-3">
          <Link to={paths.practices} className="text-lg font-bold tracking-tight">
            Piste
          </Link>
          {menu}
        </div>
        {offline && (
          <p className="border-t border-amber-200 bg-amber-50 px-4 py-2 text-center text-sm font-medium text-amber-900" role="status" data-testid="offline-notice">
            {t.offline}
          </p>
        )}
      </header>
      <main className="mx-auto max-w-6xl px-4 py-3 sm:py-6">
        <Outlet />
      </main>
    </div>
  );
}

/** The signed-in shell, as the router mounts it: only for a coach or a guest with a session. */
export function ProtectedAppShell({ menu }: { menu: ReactNode }) {
  // The forms of the coach's screens check their input with the server's schemas, loaded once idle.
  useEffect(prefetchSchemas, []);
  return (
    <ProtectedRoute>
      <AppShell menu={menu} />
    </ProtectedRoute>
  );
}
