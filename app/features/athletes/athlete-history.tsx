import { useTexts, textsOf } from '../../i18n/common';
import { useLanguage } from '../../i18n';
import { compareNames } from '../../../core/names';
import { DateInput } from '../../components/date-input';
import { useMemo, useState } from 'react';
import type { Athlete } from '../../../core/contracts/athletes';
import { headToHead, indicatorByPractice, inRange, recordOf, roundsReached, type HeadToHead } from '../../../core/fencing/history';
import { onDemand } from '../../components/ui/lazy';
import { toast, toastError } from '../../state/toasts';
import { call, client, errorMessage } from '../../lib/api';
import { formatPracticeDate } from '../../lib/dates';
import { useResource } from '../../lib/use-resource';
import { useRoster } from '../../state/roster';
import { params } from '@nanostores/i18n';
import { formatNumber, formatPercent, i18n } from '../../i18n';
import { useResultLetters, useTerms } from '../../i18n/fencing-terms';
import { useStatLabels, type Stat } from '../../components/stats-cells';
import { CardMarks } from '../../components/referee/card-marks';
import { AthleteTeamMatches } from './athlete-team-matches';

const messages = i18n('athlete-history', {
  opponent: 'Opponent',
  loadFailed: 'Failed to load the history',
  linked: 'Entry linked',
  linkedText: params('{name} in {pool} ({practice}) now counts for {athlete}.'),
  loading: 'Loading history...',
  title: 'History',
  from: 'From',
  to: 'To',
  allDates: 'All dates',
  suggest: params('Typed entries with the same name: are they {name}?'),
  linkLabel: params('Link {name} in {pool} of {practice} to {athlete}'),
  possibly: 'spelled differently: possibly the same fencer',
  tsPerBout: 'TS per bout',
  trPerBout: 'TR per bout',
  noBoutsPeriod: params('No bouts in this period. Bouts count once {name} is picked from the roster when pools are set up, or a typed entry is linked.'),
  noBoutsYet: params('No bouts yet. Bouts count once {name} is picked from the roster when pools are set up, or a typed entry is linked.'),
  lastBouts: 'Last bouts',
  score: 'Score',
  where: 'Where',
  rounds: 'Tableau rounds reached',
  noTableau: 'No tableau fenced in this period.',
  h2h: 'Head-to-head',
  noH2h: 'No bout against another roster athlete in this period.',
});

const AthleteCharts = onDemand(() => import('./athlete-charts').then((m) => m.AthleteCharts));

interface Suggestion {
  player_id: string;
  pool_id: string;
  practice_id: string;
  pool: string;
  practice: string;
  date: string;
  name: string;
}

type H2HKey = 'opponent' | 'bouts' | 'victories' | 'defeats' | 'scored' | 'received';
const H2H_COLUMNS: { key: H2HKey; label: 'opponent' | 'bouts' | Stat }[] = [
  { key: 'opponent', label: 'opponent' },
  { key: 'bouts', label: 'bouts' },
  { key: 'victories', label: 'V' },
  { key: 'defeats', label: 'D' },
  { key: 'scored', label: 'TS' },
  { key: 'received', label: 'TR' },
];

const oneDecimal = (x: number) => formatNumber(x, 1);

/**
 * Issue 16, above the notes: the athlete's record, their indicator and rating over time, the last bouts,
 * how far they went in each tableau, their record against every roster opponent and the team matches they fenced
 * relays in (issue 58), all for a date range; and the typed entries that could be them, to link.
 */
export function AthleteHistorySection({ athlete }: { athlete: Athlete }) {
  const t = useTexts(messages);
  const stat = useStatLabels();
  const term = useTerms();
  const { letter } = useResultLetters();
  const history = useResource(`history:${athlete.id}`, () => call(client.athletes[':id'].history.$get({ param: { id: athlete.id } })), () => toastError(textsOf(messages).loadFailed));
  const roster = useRoster();
  const suggestions = useResource(`suggestions:${athlete.id}`, () => call(client.athletes[':id'].suggestions.$get({ param: { id: athlete.id } })));
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [sort, setSort] = useState<{ key: H2HKey; desc: boolean }>({ key: 'bouts', desc: true });

  const data = history.data;
  const nameOf = useMemo(() => new Map((roster.data ?? []).map((a) => [a.id, a.name])), [roster.data]);
  const view = useMemo(() => {
    if (!data) return null;
    const bouts = inRange(data.bouts, from || null, to || null);
    return {
      bouts,
      record: recordOf(bouts),
      indicator: indicatorByPractice(bouts).map((p) => ({ date: p.date, value: p.indicator, label: p.practice })),
      rating: inRange(data.ratings, from || null, to || null).map((p) => ({ date: p.date, value: Math.round(p.rating), label: p.practice ?? '' })),
      rounds: roundsReached(bouts),
      h2h: headToHead(bouts),
      teamMatches: inRange(data.team_matches, from || null, to || null),
    };
  }, [data, from, to]);

  const language = useLanguage();
  const h2h = useMemo(() => {
    if (!view) return [];
    const compare = compareNames(language);
    const value = (h: HeadToHead) => (sort.key === 'opponent' ? nameOf.get(h.opponent_id) ?? '' : h[sort.key]);
    return [...view.h2h].sort((a, b) => {
      const x = value(a);
      const y = value(b);
      const c = typeof x === 'string' ? compare(x, y as string) : x - (y as number);
      return sort.desc ? -c : c;
    });
  }, [view, sort, nameOf, language]);

  async function link(s: Suggestion) {
    try {
      await call(client.practices[':practiceId'].pools[':poolId'].players[':playerId'].athlete.$put({ param: { practiceId: s.practice_id, poolId: s.pool_id, playerId: s.player_id }, json: { athlete_id: athlete.id } }));
      toast({ title: t.linked, description: t.linkedText({ name: s.name, pool: s.pool, practice: s.practice, athlete: athlete.name }) });
      await Promise.all([history.reload(), suggestions.reload()]);
    } catch (e) {
      toastError(errorMessage(e, t.linkFailed));
    }
  }

  if (!view || !data) return <p className="text-sm text-slate-600" role="status">{t.loading}</p>;
  const th = 'px-3 py-2 text-left text-xs font-semibold uppercase tracking-wide text-slate-600';
  const { record } = view;

  return (
    <section className="space-y-4" aria-labelledby="history-title">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="history-title" className="text-lg font-semibold">{t.title}</h2>
        <div className="flex flex-wrap items-end gap-2">
          <div>
            <label className="label" htmlFor="history-from">{t.from}</label>
            <DateInput id="history-from" value={from} max={to || undefined} onChange={(e) => setFrom(e.target.value)} />
          </div>
          <div>
            <label className="label" htmlFor="history-to">{t.to}</label>
            <DateInput id="history-to" value={to} min={from || undefined} onChange={(e) => setTo(e.target.value)} />
          </div>
          {(from || to) && <button type="button" className="btn-ghost" onClick={() => { setFrom(''); setTo(''); }}>{t.allDates}</button>}
        </div>
      </div>

      {(suggestions.data?.length ?? 0) > 0 && (
        <div className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm" data-testid="link-suggestions">
          <p className="font-medium text-amber-900">{t.suggest({ name: athlete.name })}</p>
          <ul className="mt-2 space-y-1">
            {suggestions.data!.map((s) => (
              <li key={s.player_id} className="flex flex-wrap items-center justify-between gap-2">
                <span>{s.name} · {s.pool} · {s.practice}, {formatPracticeDate(s.date)}{s.possible && <em className="text-amber-900"> ({t.possibly})</em>}</span>
                <button type="button" className="btn-secondary px-2 py-1" onClick={() => link(s)} aria-label={t.linkLabel({ name: s.name, pool: s.pool, practice: s.practice, athlete: athlete.name })}>{t.link}</button>
              </li>
            ))}
          </ul>
        </div>
      )}

      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-7" data-testid="athlete-record">
        {([
          ['Bouts', t.bouts, record.bouts],
          ['V', stat('V').label, record.victories],
          ['D', stat('D').label, record.defeats],
          ['Win %', t.winRate, record.bouts ? formatPercent(record.winRate) : '—'],
          ['TS per bout', t.tsPerBout, record.bouts ? oneDecimal(record.scoredPerBout) : '—'],
          ['TR per bout', t.trPerBout, record.bouts ? oneDecimal(record.receivedPerBout) : '—'],
          ['Rating', t.rating, data.rating === null ? '—' : Math.round(data.rating)],
        ] as const).map(([key, label, value]) => (
          <div key={key} className="card p-3">
            <dt className="text-xs font-semibold uppercase tracking-wide text-slate-600">{label}</dt>
            <dd className="text-xl font-bold tabular-nums" data-stat={key}>{value}</dd>
          </div>
        ))}
      </dl>

      {record.bouts === 0 ? (
        <p className="card p-6 text-center text-sm text-slate-600">
          {(from || to ? t.noBoutsPeriod : t.noBoutsYet)({ name: athlete.name })}
        </p>
      ) : (
        <>
          <AthleteCharts indicator={view.indicator} rating={view.rating} />

          <div className="grid gap-4 lg:grid-cols-2">
            {/* Scrolls sideways on a phone: focusable and named, so a keyboard scrolls it too (issue 29). */}
            <div className="card overflow-x-auto focus-visible:outline-2 focus-visible:outline-sky-600" tabIndex={0} role="region" aria-label={t.lastBouts}>
              <h3 className="px-3 pt-3 font-semibold">{t.lastBouts}</h3>
              <table className="w-full text-sm" data-testid="last-bouts">
                <thead className="border-b border-slate-200">
                  <tr><th scope="col" className={th}>{t.date}</th><th scope="col" className={th}>{t.opponent}</th><th scope="col" className={th}>{t.score}</th><th scope="col" className={th}>{t.where}</th></tr>
                </thead>
                <tbody className="divide-y divide-slate-100">
                  {view.bouts.slice(0, 10).map((b, i) => (
                    <tr key={i} data-testid="last-bout">
                      <td className="whitespace-nowrap px-3 py-2">{formatPracticeDate(b.date)}</td>
                      <td className="px-3 py-2">{b.opponent_id ? nameOf.get(b.opponent_id) ?? b.opponent : b.opponent}</td>
                      <td className={`px-3 py-2 font-semibold tabular-nums ${b.victory ? 'text-green-700' : 'text-red-700'}`}><span className="inline-flex items-center gap-1"><CardMarks side={b.cards} />{letter(b.victory)} {b.scored}–{b.received}<CardMarks side={b.opponent_cards} /></span></td>
                      <td className="px-3 py-2 text-slate-600">{b.practice} · {term.text(b.phase, b.rounds ?? 0)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <div className="card p-3">
              <h3 className="font-semibold">{t.rounds}</h3>
              {view.rounds.length === 0 ? (
                <p className="mt-2 text-sm text-slate-600">{t.noTableau}</p>
              ) : (
                <ul className="mt-2 divide-y divide-slate-100 text-sm" data-testid="rounds-reached">
                  {view.rounds.map((r) => (
                    <li key={r.practice_id} className="flex justify-between gap-2 py-1.5"><span>{r.practice} · {formatPracticeDate(r.date)}</span><span className="font-medium">{term.text(r.stage, r.rounds)}</span></li>
                  ))}
                </ul>
              )}
            </div>
          </div>

          <div className="card overflow-x-auto">
            <h3 className="px-3 pt-3 font-semibold">{t.h2h}</h3>
            {h2h.length === 0 ? (
              <p className="p-3 text-sm text-slate-600">{t.noH2h}</p>
            ) : (
              <table className="w-full text-sm" data-testid="head-to-head">
                <thead className="border-b border-slate-200">
                  <tr>
                    {H2H_COLUMNS.map((c) => (
                      <th key={c.key} scope="col" className={th} aria-sort={sort.key === c.key ? (sort.desc ? 'descending' : 'ascending') : undefined}>
                        <button type="button" className="inline-flex items-center gap-1 uppercase hover:text-slate-900" onClick={() => setSort((s) => ({ key: c.key, desc: s.key === c.key ? !s.desc : c.key !== 'opponent' }))}>
                          {c.label === 'opponent' || c.label === 'bouts' ? t[c.label] : stat(c.label).label}<span aria-hidden="true">{sort.key === c.key ? (sort.desc ? '▼' : '▲') : ''}</span>
                        </button>
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100">
                  {h2h.map((h) => (
                    <tr key={h.opponent_id} data-testid="h2h-row">
                      <td className="px-3 py-2 font-medium">{nameOf.get(h.opponent_id) ?? '—'}</td>
                      <td className="px-3 py-2 tabular-nums">{h.bouts}</td>
                      <td className="px-3 py-2 tabular-nums">{h.victories}</td>
                      <td className="px-3 py-2 tabular-nums">{h.defeats}</td>
                      <td className="px-3 py-2 tabular-nums">{h.scored}</td>
                      <td className="px-3 py-2 tabular-nums">{h.received}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </div>
        </>
      )}

      <AthleteTeamMatches matches={view.teamMatches} />
    </section>
  );
}
