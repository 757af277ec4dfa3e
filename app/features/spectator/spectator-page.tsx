import { useTexts } from '../../i18n/common';
import { lazy, Suspense, useCallback, useEffect, useState, type ReactNode } from 'react';
import { Outlet, useParams } from 'react-router';
import { NavLink } from '../../components/link';
import type { SpectatorSnapshot } from '../../../core/contracts/guests';
import { BOARD_PAUSED, BOARD_UNAVAILABLE } from '../../../core/room-code';
import { LiveIndicator } from '../../components/layout/live-indicator';
import { Spinner } from '../../components/ui/spinner';
import type { Challenge } from '../../lib/challenge';
import { showSpectatorBoard } from '../../state/spectator';
import type { PracticeView } from '../../state/viewer';
import { i18n } from '../../i18n';
import { localError } from '../../i18n/errors';
import { LanguagePicker } from '../../i18n/language-picker';
import { OnPisteNow } from '../../components/referee/on-piste-now';
import { dropEmbeddedBoard, embeddedBoard, embeddedPaused } from './embedded-board';

const messages = i18n('spectator-page', {
  unavailable: 'Live board unavailable',
  paused: 'Live board paused',
  comesBack: 'This screen comes back by itself when the coach shares the practice again.',
  eyebrow: 'Piste live board',
  tv: 'TV view',
  check: 'Many wrong board links were tried lately. Confirm you are a person to open this board.',
});

/** The socket that keeps a board live, after the board's first paint. */
const LiveSync = lazy(() => import('./live-sync').then((m) => ({ default: m.LiveSync })));

/** How long before a board's reading code is asked for again when it did not arrive. */
const RETRY_CODE_MS = 3000;

/**
 * Turnstile's widget (or its local stand-in), loaded only when the limiter asks for a check (never in the worker's
 * render of a board: a check comes before any board is read). React's own `lazy`, like the socket above: the
 * board's first load carries no on-demand helper (issue 33).
 */
const HumanCheck = lazy(() => import('../../components/ui/human-check'));

/**
 * /live/{board id}: the read-only scoreboard for a screen in the hall or a parent's phone. No account and
 * no name; its link is not the room code, so it never lets anyone score. It works while the coach shares
 * the practice, and updates the moment a score is saved.
 */
export function SpectatorPage() {
  return <LiveBoardGate render={(board, view) => <Board board={board} view={view} />} />;
}

/** What a board link shows, given its snapshot and the view its screens share (`boardId` is the link's id). */
type RenderBoard = (board: SpectatorSnapshot, view: PracticeView & { boardId: string }) => ReactNode;

/**
 * A board link's screen (the board and its TV view): loading, then "unavailable" when the link shows
 * nothing or the room closes it, "paused" while the link is right but its practice does not share (it comes
 * back by itself), else `render` while the practice's room keeps it live.
 */
export function LiveBoardGate({ render }: { render: RenderBoard }) {
  const { boardId: code = '' } = useParams();
  const { board, paused, fromPage, closed, setClosed, challenge, retry, readAgain } = useBoardSnapshot(code);
  if (challenge) return <CheckFirst challenge={challenge} onToken={retry} />;
  if (board === undefined) return <Spinner />;
  if (closed) return <BoardUnavailable reason={closed} />;
  if (paused !== null) return <WaitingForSharing code={code} reason={paused} onShared={readAgain} onClosed={setClosed} />;
  if (!board) return <BoardUnavailable reason={null} />;
  return <Watching board={board} code={code} fromPage={fromPage} onClosed={setClosed} render={render} />;
}

interface WatchingProps {
  board: SpectatorSnapshot;
  code: string;
  /** The snapshot came with the page (issue 29): the socket keeps it current without reading it again. */
  fromPage: boolean;
  onClosed: (reason: string) => void;
  render: RenderBoard;
}

/** The board's socket (the API's /live route, as lib/api's livePath builds it; not its client: the board's first load stays small). */
const liveBoardPath = (code: string) => `/api/live?${new URLSearchParams({ board: code })}`;

function Watching({ board, code, fromPage, onClosed, render }: WatchingProps) {
  const view = { ...board.practice, role: 'spectator' as const, coach: null, liveUrl: liveBoardPath(code), boardId: code };
  useEffect(() => dropEmbeddedBoard, []);
  // The practice stopped sharing: its socket stays open and the board comes back when sharing does.
  const [paused, setPaused] = useState<string | null>(null);
  return (
    <>
      {paused === null ? render(board, view) : <BoardPaused reason={paused} />}
      <Suspense fallback={null}>
        <LiveSync view={view} onClosed={onClosed} onPaused={setPaused} fresh={fromPage ? (board.mark ?? '') : null} />
      </Suspense>
    </>
  );
}

/**
 * A board opened (or reloaded) while its practice does not share: the paused screen, on the board's socket
 * (loaded after the first paint, like the board's), until the room's hello says sharing is back; then the
 * board is read. The room tells it nothing of the practice meanwhile.
 */
function WaitingForSharing({ code, reason, onShared, onClosed }: { code: string; reason: string; onShared: () => void; onClosed: (reason: string) => void }) {
  const [why, setWhy] = useState(reason);
  useEffect(() => {
    let stopped = false;
    let close: (() => void) | undefined;
    void import('../../lib/live-socket').then(({ openLive }) => {
      if (stopped) return;
      close = openLive({
        url: liveBoardPath(code),
        onMessage: (msg) => {
          if (msg.type === 'paused') setWhy(localError(msg.reason, msg.code));
          if (msg.type === 'room-closed') onClosed(localError(msg.reason, msg.code));
        },
        // Its hello: sharing is back.
        onOpen: onShared,
        onStatus: () => undefined,
      });
    });
    return () => {
      stopped = true;
      close?.();
    };
  }, [code, onShared, onClosed]);
  return <BoardPaused reason={why} />;
}

/** Sharing ended (turned off, or no scores for a while): nothing of the practice shows until it shares again. */
function BoardPaused({ reason }: { reason: string }) {
  const t = useTexts(messages);
  return (
    <div className="flex min-h-screen flex-col items-center justify-center gap-2 px-4 text-center" data-testid="board-paused">
      <h1 className="text-2xl font-bold">{t.paused}</h1>
      <p className="text-slate-600">{reason}</p>
      <p className="text-slate-600">{t.comesBack}</p>
    </div>
  );
}

/**
 * The snapshot a board link shows: the one its page came with (issue 29), else one read per link, without
 * the screens' shared loader (it has nothing to guard here, no local edits), so the board's first load
 * stays small (issue 13). An answer for a link no longer shown is dropped. Undefined while loading, null
 * when the link does not show a board.
 */
function useBoardSnapshot(code: string) {
  const [loaded, setLoaded] = useState<{ code: string; board: SpectatorSnapshot | null; paused?: string; challenge?: Challenge; fromPage?: boolean } | null>(() => {
    const board = embeddedBoard(code);
    if (board === undefined) return null;
    // The worker already looked this link up and found no board (or its practice not sharing): said at once,
    // without asking the API again.
    if (board === null) return { code, board: null, ...(embeddedPaused(code) ? { paused: localError(BOARD_PAUSED, 'board_not_shared') } : {}) };
    showSpectatorBoard(board);
    return { code, board, fromPage: true };
  });
  // A solved human check, sent once with the next read of this link.
  const [check, setCheck] = useState<{ code: string; token: string } | null>(null);
  // Reads asked for again (a paused board whose practice shares again).
  const [reads, setReads] = useState(0);
  useEffect(() => {
    if (!check && reads === 0 && embeddedBoard(code) !== undefined) return;
    let current = true;
    let attempt = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const load = () =>
      void import('./board-read').then(async ({ readBoard }) => {
        const read = await readBoard(code, check?.code === code ? check.token : undefined, attempt++);
        if (!current) return;
        if ('retryInMs' in read) return void (timer = setTimeout(load, read.retryInMs));
        if ('board' in read) showSpectatorBoard(read.board);
        setLoaded({ code, board: 'board' in read ? read.board : null, ...('paused' in read ? { paused: read.paused } : {}), ...('challenge' in read ? { challenge: read.challenge } : {}) });
      }, () => {
        // Its code did not arrive (offline, never cached): tried again like a read that failed.
        if (current) timer = setTimeout(load, RETRY_CODE_MS);
      });
    load();
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [code, check, reads]);
  const [closed, setClosed] = useState<string | null>(null);
  const mine = loaded?.code === code ? loaded : null;
  const retry = (token: string) => {
    setLoaded(null);
    setCheck({ code, token });
  };
  // The paused screen stays until the read answers: no spinner between.
  const readAgain = useCallback(() => {
    dropEmbeddedBoard();
    setReads((n) => n + 1);
  }, []);
  return { board: mine ? mine.board : undefined, paused: mine?.paused ?? null, fromPage: mine?.fromPage === true, challenge: mine?.challenge ?? null, retry, readAgain, closed, setClosed };
}

/** The limiter asks for a human check before it reads this link (issue 25). */
function CheckFirst({ challenge, onToken }: { challenge: Challenge; onToken: (token: string) => void }) {
  const t = useTexts(messages);
  return (
    <div className="mx-auto flex min-h-screen max-w-md flex-col items-center justify-center gap-4 px-4 text-center">
      <h1 className="text-2xl font-bold">{t.eyebrow}</h1>
      <p className="text-slate-700">{t.check}</p>
      <Suspense fallback={null}>
        <HumanCheck challenge={challenge} onToken={onToken} />
      </Suspense>
    </div>
  );
}

/** The board link no longer shows anything (sharing off, link changed): said plainly, in large type. */
function BoardUnavailable({ reason }: { reason: string | null }) {
  const t = useTexts(messages);
  return (
    <div className="flex min-h-screen flex-col items-center justify-center gap-2 px-4 text-center">
      <h1 className="text-2xl font-bold">{t.unavailable}</h1>
      <p className="text-slate-600">{reason ?? localError(BOARD_UNAVAILABLE, 'live_board_link_not_valid')}</p>
    </div>
  );
}

function Board({ board, view }: { board: SpectatorSnapshot; view: PracticeView & { boardId: string } }) {
  const t = useTexts(messages);
  const code = view.boardId;
  const tabs = [
    { to: `/live/${code}`, label: t.pools },
    { to: `/live/${code}/results`, label: t.poolResults },
    { to: `/live/${code}/tableau`, label: t.tableau },
    { to: `/live/${code}/final`, label: t.finalResults },
  ];
  return (
    <div className="min-h-screen text-base lg:text-lg">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-3 px-4 py-4">
          <div>
            <p className="text-xs font-semibold uppercase tracking-widest text-slate-500">{t.eyebrow}</p>
            <h1 className="text-2xl font-bold lg:text-4xl" data-testid="practice-name">{board.practice.name}</h1>
          </div>
          <div className="flex items-center gap-4 text-lg">
            <a href={`/live/${code}/tv`} className="hidden text-sm font-medium text-sky-700 hover:underline lg:inline">{t.tv}</a>
            <LanguagePicker />
            <LiveIndicator />
          </div>
        </div>
        <nav aria-label={t.liveBoard} className="mx-auto max-w-7xl overflow-x-auto px-4">
          <ul className="flex min-w-max gap-1">
            {tabs.map((tab) => (
              <li key={tab.to}>
                <NavLink to={tab.to} end className={({ isActive }) => `block border-b-4 px-4 py-3 font-semibold ${isActive ? 'border-slate-900' : 'border-transparent text-slate-500'}`}>
                  {tab.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </header>
      <main className="mx-auto max-w-7xl space-y-4 px-4 py-6">
        <OnPisteNow />
        {/* A tab's own chunk loads here, under the board's header (the worker leaves the shared tabs to the page). */}
        <Suspense fallback={<Spinner />}>
          <Outlet context={view} />
        </Suspense>
      </main>
    </div>
  );
}
