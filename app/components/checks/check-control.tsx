import { useState } from 'react';
import type { CheckScope } from '../../../core/contracts/checks';
import { can, type Role } from '../../../core/permissions';
import { useTexts } from '../../i18n/common';
import { i18n, intlLocale } from '../../i18n';
import { params } from '@nanostores/i18n';
import { errorMessage } from '../../lib/api';
import { markChecked, useCheckOf } from '../../state/checks';
import { toastError } from '../../state/toasts';
import type { ResultPlace } from '../../../core/fencing/result-checks';

const messages = i18n('result-check', {
  markPool: 'Mark pool checked',
  markRound: 'Mark round checked',
  markEvent: 'Mark results checked',
  checkedAt: params('Checked at {time}'),
  final: 'Checked: final',
  unlock: 'Unlock',
  unlockTitle: 'Guests may change these results again',
  markTitle: 'After the sheets are signed: guests can no longer change these results, and your own changes are listed with each bout',
  failed: 'The check could not be saved',
});

const time = (at: number) => new Intl.DateTimeFormat(intlLocale(), { hour: '2-digit', minute: '2-digit' }).format(at);

/** The place a scope's check makes final (the event: any result of it). */
const placeOf = (scope: CheckScope): ResultPlace => (scope.kind === 'pool' ? { pool_id: scope.pool_id } : scope.kind === 'round' ? { round: scope.round } : 'event');

/**
 * A pool's, a tableau round's or the event's check (issue 58): the coach marks it checked once the sheets are
 * signed, or unlocks it; everyone else sees a checked result marked final.
 */
export function CheckControl({ practiceId, role, scope, label }: { practiceId: string; role: Role; scope: CheckScope; label?: string }) {
  const t = useTexts(messages);
  const check = useCheckOf(practiceId, placeOf(scope));
  const own = check !== null && check.scope.kind === scope.kind;
  const [busy, setBusy] = useState(false);
  const coach = can(role, 'results.check');
  if (!coach) {
    return check ? <span className="inline-flex items-center rounded-full bg-emerald-100 px-2.5 py-1 text-xs font-semibold text-emerald-800" data-testid="result-final">✓ {t.final}</span> : null;
  }
  const set = async (checked: boolean) => {
    setBusy(true);
    try {
      await markChecked(practiceId, scope, checked);
    } catch (e) {
      toastError(errorMessage(e, t.failed));
    } finally {
      setBusy(false);
    }
  };
  if (check && !own) {
    // Checked by a wider scope (the event): shown, unlocked there.
    return <span className="inline-flex items-center rounded-full bg-emerald-100 px-2.5 py-1 text-xs font-semibold text-emerald-800" data-testid="result-final">✓ {t.checkedAt({ time: time(check.at) })}</span>;
  }
  if (check) {
    return (
      <span className="inline-flex items-center gap-2" data-testid="result-check">
        <span className="inline-flex items-center rounded-full bg-emerald-100 px-2.5 py-1 text-xs font-semibold text-emerald-800" data-testid="result-final">✓ {t.checkedAt({ time: time(check.at) })}</span>
        <button type="button" className="btn-secondary" disabled={busy} title={t.unlockTitle} onClick={() => void set(false)}>{t.unlock}</button>
      </span>
    );
  }
  const mark = label ?? (scope.kind === 'pool' ? t.markPool : scope.kind === 'round' ? t.markRound : t.markEvent);
  return <button type="button" className="btn-secondary" disabled={busy} title={t.markTitle} data-testid="result-check" onClick={() => void set(true)}>{mark}</button>;
}
