import { useEffect, useState } from 'react';
import type { AuditEntry } from '../../../core/contracts/checks';
import { targetParam, type RefereeTarget } from '../../../core/refereeing';
import { params } from '@nanostores/i18n';
import { useTexts } from '../../i18n/common';
import { i18n, intlLocale } from '../../i18n';
import { fetchAudit } from '../../state/checks';

const messages = i18n('bout-history', {
  title: 'Changes to this bout',
  show: 'Show the changes to this bout',
  none: 'No score saved yet.',
  failed: 'The changes could not be read.',
  loading: 'Loading the changes...',
  coach: params('Coach ({name})'),
  guest: params('Guest {name}'),
  machine: params('Scoring machine, piste {name}'),
  cleared: 'cleared',
  afterCheck: 'after the check',
});

const when = (at: number) => new Intl.DateTimeFormat(intlLocale(), { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', second: '2-digit' }).format(at);

/**
 * A bout's audit list (issue 58), the coach's: every score change, who made it (the coach, a guest by the name
 * they joined with, a piste's scoring machine) and when, the result it left, and whether it came after the check.
 * `flip`: the bout is shown with its stored second fencer on the left, so the scores read in the dialog's order.
 */
export function BoutHistory({ practiceId, target, flip = false }: { practiceId: string; target: RefereeTarget | string; flip?: boolean }) {
  const t = useTexts(messages);
  const [entries, setEntries] = useState<AuditEntry[] | null | 'failed'>(null);
  // Read when asked for: a score dialog opens often while scoring, and the list is seldom wanted.
  const [shown, setShown] = useState(false);
  const bout = typeof target === 'string' ? target : targetParam(target);
  useEffect(() => {
    if (!shown) return;
    let live = true;
    fetchAudit(practiceId, bout).then((e) => live && setEntries(e), () => live && setEntries('failed'));
    return () => {
      live = false;
    };
  }, [practiceId, bout, shown]);
  if (!shown) {
    return (
      <div className="border-t border-slate-200 pt-3">
        <button type="button" className="btn-ghost text-sm" onClick={() => setShown(true)}>{t.show}</button>
      </div>
    );
  }
  const who = (e: AuditEntry) => (e.role === 'coach' ? t.coach({ name: e.name }) : e.role === 'machine' ? t.machine({ name: e.name }) : t.guest({ name: e.name }));
  const result = (e: AuditEntry) => (e.score1 === null || e.score2 === null ? t.cleared : flip ? `${e.score2}–${e.score1}` : `${e.score1}–${e.score2}`);
  return (
    <section className="border-t border-slate-200 pt-3 text-sm" aria-label={t.title} data-testid="bout-history">
      <h3 className="font-semibold">{t.title}</h3>
      {entries === null ? (
        <p className="text-slate-600" role="status">{t.loading}</p>
      ) : entries === 'failed' ? (
        <p className="text-red-700">{t.failed}</p>
      ) : entries.length === 0 ? (
        <p className="text-slate-600">{t.none}</p>
      ) : (
        <ol className="mt-1 space-y-1">
          {entries.map((e, i) => (
            <li key={i} className="flex flex-wrap gap-x-2" data-testid="bout-change">
              <span className="tabular-nums text-slate-600">{when(e.at)}</span>
              <span className="font-semibold tabular-nums">{result(e)}</span>
              <span>{who(e)}</span>
              {e.checked && <span className="font-semibold text-amber-800">{t.afterCheck}</span>}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
