import { useAtomValue } from 'jotai';
import { useNavigate } from 'react-router';
import { paths } from '../../lib/paths';
import { clearGuest, leaveRoom } from '../../state/guest';
import { poolsAtom } from '../../state/pools';
import { toast } from '../../state/toasts';
import { count } from '@nanostores/i18n';
import { i18n, useStore } from '../../i18n';

const messages = i18n('guest-banner', {
  title: 'Guest Access',
  pools: count({ one: 'You have access to {count} pool', other: 'You have access to {count} pools' }),
  left: 'Left room',
  leftText: 'You have left the guest pools',
  leave: 'Leave',
});

/** SPEC §2 Guest on the Pools screen: 'Guest Access', how many pools, and Leave. */
export function GuestBanner() {
  const t = useStore(messages);
  const { pools } = useAtomValue(poolsAtom);
  const navigate = useNavigate();
  const n = pools.length;
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-violet-200 bg-violet-50 p-3" role="region" aria-label={t.title}>
      <div>
        <p className="font-semibold text-violet-900">{t.title}</p>
        <p className="text-sm text-violet-800" data-testid="guest-pool-count">{t.pools(n)}</p>
      </div>
      <button
        type="button"
        className="btn-secondary"
        onClick={async () => {
          await leaveRoom();
          toast({ title: t.left, description: t.leftText });
          clearGuest(true);
          await navigate(paths.guestJoin);
        }}
      >
        {t.leave}
      </button>
    </div>
  );
}
