import { useAtomValue } from 'jotai';
import { liveStatusAtom } from '../../state/pools';

const LABELS = { live: 'live', connecting: 'connecting…', reconnecting: 'reconnecting…', offline: 'offline', closed: 'reconnecting…' } as const;

/** Shows whether this screen is receiving live updates: live, reconnecting… while the socket is down, or offline. */
export function LiveIndicator() {
  const status = useAtomValue(liveStatusAtom);
  const tone = status === 'live' ? 'text-green-700' : status === 'offline' ? 'text-red-700' : 'text-amber-700';
  const dot = status === 'live' ? 'bg-green-600' : status === 'offline' ? 'bg-red-600' : 'animate-pulse bg-amber-500';
  return (
    <span className={`inline-flex items-center gap-1.5 text-xs font-semibold ${tone}`} data-testid="live-status" role="status">
      <span className={`h-2 w-2 rounded-full ${dot}`} aria-hidden="true" />
      {LABELS[status]}
    </span>
  );
}
