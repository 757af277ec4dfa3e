import { useStore } from '../../i18n';
import { common } from '../../i18n/common';
import { dayTerms } from '../../i18n/day-terms';
import { useDayCalls } from '../../state/day-calls';
import { flightName } from '../../../core/fencing/pistes';

/** Where a pool fences on its competition day (issue 28): piste, flight and referee, as the day placed it (./pool-place loads it). */
export function PlaceChips({ practiceId, poolId }: { practiceId: string; poolId: string }) {
  const t = useStore(common);
  const d = useStore(dayTerms);
  const place = useDayCalls(practiceId)?.pools.find((p) => p.pool_id === poolId);
  if (!place) return null;
  return (
    <p className="flex flex-wrap items-center gap-1.5 text-sm" data-testid="pool-place">
      <span className="rounded-full bg-sky-100 px-2.5 py-0.5 font-semibold text-sky-900">{d.pisteName({ name: place.piste })}</span>
      <span className="rounded-full bg-slate-100 px-2.5 py-0.5 text-slate-700">{d.flightName({ name: flightName(place.flight) })}</span>
      {place.referee && <span className="rounded-full bg-slate-100 px-2.5 py-0.5 text-slate-700">{t.refereeName({ name: place.referee })}</span>}
    </p>
  );
}
