import { useDayCalls } from '../../state/day-calls';
import { onDemand } from '../ui/lazy';

const PlaceChips = onDemand(() => import('./place-chips').then((m) => m.PlaceChips));

/**
 * A pool's piste, flight and referee when its practice is an event of a competition day (issue 28). Most
 * practices are in no day: the chips and the day's words load only for one that is.
 */
export function PoolPlace({ practiceId, poolId }: { practiceId: string; poolId: string }) {
  const placed = useDayCalls(practiceId)?.pools.some((p) => p.pool_id === poolId);
  return placed ? <PlaceChips practiceId={practiceId} poolId={poolId} /> : null;
}
