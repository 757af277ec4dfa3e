import { common } from '../../i18n/common';
import { useStore } from '../../i18n';
import { useAtomValue } from 'jotai';
import { lazy, Suspense, useMemo, useState } from 'react';
import { computePoolStats } from '../../../core/fencing/pool-stats';
import { currentPoolAtom, poolsAtom } from '../../state/pools';
import { PoolSelect } from '../../components/pool/pool-select';
import { PoolFind } from '../../components/pool/pool-find';
import { PoolGrid } from '../../components/pool/pool-grid';
import { usePoolDuty, usePoolScores } from '../../state/referee';

/**
 * The bout order beside the grid comes after it (issue 29): the worker renders both into the page, the page
 * takes the panel over once its code is here; a board read by the page itself shows the grid first.
 */
const BoutOrderPanel = lazy(() => import('../../components/pool/bout-order-panel').then((m) => ({ default: m.BoutOrderPanel })));

/**
 * /live/{board id}: the pools as a spectator watches them: the selector, the grid and the bout order, read
 * only. A screen of its own (not the coach's pools screen with controls hidden), so the board's first load
 * carries no scoring, outbox or management code (issue 13).
 */
export function BoardPools() {
  const t = useStore(common);
  const state = useAtomValue(poolsAtom);
  const current = useAtomValue(currentPoolAtom);
  const pool = current ?? state.pools[0] ?? null;
  const stats = useMemo(() => (pool ? computePoolStats(pool.players, pool.bouts) : []), [pool]);
  const chosen = usePoolDuty(pool?.id);
  const live = usePoolScores(pool?.id);
  const [found, setFound] = useState<{ id: string } | null>(null);

  if (state.status === 'loading' || state.status === 'idle') {
    return <p className="py-10 text-center text-sm text-slate-600" role="status">{t.loadingPools}</p>;
  }
  if (!pool) {
    return <p className="card p-10 text-center text-sm text-slate-600">{t.notShared}</p>;
  }
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end gap-3">
        <PoolSelect pools={state.pools} current={pool.id} />
        {state.pools.length > 1 && <PoolFind pools={state.pools} onFound={(id) => setFound({ id })} />}
      </div>
      <div className="grid gap-4 md:landscape:grid-cols-[minmax(0,1fr)_16rem] lg:grid-cols-[minmax(0,1fr)_18rem]">
        {pool.players.length > 0 && <PoolGrid players={pool.players} stats={stats} zoom={100} live={live} found={found} />}
        <Suspense fallback={null}>
          <BoutOrderPanel players={pool.players} stats={stats} chosen={chosen} />
        </Suspense>
      </div>
    </div>
  );
}
