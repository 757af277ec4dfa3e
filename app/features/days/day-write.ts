import { useState } from 'react';
import type { DaySnapshot } from '../../../core/contracts/days';
import { errorMessage } from '../../lib/api';
import { toastError } from '../../state/toasts';

/**
 * A change to the day through its routes: the answer (the day as it now stands) is shown at once, the
 * socket's copy of it follows; a refusal (a 409 of the day's rules) is shown in the viewer's language.
 */
export function useDayWrite(apply: (snapshot: DaySnapshot) => void) {
  const [busy, setBusy] = useState(false);
  async function run(write: () => Promise<DaySnapshot>, failure: string): Promise<string | null> {
    setBusy(true);
    try {
      apply(await write());
      return null;
    } catch (e) {
      const message = errorMessage(e, failure);
      toastError(message);
      return message;
    } finally {
      setBusy(false);
    }
  }
  return { busy, run };
}
