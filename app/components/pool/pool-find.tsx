import { useMemo, useState } from 'react';
import type { PoolPlayer, PoolSnapshot } from '../../../core/contracts/pools';
import { selectPool } from '../../state/pools';
import { FindFencer, useFindTexts } from '../find/find-fencer';
import { useWideScreen } from '../layout/use-wide-screen';

interface Found {
  pool: PoolSnapshot;
  player: PoolPlayer;
}

const nameOf = (f: Found) => f.player.name;
const keyOf = (f: Found) => `${f.pool.id}/${f.player.id}`;
const poolOf = (f: Found) => f.pool.name;

/**
 * Issue 33: with 37 or 74 pools, a fencer's pool is found by their name: the pool opens (the selector follows)
 * and `onFound` marks the fencer's row in its grid. The pools screen's and the board's. A phone keeps the
 * grid first (issue 29): the field opens from a button beside the selector.
 */
export function PoolFind({ pools, onFound }: { pools: PoolSnapshot[]; onFound: (playerId: string) => void }) {
  const t = useFindTexts();
  const wide = useWideScreen();
  const [open, setOpen] = useState(false);
  const entries = useMemo(() => pools.flatMap((pool) => pool.players.map((player) => ({ pool, player }))), [pools]);
  const field = (
    <FindFencer
      className={wide ? 'w-64' : 'basis-full'}
      autoFocus={!wide}
      items={entries}
      nameOf={nameOf}
      keyOf={keyOf}
      detailOf={poolOf}
      onPick={(f) => {
        setOpen(false);
        selectPool(f.pool.id);
        onFound(f.player.id);
      }}
    />
  );
  if (wide) return field;
  return (
    <>
      <button type="button" className="btn-secondary px-3" aria-label={t.label} aria-expanded={open} data-testid="find-fencer-open" onClick={() => setOpen(!open)}>
        <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.5" aria-hidden="true">
          <circle cx="11" cy="11" r="7" />
          <path d="m20 20-4-4" />
        </svg>
      </button>
      {open && field}
    </>
  );
}
