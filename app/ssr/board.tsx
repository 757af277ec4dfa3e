import { Suspense, type ReactNode } from 'react';
import { Outlet, StaticRouter, useRoutes, type RouteObject } from 'react-router';
import { CLIENT_ONLY, type EmbeddedBoard } from '../../core/board-page';
import { Toaster } from '../components/ui/toast';
import { showSpectatorBoard } from '../state/spectator';
import { renderingBoard } from '../features/spectator/embedded-board';
import { SpectatorPage } from '../features/spectator/spectator-page';
import { BoardPools } from '../features/spectator/board-pools';
import { TvBoard } from '../features/spectator/tv-board';
import { liveRoutes } from '../live-routes';
import { oneAtATime, renderedHtml, renderInLanguage } from './render';

/**
 * The live board rendered in the worker (issue 29): the same components as the page, under the same
 * routes (app/live-routes.tsx, which the app's router uses too), with the same host elements and Suspense
 * boundaries as the app's router (its Root, then the /live routes), so the page hydrates what it got
 * instead of painting it again. The
 * tabs the board shares with the coach's screens (results, tableau, final) are left to the page: their
 * boundary answers the spinner and the page fills it in (`CLIENT_ONLY`).
 */

function ClientOnly(): ReactNode {
  throw Object.assign(new Error('Rendered by the page'), { digest: CLIENT_ONLY });
}

/** router.tsx's Root, as the server renders it: its fallback never shows here (nothing suspends). */
function Root() {
  return (
    <>
      <Suspense fallback={null}>
        <Outlet />
      </Suspense>
      <Toaster />
    </>
  );
}

/** A page's data with a board to render. */
type FoundBoard = EmbeddedBoard & { board: NonNullable<EmbeddedBoard['board']> };

/** The app's routes as the worker renders them: Root, then the live board's. */
const BOARD_ROUTES: RouteObject[] = [
  { element: <Root />, children: liveRoutes({ TvBoard, SpectatorPage, BoardPools, PoolResults: ClientOnly, Tableau: ClientOnly, FinalResults: ClientOnly }) },
];

function BoardRoutes() {
  return useRoutes(BOARD_ROUTES);
}

/**
 * The board's markup for `path` (/live/{id}, a tab or /tv) from the snapshot the page will embed, in its
 * language (`data.lang`) and with the visitor's Accept-Language (numbers and dates written as their browser does).
 */
export function renderBoard(path: string, data: FoundBoard, acceptLanguage: string | undefined): Promise<string> {
  return oneAtATime(() => render(path, data, acceptLanguage));
}

async function render(path: string, data: FoundBoard, acceptLanguage: string | undefined): Promise<string> {
  renderInLanguage(data.lang, acceptLanguage);
  renderingBoard(data);
  showSpectatorBoard(data.board);
  return renderedHtml(
    <StaticRouter location={path}>
      <BoardRoutes />
    </StaticRouter>,
    'board render',
  );
}
