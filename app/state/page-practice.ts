import { PRACTICE_DATA_ID, type EmbeddedPractice } from '../../core/practice-page';
import { readStorage, storageKeys } from '../lib/storage';
import { renderedWide } from '../lib/screen-width';
import { givenFirstSnapshot } from './first-snapshot';
import { practicesFromPage } from './practices';
import { dropSnapshot, showSnapshot } from './room-member';
import { applySession, sessionFromPage } from './session';

/**
 * A coach's practice screen rendered by the worker (issue 33): the data it was rendered from, put in the
 * stores the screens read, on both sides: in the worker before its render (`showPagePractice`, then
 * `dropPagePractice`), in the page before it hydrates (`takePagePractice`).
 */
export function showPagePractice(data: EmbeddedPractice) {
  renderedWide(data.wide);
  applySession(data.session);
  practicesFromPage(data.practices, data.practiceId);
  showSnapshot(data.practiceId, data.snapshot, 'coach');
}

/** The worker's render is over: nothing of this coach stays for the next render. */
export function dropPagePractice() {
  renderedWide(true);
  applySession(null);
  practicesFromPage(null, null);
  dropSnapshot();
}

function fromPage(): EmbeddedPractice | null {
  const text = document.getElementById(PRACTICE_DATA_ID)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as EmbeddedPractice;
  } catch {
    return null;
  }
}

/**
 * In the page, before its first render: what the worker rendered, taken as this screen's first data when it is
 * what this device shows (a coach's screen, no guest session here, the practice this device last showed or,
 * with none stored, the one the worker picked). Answers the language it was rendered in when the page can
 * hydrate it, else null: the boot's reads this page skipped are then made (app/main.tsx `bootReads`).
 */
export function takePagePractice(bootReads: () => void): string | null {
  const data = fromPage();
  const stored = readStorage(storageKeys.currentPracticeId);
  const guest = readStorage(storageKeys.guestSessionToken);
  const current = data && (stored === null || data.practices.some((p) => p.id === stored) ? stored ?? data.practices[0]?.id : data.practices[0]?.id);
  if (!data || guest || current !== data.practiceId) {
    bootReads();
    return null;
  }
  renderedWide(data.wide);
  sessionFromPage(data.session);
  // The current practice stays what this device stores (none: the newest, which the worker rendered).
  practicesFromPage(data.practices, stored);
  givenFirstSnapshot(data.practiceId, data.snapshot);
  showSnapshot(data.practiceId, data.snapshot, 'coach');
  return data.lang;
}
