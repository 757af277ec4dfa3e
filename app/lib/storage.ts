import { PRACTICE_COOKIE } from '../../core/practice-page';

/** Local-storage keys (SPEC §3). */
export const storageKeys = {
  currentPracticeId: 'current_practice_id',
  guestSessionToken: 'guest_session_token',
  practicesView: 'practices_view',
} as const;

export function readStorage(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** Keys the worker reads too, as cookies (core/practice-page): the practice this device shows. */
const MIRRORED: Record<string, string> = { [storageKeys.currentPracticeId]: PRACTICE_COOKIE };

export function writeStorage(key: string, value: string | null) {
  const mirror = MIRRORED[key];
  if (mirror) writeCookie(mirror, value);
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // Private mode or a full quota: the app keeps working without persistence.
  }
}

/**
 * Writes (null: deletes) a cookie the page keeps for the worker's render (core/practice-page): a year, the
 * whole site, SameSite=Lax (another site's requests never carry it; it grants nothing anyway).
 */
export function writeCookie(name: string, value: string | null) {
  try {
    const secure = location.protocol === 'https:' ? '; Secure' : '';
    document.cookie = `${name}=${value === null ? '' : encodeURIComponent(value)}; Path=/; Max-Age=${value === null ? 0 : 365 * 24 * 3600}; SameSite=Lax${secure}`;
  } catch {
    // No document (a worker's render): nothing to keep.
  }
}

/** At boot: the cookies say what local storage says, for a device that chose before they existed. */
export function mirrorStorage() {
  for (const [key, cookie] of Object.entries(MIRRORED)) writeCookie(cookie, readStorage(key));
}
