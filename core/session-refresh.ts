const FIVE_MINUTES = 5 * 60 * 1000;
const DAY = 24 * 60 * 60 * 1000;

/** SPEC §4: refresh five minutes before expiry, only when that delay is between 0 and 24 hours; else null. */
export function refreshDelayMs(accessExpiresAt: number, now: number): number | null {
  const delay = accessExpiresAt - now - FIVE_MINUTES;
  return delay > 0 && delay < DAY ? delay : null;
}
