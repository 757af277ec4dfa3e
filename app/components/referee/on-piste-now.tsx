import { lazy, Suspense } from 'react';
import { useLiveBouts } from '../../state/referee';

const OnPisteList = lazy(() => import('./on-piste').then((m) => ({ default: m.OnPisteList })));

/**
 * "On piste now" on the live board and the TV (issue 18), loaded the first time a bout is refereed: a board
 * where nobody referees never downloads it.
 */
export function OnPisteNow({ tv = false }: { tv?: boolean }) {
  const live = useLiveBouts();
  if (live.size === 0) return null;
  return (
    <Suspense fallback={null}>
      <OnPisteList tv={tv} />
    </Suspense>
  );
}
