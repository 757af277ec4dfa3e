import { isValidElement, lazy, type ComponentType, type ReactNode } from 'react';

/** A screen in its own chunk: a component that can also be asked to load its code ahead of being shown. */
export type Screen<P extends object = object> = ComponentType<P> & { load: () => Promise<unknown> };

/**
 * A screen in its own chunk (issue 13: the sign-in page, the guest join page and the live board never download
 * the coach's screens). Once its module is here it renders at once, with no Suspense fallback and no fallback
 * throttle (issue 33): the boot loads every chunk on the way to the page's route together (`chunksOf`), so a
 * first paint waits one round trip, not one per layout. Until then it suspends like `lazy`. The service worker
 * precaches every chunk, so an offline visit still opens any screen.
 */
export function screen<M, P extends object = object>(load: () => Promise<M>, pick: (module: M) => ComponentType<P>): Screen<P> {
  let Loaded: ComponentType<P> | null = null;
  let loading: Promise<unknown> | null = null;
  const start = () =>
    (loading ??= load().then(
      (m) => void (Loaded = pick(m)),
      (e: unknown) => {
        loading = null; // a chunk that failed (offline, no service worker yet) is asked for again next time
        throw e;
      },
    ));
  const Lazy = lazy(async () => {
    await start();
    return { default: Loaded! };
  });
  const Shown = (props: P) => (Loaded ? <Loaded {...props} /> : <Lazy {...props} />);
  return Object.assign(Shown, { load: start });
}

/** Every screen a route element renders (the element's own and those it wraps, as `<CoachOnly><X /></CoachOnly>`). */
export function screensOf(node: ReactNode): Pick<Screen, 'load'>[] {
  if (!isValidElement<{ children?: ReactNode }>(node)) return [];
  const own = typeof node.type === 'function' && 'load' in node.type ? [node.type as Pick<Screen, 'load'>] : [];
  const inner = node.props.children;
  return [...own, ...(Array.isArray(inner) ? inner.flatMap(screensOf) : screensOf(inner))];
}
