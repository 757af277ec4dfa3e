/**
 * Loading a screen's code ahead of a visit (issue 59: a tab switch of a 512-fencer event within 100 ms). The
 * router, which knows every route's chunks, registers how to load them; a component that links to a screen
 * asks for its code here without importing the router (the app's top).
 */
let loader: ((pathname: string) => Promise<unknown>) | null = null;

/** Set once by the router: loads every chunk on the way to `pathname`. */
export function setRouteLoader(load: (pathname: string) => Promise<unknown>) {
  loader = load;
}

/** Loads the code of the screens at `pathnames`, once the page is idle; a chunk that fails is asked for again on the visit. */
export function preloadRoutes(pathnames: readonly string[]): () => void {
  const run = () => {
    for (const p of pathnames) void loader?.(p).catch(() => undefined);
  };
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(run, { timeout: 2_000 });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(run, 200);
  return () => clearTimeout(id);
}
