import { useTexts, type TextsOf } from '../../i18n/common';
import { NavLink } from '../link';
import { can, type Action, type Role } from '../../../core/permissions';
import { paths } from '../../lib/paths';
import { i18n, type TextKey } from '../../i18n';
import { useEffect, useMemo } from 'react';
import { preloadRoutes } from '../../lib/route-preload';

const messages = i18n('practice-tabs', {
  teams: 'Teams',
});

/** Each tab with what its screen needs to read (the permission table decides who sees it). */
const TABS: { to: string; label: TextKey<{ get(): TextsOf<typeof messages> }>; needs: Action; root?: true }[] = [
  { to: paths.athletes, label: 'athletes', needs: 'roster.read' },
  { to: paths.individualPractice, label: 'pools', needs: 'pool.read', root: true },
  { to: paths.poolResults, label: 'poolResults', needs: 'results.read' },
  { to: paths.tableau, label: 'tableau', needs: 'results.read' },
  { to: paths.finalResults, label: 'finalResults', needs: 'results.read' },
  { to: paths.teams, label: 'teams', needs: 'teams.read' },
];

/** SPEC §2 secondary navigation; Pools is the root tab and also lights up on /team-practice. Guests see no roster or team sheet. */
export function PracticeTabs({ poolsPath, role }: { poolsPath: string; role: Role }) {
  const t = useTexts(messages);
  const tabs = useMemo(() => TABS.filter((tab) => can(role, tab.needs)).map((tab) => ({ ...tab, to: tab.root ? poolsPath : tab.to })), [role, poolsPath]);
  // Every tab's code once the page is idle, so a first switch to a tab waits for no chunk.
  useEffect(() => preloadRoutes(tabs.map((tab) => tab.to)), [tabs]);
  return (
    <nav aria-label={t.practice} className="-mx-4 overflow-x-auto px-4">
      <ul className="flex min-w-max gap-1 border-b border-slate-200">
        {tabs.map((tab) => (
          <li key={tab.label}>
            <NavLink
              to={tab.to}
              end
              className={({ isActive }) =>
                `block border-b-2 px-3 py-2 text-sm font-medium ${
                  isActive ? 'border-slate-900 text-slate-900' : 'border-transparent text-slate-500 hover:text-slate-800'
                }`
              }
            >
              {t[tab.label]}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
