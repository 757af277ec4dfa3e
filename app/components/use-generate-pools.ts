import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { PracticeType } from '../../core/api';
import { errorMessage } from '../lib/api';
import { practiceHome } from '../lib/paths';
import { requestGeneratedPools } from '../state/pools';
import { toast, toastError } from '../state/toasts';

/**
 * The submit of every pool generation (setup wizard, manual assignment, team pools): the request, the
 * spec's success or failure toast, then the Pools screen with the first new pool current.
 */
export function useGeneratePools(texts: { success: string; failure: string }) {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  async function generate(practice: { id: string; practice_type: PracticeType }, path: string, body: unknown) {
    setBusy(true);
    try {
      await requestGeneratedPools(practice.id, path, body);
      toast({ title: 'Success', description: texts.success });
      navigate(practiceHome(practice.practice_type));
    } catch (e) {
      toastError(errorMessage(e, texts.failure));
    } finally {
      setBusy(false);
    }
  }
  return { busy, generate };
}
