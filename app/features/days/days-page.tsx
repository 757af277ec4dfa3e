import { count, params } from '@nanostores/i18n';
import { useState } from 'react';
import { Link } from '../../components/link';
import type { DaySummary } from '../../../core/contracts/days';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Spinner } from '../../components/ui/spinner';
import { call, client, errorMessage } from '../../lib/api';
import { formatPracticeDate } from '../../lib/dates';
import { paths } from '../../lib/paths';
import { useResource } from '../../lib/use-resource';
import { toast, toastError } from '../../state/toasts';
import { useTexts } from '../../i18n/common';
import { i18n } from '../../i18n';
import { NewDayDialog } from './new-day-dialog';

/** The day's own screen travels with the list (the router loads both from here). */
export { DayPage } from './day-page';

const messages = i18n('days-page', {
  newDay: 'New day',
  empty: 'No competition day yet',
  emptyText: 'A day groups several events in one hall: their pools placed on the pistes, and one hall board for everyone.',
  eventCount: count({ one: '{count} event', other: '{count} events' }),
  loadFailed: 'Failed to load your competition days',
  deleted: 'Competition day deleted',
  deleteFailed: 'Failed to delete the day',
  confirmTitle: 'Delete this day?',
  confirmText: params('Delete "{name}"? Its pistes and placements go; its practices stay as they are.'),
});

/** /days (issue 28): the coach's competition days, newest first, with New day and Delete. */
export function DaysPage() {
  const t = useTexts(messages);
  const days = useResource('days', () => call(client.days.$get()), () => toastError(t.loadFailed));
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<DaySummary | null>(null);

  async function remove(day: DaySummary) {
    try {
      await call(client.days[':dayId'].$delete({ param: { dayId: day.id } }));
      days.update((list) => list.filter((d) => d.id !== day.id));
      toast({ title: t.success, description: t.deleted });
    } catch (e) {
      toastError(errorMessage(e, t.deleteFailed));
    }
  }

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">{t.competitionDays}</h1>
        <button type="button" className="btn-primary" onClick={() => setCreating(true)}>{t.newDay}</button>
      </div>
      {days.status === 'loading' ? (
        <Spinner />
      ) : !days.data || days.data.length === 0 ? (
        <div className="card p-10 text-center">
          <h2 className="text-lg font-semibold">{t.empty}</h2>
          <p className="mt-1 text-sm text-slate-600">{t.emptyText}</p>
        </div>
      ) : (
        <ul className="space-y-2" data-testid="day-list">
          {days.data.map((d) => (
            <li key={d.id} className="card flex items-center justify-between gap-3 px-4 py-3" data-testid="day-item">
              <Link to={paths.day(d.id)} className="min-w-0 flex-1">
                <span className="block truncate font-semibold hover:underline">{d.name}</span>
                <span className="text-sm text-slate-600">
                  {[formatPracticeDate(d.date), d.venue, t.eventCount(d.events)].filter(Boolean).join(' · ')}
                </span>
              </Link>
              <button type="button" className="btn-ghost px-2 py-1 text-red-700" aria-label={t.deleteName({ name: d.name })} onClick={() => setDeleting(d)}>
                {t.delete}
              </button>
            </li>
          ))}
        </ul>
      )}
      <NewDayDialog open={creating} onOpenChange={setCreating} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(o) => !o && setDeleting(null)}
        title={t.confirmTitle}
        message={t.confirmText({ name: deleting?.name ?? '' })}
        onConfirm={() => deleting && remove(deleting)}
      />
    </div>
  );
}
