import { useState, type FormEvent } from 'react';
import { DateInput } from '../../components/date-input';
import { useNavigate } from 'react-router';
import { todayIso } from '../../../core/dates';
import { Dialog } from '../../components/ui/dialog';
import { call, client, errorMessage } from '../../lib/api';
import { paths } from '../../lib/paths';
import { toastError } from '../../state/toasts';
import { useTexts } from '../../i18n/common';
import { i18n } from '../../i18n';

const messages = i18n('new-day-dialog', {
  title: 'New competition day',
  description: 'Group your practices into one day at a venue, with its pistes.',
  name: 'Day name',
  venue: 'Venue (optional)',
  create: 'Create day',
  failed: 'Failed to create the day',
});

/** Issue 28: a day is named, dated (today unless changed) and optionally placed at a venue. */
export function NewDayDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (o: boolean) => void }) {
  const t = useTexts(messages);
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [date, setDate] = useState(() => todayIso(new Date()));
  const [venue, setVenue] = useState('');
  const [busy, setBusy] = useState(false);

  function reset(o: boolean) {
    if (!o) {
      setName('');
      setDate(todayIso(new Date()));
      setVenue('');
    }
    onOpenChange(o);
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    try {
      const day = await call(client.days.$post({ json: { name, date, venue: venue.trim() || null } }));
      reset(false);
      navigate(paths.day(day.id));
    } catch (err) {
      toastError(errorMessage(err, t.failed));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open={open} onOpenChange={reset} title={t.title} description={t.description}>
      <form className="space-y-4" onSubmit={submit} noValidate>
        <div>
          <label className="label" htmlFor="day-name">{t.name}</label>
          <input id="day-name" className="input" autoFocus value={name} maxLength={100} onChange={(e) => setName(e.target.value)} />
        </div>
        <div>
          <label className="label" htmlFor="day-date">{t.date}</label>
          <DateInput id="day-date" value={date} onChange={(e) => setDate(e.target.value)} />
        </div>
        <div>
          <label className="label" htmlFor="day-venue">{t.venue}</label>
          <input id="day-venue" className="input" value={venue} maxLength={100} onChange={(e) => setVenue(e.target.value)} />
        </div>
        <div className="flex justify-end gap-2">
          <button type="button" className="btn-secondary" onClick={() => reset(false)}>{t.cancel}</button>
          <button type="submit" className="btn-primary" disabled={busy || name.trim() === ''}>{t.create}</button>
        </div>
      </form>
    </Dialog>
  );
}
