import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { GeneratedPools } from '../../core/contracts/pools';
import type { PracticeType } from '../../core/contracts/practices';
import { common } from '../i18n/common';
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
  async function generate(practice: { id: string; practice_type: PracticeType }, request: () => Promise<GeneratedPools>) {
    setBusy(true);
    try {
      await requestGeneratedPools(practice.id, request);
      toast({ title: common.get().success, description: texts.success });
      navigate(practiceHome(practice.practice_type));
    } catch (e) {
      toastError(errorMessage(e, texts.failure));
    } finally {
      setBusy(false);
    }
  }
  return { busy, generate };
}
