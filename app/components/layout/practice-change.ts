import { useState } from 'react';
import type { Practice } from '../../../core/contracts/practices';
import { errorMessage } from '../../lib/api';
import { upsertPractice } from '../../state/practices';
import { toast, toastError, type Toast } from '../../state/toasts';

/**
 * A change the coach makes from the practice's header (sharing, the weapon, a new code or link): busy while
 * it runs, the practice the server answers applied everywhere, and a toast that says how it went.
 */
export function usePracticeChange() {
  const [busy, setBusy] = useState(false);
  async function change(call: () => Promise<Practice>, done: Omit<Toast, 'id'>, failure: string) {
    setBusy(true);
    try {
      upsertPractice(await call());
      toast(done);
    } catch (e) {
      toastError(errorMessage(e, failure));
    } finally {
      setBusy(false);
    }
  }
  return { busy, change };
}
