import { params } from '@nanostores/i18n';
import type { AthleteTeamMatch } from '../../../core/fencing/relay-history';
import { useStatLabels } from '../../components/stats-cells';
import { i18n } from '../../i18n';
import { useTexts } from '../../i18n/common';
import { useTerms } from '../../i18n/fencing-terms';
import { formatPracticeDate } from '../../lib/dates';

const messages = i18n('athlete-team-matches', {
  title: 'Team matches fenced',
  match: 'Match',
  versus: params('{team} v {opponent}'),
  relays: 'Relays fenced',
  won: 'won',
  lost: 'lost',
  notOver: 'not over',
});

/**
 * Issue 58, in the athlete's history: the team matches they fenced relays in (the relays they fenced only, the reserve
 * brought in counting from where they came in), with the touches their team scored and received in those relays and
 * how their team's match ended. Nothing when they fenced none.
 */
export function AthleteTeamMatches({ matches }: { matches: readonly AthleteTeamMatch[] }) {
  const t = useTexts(messages);
  const stat = useStatLabels();
  const term = useTerms();
  if (matches.length === 0) return null;
  const th = 'px-3 py-2 text-left text-xs font-semibold uppercase tracking-wide text-slate-600';
  const result = (m: AthleteTeamMatch) => (m.victory === null ? t.notOver : m.victory ? t.won : t.lost);
  const tone = (m: AthleteTeamMatch) => (m.victory === null ? 'text-slate-600' : m.victory ? 'text-green-700' : 'text-red-700');
  return (
    // Scrolls sideways on a phone: focusable and named, so a keyboard scrolls it too (issue 29).
    <div className="card overflow-x-auto focus-visible:outline-2 focus-visible:outline-sky-600" tabIndex={0} role="region" aria-label={t.title}>
      <h3 className="px-3 pt-3 font-semibold">{t.title}</h3>
      <table className="w-full text-sm" data-testid="team-matches">
        <thead className="border-b border-slate-200">
          <tr>
            <th scope="col" className={th}>{t.date}</th>
            <th scope="col" className={th}>{t.match}</th>
            <th scope="col" className={th}>{t.relays}</th>
            <th scope="col" className={th} title={`${stat('TS').tooltip} – ${stat('TR').tooltip}`}>{stat('TS').label}–{stat('TR').label}</th>
            <th scope="col" className={th}>{t.result}</th>
            <th scope="col" className={th}>{t.practice}</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {matches.map((m) => (
            <tr key={`${m.practice_id}:${m.round}:${m.phase}`} data-testid="team-match">
              <td className="whitespace-nowrap px-3 py-2">{formatPracticeDate(m.date)}</td>
              <td className="px-3 py-2">
                {t.versus({ team: m.team, opponent: m.opponent })}
                {m.reserve && <span className="ml-2 rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-700">{t.reserveTag}</span>}
              </td>
              <td className="px-3 py-2 tabular-nums">{m.relays}</td>
              <td className="px-3 py-2 tabular-nums">{m.scored}–{m.received}</td>
              <td className={`px-3 py-2 font-semibold ${tone(m)}`}>{result(m)}</td>
              <td className="px-3 py-2 text-slate-600">{m.practice} · {term.text(m.phase, m.rounds)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
