import { useTexts } from '../../i18n/common';
import { useSetAtom } from 'jotai';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Link } from '../../components/link';
import { call, client } from '../../lib/api';
import { boutsInPool, divisionPreview, poolMix, SMALL_POOL } from '../../../core/fencing/pool-generation';
import { maxPoolsFor, MIN_POOLS } from '../../../core/limits';
import { AthleteSelector, useAthleteSelection } from '../../components/athlete-selector';
import { toastError } from '../../state/toasts';
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
  seededHelp: 'By the ranking of each athlete’s latest pool results; club mates kept apart where possible.',
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
});

type Method = 'single' | 'random' | 'seeded' | 'rating' | 'national';

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
    };
    void submit(practice, () => call(client.practices[':practiceId'].pools.generate.$post({ param: { practiceId: practice.id }, json: body })));
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
