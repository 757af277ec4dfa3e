import { useTexts } from '../../i18n/common';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Link } from '../../components/link';
import type { Practice } from '../../../core/contracts/practices';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Spinner } from '../../components/ui/spinner';
import { toast, toastError } from '../../state/toasts';
import { call, client } from '../../lib/api';
import { formatPracticeDate } from '../../lib/dates';
import { readStorage, storageKeys, writeStorage } from '../../lib/storage';
import { paths, practiceHome } from '../../lib/paths';
import { guestAtom } from '../../state/guest';
import { useCan } from '../../state/viewer';
import { currentPracticeAtom, removePractice, selectPractice, usePractices } from '../../state/practices';
import { NewPracticeDialog } from './new-practice-dialog';
import { params } from '@nanostores/i18n';
import { i18n } from '../../i18n';

const messages = i18n('practices-page', {
  title: 'Practices',
  none: 'No practices available',
  deleted: 'Practice deleted successfully',
  deleteFailed: 'Failed to delete practice',
  view: 'View',
  grid: 'Grid',
  list: 'List',
  empty: 'No practices yet',
  emptyText: 'Create a practice to build pools and run a tableau.',
  createFirst: 'Create First Practice',
  open: 'Open',
  current: 'Current',
  confirmTitle: 'Delete practice?',
  confirmText: params('Are you sure you want to delete "{name}"? Its pools and results are deleted too. This action cannot be undone.'),
});

type View = 'grid' | 'list';

/** / and /practices: the coach's practices, or for a guest the practice they joined. */
export function PracticesPage() {
  return useCan('practice.read') ? <CoachPractices /> : <GuestPractices />;
}

/** SPEC §2: guests see no New Practice, Create First Practice or delete controls. */
function GuestPractices() {
  const t = useTexts(messages);
  const guest = useAtomValue(guestAtom);
  const practice = guest.status === 'active' ? guest.session.practice : null;
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold">{t.title}</h1>
      {practice ? (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" data-testid="practice-list">
          <li className="card p-4" data-testid="practice-item">
            <Link to={paths.individualPractice} className="block font-semibold hover:underline">{practice.name}</Link>
            <span className="text-sm text-slate-600">{formatPracticeDate(practice.date)}</span>
          </li>
        </ul>
      ) : (
        <p className="card p-10 text-center text-sm text-slate-600">{t.none}</p>
      )}
    </div>
  );
}

function CoachPractices() {
  const t = useTexts(messages);
  const state = usePractices();
  const current = useAtomValue(currentPracticeAtom);
  const navigate = useNavigate();
  const [view, setView] = useState<View>(() => (readStorage(storageKeys.practicesView) === 'list' ? 'list' : 'grid'));
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<Practice | null>(null);

  function changeView(v: View) {
    setView(v);
    writeStorage(storageKeys.practicesView, v);
  }

  function open(p: Practice) {
    selectPractice(p.id);
    navigate(practiceHome(p.practice_type));
  }

  async function remove(p: Practice) {
    try {
      await call(client.practices[':practiceId'].$delete({ param: { practiceId: p.id } }));
      removePractice(p.id);
      toast({ title: t.success, description: t.deleted });
    } catch {
      toastError(t.deleteFailed);
    }
  }

  if (state.status === 'idle' || state.status === 'loading') return <Spinner />;

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">{t.title}</h1>
        <div className="flex items-center gap-2">
          <div role="group" aria-label={t.view} className="flex rounded-md border border-slate-300 bg-white p-0.5">
            {(['grid', 'list'] as const).map((v) => (
              <button
                key={v}
                type="button"
                aria-pressed={view === v}
                className={`rounded px-3 py-1.5 text-sm ${view === v ? 'bg-slate-900 text-white' : 'text-slate-700'}`}
                onClick={() => changeView(v)}
              >
                {v === 'grid' ? t.grid : t.list}
              </button>
            ))}
          </div>
          <button type="button" className="btn-primary" onClick={() => setCreating(true)}>
            {t.newPractice}
          </button>
        </div>
      </div>

      {state.list.length === 0 ? (
        <div className="card p-10 text-center">
          <h2 className="text-lg font-semibold">{t.empty}</h2>
          <p className="mt-1 text-sm text-slate-600">{t.emptyText}</p>
          <button type="button" className="btn-primary mt-4" onClick={() => setCreating(true)}>
            {t.createFirst}
          </button>
        </div>
      ) : (
        <ul className={view === 'grid' ? 'grid gap-4 sm:grid-cols-2 lg:grid-cols-3' : 'space-y-2'} data-testid="practice-list">
          {state.list.map((p) => (
            <li key={p.id} className={`card flex ${view === 'grid' ? 'flex-col gap-3 p-4' : 'items-center justify-between gap-3 px-4 py-3'} ${current?.id === p.id ? 'ring-2 ring-sky-500' : ''}`} data-testid="practice-item">
              <button type="button" className="min-w-0 flex-1 text-left" onClick={() => open(p)}>
                <span className="block truncate font-semibold"><span className="sr-only">{t.open} </span>{p.name}</span>
                <span className="text-sm text-slate-600">{formatPracticeDate(p.date)}</span>
              </button>
              <div className="flex items-center gap-2">
                <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold uppercase text-slate-700">
                  {p.practice_type === 'team' ? t.team : t.individual}
                </span>
                {current?.id === p.id && <span className="text-xs font-semibold text-sky-700">{t.current}</span>}
                <button type="button" className="btn-ghost px-2 py-1 text-red-700" aria-label={t.deleteName({ name: p.name })} onClick={() => setDeleting(p)}>
                  {t.delete}
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}

      <NewPracticeDialog open={creating} onOpenChange={setCreating} />
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
