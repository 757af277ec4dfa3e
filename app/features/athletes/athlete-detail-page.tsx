import { textsOf, useTexts } from '../../i18n/common';
import { useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Link } from '../../components/link';
import type { Athlete, AthleteNote } from '../../../core/contracts/athletes';
import { parseForm } from '../../lib/forms';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Spinner } from '../../components/ui/spinner';
import { toast, toastError } from '../../state/toasts';
import { call, client, errorMessage } from '../../lib/api';
import { formatNoteDate } from '../../lib/dates';
import { paths } from '../../lib/paths';
import { useResource } from '../../lib/use-resource';
import { CSV_TYPE, downloadFile, fileName } from '../../lib/files';
import { AthleteHistorySection } from './athlete-history';
import { params } from '@nanostores/i18n';
import { i18n } from '../../i18n';

const messages = i18n('athlete-detail-page', {
  noBouts: 'No bouts yet',
  noBoutsText: params('{name} has no bout in your practices: pick them from the roster when you set up pools.'),
  file: params('{name} bouts'),
  exportFailed: 'Failed to export the bouts',
  loadFailed: 'Failed to load athlete data',
  notesFailed: 'Failed to load notes',
  added: 'Note added',
  addFailed: 'Failed to add note',
  updated: 'Note updated',
  updateFailed: 'Failed to update note',
  deleted: 'Note deleted successfully',
  deleteFailed: 'Failed to delete note',
  back: '← My Athletes',
  exportBouts: 'Export bouts (CSV)',
  notes: 'Notes',
  addNote: 'Add a note',
  addButton: 'Add Note',
  loading: 'Loading notes...',
  empty: 'No notes yet.',
  editNote: 'Edit note',
  confirmTitle: 'Delete note?',
  confirmText: 'Are you sure you want to delete this note? This action cannot be undone.',
});

/** Issue 15: every bout of the athlete (pools and tableau, all practices) as a CSV file. */
async function exportBouts(athlete: Athlete) {
  try {
    const [{ bouts }, { athleteBoutsCsv }] = await Promise.all([call(client.athletes[':id'].history.$get({ param: { id: athlete.id } })), import('../../../core/interop/exports')]);
    const t = textsOf(messages);
    if (bouts.length === 0) return toast({ title: t.noBouts, description: t.noBoutsText({ name: athlete.name }) });
    downloadFile(fileName(t.file({ name: athlete.name }), 'csv'), athleteBoutsCsv(bouts), CSV_TYPE);
  } catch (e) {
    toastError(errorMessage(e, textsOf(messages).exportFailed));
  }
}

/** /athletes/{id}: an athlete with their notes, newest first. */
export function AthleteDetailPage() {
  const t = useTexts(messages);
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const leave = () => {
    toastError(textsOf(messages).loadFailed);
    navigate(paths.athletes, { replace: true });
  };
  const athlete = useResource(id, () => call(client.athletes[':id'].$get({ param: { id } })), leave).data;
  // Notes load on their own: a note can be added before they arrive, and a slow first answer never hides it.
  const notesResource = useResource(id, () => call(client.athletes[':id'].notes.$get({ param: { id } })), () => toastError(textsOf(messages).notesFailed));
  const notes = notesResource.data;
  const setNotes = notesResource.update;
  const [draft, setDraft] = useState('');
  const [editing, setEditing] = useState<{ id: string; note: string } | null>(null);
  const [deleting, setDeleting] = useState<AthleteNote | null>(null);

  async function add(e: FormEvent) {
    e.preventDefault();
    const parsed = await parseForm('noteSchema', { note: draft });
    if (!parsed.ok) return toastError(parsed.error);
    try {
      const note = await call(client.athletes[':id'].notes.$post({ param: { id }, json: parsed.data }));
      setNotes((list) => [note, ...list]);
      setDraft('');
      toast({ title: t.success, description: t.added });
    } catch (err) {
      toastError(errorMessage(err, t.addFailed));
    }
  }

  async function saveEdit(e: FormEvent) {
    e.preventDefault();
    if (!editing) return;
    const parsed = await parseForm('noteSchema', { note: editing.note });
    if (!parsed.ok) return toastError(parsed.error);
    try {
      const note = await call(client.notes[':id'].$patch({ param: { id: editing.id }, json: parsed.data }));
      setNotes((list) => list.map((n) => (n.id === note.id ? note : n)));
      setEditing(null);
      toast({ title: t.success, description: t.updated });
    } catch (err) {
      toastError(errorMessage(err, t.updateFailed));
    }
  }

  async function remove(n: AthleteNote) {
    try {
      await call(client.notes[':id'].$delete({ param: { id: n.id } }));
      setNotes((list) => list.filter((x) => x.id !== n.id));
      toast({ title: t.success, description: t.deleted });
    } catch {
      toastError(t.deleteFailed);
    }
  }

  if (!athlete) return <Spinner />;

  return (
    <div className="space-y-6">
      <div>
        <Link to={paths.athletes} className="text-sm text-sky-700 hover:underline">{t.back}</Link>
        <div className="mt-2 flex flex-wrap items-center justify-between gap-2">
          <h1 className="text-2xl font-bold">{athlete.name}</h1>
          <button type="button" className="btn-secondary" onClick={() => void exportBouts(athlete)}>{t.exportBouts}</button>
        </div>
        {athlete.club && <p className="text-sm text-slate-600">{athlete.club}</p>}
      </div>
      <AthleteHistorySection athlete={athlete} />
      <h2 className="text-lg font-semibold">{t.notes}</h2>
      <form className="card space-y-3 p-4" onSubmit={add} noValidate>
        <label className="label" htmlFor="new-note">{t.addNote}</label>
        <textarea id="new-note" className="input min-h-24" value={draft} maxLength={2000} onChange={(e) => setDraft(e.target.value)} />
        <button type="submit" className="btn-primary">{t.addButton}</button>
      </form>
      {notes === null ? (
        <p className="text-sm text-slate-600" role="status">{t.loading}</p>
      ) : notes.length === 0 ? (
        <p className="text-sm text-slate-600">{t.empty}</p>
      ) : (
        <ul className="space-y-3" data-testid="note-list">
          {notes.map((n) => (
            <li key={n.id} className="card p-4" data-testid="note-item">
              <p className="text-xs text-slate-500">{formatNoteDate(n.created_at)}</p>
              {editing?.id === n.id ? (
                <form className="mt-2 space-y-2" onSubmit={saveEdit} noValidate>
                  <textarea aria-label={t.editNote} className="input min-h-20" value={editing.note} maxLength={2000} onChange={(e) => setEditing({ ...editing, note: e.target.value })} />
                  <div className="flex gap-2">
                    <button type="submit" className="btn-primary">{t.save}</button>
                    <button type="button" className="btn-secondary" onClick={() => setEditing(null)}>{t.cancel}</button>
                  </div>
                </form>
              ) : (
                <>
                  <p className="mt-1 whitespace-pre-wrap text-sm">{n.note}</p>
                  <div className="mt-2 flex gap-1">
                    <button type="button" className="btn-ghost px-2 py-1" onClick={() => setEditing({ id: n.id, note: n.note })}>{t.edit}</button>
                    <button type="button" className="btn-ghost px-2 py-1 text-red-700" onClick={() => setDeleting(n)}>{t.delete}</button>
                  </div>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(o) => !o && setDeleting(null)}
        title={t.confirmTitle}
        message={t.confirmText}
        onConfirm={() => deleting && remove(deleting)}
      />
    </div>
  );
}
