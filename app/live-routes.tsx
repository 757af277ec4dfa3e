import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';

/** The components the live board's routes show: the page's own screens, or the worker's render of them. */
export interface LiveParts {
  TvBoard: ComponentType;
  SpectatorPage: ComponentType;
  BoardPools: ComponentType;
  /** The tabs the board shares with the coach's screens (the worker leaves them to the page). */
  PoolResults: ComponentType;
  Tableau: ComponentType;
  FinalResults: ComponentType;
}

/**
 * The live board's routes (/live/{id}, its tabs and /tv), built once from the parts given: the app's router
 * and the worker's render of a board (app/ssr/board.tsx) use the same tree, so the page hydrates what the
 * worker sent.
 */
export function liveRoutes({ TvBoard, SpectatorPage, BoardPools, PoolResults, Tableau, FinalResults }: LiveParts): RouteObject[] {
  return [
    { path: '/live/:boardId/tv', element: <TvBoard /> },
    {
      path: '/live/:boardId',
      element: <SpectatorPage />,
      children: [
        { index: true, element: <BoardPools /> },
        { path: 'results', element: <PoolResults /> },
        { path: 'tableau', element: <Tableau /> },
        { path: 'final', element: <FinalResults /> },
      ],
    },
  ];
}
