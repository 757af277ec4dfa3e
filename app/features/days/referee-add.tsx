import { useState, type FormEvent } from 'react';
import { MAX_REFEREES } from '../../../core/fencing/referee-assignment';
import { useRoster } from '../../state/roster';
import { useTexts } from '../../i18n/common';
import { i18n } from '../../i18n';
import { refereesFromFile, rosterDraft, typedDraft, type RefereeDraft } from './referee-draft';

const messages = i18n('referee-add', {
  fromRoster: 'Referee from your roster',
  addFromRoster: 'Add from roster',
  rosterEmpty: 'Every athlete of your roster is on the list.',
  typedName: 'Referee name',
  clubOptional: 'Referee’s club (optional)',
  addTyped: 'Add referee',
  fromFile: 'Or import referees from a CSV file (columns: name, club)',
});

/**
 * The three ways a referee joins the day's list: a roster athlete (who keeps the roster's name and club),
 * a typed name with a club, or a CSV file of names and clubs. The list itself is saved by its section.
 */
export function RefereeAdd({ draft, add }: { draft: RefereeDraft[]; add: (more: RefereeDraft[]) => void }) {
  const t = useTexts(messages);
  const roster = useRoster();
  const listed = new Set(draft.flatMap((r) => (r.athlete_id ? [r.athlete_id] : [])));
  const addable = (roster.data ?? []).filter((a) => !listed.has(a.id));
  const [picked, setPicked] = useState('');
  const choice = addable.find((a) => a.id === picked) ?? addable[0];
  const [name, setName] = useState('');
  const [club, setClub] = useState('');
  const [fileSummary, setFileSummary] = useState<string | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const full = draft.length >= MAX_REFEREES;

  const addTyped = (e: FormEvent) => {
    e.preventDefault();
    if (name.trim() === '' || full) return;
    add([typedDraft(name.trim(), club.trim() || null)]);
    setName('');
    setClub('');
  };
  const importFile = async (input: HTMLInputElement) => {
    const file = input.files?.[0];
    if (!file) return;
    setFileSummary(null);
    setFileError(null);
    try {
      const { added, summary } = await refereesFromFile(file, draft);
      add(added.slice(0, MAX_REFEREES - draft.length));
      setFileSummary(summary);
    } catch (e) {
      setFileError(e instanceof Error ? e.message : t.unreadableFile);
    } finally {
      input.value = '';
    }
  };

  return (
    <div className="space-y-3 rounded-md border border-slate-200 p-3">
      {roster.status === 'error' && <p className="text-sm text-red-700" role="alert">{t.loadAthletesFailed}</p>}
      {roster.status === 'ready' && (addable.length === 0 ? (
        <p className="text-sm text-slate-600">{t.rosterEmpty}</p>
      ) : (
        <div className="flex flex-wrap items-end gap-2">
          <div>
            <label className="label" htmlFor="referee-roster">{t.fromRoster}</label>
            <select id="referee-roster" className="input" value={choice?.id ?? ''} onChange={(e) => setPicked(e.target.value)}>
              {addable.map((a) => <option key={a.id} value={a.id}>{a.club ? `${a.name} · ${a.club}` : a.name}</option>)}
            </select>
          </div>
          <button type="button" className="btn-secondary" disabled={!choice || full} onClick={() => choice && add([rosterDraft(choice)])}>{t.addFromRoster}</button>
        </div>
      ))}
      <form className="flex flex-wrap items-end gap-2" onSubmit={addTyped}>
        <div>
          <label className="label" htmlFor="referee-name">{t.typedName}</label>
          <input id="referee-name" className="input" value={name} maxLength={100} onChange={(e) => setName(e.target.value)} />
        </div>
        <div>
          <label className="label" htmlFor="referee-club">{t.clubOptional}</label>
          <input id="referee-club" className="input" value={club} maxLength={100} onChange={(e) => setClub(e.target.value)} />
        </div>
        <button type="submit" className="btn-secondary" disabled={name.trim() === '' || full}>{t.addTyped}</button>
      </form>
      <div>
        <label className="label" htmlFor="referee-file">{t.fromFile}</label>
        <input id="referee-file" type="file" accept=".csv,.tsv,.txt,.xml,text/csv,text/xml,application/xml" className="block w-full text-sm" disabled={full} onChange={(e) => void importFile(e.currentTarget)} />
        {fileSummary && <p className="mt-1 text-sm text-green-800" role="status" data-testid="referees-file-summary">{fileSummary}</p>}
        {fileError && <p className="mt-1 text-sm font-medium text-red-700" role="alert" data-testid="referees-file-error">{fileError}</p>}
      </div>
    </div>
  );
}
