import { params } from '@nanostores/i18n';
import { useMemo, useState, type FormEvent } from 'react';
import type { PoolSnapshot } from '../../../core/contracts/pools';
import type { Cut } from '../../../core/fencing/cut';
import { balancedSizes } from '../../../core/fencing/pool-generation';
import { firstRoundRanking } from '../../../core/fencing/rounds';
import { poolsOfRound } from '../../../core/fencing/pool-rounds';
import { composeSecondRound, MAX_ROUND_POOL_SIZE, maxRoundPools, MIN_ROUND_POOL_SIZE, roundPoolCount, type SecondRound } from '../../../core/fencing/second-round';
import { poolBoutsRemaining } from '../../../core/fencing/tableau';
import { describeError } from '../../../core/messages';
import { firstIssue, secondRoundSchema } from '../../../core/validation';
import { useTexts } from '../../i18n/common';
import { localError } from '../../i18n/errors';
import { useTerms } from '../../i18n/fencing-terms';
import { i18n, locale } from '../../i18n';
import { call, client, errorMessage } from '../../lib/api';
import { applyPoolList, selectPool } from '../../state/pools';
import { toast, toastError } from '../../state/toasts';

const messages = i18n('second-round-panel', {
  title: 'Second round of pools',
  intro: 'Round 1 is complete. A second round takes the fencers the cut keeps from its ranking, seeded by their place, club mates apart where possible; the tableau then follows from the second round.',
  goOn: 'Who goes on',
  bestN: 'The best N',
  bestPercent: 'The best P %',
  cutValue: 'How many go on (N or P)',
  poolSize: 'Largest pool size',
  through: params('{count} go through:'),
  sizes: params('Pools of {sizes}'),
  out: params('{count} eliminated after round 1:'),
  compose: 'Compose the second round',
  composed: 'The second round of pools is composed',
  composeFailed: 'Failed to compose the second round',
  unfenced: 'No bout of the second round has a result yet: it can still be taken back.',
  back: 'Back to round 1',
  deleted: 'The second round was taken back',
  deleteFailed: 'Failed to take the second round back',
});

/** What the form asks the server, or the reason it cannot (in the viewer's language). */
function previewOf(pools: PoolSnapshot[], body: unknown): { body: { cut: Cut; pool_count?: number; pool_size?: number }; round: SecondRound } | { error: string } {
  const parsed = secondRoundSchema.safeParse(body);
  const translated = (message: string) => {
    const described = describeError(message);
    return localError(message, described?.code, described?.params);
  };
  if (!parsed.success) return { error: translated(firstIssue(parsed.error)) };
  const { cut, pool_count, pool_size } = parsed.data;
  try {
    // Clubs are the roster's (the server's): the preview says who goes through, not yet who meets whom.
    return { body: parsed.data, round: composeSecondRound(firstRoundRanking(pools), cut, pool_count !== undefined ? { pools: pool_count } : { poolSize: pool_size! }) };
  } catch (e) {
    return { error: translated(e instanceof Error ? e.message : String(e)) };
  }
}

/**
 * Issue 28: once round 1 is fenced, the coach composes an optional second round of pools from its ranking
 * (core/fencing/second-round.ts), with a preview of who goes through; while none of its bouts has a result
 * it can be taken back.
 */
export function SecondRoundPanel({ practiceId, pools }: { practiceId: string; pools: PoolSnapshot[] }) {
  const t = useTexts(messages);
  const terms = useTerms();
  const [kind, setKind] = useState<Cut['kind']>('all');
  const [value, setValue] = useState('8');
  const [shape, setShape] = useState<'count' | 'size'>('size');
  const [size, setSize] = useState('7');
  const [busy, setBusy] = useState(false);
  const first = poolsOfRound(pools, 1);
  const second = poolsOfRound(pools, 2);
  const ready = second.length === 0 && first.length > 0 && poolBoutsRemaining(first) === 0;
  const cut: Cut = kind === 'all' ? { kind } : { kind, value: Number(value) };
  const cutKey = JSON.stringify(cut);
  // Issue 33: the count goes up to the pools the promoted fencers fill, as the server takes it (core/fencing/second-round).
  const maxPools = useMemo(() => (ready ? maxRoundPools(firstRoundRanking(pools), JSON.parse(cutKey) as Cut) : 1), [ready, pools, cutKey]);
  const withinPools = (typed: string) => (Number(typed) > maxPools ? String(maxPools) : typed);
  const count = withinPools(size);
  const body = { cut, ...(shape === 'count' ? { pool_count: Number(count) } : { pool_size: Number(size) }) };
  const key = JSON.stringify(body);
  const preview = useMemo(() => (ready ? previewOf(pools, JSON.parse(key)) : null), [ready, pools, key]);

  async function run(action: () => Promise<void>, failed: string) {
    setBusy(true);
    try {
      await action();
    } catch (e) {
      toastError(errorMessage(e, failed));
    } finally {
      setBusy(false);
    }
  }

  if (second.length > 0) {
    if (second.some((p) => p.bouts.length > 0)) return null;
    return (
      <section className="flex flex-wrap items-center gap-3 rounded-lg border border-slate-200 p-3 text-sm" aria-label={t.title}>
        <span className="text-slate-600">{t.unfenced}</span>
        <button type="button" className="btn-secondary" disabled={busy} onClick={() => void run(async () => {
          applyPoolList(practiceId, await call(client.practices[':practiceId'].pools['second-round'].$delete({ param: { practiceId } })));
          selectPool(null);
          toast({ title: t.success, description: t.deleted });
        }, t.deleteFailed)}>{t.back}</button>
      </section>
    );
  }
  if (!ready || !preview) return null;

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!preview || 'error' in preview) return;
    const json = { ...preview.body, lang: locale.get() };
    void run(async () => {
      const { pools: list, createdIds } = await call(client.practices[':practiceId'].pools['second-round'].$post({ param: { practiceId }, json }));
      applyPoolList(practiceId, list);
      selectPool(createdIds[0] ?? null);
      toast({ title: t.success, description: t.composed });
    }, t.composeFailed);
  }

  // A choice the size of a thumb (a phone at the piste): a radio group of buttons, not 13 px radio inputs.
  const radio = (k: Cut['kind'], label: string) => (
    <button
      type="button"
      role="radio"
      aria-checked={kind === k}
      className={`min-h-11 rounded-md border px-3 font-medium ${kind === k ? 'border-slate-900 bg-slate-900 text-white' : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-50'}`}
      onClick={() => setKind(k)}
    >
      {label}
    </button>
  );
  return (
    <section className="card space-y-3 p-4 text-sm" aria-labelledby="second-round-title">
      <h2 id="second-round-title" className="text-base font-semibold">{t.title}</h2>
      <p className="text-slate-600">{t.intro}</p>
      <form className="flex flex-wrap items-end gap-4" onSubmit={submit} noValidate>
        <fieldset className="flex flex-wrap items-center gap-2" role="radiogroup" aria-label={t.goOn}>
          <legend className="label">{t.goOn}</legend>
          {radio('all', terms.cut({ kind: 'all' }))}
          {radio('top', t.bestN)}
          {radio('percent', t.bestPercent)}
          {kind !== 'all' && <input type="number" className="input w-20" aria-label={t.cutValue} value={value} onChange={(e) => setValue(e.target.value)} />}
        </fieldset>
        <label className="flex flex-col">
          <span className="label">{t.pools}</span>
          <select className="input w-48" aria-label={t.pools} value={shape} onChange={(e) => setShape(e.target.value as 'count' | 'size')}>
            <option value="size">{t.poolSize}</option>
            <option value="count">{t.poolCount}</option>
          </select>
        </label>
        {shape === 'count' ? (
          <input type="number" className="input w-20" aria-label={t.poolCount} min={1} max={maxPools} value={count} onChange={(e) => setSize(withinPools(e.target.value))} />
        ) : (
          <input type="number" className="input w-20" aria-label={t.poolSize} min={MIN_ROUND_POOL_SIZE} max={MAX_ROUND_POOL_SIZE} value={size} onChange={(e) => setSize(e.target.value)} />
        )}
        <button type="submit" className="btn-primary" disabled={busy || 'error' in preview}>{t.compose}</button>
      </form>
      {'error' in preview ? (
        <p className="text-red-700" role="alert">{preview.error}</p>
      ) : (
        <div className="space-y-1" data-testid="second-round-preview">
          <p>
            <span className="font-medium">{t.through({ count: preview.round.promoted.length })}</span> {preview.round.promoted.map((f) => f.name).join(', ')}
          </p>
          <p className="text-slate-600">{t.sizes({ sizes: sizesOf(preview.round.promoted.length, preview.body).join(', ') })}</p>
          {preview.round.eliminated.length > 0 && (
            <p className="text-slate-600">
              <span className="font-medium">{t.out({ count: preview.round.eliminated.length })}</span> {preview.round.eliminated.map((f) => f.name).join(', ')}
            </p>
          )}
        </div>
      )}
    </section>
  );
}

/** The sizes of the second round's pools, largest first (as the server will make them). */
const sizesOf = (fencers: number, body: { pool_count?: number; pool_size?: number }) =>
  balancedSizes(fencers, roundPoolCount(fencers, body.pool_count !== undefined ? { pools: body.pool_count } : { poolSize: body.pool_size! }));
