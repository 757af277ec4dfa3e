import { useTexts } from '../../i18n/common';
import { DateInput } from '../../components/date-input';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import type { PracticeType } from '../../../core/contracts/practices';
import { todayIso } from '../../../core/dates';
import { parseForm } from '../../lib/forms';
import { Dialog } from '../../components/ui/dialog';
import { toast, toastError } from '../../state/toasts';
import { call, client, errorMessage } from '../../lib/api';
import { practiceHome } from '../../lib/paths';
import { selectPractice, upsertPractice } from '../../state/practices';
import { i18n } from '../../i18n';
import { WEAPONS, type Weapon } from '../../../core/fencing/referee';
import { useTerms } from '../../i18n/fencing-terms';

const messages = i18n('new-practice-dialog', {
  created: 'Practice created successfully',
  failed: 'Failed to create practice',
  nameIt: 'Name your practice.',
  chooseType: 'Choose the type of practice.',
  individualHint: 'Pools and a tableau',
  teamHint: 'Teams of 3–4 and relays',
  type: 'Type:',
  change: 'change',
  name: 'Practice name',
  create: 'Create Practice',
});

/** SPEC §2 New Practice: choose a type first, then a name; the date defaults to today. */
export function NewPracticeDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (o: boolean) => void }) {
  const t = useTexts(messages);
  const term = useTerms();
  const navigate = useNavigate();
  const [type, setType] = useState<PracticeType | null>(null);
  const [name, setName] = useState('');
  const [date, setDate] = useState(() => todayIso(new Date()));
  const [weapon, setWeapon] = useState<Weapon>('epee');
  const [busy, setBusy] = useState(false);

  function reset(o: boolean) {
    if (!o) {
      setType(null);
      setName('');
      setDate(todayIso(new Date()));
      setWeapon('epee');
    }
    onOpenChange(o);
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = await parseForm('createPracticeSchema', { practice_type: type, name, date, weapon });
    if (!parsed.ok) return toastError(parsed.error);
    setBusy(true);
    try {
      const practice = await call(client.practices.$post({ json: parsed.data }));
      upsertPractice(practice);
      selectPractice(practice.id);
      toast({ title: t.success, description: t.created });
      reset(false);
      navigate(practiceHome(practice.practice_type));
    } catch (err) {
      toastError(errorMessage(err, t.failed));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open={open} onOpenChange={reset} title={t.newPractice} description={type ? t.nameIt : t.chooseType}>
      {type === null ? (
        <div className="grid grid-cols-2 gap-3">
          {(['individual', 'team'] as const).map((kind) => (
            <button key={kind} type="button" className="card p-4 text-left hover:border-slate-900" onClick={() => setType(kind)}>
              <span className="block font-semibold">{kind === 'individual' ? t.individual : t.team}</span>
              <span className="text-sm text-slate-600">{kind === 'individual' ? t.individualHint : t.teamHint}</span>
            </button>
          ))}
        </div>
      ) : (
        <form className="space-y-4" onSubmit={submit} noValidate>
          <p className="text-sm">
            {t.type} <strong>{type === 'individual' ? t.individual : t.team}</strong>{' '}
            <button type="button" className="text-sky-700 hover:underline" onClick={() => setType(null)}>
              {t.change}
            </button>
          </p>
          <div>
            <label className="label" htmlFor="practice-name">
              {t.name}
            </label>
            <input id="practice-name" className="input" autoFocus value={name} maxLength={100} onChange={(e) => setName(e.target.value)} />
          </div>
          <fieldset>
            <legend className="label">{t.weapon}</legend>
            <div className="flex flex-wrap gap-2" data-testid="new-practice-weapon">
              {WEAPONS.map((w) => (
                <label key={w} className="flex items-center gap-2 rounded-md border border-slate-300 px-3 py-2 text-sm has-[:checked]:border-slate-900">
                  <input type="radio" name="weapon" value={w} checked={weapon === w} onChange={() => setWeapon(w)} />
                  {term.weapon(w)}
                </label>
              ))}
            </div>
          </fieldset>
          <div>
            <label className="label" htmlFor="practice-date">
              {t.date}
            </label>
            <DateInput id="practice-date" value={date} onChange={(e) => setDate(e.target.value)} />
          </div>
          <div className="flex justify-end gap-2">
            <button type="button" className="btn-secondary" onClick={() => reset(false)}>
              {t.cancel}
            </button>
            <button type="submit" className="btn-primary" disabled={busy || name.trim() === ''}>
              {t.create}
            </button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
