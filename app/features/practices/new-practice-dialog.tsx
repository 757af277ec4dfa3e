import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { apiPaths, type Practice, type PracticeType } from '../../../core/api';
import { todayIso } from '../../../core/dates';
import { parseForm } from '../../lib/forms';
import { Dialog } from '../../components/ui/dialog';
import { toast, toastError } from '../../components/ui/toast';
import { api, errorMessage } from '../../lib/api';
import { practiceHome } from '../../paths';
import { selectPractice, upsertPractice } from '../../state/practices';

/** SPEC §2 New Practice: choose a type first, then a name; the date defaults to today. */
export function NewPracticeDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (o: boolean) => void }) {
  const navigate = useNavigate();
  const [type, setType] = useState<PracticeType | null>(null);
  const [name, setName] = useState('');
  const [date, setDate] = useState(() => todayIso(new Date()));
  const [busy, setBusy] = useState(false);

  function reset(o: boolean) {
    if (!o) {
      setType(null);
      setName('');
      setDate(todayIso(new Date()));
    }
    onOpenChange(o);
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = await parseForm('createPracticeSchema', { practice_type: type, name, date });
    if (!parsed.ok) return toastError(parsed.error);
    setBusy(true);
    try {
      const practice = await api<Practice>('POST', apiPaths.practices, parsed.data);
      upsertPractice(practice);
      selectPractice(practice.id);
      toast({ title: 'Success', description: 'Practice created successfully' });
      reset(false);
      navigate(practiceHome(practice.practice_type));
    } catch (err) {
      toastError(errorMessage(err, 'Failed to create practice'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open={open} onOpenChange={reset} title="New Practice" description={type ? 'Name your practice.' : 'Choose the type of practice.'}>
      {type === null ? (
        <div className="grid grid-cols-2 gap-3">
          {(['individual', 'team'] as const).map((t) => (
            <button key={t} type="button" className="card p-4 text-left hover:border-slate-900" onClick={() => setType(t)}>
              <span className="block font-semibold">{t === 'individual' ? 'Individual' : 'Team'}</span>
              <span className="text-sm text-slate-600">{t === 'individual' ? 'Pools and a tableau' : 'Teams of 3–4 and relays'}</span>
            </button>
          ))}
        </div>
      ) : (
        <form className="space-y-4" onSubmit={submit} noValidate>
          <p className="text-sm">
            Type: <strong>{type === 'individual' ? 'Individual' : 'Team'}</strong>{' '}
            <button type="button" className="text-sky-700 hover:underline" onClick={() => setType(null)}>
              change
            </button>
          </p>
          <div>
            <label className="label" htmlFor="practice-name">
              Practice name
            </label>
            <input id="practice-name" className="input" autoFocus value={name} maxLength={100} onChange={(e) => setName(e.target.value)} />
          </div>
          <div>
            <label className="label" htmlFor="practice-date">
              Date
            </label>
            <input id="practice-date" type="date" className="input" value={date} onChange={(e) => setDate(e.target.value)} />
          </div>
          <div className="flex justify-end gap-2">
            <button type="button" className="btn-secondary" onClick={() => reset(false)}>
              Cancel
            </button>
            <button type="submit" className="btn-primary" disabled={busy || name.trim() === ''}>
              Create Practice
            </button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
