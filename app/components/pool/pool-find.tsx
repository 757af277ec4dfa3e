import { useMemo } from 'react';
import type { PoolPlayer, PoolSnapshot } from '../../../core/contracts/pools';
import { selectPool } from '../../state/pools';
import { FindFencer } from '../find/find-fencer';

interface Found {
  pool: PoolSnapshot;
  player: PoolPlayer;
}

const nameOf = (f: Found) => f.player.name;
const keyOf = (f: Found) => `${f.pool.id}/${f.player.id}`;
const poolOf = (f: Found) => f.pool.name;

/**
 * Issue 33: with 37 or 74 pools, a fencer's pool is found by their name: the pool opens (the selector follows)
 * and `onFound` marks the fencer's row in its grid. The pools screen's and the board's.
 */
export function PoolFind({ pools, onFound }: { pools: PoolSnapshot[]; onFound: (playerId: string) => void }) {
  const entries = useMemo(() => pools.flatMap((pool) => pool.players.map((player) => ({ pool, player }))), [pools]);
  return (
    <FindFencer
      className="w-full sm:w-64"
      items={entries}
      nameOf={nameOf}
      keyOf={keyOf}
      detailOf={poolOf}
      onPick={(f) => {
        selectPool(f.pool.id);
        onFound(f.player.id);
      }}
    />
  );
}
