import { useAtomValue } from 'jotai';
import { liveBehindAtom, liveStatusAtom } from '../../state/pools';
import { i18n } from '../../i18n';
import { liveStatusText, useTexts } from '../../i18n/common';

const messages = i18n('live-indicator', {
  behind: 'may be behind: catching up…',
  notLive: 'not live: loading again…',
});


/**
 * Shows whether this screen is receiving live updates: live, reconnecting… while the socket is down, or
 * offline; and, while a load or catch-up failed and is being tried again, that the screen may be behind.
 */
export function LiveIndicator() {
  const t = useTexts(messages);
  const status = useAtomValue(liveStatusAtom);
  const behind = useAtomValue(liveBehindAtom);
  const tone = status === 'live' ? 'text-green-700' : status === 'offline' ? 'text-red-700' : 'text-amber-700';
  const dot = status === 'live' && !behind ? 'bg-green-600' : status === 'offline' ? 'bg-red-600' : 'animate-pulse bg-amber-500';
  return (
    <span className="inline-flex items-center gap-1.5 text-xs font-semibold">
      <span className={`inline-flex items-center gap-1.5 ${tone}`} data-testid="live-status" role="status">
        <span className={`h-2 w-2 rounded-full ${dot}`} aria-hidden="true" />
        {liveStatusText(t, status)}
      </span>
      {/* Shown only by a rendered board's watch (public/board-watch.js) when the app's scripts did not load. */}
      <span className="text-red-700" data-board-retry="" data-testid="live-retry" role="status" hidden>
        {t.notLive}
      </span>
      {behind && (
        <span className="text-amber-700" data-testid="live-behind" role="status">
          {t.behind}
        </span>
      )}
    </span>
  );
}
