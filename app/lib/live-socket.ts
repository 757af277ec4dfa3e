import { CLOSE_CODES, parseLiveMessage, type LiveMessage } from '../../core/live-messages';

export type LiveStatus = 'connecting' | 'live' | 'reconnecting' | 'offline' | 'closed';

interface LiveOptions {
  url: string;
  onMessage: (message: LiveMessage) => void;
  /** Called on every (re)connect, so the screen reloads what it shows and misses nothing. */
  onOpen: () => void;
  onStatus: (status: LiveStatus) => void;
}

/** The longest wait between attempts; a socket the room closed for breaking its message limits waits this long. */
const LONGEST_MS = 10_000;
const POLICY_CLOSES: ReadonlySet<number> = new Set([CLOSE_CODES.policy, CLOSE_CODES.tooBig]);

/** DESIGN.md: reconnect after a jittered 1–5 s, the upper bound doubling per failed attempt up to 10 s. */
export function reconnectDelayMs(attempt: number, random: () => number = Math.random): number {
  const cap = Math.min(LONGEST_MS, 5_000 * 2 ** attempt);
  return 1_000 + random() * (cap - 1_000);
}

/** A websocket that keeps itself open: it reconnects with backoff until closed on purpose. */
export function openLive({ url, onMessage, onOpen, onStatus }: LiveOptions) {
  let ws: WebSocket | null = null;
  let attempt = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  let ping: ReturnType<typeof setInterval> | undefined;

  const connect = () => {
    const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
    ws = new WebSocket(`${scheme}//${location.host}${url}`);
    ws.onopen = () => {
      // Answered by the room's auto-response without waking it; keeps proxies from idling the socket out.
      ping = setInterval(() => ws?.readyState === WebSocket.OPEN && ws.send('ping'), 30_000);
    };
    ws.onmessage = (e) => {
      if (e.data === 'pong') return;
      const msg = parseLiveMessage(String(e.data));
      if (!msg) return;
      // Live once the room says hello: a socket it refuses (too many screens) is opened, told why and
      // closed, and must keep backing off instead of counting as a success.
      if (msg.type === 'hello') {
        attempt = 0;
        onStatus('live');
        onOpen();
      }
      onMessage(msg);
    };
    ws.onclose = (e) => {
      clearInterval(ping);
      if (stopped) return;
      onStatus(navigator.onLine ? 'reconnecting' : 'offline');
      // This app never breaks the room's message limits; if something on the page did, never hammer it.
      timer = setTimeout(connect, POLICY_CLOSES.has(e.code) ? LONGEST_MS : reconnectDelayMs(attempt++));
    };
  };

  // The browser knows when the network is gone: say so, and try again the moment it is back.
  const offline = () => onStatus('offline');
  const online = () => {
    if (ws?.readyState === WebSocket.OPEN) return onStatus('live');
    onStatus('reconnecting');
    clearTimeout(timer);
    if (ws?.readyState !== WebSocket.CONNECTING) connect();
  };
  window.addEventListener('offline', offline);
  window.addEventListener('online', online);
  onStatus(navigator.onLine ? 'connecting' : 'offline');
  connect();
  return () => {
    window.removeEventListener('offline', offline);
    window.removeEventListener('online', online);
    stopped = true;
    clearTimeout(timer);
    clearInterval(ping);
    ws?.close();
    onStatus('closed');
  };
}
