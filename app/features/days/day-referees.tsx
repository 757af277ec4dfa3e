import { params } from '@nanostores/i18n';
import { useEffect, useState } from 'react';
import type { DaySnapshot } from '../../../core/contracts/days';
import { call, client } from '../../lib/api';
import { toast } from '../../state/toasts';
import { useTexts } from '../../i18n/common';
import { i18n } from '../../i18n';
import { RefereeAdd } from './referee-add';
import { draftOf, refereesBody, type RefereeDraft } from './referee-draft';
import { useDayWrite } from './day-write';

const messages = i18n('day-referees', {
  title: 'Referees',
  hint: 'Each pool placed on a piste gets a referee who is not from a club of its fencers where one is free (FIE t.50.2), one pool of a flight each.',
  none: 'No referee yet: add them from your roster, by name, or from a file.',
  rosterMark: 'roster',
  rosterMarkLabel: 'from your roster',
  noClub: 'no club',
  up: params('Move referee {name} up'),
  down: params('Move referee {name} down'),
  removeOf: params('Remove referee {name}'),
  saveReferees: 'Save referees',
  unsavedReferees: 'Referee changes not saved yet',
  saved: 'Referees saved',
  saveFailed: 'Failed to save the referees',
});

/**
 * The day's referees as one ordered list the coach edits and saves whole (ids kept, so the pools keep the
 * referees the coach chose for them); the order breaks ties when duties are shared out.
 */
export function DayReferees({ snapshot, apply }: { snapshot: DaySnapshot; apply: (s: DaySnapshot) => void }) {
  const t = useTexts(messages);
  const { busy, run } = useDayWrite(apply);
  const [draft, setDraft] = useState<RefereeDraft[]>(() => snapshot.referees.map(draftOf));
  const [dirty, setDirty] = useState(false);
  const [error, setError] = useState<string | null>(null);

  // Another screen's change shows here unless the coach is editing.
  useEffect(() => {
    if (!dirty) setDraft(snapshot.referees.map(draftOf));
  }, [snapshot.referees, dirty]);

  const edit = (next: RefereeDraft[]) => {
    setDraft(next);
    setDirty(true);
    setError(null);
  };
  const move = (i: number, by: number) => {
    const next = [...draft];
    const [r] = next.splice(i, 1);
    next.splice(i + by, 0, r!);
    edit(next);
  };
  const save = async () => {
    const json = refereesBody(draft);
    const failed = await run(() => call(client.days[':dayId'].referees.$put({ param: { dayId: snapshot.day.id }, json })), t.saveFailed);
    setError(failed);
    if (failed) return;
    setDirty(false);
    toast({ title: t.saved });
  };

  return (
    <section className="card space-y-4 p-4" aria-labelledby="day-referees-title">
      <h2 id="day-referees-title" className="text-lg font-semibold">{t.title}</h2>
      <p className="text-sm text-slate-600">{t.hint}</p>
      {draft.length === 0 ? (
        <p className="text-sm text-slate-600">{t.none}</p>
      ) : (
        <ol className="space-y-2" data-testid="referee-list">
          {draft.map((r, i) => (
            <li key={r.key} className="flex flex-wrap items-center gap-2" data-testid="referee-row">
              <span className="w-6 text-right text-sm text-slate-500" aria-hidden="true">{i + 1}.</span>
              <span className="font-medium" data-testid="referee-name">{r.name}</span>
              <span className="text-sm text-slate-600">· {r.club ?? t.noClub}</span>
              {r.athlete_id && (
                <span className="rounded bg-sky-100 px-1 text-xs font-semibold text-sky-900" title={t.rosterMarkLabel} data-testid="referee-roster-mark">
                  <span aria-hidden="true">{t.rosterMark}</span>
                  <span className="sr-only">{t.rosterMarkLabel}</span>
                </span>
              )}
              <span className="ml-auto flex gap-1">
                <button type="button" className="btn-ghost px-2 py-1" disabled={i === 0} aria-label={t.up({ name: r.name })} onClick={() => move(i, -1)}>↑</button>
                <button type="button" className="btn-ghost px-2 py-1" disabled={i === draft.length - 1} aria-label={t.down({ name: r.name })} onClick={() => move(i, 1)}>↓</button>
                <button type="button" className="btn-ghost px-2 py-1 text-red-700" aria-label={t.removeOf({ name: r.name })} onClick={() => edit(draft.filter((_, j) => j !== i))}>✕</button>
              </span>
            </li>
          ))}
        </ol>
      )}
      <RefereeAdd draft={draft} add={(more) => more.length > 0 && edit([...draft, ...more])} />
      {error && <p className="text-sm font-medium text-red-700" role="alert" data-testid="referees-error">{error}</p>}
      <div className="flex items-center gap-3">
        <button type="button" className="btn-primary" disabled={busy || !dirty} aria-label={t.saveReferees} onClick={save}>{t.save}</button>
        {dirty && <span className="text-sm text-amber-700">{t.unsavedReferees}</span>}
      </div>
    </section>
  );
}
