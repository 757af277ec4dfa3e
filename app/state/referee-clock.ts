import { useEffect, useState } from 'react';
import { clockAt } from '../../core/fencing/referee';
import type { OnPiste } from './referee';

/** The bout clock on a screen (issue 18): loaded with what shows one, not with every board's first paint. */

/** Ticks while `running`, so a clock on screen counts down; still otherwise. */
export function useTick(running: boolean, everyMs = 250) {
  const [, setNow] = useState(0);
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [running, everyMs]);
}

/** The bout clock of a bout on the piste as it reads now on this screen. */
export function remainingOf({ bout, offset }: OnPiste, now = Date.now()) {
  return clockAt(bout.state, now - offset).remainingMs;
}

/** 2:47 — a bout clock's reading, rounded up to the second as scoring displays do. */
export function formatClock(ms: number) {
  const seconds = Math.ceil(Math.max(0, ms) / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}
