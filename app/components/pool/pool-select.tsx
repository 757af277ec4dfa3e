import type { PoolSnapshot } from '../../../core/contracts/pools';
import { hasSecondRound, poolsOfRound } from '../../../core/fencing/pool-rounds';
import { useStore } from '../../i18n';
import { common } from '../../i18n/common';
import { useTerms } from '../../i18n/fencing-terms';
import { selectPool } from '../../state/pools';

/**
 * The pool selector of the pools screen and the board: one list, or the pools grouped by round once a second
 * round of pools exists (issue 28), round 2 first, as it is the one fencing.
 */
export function PoolSelect({ pools, current }: { pools: PoolSnapshot[]; current: string }) {
  const t = useStore(common);
  const terms = useTerms();
  const option = (p: PoolSnapshot) => <option key={p.id} value={p.id}>{p.name}</option>;
  return (
    <div>
      <label className="label" htmlFor="pool-select">{t.pool}</label>
      <select id="pool-select" data-keep="pool" className="input w-44 sm:w-56" value={current} onChange={(e) => selectPool(e.target.value)}>
        {hasSecondRound(pools)
          ? [2, 1].map((round) => (
              <optgroup key={round} label={terms.poolRound(round)}>
                {poolsOfRound(pools, round).map(option)}
              </optgroup>
            ))
          : pools.map(option)}
      </select>
    </div>
  );
}
