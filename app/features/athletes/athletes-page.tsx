import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { apiPaths, type Athlete } from '../../../core/api';
import { parseForm } from '../../lib/forms';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Spinner } from '../../components/ui/spinner';
import { toast, toastError } from '../../components/ui/toast';
import { api, errorMessage } from '../../lib/api';
import { paths } from '../../paths';
import { useResource } from '../../lib/use-resource';
import { onDemand } from '../../components/ui/lazy';
import { CSV_TYPE, downloadFile } from '../../lib/files';

const RosterImportDialog = onDemand(() => import('../interop/roster-import-dialog').then((m) => m.RosterImportDialog));

const byName = (a: Athlete, b: Athlete) => a.name.localeCompare(b.name);

/** /athletes: the coach's roster; add, rename, delete with confirmation. */
export function AthletesPage() {
  const roster = useResource('roster', () => api<Athlete[]>('GET', apiPaths.athletes), () => toastError('Failed to load athletes'));
  const athletes = roster.status === 'error' ? [] : roster.data;
  const setAthletes = roster.update;
  const [name, setName] = useState('');
  const [club, setClub] = useState('');
  const [editing, setEditing] = useState<{ id: string; name: string; club: string } | null>(null);
  const [deleting, setDeleting] = useState<Athlete | null>(null);
  const [importing, setImporting] = useState(false);

  async function add(e: FormEvent) {
    e.preventDefault();
    const parsed = await parseForm('athleteSchema', { name, club });
    if (!parsed.ok) return toastError(parsed.error);
    try {
      const athlete = await api<Athlete>('POST', apiPaths.athletes, parsed.data);
      setAthletes((list) => [...list, athlete].sort(byName));
      setName('');
      setClub('');
      toast({ title: 'Success', description: 'Athlete added successfully' });
    } catch (err) {
      toastError(errorMessage(err, 'Failed to add athlete'));
    }
  }

  async function saveEdit(e: FormEvent) {
    e.preventDefault();
    if (!editing) return;
    const parsed = await parseForm('athleteSchema', { name: editing.name, club: editing.club });
    if (!parsed.ok) return toastError(parsed.error);
    try {
      const updated = await api<Athlete>('PATCH', apiPaths.athlete(editing.id), parsed.data);
      setAthletes((list) => list.map((a) => (a.id === updated.id ? updated : a)).sort(byName));
      setEditing(null);
      toast({ title: 'Success', description: 'Athlete updated successfully' });
    } catch (err) {
      toastError(errorMessage(err, 'Failed to update athlete'));
    }
  }

  async function remove(a: Athlete) {
    try {
      await api('DELETE', apiPaths.athlete(a.id));
      setAthletes((list) => list.filter((x) => x.id !== a.id));
      toast({ title: 'Success', description: 'Athlete deleted successfully' });
    } catch {
      toastError('Failed to delete athlete');
    }
  }

  return (
    <div className="space-y-6">
      <div>
        <Link to={paths.practices} className="text-sm text-sky-700 hover:underline">
          ← Back to Tournament
        </Link>
        <div className="mt-2 flex flex-wrap items-center justify-between gap-2">
          <h1 className="text-2xl font-bold">My Athletes</h1>
          <div className="flex flex-wrap gap-2">
            <button type="button" className="btn-secondary" onClick={() => setImporting(true)}>Import…</button>
            <button type="button" className="btn-secondary" disabled={!athletes?.length} onClick={async () => {
              const { rosterCsv } = await import('../../../core/interop/exports');
              downloadFile('athletes.csv', rosterCsv(athletes ?? []), CSV_TYPE);
            }}>Export CSV</button>
          </div>
        </div>
      </div>
      {importing && (
        <RosterImportDialog
          open={importing}
          onOpenChange={setImporting}
          roster={athletes ?? []}
          onImported={(created) => setAthletes((list) => [...list, ...created].sort(byName))}
        />
      )}
      <form className="card flex flex-col gap-3 p-4 sm:flex-row sm:items-end" onSubmit={add} noValidate>
        <div className="flex-1">
          <label className="label" htmlFor="athlete-name">Athlete name</label>
          <input id="athlete-name" className="input" value={name} maxLength={100} onChange={(e) => setName(e.target.value)} />
        </div>
        <div className="sm:w-56">
          <label className="label" htmlFor="athlete-club">Club (optional)</label>
          <input id="athlete-club" className="input" value={club} maxLength={100} onChange={(e) => setClub(e.target.value)} />
        </div>
        <button type="submit" className="btn-primary">Add Athlete</button>
      </form>

      {athletes === null ? (
        <Spinner />
      ) : athletes.length === 0 ? (
        <p className="card p-8 text-center text-sm text-slate-600">No athletes yet. Add the fencers you coach.</p>
      ) : (
        <ul className="card divide-y divide-slate-200" data-testid="athlete-list">
          {athletes.map((a) =>
            editing?.id === a.id ? (
              <li key={a.id} className="p-3">
                <form className="flex flex-col gap-2 sm:flex-row" onSubmit={saveEdit} noValidate>
                  <input aria-label="New name" className="input flex-1" value={editing.name} maxLength={100} autoFocus onChange={(e) => setEditing({ ...editing, name: e.target.value })} />
                  <input aria-label="New club" className="input sm:w-48" value={editing.club} maxLength={100} placeholder="Club" onChange={(e) => setEditing({ ...editing, club: e.target.value })} />
                  <div className="flex gap-2">
                    <button type="submit" className="btn-primary">Save</button>
                    <button type="button" className="btn-secondary" onClick={() => setEditing(null)}>Cancel</button>
                  </div>
                </form>
              </li>
            ) : (
              <li key={a.id} className="flex items-center justify-between gap-3 px-4 py-3" data-testid="athlete-item">
                <Link to={paths.athlete(a.id)} className="min-w-0 flex-1 truncate font-medium hover:underline">
                  {a.name}
                  {a.club && <span className="ml-2 text-sm font-normal text-slate-500">{a.club}</span>}
                  {a.ranking !== null && <span className="ml-2 text-xs font-normal text-slate-500" title="Ranking">#{a.ranking}</span>}
                </Link>
                <div className="flex gap-1">
                  <button type="button" className="btn-ghost px-2 py-1" aria-label={`Edit ${a.name}`} onClick={() => setEditing({ id: a.id, name: a.name, club: a.club ?? '' })}>Edit</button>
                  <button type="button" className="btn-ghost px-2 py-1 text-red-700" aria-label={`Delete ${a.name}`} onClick={() => setDeleting(a)}>Delete</button>
                </div>
              </li>
            ),
          )}
        </ul>
      )}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(o) => !o && setDeleting(null)}
        title="Delete athlete?"
        message={`Are you sure you want to delete ${deleting?.name ?? ''}? Their notes are deleted too. This action cannot be undone.`}
        onConfirm={() => deleting && remove(deleting)}
      />
    </div>
  );
}
