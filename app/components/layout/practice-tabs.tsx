import { NavLink } from 'react-router';
import { paths } from '../../paths';

const TABS = [
  { to: paths.athletes, label: 'Athletes' },
  { to: paths.individualPractice, label: 'Pools', root: true },
  { to: paths.poolResults, label: 'Pool Results' },
  { to: paths.tableau, label: 'Tableau' },
  { to: paths.finalResults, label: 'Final Results' },
  { to: paths.teams, label: 'Teams' },
] as const;

const GUEST_HIDDEN = new Set<string>([paths.athletes, paths.teams]);

/** SPEC §2 secondary navigation; Pools is the root tab and also lights up on /team-practice. Guests see no roster or team sheet. */
export function PracticeTabs({ poolsPath, guest = false }: { poolsPath: string; guest?: boolean }) {
  return (
    <nav aria-label="Practice" className="-mx-4 overflow-x-auto px-4">
      <ul className="flex min-w-max gap-1 border-b border-slate-200">
        {TABS.filter((t) => !guest || !GUEST_HIDDEN.has(t.to)).map((tab) => (
          <li key={tab.label}>
            <NavLink
              to={'root' in tab ? poolsPath : tab.to}
              end
              className={({ isActive }) =>
                `block border-b-2 px-3 py-2 text-sm font-medium ${
                  isActive ? 'border-slate-900 text-slate-900' : 'border-transparent text-slate-500 hover:text-slate-800'
                }`
              }
            >
              {tab.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
