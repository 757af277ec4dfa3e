import { useCallback, useEffect, useState } from 'react';
import type { DayBridge } from '../../core/contracts/bridge';
import { call, client } from '../lib/api';
import type { LiveDay } from './day';

/**
 * The day's venue bridge on its coach's screen (issue 57): read once when the screen opens, then as the day's
 * room tells it (`bridge` messages, through useLiveDay) and as the coach's own changes answer; the latest
 * word wins.
 */
export function useDayBridge(dayId: string, live: LiveDay['bridge']) {
  const [mine, setMine] = useState<{ dayId: string; bridge: DayBridge; at: number } | null>(null);
  const [failed, setFailed] = useState(false);

  const apply = useCallback((bridge: DayBridge) => setMine({ dayId, bridge, at: Date.now() }), [dayId]);

  useEffect(() => {
    let stopped = false;
    setFailed(false);
    call(client.days[':dayId'].bridge.$get({ param: { dayId } })).then(
      // The first read counts as older than any word of the room's: a message that crossed it wins.
      (bridge) => !stopped && setMine((m) => (m?.dayId === dayId ? m : { dayId, bridge, at: 0 })),
      () => !stopped && setFailed(true),
    );
    return () => {
      stopped = true;
    };
  }, [dayId]);

  const own = mine?.dayId === dayId ? mine : null;
  const bridge = own && (!live || own.at >= live.at) ? own.bridge : live?.bridge ?? null;
  return { bridge, failed: failed && !bridge, apply };
}

/** Makes the day's bridge key (the old one ends at once): the key, shown this once, and the bridge as it now stands. */
export const makeBridgeKey = (dayId: string) => call(client.days[':dayId'].bridge.key.$post({ param: { dayId } }));

/** Ends the day's bridge key: no bridge reports until a new one is made. */
export const endBridgeKey = (dayId: string) => call(client.days[':dayId'].bridge.key.$delete({ param: { dayId } }));

/** Confirms (or clears, with null) the machine at a piste, by its address. */
export async function setPisteMachine(dayId: string, pisteId: string, machine: string | null): Promise<DayBridge> {
  return call(client.days[':dayId'].bridge.pistes[':pisteId'].$put({ param: { dayId, pisteId }, json: { machine } }));
}
