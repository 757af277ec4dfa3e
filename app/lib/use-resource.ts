import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { loadGuard } from './load-guard';

export interface Resource<T> {
  status: 'loading' | 'ready' | 'error';
  data: T | null;
  /** Applies a local change (after a successful write); an older answer still on its way cannot undo it. */
  update(change: (data: T) => T): void;
  reload(): Promise<void>;
}

/**
 * The one way a screen loads server data: by key (the screen's id, or null to wait), with stale answers
 * ignored (see load-guard). `onError` runs once per failed load that is still current.
 */
export function useResource<T>(key: string | null, load: () => Promise<T>, onError?: (e: unknown) => void): Resource<T> {
  const [state, setState] = useState<{ key: string | null; status: Resource<T>['status']; data: T | null }>({ key, status: 'loading', data: null });
  const guard = useMemo(loadGuard, [key]);
  // The loader and error handler of the latest render, without making every render a new load.
  const latest = useRef({ load, onError });
  latest.current = { load, onError };

  const reload = useCallback(async (): Promise<void> => {
    if (key === null) return;
    const answer = guard.begin();
    try {
      const data = await latest.current.load();
      const verdict = answer();
      if (verdict === 'fresh') setState({ key, status: 'ready', data });
      else if (verdict === 'reload') return reload();
    } catch (e) {
      if (answer() === 'drop') return;
      setState((s) => ({ ...s, key, status: 'error' }));
      latest.current.onError?.(e);
    }
  }, [guard, key]);

  useEffect(() => {
    setState({ key, status: 'loading', data: null });
    void reload();
  }, [key, reload]);

  const update = useCallback(
    (change: (data: T) => T) => {
      guard.changed();
      setState((s) => (s.data === null ? s : { ...s, data: change(s.data) }));
    },
    [guard],
  );

  const current = state.key === key ? state : { status: 'loading' as const, data: null };
  return { status: current.status, data: current.data, update, reload };
}
