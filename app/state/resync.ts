/**
 * How the screen watching a practice loads everything again (set by `useLivePractice`): used when a delta
 * arrives that does not follow the version this screen holds (a message was missed), so it never shows a
 * state with a hole in it.
 */
let resync: (() => void) | null = null;
let pending = false;

export function setResync(fn: (() => void) | null) {
  resync = fn;
}

/** Asks for one full reload; several gaps noticed at once make one reload. */
export function requestResync() {
  if (pending || !resync) return;
  pending = true;
  queueMicrotask(() => {
    pending = false;
    resync?.();
  });
}
