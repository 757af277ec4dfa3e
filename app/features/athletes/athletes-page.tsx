import { textsOf, useTexts, type TextsOf } from '../../i18n/common';
import { useMemo, useState, type FormEvent } from 'react';
import { Link } from '../../components/link';
import type { Athlete } from '../../../core/contracts/athletes';
import { parseForm } from '../../lib/forms';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Spinner } from '../../components/ui/spinner';
import { toast, toastError } from '../../state/toasts';
import { call, client, errorMessage } from '../../lib/api';
import { paths } from '../../lib/paths';
import { useResource } from '../../lib/use-resource';
import { onDemand } from '../../components/ui/lazy';
import { CSV_TYPE, downloadFile } from '../../lib/files';
import { formatPracticeDate } from '../../lib/dates';
import { readStorage, writeStorage } from '../../lib/storage';
import type { AthleteSummary } from '../../../core/fencing/history';
import { compareRatings, formatRating, type NationalRating } from '../../../core/fencing/national-rating';
import { useRoster } from '../../state/roster';
import { params } from '@nanostores/i18n';
import { formatPercent, i18n, useLanguage, type TextKey } from '../../i18n';
import { compareNames, nameIndex } from '../../../core/names';

const messages = i18n('athletes-page', {
  exportUs: 'Export for USA Fencing',
  exportUsHelp: 'The roster as a CSV in the USA Fencing / askFRED columns: Last Name, First Name, Club(s), Rating, USFA #, Division',
  sortName: 'Sort by name',
  ratingHelp: 'Elo rating from every bout against another roster athlete (start 1500)',
  winHelp: 'Share of bouts won, pools and tableau',
  boutsHelp: 'Bouts fenced in your practices',
  last: 'Last practice',
  lastHelp: 'The latest practice they fenced in',
  added: 'Athlete added successfully',
  addFailed: 'Failed to add athlete',
  deleted: 'Athlete deleted successfully',
  deleteFailed: 'Failed to delete athlete',
  import: 'Import…',
  name: 'Athlete name',
  clubOptional: 'Club (optional)',
  add: 'Add Athlete',
  empty: 'No athletes yet. Add the fencers you coach.',
  nationalHelp: 'USA Fencing rating: A (highest) to E, newer year first, then U (unrated)',
  ranked: params('ranked {ranking}'),
  editLabel: params('Edit {name}'),
  sameAthlete: params('{name} is already in your roster (same name).'),
  possibleAthlete: params('Possibly {name}, already in your roster (spelled differently).'),
  confirmTitle: 'Delete athlete?',
  confirmText: params('Are you sure you want to delete {name}? Their notes are deleted too. This action cannot be undone.'),
});

const RosterImportDialog = onDemand(() => import('./roster-import-dialog').then((m) => m.RosterImportDialog));
const AthleteEditDialog = onDemand(() => import('./athlete-edit-dialog').then((m) => m.AthleteEditDialog));


type SortKey = 'name' | 'national' | 'rating' | 'win' | 'bouts' | 'last';
type Sort = { key: SortKey; dir: 'asc' | 'desc' };

type Key = TextKey<{ get(): TextsOf<typeof messages> }>;

/** Issue 16: the roster's columns, each sortable; the sort is remembered on this device. */
const COLUMNS: { key: SortKey; label: Key; numeric: boolean; help: Key }[] = [
  { key: 'name', label: 'athlete', numeric: false, help: 'sortName' },
  { key: 'national', label: 'usafRating', numeric: false, help: 'nationalHelp' },
  { key: 'rating', label: 'rating', numeric: true, help: 'ratingHelp' },
  { key: 'win', label: 'winRate', numeric: true, help: 'winHelp' },
  { key: 'bouts', label: 'bouts', numeric: true, help: 'boutsHelp' },
  { key: 'last', label: 'last', numeric: true, help: 'lastHelp' },
];
const SORT_KEY = 'roster_sort';
/** Before the summaries arrive (one object, so the sorted list is not recomputed on every render). */
const NO_SUMMARIES: Record<string, AthleteSummary> = {};

function readSort(): Sort {
  const [key, dir] = (readStorage(SORT_KEY) ?? '').split(':');
  return COLUMNS.some((c) => c.key === key) && (dir === 'asc' || dir === 'desc') ? { key: key as SortKey, dir } : { key: 'name', dir: 'asc' };
}

/** The value a column sorts by; an athlete without it sorts last whatever the direction. */
function sortValue(key: SortKey, a: Athlete, s: AthleteSummary | undefined): string | number | NationalRating | null {
  if (key === 'name') return a.name;
  if (key === 'national') return a.national_rating;
  if (key === 'rating') return s?.rating ?? null;
  if (key === 'win') return s?.bouts ? s.victories / s.bouts : null;
  if (key === 'bouts') return s?.bouts ?? 0;
  return s?.last_practice ?? null;
}

/** /athletes: the coach's roster; add, rename, delete with confirmation. */
export function AthletesPage() {
  const t = useTexts(messages);
  const roster = useRoster(() => toastError(textsOf(messages).loadAthletesFailed));
  const athletes = roster.status === 'error' ? [] : roster.data;
  const setAthletes = roster.update;
  const [name, setName] = useState('');
  const [club, setClub] = useState('');
  const [editing, setEditing] = useState<Athlete | null>(null);
  const [deleting, setDeleting] = useState<Athlete | null>(null);
  const [importing, setImporting] = useState(false);
  const summaryResource = useResource('roster-summaries', () => call(client.athletes.summaries.$get()));
  const summaries = summaryResource.data ?? NO_SUMMARIES;
  const [sort, setSort] = useState<Sort>(readSort);
  // Issue 32: names sort in the coach's language (Ørsted, Peña, Strauß where a reader of it expects them).
  const language = useLanguage();
  const compare = useMemo(() => compareNames(language), [language]);
  const byName = (a: Athlete, b: Athlete) => compare(a.name, b.name);
  // Issue 32: a duplicate warned about as the name is typed, by the one rule for the same name (not blocking).
  const findName = useMemo(() => nameIndex(athletes ?? []), [athletes]);
  const twin = name.trim() ? findName(name) : null;
  const sortBy = (key: SortKey) => {
    const next: Sort = sort.key === key ? { key, dir: sort.dir === 'asc' ? 'desc' : 'asc' } : { key, dir: key === 'name' ? 'asc' : 'desc' };
    setSort(next);
    writeStorage(SORT_KEY, `${next.key}:${next.dir}`);
  };
  const sorted = useMemo(() => {
    const list = [...(athletes ?? [])];
    return list.sort((a, b) => {
      const x = sortValue(sort.key, a, summaries[a.id]);
      const y = sortValue(sort.key, b, summaries[b.id]);
      if (x === null || y === null) return x === y ? byName(a, b) : x === null ? 1 : -1;
      // Issue 30: a national rating sorts by its strength (A23 above A22 above B25 … above U), like a number.
      const c = typeof x === 'string' ? compare(x, y as string) : typeof x === 'number' ? x - (y as number) : compareRatings(y as NationalRating, x);
      return (sort.dir === 'asc' ? c : -c) || byName(a, b);
    });
  }, [athletes, summaries, sort, compare]);

  async function add(e: FormEvent) {
    e.preventDefault();
    const parsed = await parseForm('athleteSchema', { name, club });
    if (!parsed.ok) return toastError(parsed.error);
    try {
      const athlete = await call(client.athletes.$post({ json: parsed.data }));
      setAthletes((list) => [...list, athlete].sort(byName));
      setName('');
      setClub('');
      toast({ title: t.success, description: t.added });
    } catch (err) {
      toastError(errorMessage(err, t.addFailed));
    }
  }

  async function remove(a: Athlete) {
    try {
      await call(client.athletes[':id'].$delete({ param: { id: a.id } }));
      setAthletes((list) => list.filter((x) => x.id !== a.id));
      toast({ title: t.success, description: t.deleted });
    } catch {
      toastError(t.deleteFailed);
    }
  }

  return (
    <div className="space-y-6">
      <div>
        <Link to={paths.practices} className="text-sm text-sky-700 hover:underline">
          {t.backToTournament}
        </Link>
        <div className="mt-2 flex flex-wrap items-center justify-between gap-2">
          <h1 className="text-2xl font-bold">{t.myAthletes}</h1>
          <div className="flex flex-wrap gap-2">
            <button type="button" className="btn-secondary" onClick={() => setImporting(true)}>{t.import}</button>
            <button type="button" className="btn-secondary" disabled={!athletes?.length} onClick={async () => {
              const { rosterCsv } = await import('../../../core/interop/exports');
              downloadFile('athletes.csv', rosterCsv(athletes ?? []), CSV_TYPE);
            }}>{t.exportCsv}</button>
            <button type="button" className="btn-secondary" disabled={!athletes?.length} title={t.exportUsHelp} onClick={async () => {
              const { usFencingCsv } = await import('../../../core/interop/exports');
              downloadFile('athletes-usa-fencing.csv', usFencingCsv(athletes ?? []), CSV_TYPE);
            }}>{t.exportUs}</button>
          </div>
        </div>
      </div>
      {importing && (
        <RosterImportDialog
          open={importing}
          onOpenChange={setImporting}
          roster={athletes ?? []}
          onImported={(created) => setAthletes((list) => [...list, ...created].sort(byName))}
        />
      )}
      <form className="card flex flex-col gap-3 p-4 sm:flex-row sm:items-end" onSubmit={add} noValidate>
        <div className="flex-1">
          <label className="label" htmlFor="athlete-name">{t.name}</label>
          <input id="athlete-name" className="input" value={name} maxLength={100} onChange={(e) => setName(e.target.value)} aria-describedby={twin ? 'athlete-name-twin' : undefined} />
          {twin && (
            <p id="athlete-name-twin" className="mt-1 text-sm text-amber-900" data-testid="athlete-name-twin" role="status">
              {twin.kind === 'same' ? t.sameAthlete({ name: twin.match.name }) : t.possibleAthlete({ name: twin.match.name })}
            </p>
          )}
        </div>
        <div className="sm:w-56">
          <label className="label" htmlFor="athlete-club">{t.clubOptional}</label>
          <input id="athlete-club" className="input" value={club} maxLength={100} onChange={(e) => setClub(e.target.value)} />
        </div>
        <button type="submit" className="btn-primary">{t.add}</button>
      </form>

      {athletes === null ? (
        <Spinner />
      ) : athletes.length === 0 ? (
        <p className="card p-8 text-center text-sm text-slate-600">{t.empty}</p>
      ) : (
        // relative: the header's sr-only text (absolute) stays inside the scroller, not widening a phone's page.
        <div className="card relative overflow-x-auto">
          <table className="w-full text-sm" data-testid="athlete-list">
            <thead className="border-b border-slate-200 bg-slate-50 text-left">
              <tr>
                {COLUMNS.map((c) => (
                  <th key={c.key} scope="col" aria-sort={sort.key === c.key ? (sort.dir === 'asc' ? 'ascending' : 'descending') : undefined} className={`px-3 py-2 text-xs font-semibold uppercase tracking-wide text-slate-600 ${c.numeric ? 'text-right' : ''}`}>
                    <button type="button" className="inline-flex items-center gap-1 uppercase hover:text-slate-900" onClick={() => sortBy(c.key)} title={t[c.help]}>
                      {t[c.label]}
                      <span aria-hidden="true">{sort.key === c.key ? (sort.dir === 'asc' ? '▲' : '▼') : ''}</span>
                    </button>
                  </th>
                ))}
                <th scope="col" className="px-3 py-2"><span className="sr-only">{t.actions}</span></th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {sorted.map((a) => {
                const s = summaries[a.id];
                return (
                  <tr key={a.id} data-testid="athlete-item">
                    <td className="max-w-64 px-3 py-2">
                      <Link to={paths.athlete(a.id)} className="block truncate font-medium hover:underline">{a.name}</Link>
                      {(a.club || a.ranking !== null) && (
                        <span className="block truncate text-xs text-slate-500">{[a.club, a.ranking !== null ? t.ranked({ ranking: a.ranking }) : null].filter(Boolean).join(' · ')}</span>
                      )}
                    </td>
                    <td className="px-3 py-2 font-medium tabular-nums" data-stat="national">{formatRating(a.national_rating) || '—'}</td>
                    <td className="px-3 py-2 text-right tabular-nums" data-stat="rating">{s?.rating != null ? Math.round(s.rating) : '—'}</td>
                    <td className="px-3 py-2 text-right tabular-nums" data-stat="win">{s?.bouts ? formatPercent(s.victories / s.bouts) : '—'}</td>
                    <td className="px-3 py-2 text-right tabular-nums" data-stat="bouts">{s?.bouts ?? (summaryResource.data ? 0 : '—')}</td>
                    <td className="whitespace-nowrap px-3 py-2 text-right tabular-nums" data-stat="last">{s?.last_practice ? formatPracticeDate(s.last_practice) : '—'}</td>
                    <td className="whitespace-nowrap px-3 py-2 text-right">
                      <button type="button" className="btn-ghost px-2 py-1" aria-label={t.editLabel({ name: a.name })} onClick={() => setEditing(a)}>{t.edit}</button>
                      <button type="button" className="btn-ghost px-2 py-1 text-red-700" aria-label={t.deleteName({ name: a.name })} onClick={() => setDeleting(a)}>{t.delete}</button>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      {editing && (
        <AthleteEditDialog
          athlete={editing}
          onClose={() => setEditing(null)}
          onSaved={(updated) => {
            setAthletes((list) => list.map((x) => (x.id === updated.id ? updated : x)).sort(byName));
            setEditing(null);
          }}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(o) => !o && setDeleting(null)}
        title={t.confirmTitle}
        message={t.confirmText({ name: deleting?.name ?? '' })}
        onConfirm={() => deleting && remove(deleting)}
      />
    </div>
  );
}
