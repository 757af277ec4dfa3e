import { useCallback, useEffect, useState } from 'react';
import type { DayPlacement, DayPool, DayReferee, DaySnapshot, PoolState } from '../../core/contracts/days';
import { nowOnPistes } from '../../core/fencing/day-plan';
import { openLive, type LiveStatus } from '../lib/live-socket';
import { backoffMs } from '../lib/retry';
import { localError } from '../i18n/errors';
import type { ErrorCode } from '../../core/messages';
import type { DayBridge } from '../../core/contracts/bridge';
import type { LiveBout } from '../../core/refereeing';
import { toast } from './toasts';

import { dayTerms } from '../i18n/day-terms';

export { dayTerms };

/** The label of a pool's state, in the viewer's language. */
export function stateLabel(t: ReturnType<typeof dayTerms.get>, state: PoolState): string {
  return state === 'done' ? t.poolDone : state === 'fencing' ? t.poolFencing : t.poolWaiting;
}


/** Which day a screen watches: the coach's own (`day`, by cookie) or a hall board by its link (`hall`). */
export type DayWatch = { day: string } | { hall: string };

export interface LiveDay {
  /** Undefined while loading, null when the day cannot be shown (not the coach's, or the link not valid). */
  snapshot: DaySnapshot | null | undefined;
  status: LiveStatus;
  /** Why the server ended this screen's watch (day deleted, link changed), in the viewer's language. */
  closed: string | null;
  /** A hall board whose day is not shared (it stopped, or was not when the board opened): why, while it waits on its open socket for the day to come back. */
  paused: string | null;
  /** Shows the day a route answered with (kept only when it is not older than the one on screen). */
  apply: (snapshot: DaySnapshot) => void;
  /** The bouts the pistes' scoring machines hold now (issue 57), by piste id, with this screen's clock offset from the room's. */
  pisteBouts: ReadonlyMap<string, PisteBout>;
  /** The day's bridge as its room last told the coach's screens (issue 57), and when it arrived; null before any word. */
  bridge: { bridge: DayBridge; at: number } | null;
}

/** A bout a piste's machine holds, as the referee screens keep theirs (app/state/referee `OnPiste`). */
export interface PisteBout {
  bout: LiveBout;
  offset: number;
}

const NO_BOUTS: ReadonlyMap<string, PisteBout> = new Map();

const keyOf = (watch: DayWatch) => ('day' in watch ? `day:${watch.day}` : `hall:${watch.hall}`);

/** A day, or a link, that shows nothing: said at once, never tried again. */
class DayGone extends Error {}

/** A right hall link of a day not shared right now (why): the board waits on its socket. */
class DayPaused extends Error {}

/** The code of the server's answer for it (worker/routes/hall `HALL_NOT_SHARED`). */
const NOT_SHARED: ErrorCode = 'hall_not_shared';

/** The day (the API's client comes with the first read, not with the hall board's first paint: issue 29). */
async function fetchDay(watch: DayWatch): Promise<DaySnapshot> {
  const { ApiError, call, client } = await import('../lib/api');
  try {
    return await ('day' in watch
      ? call(client.days[':dayId'].$get({ param: { dayId: watch.day } }))
      : call(client.hall[':boardId'].$get({ param: { boardId: watch.hall } })));
  } catch (e) {
    if (e instanceof ApiError && e.status === 409 && e.code === NOT_SHARED) throw new DayPaused(e.message);
    // A missing day or a link that shows nothing (a limiter's 429 included: a right link is never limited).
    throw e instanceof ApiError && e.status >= 400 && e.status < 500 && e.status !== 408 ? new DayGone() : e;
  }
}

/** The day's socket (the API's /live route, as lib/api's livePath builds it). */
const livePathOf = (watch: DayWatch): string => `/api/live?${new URLSearchParams(watch)}`;

/** Every pool of the day by id (as its event's room last told the day). */
export function poolsById(snapshot: DaySnapshot): Map<string, DayPool & { event: string }> {
  return new Map(snapshot.events.flatMap((e) => e.pools.map((p) => [p.id, { ...p, event: e.name }] as const)));
}

/** The day's referees by id (a placement names its referee by id). */
export function refereesById(snapshot: DaySnapshot): Map<string, DayReferee> {
  return new Map(snapshot.referees.map((r) => [r.id, r]));
}

/** Per piste: the pool fencing there now, and the one after it (the next flight's pool on that piste). */
export function pisteQueues(snapshot: DaySnapshot): Map<string, { now: DayPlacement | null; next: DayPlacement | null }> {
  const pools = poolsById(snapshot);
  const now = nowOnPistes(snapshot.placements, pools);
  const queues = new Map<string, { now: DayPlacement | null; next: DayPlacement | null }>();
  for (const piste of snapshot.pistes) {
    const current = now.get(piste.id) ?? null;
    const next = current
      ? snapshot.placements.filter((p) => p.piste_id === piste.id && p.pool_id !== current.pool_id && p.flight >= current.flight).sort((a, b) => a.flight - b.flight)[0] ?? null
      : null;
    queues.set(piste.id, { now: current, next });
  }
  return queues;
}

/** How often a screen the day's room has not let in yet (refused) reads the day meanwhile. */
const REFUSED_POLL_MS = 10_000;

/**
 * A competition day kept live (issue 28): read once, then every snapshot its room sends over the practice
 * rooms' socket machinery (reconnects with backoff); the highest version wins, so a late answer never
 * undoes a newer change. The room sends the whole day on every (re)connect, so a reconnect misses nothing.
 */
export function useLiveDay(watch: DayWatch): LiveDay {
  const key = keyOf(watch);
  const [state, setState] = useState<{ key: string; snapshot: DaySnapshot | null | undefined; closed: string | null; paused?: string | null }>({ key, snapshot: undefined, closed: null });
  const [status, setStatus] = useState<LiveStatus>('connecting');
  const [pisteBouts, setPisteBouts] = useState<{ key: string; bouts: ReadonlyMap<string, PisteBout> }>({ key, bouts: NO_BOUTS });
  const [bridge, setBridge] = useState<{ key: string; bridge: DayBridge; at: number } | null>(null);

  const keep = useCallback(
    (snapshot: DaySnapshot) =>
      // A day that arrives is shown: a paused board is shared again.
      setState((s) => (s.key !== key || (s.snapshot && s.snapshot.day.id === snapshot.day.id && s.snapshot.version > snapshot.version) ? s : { ...s, snapshot, paused: null })),
    [key],
  );

  useEffect(() => {
    setState({ key, snapshot: undefined, closed: null });
    const target: DayWatch = key.startsWith('day:') ? { day: key.slice(4) } : { hall: key.slice(5) };
    let stopped = false;
    let attempt = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const load = () =>
      fetchDay(target).then(
        (snapshot) => !stopped && keep(snapshot),
        (e: unknown) => {
          if (stopped) return;
          // A day or a link that shows nothing is said at once, and its socket stops trying; no network or a
          // stumble is tried again.
          if (e instanceof DayGone) {
            setState((s) => (s.snapshot ? s : { ...s, key, snapshot: null }));
            close();
            return;
          }
          // A day not shared right now: nothing of it shows, and its socket waits for its room's word.
          if (e instanceof DayPaused) return setState((s) => (s.snapshot ? s : { ...s, key, paused: e.message }));
          timer = setTimeout(load, backoffMs(attempt++));
        },
      );
    let refusalShown = false;
    let polling: ReturnType<typeof setInterval> | undefined;
    const end = (reason: string) => {
      setState((s) => ({ ...s, key, closed: reason }));
      close();
    };
    const close = openLive({
      url: livePathOf(target),
      onMessage: (msg) => {
        // Let in (a hello, or a board that waits for sharing): the socket tells this screen from now on.
        if (msg.type !== 'refused' && polling) {
          clearInterval(polling);
          polling = undefined;
        }
        switch (msg.type) {
          case 'day':
            return keep(msg.day);
          case 'hello':
            // The room sends every bout on its pistes after its hello: start from none.
            return setPisteBouts({ key, bouts: NO_BOUTS });
          case 'piste-bout':
            return setPisteBouts((s) => {
              const bouts = new Map(s.key === key ? s.bouts : NO_BOUTS);
              if (msg.bout) bouts.set(msg.piste_id, { bout: msg.bout, offset: Date.now() - msg.bout.now });
              else bouts.delete(msg.piste_id);
              return { key, bouts };
            });
          case 'bridge':
            return setBridge({ key, bridge: msg.bridge, at: Date.now() });
          case 'day-deleted':
            return end(dayTerms.get().deleted);
          case 'room-closed':
            // The coach's sessions ended (signed out everywhere, a new password): the session says whether this
            // tab is still signed in (its socket reconnects) or not (back to the sign-in page).
            if (msg.code === 'signed_out_everywhere') return void import('./session').then((m) => m.loadSession());
            return end(localError(msg.reason, msg.code));
          case 'paused':
            return setState((s) => ({ ...s, key, paused: localError(msg.reason, msg.code) }));
          case 'refused':
            // Until the room lets this screen in (its socket keeps trying), it reads the day every few seconds;
            // a screen that only waits its turn says nothing.
            polling ??= setInterval(() => void load(), REFUSED_POLL_MS);
            if (msg.code === 'screens_opening_too_fast') return;
            if (!refusalShown) toast({ title: dayTerms.get().refused, description: localError(msg.reason, msg.code), variant: 'destructive' });
            refusalShown = true;
            return;
          default:
            return;
        }
      },
      onOpen: () => undefined,
      onStatus: (s) => !stopped && setStatus(s),
    });
    // Read at once for a quick first paint (and a screen that still loads where websockets are blocked).
    void load();
    return () => {
      stopped = true;
      clearTimeout(timer);
      clearInterval(polling);
      close();
    };
  }, [key, keep]);

  const mine = state.key === key ? state : { snapshot: undefined, closed: null, paused: null };
  return {
    snapshot: mine.snapshot,
    closed: mine.closed,
    paused: mine.paused ?? null,
    status,
    apply: keep,
    pisteBouts: pisteBouts.key === key ? pisteBouts.bouts : NO_BOUTS,
    bridge: bridge?.key === key ? { bridge: bridge.bridge, at: bridge.at } : null,
  };
}
