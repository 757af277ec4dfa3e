import { CLIENT_ONLY } from '../../../core/board-page';
import { lazy, Suspense, type ComponentProps, type ComponentType } from 'react';

/** The worker's render of a page (issues 29, 33): nothing loaded on demand is part of a first paint. */
const inWorker = typeof document === 'undefined';

/** Left to the page, as it would be on its first paint: its boundary comes empty and the page fills it in (core/board-page CLIENT_ONLY). */
function LeftToThePage(): never {
  throw Object.assign(new Error('Rendered by the page'), { digest: CLIENT_ONLY });
}

/**
 * A component loaded the first time it is shown (issue 13: a lighter first load). Dialogs are not part of a
 * screen's first paint, so Radix and each dialog's code load when one first opens; render them only while
 * open. The service worker precaches every chunk, so this works offline too. A page the worker renders leaves
 * it to the page.
 */
export function onDemand<P extends object>(load: () => Promise<ComponentType<P>>) {
  const Lazy = lazy(async () => ({ default: await load() }));
  function OnDemand(props: P) {
    return <Suspense fallback={null}>{inWorker ? <LeftToThePage /> : <Lazy {...(props as ComponentProps<typeof Lazy>)} />}</Suspense>;
  }
  /**
   * Its code fetched now, ahead of its first opening (a failure is left for the opening to meet): for what a
   * screen cannot do without once the network is gone, such as entering a score, on a first visit whose
   * service worker is not yet in control.
   */
  const preload = () => void load().catch(() => undefined);
  return Object.assign(OnDemand, { preload });
}
