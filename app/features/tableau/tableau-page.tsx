import { can } from '../../../core/permissions';
import { useAtomValue } from 'jotai';
import { useMemo, useState } from 'react';
import { useOutletContext } from 'react-router';
import { apiPaths, type BracketSnapshot } from '../../../core/api';
import { outboxAtom, queueTableauScore, withPendingTableau } from '../../state/outbox';
import type { PracticeView } from '../../state/viewer';
import { bracketMaxScore, roundTitle, type BracketMatch, type Seed } from '../../../core/fencing/bracket';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { ScorePicker } from '../../components/ui/score-picker';
import { toast, toastError } from '../../components/ui/toast';
import { api } from '../../lib/api';
import { applyBracket } from '../../state/bracket';
import { tableauAtom } from '../../state/tableau';

/** SPEC §9: the save-in-progress flag is cleared 500 ms after a save (here: after the score is queued). */
const SAVE_COOLDOWN_MS = 500;

/** /tableau: the elimination bracket, one column per round. */
export function TableauPage() {
  const practice = useOutletContext<PracticeView>();
  const { loading, tableau } = useAtomValue(tableauAtom);
  const outbox = useAtomValue(outboxAtom);
  const [editing, setEditing] = useState<BracketMatch | null>(null);
  const [confirmRedraw, setConfirmRedraw] = useState(false);
  const [saving, setSaving] = useState(false);
  const seedOf = new Map<string, Seed>(tableau.seeds.map((s) => [s.id, s]));
  // Scores still waiting to reach the server show at once, marked pending (the outbox keeps them).
  const { matches, pending } = useMemo(() => withPendingTableau(practice.id, tableau.matches, outbox), [practice.id, tableau.matches, outbox]);

  if (loading) return <p className="py-10 text-center text-sm text-slate-600" role="status">Loading bracket...</p>;
  if (tableau.matches.length === 0) {
    return (
      <div className="card p-10 text-center">
        <h2 className="text-lg font-semibold">No bracket yet</h2>
        <p className="mt-1 text-sm text-slate-600">Complete pool matches to generate the elimination bracket.</p>
        {tableau.remaining > 0 && <p className="mt-2 text-xs text-slate-500">{tableau.remaining} pool {tableau.remaining === 1 ? 'bout' : 'bouts'} still to fence.</p>}
      </div>
    );
  }

  const rounds = Math.max(...matches.map((m) => m.round));

  function save(match: BracketMatch, s1: number, s2: number, priorityId: string | null) {
    // Only a match with both fencers offers a score (the picker never opens for TBD).
    if (match.player1_id === null || match.player2_id === null) return;
    setSaving(true);
    setTimeout(() => setSaving(false), SAVE_COOLDOWN_MS);
    // Queued, so a score entered with no network waits on this device and is sent when it returns.
    void queueTableauScore(practice.id, match, { player1_score: s1, player2_score: s2, priority_id: priorityId }).then(() =>
      toast({ title: 'Scores saved', description: 'Bracket updated' }),
    );
  }

  async function redraw() {
    try {
      applyBracket(practice.id, await api<BracketSnapshot>('DELETE', apiPaths.bracket(practice.id)));
      toast({ title: 'Tableau redrawn', description: 'It now follows the current pool results.' });
    } catch {
      toastError('Failed to redraw the tableau. Please try again.');
    }
  }

  const side = (m: BracketMatch, id: string | null, score: number | null) => {
    const s = id ? seedOf.get(id) : null;
    const bye = !id && m.round === 1;
    const won = id !== null && m.winner_id === id;
    const lost = id !== null && m.winner_id !== null && m.winner_id !== id;
    return (
      <div className={`flex items-center justify-between gap-2 px-3 py-1.5 ${won ? 'bg-green-50 font-semibold text-green-900' : lost ? 'text-slate-500' : ''}`}>
        <span className="min-w-0 truncate">
          {s ? (
            <>
              <span className="mr-1.5 text-xs tabular-nums text-slate-500">{s.seed}</span>
              {s.name}
            </>
          ) : (
            <span className="italic text-slate-500">{bye ? 'Bye' : 'TBD'}</span>
          )}
        </span>
        <span className="tabular-nums">{score ?? ''}</span>
      </div>
    );
  };

  return (
    <div className="space-y-4">
      {tableau.stale && can(practice.role, 'bracket.manage') && (
        <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900" role="status">
          <span>The pool results changed after this tableau was drawn. It keeps its results until you redraw it.</span>
          <button type="button" className="btn-secondary" onClick={() => setConfirmRedraw(true)}>Redraw tableau</button>
        </div>
      )}
      <div className="overflow-x-auto pb-2" data-testid="tableau">
        <div className="flex min-w-max gap-6">
          {Array.from({ length: rounds }, (_, i) => i + 1).map((round) => (
            <section key={round} className="flex w-60 flex-col" aria-label={roundTitle(round, rounds)} data-testid="tableau-round">
              <h2 className="mb-2 text-sm font-semibold uppercase tracking-wide text-slate-600">{roundTitle(round, rounds)}</h2>
              <ol className="flex flex-1 flex-col justify-around gap-3">
                {matches.filter((m) => m.round === round).map((m) => {
                  const playable = m.player1_id !== null && m.player2_id !== null && can(practice.role, 'bracket.write');
                  const waiting = pending.has(m.id);
                  return (
                    <li key={m.id} className={`card overflow-hidden text-sm ${waiting ? 'outline-dashed outline-2 outline-amber-500' : ''}`} data-testid={`match-${m.id}`} data-pending={waiting || undefined}>
                      {side(m, m.player1_id, m.player1_score)}
                      <div className="border-t border-slate-100" />
                      {side(m, m.player2_id, m.player2_score)}
                      {playable && (
                        <button type="button" disabled={saving} className={`w-full border-t border-slate-100 py-1.5 text-xs font-semibold ${m.winner_id ? 'text-slate-500 hover:bg-slate-50' : 'bg-slate-900 text-white hover:bg-slate-700'}`} onClick={() => setEditing(m)}>
                          {m.winner_id ? 'Edit score' : 'Enter Score'}
                        </button>
                      )}
                      {waiting && (
                        <p className="border-t border-amber-200 bg-amber-50 px-3 py-1 text-xs font-medium text-amber-900">Waiting to sync</p>
                      )}
                    </li>
                  );
                })}
              </ol>
            </section>
          ))}
        </div>
      </div>
      {editing && (
        <ScorePicker
          open
          onOpenChange={(o) => !o && setEditing(null)}
          title={`${roundTitle(editing.round, rounds)}: ${seedOf.get(editing.player1_id!)?.name} vs ${seedOf.get(editing.player2_id!)?.name}`}
          left={{ id: editing.player1_id!, name: seedOf.get(editing.player1_id!)?.name ?? '' }}
          right={{ id: editing.player2_id!, name: seedOf.get(editing.player2_id!)?.name ?? '' }}
          max={bracketMaxScore(practice.practice_type)}
          onSave={({ left, right, priorityId }) => {
            const m = editing;
            setEditing(null);
            void save(m, left, right, priorityId);
          }}
        />
      )}
      <ConfirmDialog
        open={confirmRedraw}
        onOpenChange={setConfirmRedraw}
        title="Redraw the tableau?"
        message="The tableau is drawn again from the current pool results. Every tableau result entered so far is lost."
        confirmLabel="Redraw"
        onConfirm={redraw}
      />
    </div>
  );
}
