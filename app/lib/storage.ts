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

export function writeStorage(key: string, value: string | null) {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // Private mode or a full quota: the app keeps working without persistence.
  }
}
