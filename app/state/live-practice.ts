import { getDefaultStore } from 'jotai';
import { useEffect } from 'react';
import { flushSync } from 'react-dom';
import type { LiveMessage } from '../../core/live-messages';
import { toast } from './toasts';
import { BOUT_RECEIVED } from '../lib/marks';
import { openLive } from '../lib/live-socket';
import { applyBracket, applyMatchesDelta } from './bracket';
import { loadSpectatorBoard } from './spectator';
import type { PracticeView } from './viewer';
import { applyBoutDelta, applyPoolList, applyPoolSnapshot, liveBehindAtom, liveStatusAtom, removePoolLocally } from './pools';
import { backoffMs } from '../lib/retry';
import { setResync } from './resync';
import { applyDuty, applyLiveBout, clearLiveBouts, endLiveBout } from './referee';
import { applyDayCalls } from './day-calls';
import { i18n } from '../i18n';
import { localError } from '../i18n/errors';

const messages = i18n('live', {
  paused: 'Live updates paused',
  warning: 'Warning',
  refreshFailed: 'Failed to refresh data. Showing last known state.',
});

type RoomMember = typeof import('./room-member');

const store = getDefaultStore();

/** The messages every screen of a practice applies, the live board's included. */
function handle(practiceId: string, msg: LiveMessage) {
  switch (msg.type) {
    case 'pool':
      return applyPoolSnapshot(practiceId, msg.pool);
    case 'bout':
      // Marked so the cost of applying a bout, up to the grid's commit, can be measured (npm run bench).
      performance.mark(BOUT_RECEIVED);
      return applyBoutDelta(practiceId, msg.delta);
    case 'matches':
      return applyMatchesDelta(practiceId, msg.delta);
    case 'pools':
      return applyPoolList(practiceId, msg.pools);
    case 'pool-deleted':
      return removePoolLocally(practiceId, msg.poolId);
    case 'bracket':
      return applyBracket(practiceId, msg.bracket);
    case 'hello':
      return clearLiveBouts();
    case 'referee':
      return applyLiveBout(msg.bout);
    case 'referee-end':
      return endLiveBout(msg.key, msg.why);
    case 'duty':
      return applyDuty(msg.poolId, msg.chosen);
    case 'day-calls':
      return applyDayCalls(practiceId, msg.calls);
    default:
      return undefined;
  }
}

/** How often a screen the room has not let in yet (refused) reads itself meanwhile. */
const REFUSED_POLL_MS = 10_000;

/**
 * Keeps the current practice's data live: one socket, reloading everything it shows on each reconnect.
 * `fresh`: the screen's data came with the page (a live board's, issue 29), read at this room change mark: the
 * mount does not read it again. The socket's first opening reads again only when the room's hello says the
 * practice changed since the screen's read (a score saved while the page's code loaded); a reconnect or a
 * missed version always does.
 */
export function useLivePractice(
  { id: practiceId, role, liveUrl, boardId }: Pick<PracticeView, 'id' | 'role' | 'liveUrl' | 'boardId'>,
  onClosed?: (reason: string) => void,
  fresh: string | null = null,
  /** A board's practice stopped sharing (why), or shares again (null): the board waits on its open socket. */
  onPaused?: (reason: string | null) => void,
) {
  useEffect(() => {
    // The coach's and a guest's screens do more than the board (room-member.ts), loaded on demand: the
    // board's first load carries none of it. Messages that arrive before it is here wait for it, in order.
    let member: RoomMember | null = null;
    const memberReady = boardId ? null : import('./room-member').then((m) => (member = m));
    const apply = (msg: LiveMessage) => {
      if (!member?.applyMemberMessage(practiceId, msg)) handle(practiceId, msg);
    };
    // The room's change mark of what this screen shows: the page's (`fresh`), then each read's (null: unknown).
    let shownMark = fresh;
    const reload = async () => {
      try {
        if (!memberReady) return await loadSpectatorBoard(practiceId, boardId ?? '');
        shownMark = await (await memberReady).loadMember(practiceId, role);
        return shownMark !== null;
      } catch {
        return false;
      }
    };
    let refusalShown = false;
    let polling: ReturnType<typeof setInterval> | undefined;
    // A load that fails (a reconnect's included) is tried again with backoff until it succeeds; meanwhile the
    // live indicator says this screen may be behind. One catch-up at a time: one asked for meanwhile runs
    // right after, so an older load never lands over a newer one.
    let stopped = false;
    let attempt = 0;
    let running = false;
    let again = false;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    const catchUp = async (): Promise<void> => {
      clearTimeout(retryTimer);
      if (running) return void (again = true);
      running = true;
      const ok = await reload();
      running = false;
      if (stopped) return;
      if (again) {
        again = false;
        return catchUp();
      }
      store.set(liveBehindAtom, !ok);
      if (ok) return void (attempt = 0);
      // SPEC §8: the warning once per stretch of failures; the indicator stays until the screen caught up.
      if (attempt === 0) toast({ title: messages.get().warning, description: messages.get().refreshFailed, variant: 'destructive' });
      retryTimer = setTimeout(() => void catchUp(), backoffMs(attempt++));
    };
    // A delta that skips a version (a missed message) reloads what the screen shows.
    setResync(() => void catchUp());
    // Load at once for a quick first paint (a member's page asked for it at boot, beside its code: one read),
    // and again on every reconnect (below) so nothing written between the read and the subscription is missed;
    // a screen still loads if websockets are blocked. The socket's first opening reads again only when the
    // room's hello says it changed since this screen's read (a board's embedded one, or the member's snapshot).
    let awaitingHello = fresh !== null || !boardId;
    const first = fresh === null ? catchUp() : Promise.resolve();
    const close = openLive({
      url: liveUrl,
      onMessage: (msg) => {
        if (msg.type === 'hello' && awaitingHello) {
          awaitingHello = false;
          const mark = msg.mark;
          void first.then(() => {
            if (!shownMark || mark !== shownMark) void catchUp();
          });
        }
        // A guest's room closing means their session is over (sharing off, new code, practice deleted).
        if (msg.type === 'room-closed' && role === 'guest') return void import('../lib/api').then((m) => m.endGuestSession(localError(msg.reason, msg.code)));
        if (msg.type === 'room-closed' && role === 'spectator') return onClosed?.(localError(msg.reason, msg.code));
        // The coach's sessions ended (signed out everywhere, a new password): the session says whether this tab
        // is still signed in (it reconnects) or not (back to the sign-in page).
        if (msg.type === 'room-closed' && role === 'coach') return void import('./session').then((m) => m.loadSession());
        if (msg.type === 'paused') return onPaused?.(localError(msg.reason, msg.code));
        // Sharing is back (or the socket is new): the hello's catch-up (onOpen) reads the board again.
        if (msg.type === 'hello') onPaused?.(null);
        // Refused (the room full, this network's share, or opened too fast): the socket keeps retrying, and until
        // it is let in the screen reads itself every few seconds, so nobody is left with a stale board. A socket
        // that only has to wait its turn says nothing; anything else is said once.
        if (msg.type === 'refused') {
          if (!refusalShown && msg.code !== 'screens_opening_too_fast') toast({ title: messages.get().paused, description: localError(msg.reason, msg.code), variant: 'destructive' });
          refusalShown ||= msg.code !== 'screens_opening_too_fast';
          polling ??= setInterval(() => void catchUp(), REFUSED_POLL_MS);
          return;
        }
        // Let in (a hello, or a board that waits for sharing): the socket tells this screen from now on.
        if (polling) {
          clearInterval(polling);
          polling = undefined;
        }
        // Applied and rendered at once (not left to the scheduler's next task): a score shows the moment it
        // arrives, and a small change renders only what it changes.
        if (memberReady && !member) return void memberReady.then(() => flushSync(() => apply(msg)));
        flushSync(() => apply(msg));
      },
      // A write that landed while the socket was down (or before it opened) is picked up here.
      onOpen: () => {
        // Back online: scores waiting in the outbox go first, then the screen catches up.
        // (Loaded on demand: a spectator's board never holds an outbox.)
        if (!boardId) void import('./outbox').then((m) => m.wakeOutbox());
        // The first opening waits for the hello's mark (above) before reading again.
        if (!awaitingHello) void catchUp();
      },
      onStatus: (status) => store.set(liveStatusAtom, status),
    });
    return () => {
      stopped = true;
      clearTimeout(retryTimer);
      clearInterval(polling);
      store.set(liveBehindAtom, false);
      setResync(null);
      close();
    };
  }, [practiceId, role, liveUrl, boardId, onClosed, fresh, onPaused]);
}
