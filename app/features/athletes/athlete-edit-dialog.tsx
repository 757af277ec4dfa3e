import { useTexts } from '../../i18n/common';
import { useState, type FormEvent } from 'react';
import type { Athlete } from '../../../core/contracts/athletes';
import { formatRating, parseUsafRating } from '../../../core/fencing/national-rating';
import { Dialog } from '../../components/ui/dialog';
import { DateInput } from '../../components/date-input';
import { parseForm, loadSchemas } from '../../lib/forms';
import { toast, toastError } from '../../state/toasts';
import { call, client, errorMessage } from '../../lib/api';
import { i18n } from '../../i18n';

const messages = i18n('athlete-edit-dialog', {
  title: 'Edit athlete',
  description: 'Name and club, and what federation files carry: rating, member number, nation, birth date and hand.',
  newName: 'New name',
  newClub: 'New club',
  usafRatingHelp: 'A letter A to E with its year (B23), or U for unrated; empty when none.',
  licence: 'Licence or member number',
  nation: 'Nation (three letters)',
  birthDate: 'Birth date',
  hand: 'Hand',
  handUnknown: 'Not known',
  right: 'Right',
  left: 'Left',
  updated: 'Athlete updated successfully',
  updateFailed: 'Failed to update athlete',
});

interface Props {
  athlete: Athlete;
  onClose: () => void;
  onSaved: (athlete: Athlete) => void;
}

/** Issue 30: an athlete's name, club and federation details (rating checked as USA Fencing writes it). */
export function AthleteEditDialog({ athlete, onClose, onSaved }: Props) {
  const t = useTexts(messages);
  const [form, setForm] = useState({
    name: athlete.name,
    club: athlete.club ?? '',
    rating: formatRating(athlete.national_rating),
    licence: athlete.licence ?? '',
    nation: athlete.nation ?? '',
    birth_date: athlete.birth_date ?? '',
    laterality: athlete.laterality ?? '',
  });
  const [ratingError, setRatingError] = useState<string | null>(null);
  const set = (key: keyof typeof form) => (e: { target: { value: string } }) => setForm({ ...form, [key]: e.target.value });

  async function save(e: FormEvent) {
    e.preventDefault();
    const rating = parseUsafRating(form.rating);
    if (rating && 'error' in rating) {
      const { localMessage } = await loadSchemas();
      return setRatingError(localMessage(rating.error));
    }
    setRatingError(null);
    const parsed = await parseForm('athleteSchema', {
      name: form.name,
      club: form.club,
      national_rating: rating,
      licence: form.licence,
      nation: form.nation.trim().toUpperCase() || null,
      birth_date: form.birth_date || null,
      laterality: form.laterality || null,
    });
    if (!parsed.ok) return toastError(parsed.error);
    try {
      const updated = await call(client.athletes[':id'].$patch({ param: { id: athlete.id }, json: parsed.data }));
      onSaved(updated);
      toast({ title: t.success, description: t.updated });
    } catch (err) {
      toastError(errorMessage(err, t.updateFailed));
    }
  }

  const field = 'grid gap-1';
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()} title={t.title} description={t.description}>
      <form className="grid gap-3 sm:grid-cols-2" onSubmit={save} noValidate>
        <div className={`${field} sm:col-span-2`}>
          <label className="label" htmlFor="edit-name">{t.newName}</label>
          <input id="edit-name" className="input" value={form.name} maxLength={100} autoFocus onChange={set('name')} />
        </div>
        <div className={`${field} sm:col-span-2`}>
          <label className="label" htmlFor="edit-club">{t.newClub}</label>
          <input id="edit-club" className="input" value={form.club} maxLength={100} placeholder={t.club} onChange={set('club')} />
        </div>
        <div className={field}>
          <label className="label" htmlFor="edit-rating">{t.usafRating}</label>
          <input id="edit-rating" className="input uppercase" value={form.rating} maxLength={10} autoComplete="off" aria-invalid={ratingError !== null}
            aria-describedby={ratingError ? 'edit-rating-error' : 'edit-rating-help'} onChange={set('rating')} />
          {ratingError ? (
            <p id="edit-rating-error" role="alert" className="text-sm font-medium text-red-700">{ratingError}</p>
          ) : (
            <p id="edit-rating-help" className="text-xs text-slate-600">{t.usafRatingHelp}</p>
          )}
        </div>
        <div className={field}>
          <label className="label" htmlFor="edit-licence">{t.licence}</label>
          <input id="edit-licence" className="input" value={form.licence} maxLength={30} autoComplete="off" onChange={set('licence')} />
        </div>
        <div className={field}>
          <label className="label" htmlFor="edit-nation">{t.nation}</label>
          <input id="edit-nation" className="input uppercase" value={form.nation} maxLength={3} autoComplete="off" onChange={set('nation')} />
        </div>
        <div className={field}>
          <label className="label" htmlFor="edit-hand">{t.hand}</label>
          <select id="edit-hand" className="input" value={form.laterality} onChange={set('laterality')}>
            <option value="">{t.handUnknown}</option>
            <option value="R">{t.right}</option>
            <option value="L">{t.left}</option>
          </select>
        </div>
        <div className={`${field} sm:col-span-2`}>
          <label className="label" htmlFor="edit-birth">{t.birthDate}</label>
          <DateInput id="edit-birth" value={form.birth_date} onChange={set('birth_date')} />
        </div>
        <div className="flex justify-end gap-2 sm:col-span-2">
          <button type="button" className="btn-secondary" onClick={onClose}>{t.cancel}</button>
          <button type="submit" className="btn-primary">{t.save}</button>
        </div>
      </form>
    </Dialog>
  );
}
