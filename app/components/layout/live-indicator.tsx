import { useAtomValue } from 'jotai';
import { liveStatusAtom } from '../../state/pools';

/** Shows whether this screen is receiving live updates: 'live', or 'reconnecting…' while the socket is down. */
export function LiveIndicator() {
  const status = useAtomValue(liveStatusAtom);
  const live = status === 'live';
  return (
    <span className={`inline-flex items-center gap-1.5 text-xs font-semibold ${live ? 'text-green-700' : 'text-amber-700'}`} data-testid="live-status" role="status">
      <span className={`h-2 w-2 rounded-full ${live ? 'bg-green-600' : 'animate-pulse bg-amber-500'}`} aria-hidden="true" />
      {live ? 'live' : status === 'connecting' ? 'connecting…' : 'reconnecting…'}
    </span>
  );
}
