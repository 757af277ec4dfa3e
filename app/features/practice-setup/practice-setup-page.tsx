import { useTexts } from '../../i18n/common';
import { useSetAtom } from 'jotai';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Link } from '../../components/link';
import { call, client } from '../../lib/api';
import { boutsInPool, divisionPreview, poolMix, SMALL_POOL } from '../../../core/fencing/pool-generation';
import { maxPoolsFor, MIN_POOLS } from '../../../core/limits';
import { AthleteSelector, useAthleteSelection } from '../../components/athlete-selector';
import { toast, toastError } from '../../state/toasts';
import { DEFAULT_SEPARATION, SEPARATION_LEVELS, unavoidableSeparations, unkeptSeparations, type Affiliated, type SeparationLevel } from '../../../core/fencing/separation';
import type { GeneratedPools } from '../../../core/contracts/pools';
import { practiceHome, paths } from '../../lib/paths';
import { useGeneratePools } from '../../components/use-generate-pools';
import { useCurrentPractice } from '../../state/practices';
import { toggled } from '../../lib/sets';
import { formatRating } from '../../../core/fencing/national-rating';
import { setupSelectionAtom, toRequestEntry, type SetupEntry } from '../../state/setup-selection';
import { CheckInClassification, usafRating } from '../../components/usaf-class-note';

const keyOf = (e: SetupEntry) => ('athlete_id' in e ? e.athlete_id : `name:${e.name}`);
import { NoPracticeSelected } from '../../components/empty-state';
import { count, params } from '@nanostores/i18n';
import { i18n, locale } from '../../i18n';

const messages = i18n('practice-setup-page', {
  allAbsent: 'Everyone is marked absent: mark at least one fencer present',
  allAbsentTitle: 'No athletes present',
  step: params('{name} · Step {step} of 2'),
  manual: 'Assign pools manually',
  next: 'Next',
  single: 'Single pool',
  singleHelp: 'Everyone fences everyone in one pool named Main Pool.',
  randomHelp: 'Shuffled into pools whose sizes differ by at most one.',
  seeded: 'Seeded (serpentine)',
  seededHelp: 'By the ranking of each athlete’s latest pool results; fencers sharing what is ticked below kept apart where possible.',
  rating: 'Seeded by rating (serpentine)',
  ratingHelp: 'By each athlete’s rating over all their bouts (shown in My Athletes); the unrated drawn after them.',
  national: 'By national rating (serpentine)',
  nationalHelp: 'By each athlete’s USA Fencing rating (A23 before A22 before B25 …, U and unrated last); ties by FIE ranking, then by the rating above.',
  noRating: 'no rating',
  checkInTitle: 'Check-in',
  checkIn: 'Tap a fencer who has not arrived: they are left out of the draw and listed as not started. A latecomer can join the smallest pool later.',
  absent: 'Absent',
  present: 'Present',
  selected: params('{count} athletes selected.'),
  presence: params('{present} present, {absent} absent. '),
  onePool: params('One pool of {sizes} fencers · {bouts} bouts.'),
  pools: params('{count} pools of {sizes} fencers · {bouts} bouts each.'),
  // Pools of two fence one bout: said in the singular.
  onePoolOfTwo: 'One pool of 2 fencers · 1 bout.',
  poolsOfTwo: params('{count} pools of 2 fencers · 1 bout each.'),
  // Pools of two sizes (issue 58): how many of each, the larger first ("2 pools of 4 and 3 pools of 3 fencers").
  poolGroup: params(count({ one: '{count} pool of {size}', other: '{count} pools of {size}' })),
  poolsMixed: params('{larger} and {smaller} fencers · {more} and {fewer} bouts each.'),
  small: params('A pool of fewer than {size} fencers gives each of them fewer than {bouts} bouts.'),
  // Issue 58: who the serpentine keeps apart, in the order the coach ranks them (FIE o.68.2).
  separationTitle: 'Keep apart in the pools',
  separationHelp: 'Fencers sharing what is ticked go to different pools as far as possible, the first line before the next. Region and nation come from My Athletes.',
  levelClub: 'Same club',
  levelRegion: 'Same region',
  levelNation: 'Same nation',
  moveUp: params('Move “{level}” to the top'),
  // Before the draw: more fencers of one club, region or nation than pools.
  unavoidableClub: params('{fencers} fencers of club {value} for {pools} pools: up to {most} will share a pool.'),
  unavoidableRegion: params('{fencers} fencers of region {value} for {pools} pools: up to {most} will share a pool.'),
  unavoidableNation: params('{fencers} fencers from {value} for {pools} pools: up to {most} will share a pool.'),
  // After the draw: each pool where a separation could not be kept.
  unkeptTitle: 'Not kept apart',
  unkeptClub: params('{pool}: {count} fencers of club {value}'),
  unkeptRegion: params('{pool}: {count} fencers of region {value}'),
  unkeptNation: params('{pool}: {count} fencers from {value}'),
});

type Method = 'single' | 'random' | 'seeded' | 'rating' | 'national';
/** The methods that seed by serpentine: those the separation levels apply to. */
const SERPENTINE: readonly Method[] = ['seeded', 'rating', 'national'];

/** /practice-setup: step 1 selects athletes and typed names, step 2 divides them into pools. */
export function PracticeSetupPage() {
  const t = useTexts(messages);
  const practice = useCurrentPractice();
  const navigate = useNavigate();
  const setSelection = useSetAtom(setupSelectionAtom);
  const selection = useAthleteSelection();
  const [step, setStep] = useState<'select' | 'division'>('select');
  const [method, setMethod] = useState<Method>('single');
  const [poolCount, setPoolCount] = useState(2);
  // Issue 14 check-in: who is marked absent (by entry), left out of the draw and listed "Did Not Start".
  const [absent, setAbsent] = useState<Set<string>>(new Set());
  // Issue 58: the levels in the coach's order, and which are ticked (club, as before, by default).
  const [levelOrder, setLevelOrder] = useState<SeparationLevel[]>([...SEPARATION_LEVELS]);
  const [picked, setPicked] = useState<Set<SeparationLevel>>(new Set(DEFAULT_SEPARATION));
  const { busy, generate: submit } = useGeneratePools({ success: t.poolsGenerated, failure: t.generateFailed });

  if (!practice) return <NoPracticeSelected />;
  const { entries } = selection;

  function next(to: 'division' | 'manual') {
    const list = entries();
    if (list.length === 0) return toastError(t.selectAthletesOrNames, t.noAthletesSelected);
    setSelection(list);
    if (to === 'manual') navigate(paths.manualPoolAssignment);
    else setStep('division');
  }

  const all = step === 'division' ? entries() : [];
  const present = all.filter((e) => !absent.has(keyOf(e)));
  // Issue 33: as many pools as the present fencers fill (core/limits), however many that is.
  const maxPools = maxPoolsFor(present.length);
  const pools = Math.min(poolCount, maxPools);
  const preview = divisionPreview(present.length, method === 'single' ? null : pools);
  const [small, large] = [Math.min(...preview.sizes), Math.max(...preview.sizes)];
  // A balanced division has at most two sizes, a pool apart.
  const mix = poolMix(preview.sizes);
  const toggle = (e: SetupEntry) => setAbsent((s) => toggled(s, keyOf(e)));
  const separation = levelOrder.filter((l) => picked.has(l));
  const separating = SERPENTINE.includes(method);
  // A pool entry's club, region and nation: those of the roster athlete it is linked to (a typed name has none).
  const athleteById = new Map((selection.athletes ?? []).map((a) => [a.id, a]));
  const originOf = (athleteId: string | null): Affiliated => {
    const a = athleteId === null ? undefined : athleteById.get(athleteId);
    return { club: a?.club ?? null, region: a?.region ?? null, nation: a?.nation ?? null };
  };
  const unavoidable = separating ? unavoidableSeparations(present.map((e) => originOf('athlete_id' in e ? e.athlete_id : null)), pools, separation) : [];
  const levelName = { club: t.levelClub, region: t.levelRegion, nation: t.levelNation };
  const unavoidableText = { club: t.unavoidableClub, region: t.unavoidableRegion, nation: t.unavoidableNation };
  const unkeptText = { club: t.unkeptClub, region: t.unkeptRegion, nation: t.unkeptNation };
  const moveUp = (level: SeparationLevel) => setLevelOrder((order) => [level, ...order.filter((l) => l !== level)]);
  // Issue 30: seeding by national rating shows each fencer's rating at check-in, as the draw will read it.
  const usafRatingOf = (e: SetupEntry) => usafRating('athlete_id' in e ? selection.athletes?.find((a) => a.id === e.athlete_id) : undefined);
  const ratingOf = (e: SetupEntry) => {
    const athlete = 'athlete_id' in e ? selection.athletes?.find((a) => a.id === e.athlete_id) : undefined;
    return formatRating(athlete?.national_rating ?? null) || t.noRating;
  };

  function generate() {
    if (!practice) return;
    if (present.length === 0) return toastError(t.allAbsent, t.allAbsentTitle);
    const body = {
      method,
      pool_count: method === 'single' ? undefined : pools,
      entries: present.map(toRequestEntry),
      absent: all.filter((e) => absent.has(keyOf(e))).map(toRequestEntry),
      // Issue 29: the pools are named in the coach's language of this moment.
      lang: locale.get(),
      ...(separating ? { separation } : {}),
    };
    void submit(practice, async () => {
      const drawn = await call(client.practices[':practiceId'].pools.generate.$post({ param: { practiceId: practice.id }, json: body }));
      if (separating) reportUnkept(drawn);
      return drawn;
    });
  }

  /** Issue 58: names each pool of the draw where a separation could not be kept ("Pool 2: 2 fencers from FRA"). */
  function reportUnkept({ pools: all, createdIds }: GeneratedPools) {
    const drawn = createdIds.map((id) => all.find((p) => p.id === id)).filter((p) => p !== undefined);
    const unkept = unkeptSeparations(drawn.map((p) => p.players.map((f) => originOf(f.athlete_id))), separation);
    if (unkept.length === 0) return;
    const lines = unkept.map((u) => unkeptText[u.level]({ pool: drawn[u.pool - 1]!.name, count: u.count, value: u.value }));
    toast({ title: t.unkeptTitle, description: lines.join(' · ') });
  }

  return (
    <div className="mx-auto max-w-3xl space-y-5">
      <div>
        <Link to={practiceHome(practice.practice_type)} className="text-sm text-sky-700 hover:underline">{t.backToTournament}</Link>
        <h1 className="mt-2 text-2xl font-bold">{t.setUpPools}</h1>
        <p className="text-sm text-slate-600">{t.step({ name: practice.name, step: step === 'select' ? 1 : 2 })}</p>
      </div>

      {step === 'select' ? (
        <>
          <AthleteSelector selection={selection} />
          <div className="flex flex-wrap justify-end gap-2">
            <button type="button" className="btn-secondary" onClick={() => next('manual')}>{t.manual}</button>
            <button type="button" className="btn-primary" onClick={() => next('division')}>{t.next}</button>
          </div>
        </>
      ) : (
        <>
          <fieldset className="card space-y-3 p-4">
            <legend className="sr-only">{t.poolDivision}</legend>
            {([
              ['single', t.single, t.singleHelp],
              ['random', t.randomSplit, t.randomHelp],
              ['seeded', t.seeded, t.seededHelp],
              ['rating', t.rating, t.ratingHelp],
              ['national', t.national, t.nationalHelp],
            ] as const).map(([value, label, help]) => (
              <label key={value} className="flex items-start gap-3 rounded-md border border-slate-200 p-3 has-[:checked]:border-slate-900">
                <input type="radio" name="method" value={value} checked={method === value} onChange={() => setMethod(value)} className="mt-1" />
                <span>
                  <span className="block font-medium">{label}</span>
                  <span className="text-sm text-slate-600">{help}</span>
                </span>
              </label>
            ))}
            {method !== 'single' && (
              <div className="w-40">
                <label className="label" htmlFor="pool-count">{t.poolCount}</label>
                <input id="pool-count" type="number" className="input" min={MIN_POOLS} max={maxPools} value={pools}
                  onChange={(e) => setPoolCount(Math.min(maxPools, Math.max(MIN_POOLS, Math.round(Number(e.target.value) || MIN_POOLS))))} />
              </div>
            )}
          </fieldset>
          {separating && (
            <fieldset className="card space-y-2 p-4" data-testid="separation">
              <legend className="font-semibold">{t.separationTitle}</legend>
              <p className="text-sm text-slate-600">{t.separationHelp}</p>
              <ol className="space-y-1">
                {levelOrder.map((level, i) => (
                  <li key={level} className="flex items-center justify-between gap-3 rounded-md border border-slate-200 px-3 py-2">
                    <label className="flex items-center gap-2">
                      <input type="checkbox" checked={picked.has(level)} onChange={() => setPicked((s) => toggled(s, level))} />
                      <span>{levelName[level]}</span>
                    </label>
                    {i > 0 && (
                      <button type="button" className="text-sm text-sky-700 hover:underline" onClick={() => moveUp(level)}
                        aria-label={t.moveUp({ level: levelName[level] })}>↑</button>
                    )}
                  </li>
                ))}
              </ol>
            </fieldset>
          )}
          <section className="card p-4" aria-labelledby="check-in-title">
            <h2 id="check-in-title" className="font-semibold">{t.checkInTitle}</h2>
            <p className="text-sm text-slate-600">{t.checkIn}</p>
            <ul className="mt-3 grid gap-1 sm:grid-cols-2" data-testid="check-in-list">
              {all.map((e) => {
                const out = absent.has(keyOf(e));
                return (
                  <li key={keyOf(e)}>
                    <button type="button" aria-pressed={out} className={`flex w-full items-center justify-between rounded-md border px-3 py-2 text-left ${out ? 'border-red-300 bg-red-50 text-red-900' : 'border-slate-200'}`} onClick={() => toggle(e)}>
                      <span className={out ? 'line-through' : ''}>
                        {e.name}
                        {method === 'national' && <span className="ml-2 text-sm font-semibold text-slate-600" data-testid="check-in-rating">{ratingOf(e)}</span>}
                      </span>
                      <span className="text-xs font-semibold">{out ? t.absent : t.present}</span>
                    </button>
                  </li>
                );
              })}
            </ul>
            {/* Issue 58: what the present fencers' USA Fencing ratings would make of the event. */}
            <CheckInClassification ratings={present.map(usafRatingOf)} date={practice.date} />
          </section>
          <div className="space-y-1 text-sm text-slate-600" aria-live="polite">
            <p>{t.selected({ count: all.length })}</p>
            <p data-testid="division-preview">
              {all.length > present.length ? t.presence({ present: present.length, absent: all.length - present.length }) : ''}
              {preview.sizes.length === 1 && (small === 2 ? t.onePoolOfTwo : t.onePool({ sizes: small, bouts: boutsInPool(small) }))}
              {preview.sizes.length > 1 && (small === large
                ? small === 2 ? t.poolsOfTwo({ count: preview.sizes.length }) : t.pools({ count: preview.sizes.length, sizes: small, bouts: boutsInPool(small) })
                : t.poolsMixed({
                  larger: t.poolGroup({ size: mix[0]!.size })(mix[0]!.pools),
                  smaller: t.poolGroup({ size: mix[1]!.size })(mix[1]!.pools),
                  more: mix[0]!.bouts,
                  fewer: mix[1]!.bouts,
                }))}
            </p>
            {unavoidable.length > 0 && (
              <ul className="mt-1 font-medium text-amber-800" data-testid="separation-preview">
                {unavoidable.map((u) => (
                  <li key={`${u.level}:${u.value}`}>{unavoidableText[u.level]({ fencers: u.fencers, value: u.value, pools, most: u.most })}</li>
                ))}
              </ul>
            )}
            {preview.sizes.some((n) => n < SMALL_POOL) && (
              <p className="mt-1 font-medium text-amber-800" role="alert">{t.small({ size: SMALL_POOL, bouts: SMALL_POOL - 1 })}</p>
            )}
          </div>
          <div className="flex justify-between gap-2">
            <button type="button" className="btn-secondary" onClick={() => setStep('select')}>{t.back}</button>
            <button type="button" className="btn-primary" disabled={busy} onClick={generate}>{t.generatePools}</button>
          </div>
        </>
      )}
    </div>
  );
}
