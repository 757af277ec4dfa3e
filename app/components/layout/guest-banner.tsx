import { useAtomValue } from 'jotai';
import { useNavigate } from 'react-router';
import { paths } from '../../paths';
import { clearGuest, leaveRoom } from '../../state/guest';
import { poolsAtom } from '../../state/pools';
import { toast } from '../ui/toast';

/** SPEC §2 Guest on the Pools screen: 'Guest Access', how many pools, and Leave. */
export function GuestBanner() {
  const { pools } = useAtomValue(poolsAtom);
  const navigate = useNavigate();
  const n = pools.length;
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-violet-200 bg-violet-50 p-3" role="region" aria-label="Guest Access">
      <div>
        <p className="font-semibold text-violet-900">Guest Access</p>
        <p className="text-sm text-violet-800" data-testid="guest-pool-count">You have access to {n} {n === 1 ? 'pool' : 'pools'}</p>
      </div>
      <button
        type="button"
        className="btn-secondary"
        onClick={async () => {
          await leaveRoom();
          toast({ title: 'Left room', description: 'You have left the guest pools' });
          clearGuest(true);
          await navigate(paths.guestJoin);
        }}
      >
        Leave
      </button>
    </div>
  );
}
