import { useTexts } from '../../i18n/common';
import { can } from '../../../core/permissions';
import { useAtomValue } from 'jotai';
import { useMemo, useState } from 'react';
import { useOutletContext } from 'react-router';
import { refereeKey } from '../../../core/refereeing';
import { useRefereeParam } from '../../components/referee/use-referee-param';
import { useLiveBouts } from '../../state/referee';
import { formatClock, remainingOf, useTick } from '../../state/referee-clock';
import type { Bout } from '../../../core/fencing/bout-result';
import { outboxAtom } from '../../state/outbox';
import { queueTableauScore, withPendingTableau } from '../../state/writes/tableau';
import type { PracticeView } from '../../state/viewer';
import { bracketMaxScore, isMainMatch, placesTitle, possibleSlots, roundsOf, type BracketMatch, type Seed } from '../../../core/fencing/bracket';
import { useTerms } from '../../i18n/fencing-terms';
import { onDemand } from '../../components/ui/lazy';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { ScorePicker } from '../../components/ui/score-picker';
import { toast, toastError } from '../../state/toasts';
import { call, client } from '../../lib/api';
import { applyBracket } from '../../state/bracket';
import { tableauAtom } from '../../state/tableau';
import { teamTableauAtom } from '../../state/team-tableau';
import { lineupOfMatch } from '../../../core/fencing/team-lineup';
import { TeamTableauCreate } from './team-tableau-create';
import { printHeader, usePrint } from '../../components/print/use-print';
import { MatchCall } from './match-call';
import { MatchSide } from './match-side';
import { BracketRounds } from './bracket-rounds';
import { BarragePanel } from './barrage-panel';
import { CardMarks } from '../../components/referee/card-marks';
import { CheckControl } from '../../components/checks/check-control';
// The coach's list of a match's score changes (issue 58): with the score dialog, which works offline, so not loaded on demand.
import { BoutHistory } from '../../components/checks/bout-history';
import { checksAtom } from '../../state/checks';
import { checkOf } from '../../../core/fencing/result-checks';
import { count, params } from '@nanostores/i18n';
import { i18n } from '../../i18n';

const messages = i18n('tableau-page', {
  format: params('Tableau: {cut} · 3rd place {third}'),
  fenced: 'fenced',
  shared: 'shared',
  places58: ' · places 5–8 fenced',
  formatButton: 'Format…',
  loading: 'Loading bracket...',
  noBracket: 'No bracket yet',
  noBracketText: 'Complete pool matches to generate the elimination bracket.',
  saved: 'Scores saved',
  savedText: 'Bracket updated',
  redrawn: 'Tableau redrawn',
  redrawnText: 'It now follows the current pool results.',
  redrawFailed: 'Failed to redraw the tableau. Please try again.',
  bye: 'Bye',
  walkover: 'Walkover',
  edit: 'Edit score',
  enter: 'Enter Score',
  stale: 'The pool results or the cut changed after this tableau was drawn. It keeps its results until you redraw it.',
  redrawButton: 'Redraw tableau',
  vs: params('{title}: {a} vs {b}'),
  checksTitle: 'Checked results',
  checkRound: params('Mark {round} checked'),
  redrawTitle: 'Redraw the tableau?',
  redrawText: 'The tableau is drawn again from the current pool results. Every tableau result entered so far is lost.',
  redraw: 'Redraw',
  onPiste: 'On piste',
  relaySheet: 'Relay sheet',
  boutsLeft: count({ one: '{count} pool bout still to fence.', other: '{count} pool bouts still to fence.' }),
});

const FormatDialog = onDemand(() => import('./format-dialog').then((m) => m.FormatDialog));
const TeamMatchSheet = onDemand(() => import('./team-match-sheet').then((m) => m.TeamMatchSheet));
const RefereeView = onDemand(() => import('../../components/referee/referee-view').then((m) => m.RefereeView));

/** SPEC §9: the save-in-progress flag is cleared 500 ms after a save (here: after the score is queued). */
const SAVE_COOLDOWN_MS = 500;

/** /tableau: the elimination bracket, one column per round. */
export function TableauPage() {
  const t = useTexts(messages);
  const term = useTerms();
  const practice = useOutletContext<PracticeView>();
  const { loading, tableau, format, barrage: barrageBouts } = useAtomValue(tableauAtom);
  const [formatOpen, setFormatOpen] = useState(false);
  const manage = can(practice.role, 'bracket.manage');
  const outbox = useAtomValue(outboxAtom);
  const [editing, setEditing] = useState<BracketMatch | null>(null);
  const [confirmRedraw, setConfirmRedraw] = useState(false);
  const [saving, setSaving] = useState(false);
  const { print, sheets } = usePrint();
  const seedOf = new Map<string, Seed>(tableau.seeds.map((s) => [s.id, s]));
  // Scores still waiting to reach the server show at once, marked pending (the outbox keeps them).
  const { matches, pending } = useMemo(() => withPendingTableau(practice.id, tableau.matches, outbox), [practice.id, tableau.matches, outbox]);
  // Referee mode (issue 18): the match in the link, so a phone that reloads opens it again.
  const { target: refereeing, open: openReferee, close: closeReferee } = useRefereeParam();
  const liveBouts = useLiveBouts();
  const canReferee = can(practice.role, 'bout.referee') && practice.practice_type === 'individual';
  // Issue 28: a team practice's tableau of team matches, each opened on its nine-relay sheet.
  const teamTableau = useAtomValue(teamTableauAtom).snapshot;
  const teamMode = practice.practice_type === 'team' && teamTableau?.created === true;
  // A team match's sheet shows its team A on the left: the match's second team when the lot drew it (issue 58).
  const aIsFirstOf = (m: BracketMatch) => lineupOfMatch(m, teamTableau?.lineups ?? [])?.team_a !== m.player2_id;
  const [sheetOf, setSheetOf] = useState<BracketMatch | null>(null);
  useTick([...liveBouts.values()].some((x) => x.bout.target.kind === 'tableau' && x.bout.state.running), 1000);
  // Issue 58: a checked round (or event) is final for guests; only the coach changes its results.
  const { practiceId: checksOf, checks } = useAtomValue(checksAtom);
  const locked = (round: number) => !manage && checksOf === practice.id && checkOf(checks, { round }) !== null;

  if (loading) return <p className="py-10 text-center text-sm text-slate-600" role="status">{t.loading}</p>;

  // Issue 14: the format in one line, and (for the coach) the dialog that sets it.
  const formatBar = (
    <div className="flex flex-wrap items-center justify-between gap-3 text-sm text-slate-600" data-testid="tableau-format">
      <span>
        {t.format({ cut: term.cut(format.cut), third: format.third_place === 'bout' ? t.fenced : t.shared })}
        {format.places_5_8 ? t.places58 : ''}
      </span>
      <span className="flex flex-wrap gap-2">
        {matches.length > 0 && (
          <button type="button" className="btn-secondary" onClick={() => print({ kind: 'tableau', matches, seeds: tableau.seeds, ...printHeader(practice) })}>{t.print}</button>
        )}
        {manage && <button type="button" className="btn-secondary" onClick={() => setFormatOpen(true)}>{t.formatButton}</button>}
      </span>
      {sheets}
      {formatOpen && <FormatDialog open={formatOpen} onOpenChange={setFormatOpen} practiceId={practice.id} format={format} started={tableau.frozen} barrage={practice.practice_type === 'individual'} />}
      {practice.practice_type === 'team' && manage && teamTableau?.created === false && !tableau.frozen && <div className="basis-full"><TeamTableauCreate practiceId={practice.id} /></div>}
    </div>
  );

  if (tableau.matches.length === 0) {
    return (
      <div className="space-y-4">
        {formatBar}
        {tableau.barrage && <BarragePanel practiceId={practice.id} role={practice.role} barrage={tableau.barrage} bouts={barrageBouts} />}
        <div className="card p-10 text-center">
          <h2 className="text-lg font-semibold">{t.noBracket}</h2>
          <p className="mt-1 text-sm text-slate-600">{t.noBracketText}</p>
          {tableau.remaining > 0 && <p className="mt-2 text-xs text-slate-500">{t.boutsLeft(tableau.remaining)}</p>}
        </div>
      </div>
    );
  }

  const rounds = roundsOf(matches);
  const possible = possibleSlots(matches);
  const reachable = (m: BracketMatch) => possible.get(m.id)?.player1_id || possible.get(m.id)?.player2_id;
  const placeMatches = matches.filter((m) => !isMainMatch(m, rounds) && reachable(m));
  const titleOf = (m: BracketMatch) => (isMainMatch(m, rounds) ? term.round(m.round, rounds) : term.text(placesTitle(m, rounds)));

  function save(match: BracketMatch, s1: number, s2: number, priorityId: string | null) {
    // Only a match with both fencers offers a score (the picker never opens for TBD).
    if (match.player1_id === null || match.player2_id === null) return;
    setSaving(true);
    setTimeout(() => setSaving(false), SAVE_COOLDOWN_MS);
    // Queued, so a score entered with no network waits on this device and is sent when it returns.
    void queueTableauScore(practice.id, match, { player1_score: s1, player2_score: s2, priority_id: priorityId }).then((outcome) => {
      // A conflict or a refusal says so itself (the match's own state, the refusal's toast): no "saved" over it.
      if (outcome === 'done') toast({ title: t.saved, description: t.savedText });
    });
  }

  function saveRefereed(result: Bout) {
    closeReferee();
    const match = matches.find((m) => refereeing?.kind === 'tableau' && m.round === refereeing.round && m.position === refereeing.position);
    if (!match || match.player1_id !== result.player1_id || match.player2_id !== result.player2_id) return;
    save(match, result.score1, result.score2, result.priority_id);
  }

  async function redraw() {
    try {
      applyBracket(practice.id, await call(client.practices[':practiceId'].bracket.$delete({ param: { practiceId: practice.id } })));
      toast({ title: t.redrawn, description: t.redrawnText });
    } catch {
      toastError(t.redrawFailed);
    }
  }

  const side = (m: BracketMatch, id: string | null, score: number | null, slot: 'player1_id' | 'player2_id') => {
    // A side nobody can reach: a bye in the first round, a walkover in a bout for places.
    const bye = !id && !possible.get(m.id)?.[slot];
    const decided = id !== null && m.winner_id !== null;
    return <MatchSide seed={id ? seedOf.get(id) : null} score={score} won={decided && m.winner_id === id} lost={decided && m.winner_id !== id} empty={bye ? (m.round === 1 ? t.bye : t.walkover) : t.tbd} />;
  };

  const card = (m: BracketMatch, found = false) => {
    const playable = m.player1_id !== null && m.player2_id !== null && can(practice.role, 'bracket.write') && !locked(m.round);
    const waiting = pending.has(m.id);
    const live = m.winner_id ? undefined : liveBouts.get(refereeKey({ kind: 'tableau', round: m.round, position: m.position }));
    return (
      <li key={m.id} className={`card overflow-hidden text-sm ${waiting ? 'outline-dashed outline-2 outline-amber-500' : found ? 'outline-2 outline-amber-500' : ''}`} data-testid={`match-${m.id}`} data-pending={waiting || undefined} data-found={found || undefined} aria-current={found || undefined}>
        {side(m, m.player1_id, m.player1_score, 'player1_id')}
        <div className="border-t border-slate-100" />
        {side(m, m.player2_id, m.player2_score, 'player2_id')}
        {live && (
          <p className="flex justify-between border-t border-amber-300 bg-amber-100 px-3 py-1 text-xs font-semibold text-amber-950" data-testid="match-live">
            <span>{t.onPiste}</span>
            <span className="flex items-center gap-1 tabular-nums">
              <CardMarks side={{ cards: live.bout.state.cards.left, pCards: live.bout.state.pCards }} />
              {live.bout.state.left}–{live.bout.state.right}
              <CardMarks side={{ cards: live.bout.state.cards.right, pCards: live.bout.state.pCards }} />
              · {formatClock(remainingOf(live))}
            </span>
          </p>
        )}
        {!m.winner_id && <MatchCall practice={practice} matchId={m.id} />}
        {playable && (
          <div className="flex border-t border-slate-100">
            <button type="button" disabled={saving} className={`flex-1 py-1.5 text-xs font-semibold ${m.winner_id ? 'text-slate-500 hover:bg-slate-50' : 'bg-slate-900 text-white hover:bg-slate-700'}`} onClick={() => (teamMode ? setSheetOf(m) : setEditing(m))}>
              {teamMode ? t.relaySheet : m.winner_id ? t.edit : t.enter}
            </button>
            {canReferee && !m.winner_id && (
              <button type="button" className="border-l border-slate-100 px-3 py-1.5 text-xs font-semibold text-sky-800 hover:bg-sky-50" data-testid="match-referee" onClick={() => openReferee({ kind: 'tableau', round: m.round, position: m.position })}>
                {t.referee}
              </button>
            )}
          </div>
        )}
        {waiting && (
          <p className="border-t border-amber-200 bg-amber-50 px-3 py-1 text-xs font-medium text-amber-900">{t.waitingSync}</p>
        )}
      </li>
    );
  };

  return (
    <div className="space-y-4">
      {formatBar}
      {tableau.stale && manage && !teamMode && (
        <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900" role="status">
          <span>{t.stale}</span>
          <button type="button" className="btn-secondary" onClick={() => setConfirmRedraw(true)}>{t.redrawButton}</button>
        </div>
      )}
      {tableau.frozen && (manage || checks.length > 0) && (
        <section className="flex flex-wrap items-center gap-2 text-sm" aria-label={t.checksTitle} data-testid="tableau-checks">
          <span className="font-semibold text-slate-700">{t.checksTitle}</span>
          {Array.from({ length: rounds }, (_, i) => i + 1).map((r) => (
            <CheckControl key={r} practiceId={practice.id} role={practice.role} scope={{ kind: 'round', round: r }} label={t.checkRound({ round: term.round(r, rounds) })} />
          ))}
          <CheckControl practiceId={practice.id} role={practice.role} scope={{ kind: 'event' }} />
        </section>
      )}
      <BracketRounds matches={matches} rounds={rounds} seeds={tableau.seeds} card={card} label={t.tableau} />
      {placeMatches.length > 0 && (
        <section aria-labelledby="places-title" data-testid="places">
          <h2 id="places-title" className="mb-2 text-sm font-semibold uppercase tracking-wide text-slate-600">{t.placesFenced}</h2>
          <ol className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
            {placeMatches.map((m) => (
              <li key={m.id} className="list-none">
                <h3 className="mb-1 text-xs font-semibold text-slate-600">{term.text(placesTitle(m, rounds))}</h3>
                <ol>{card(m)}</ol>
              </li>
            ))}
          </ol>
        </section>
      )}
      {editing && (
        <ScorePicker
          open
          onOpenChange={(o) => !o && setEditing(null)}
          title={t.vs({ title: titleOf(editing), a: seedOf.get(editing.player1_id!)?.name ?? '', b: seedOf.get(editing.player2_id!)?.name ?? '' })}
          left={{ id: editing.player1_id!, name: seedOf.get(editing.player1_id!)?.name ?? '' }}
          right={{ id: editing.player2_id!, name: seedOf.get(editing.player2_id!)?.name ?? '' }}
          max={bracketMaxScore(practice.practice_type)}
          knockout
          footer={manage ? <BoutHistory practiceId={practice.id} target={{ kind: 'tableau', round: editing.round, position: editing.position }} /> : undefined}
          onSave={(entered) => {
            const m = editing;
            setEditing(null);
            void save(m, entered.score1, entered.score2, entered.priority_id);
          }}
        />
      )}
      {sheetOf && (
        <TeamMatchSheet
          practiceId={practice.id}
          match={matches.find((m) => m.id === sheetOf.id) ?? sheetOf}
          title={t.vs({ title: titleOf(sheetOf), a: seedOf.get(sheetOf.player1_id!)?.name ?? '', b: seedOf.get(sheetOf.player2_id!)?.name ?? '' })}
          teams={{ p1: seedOf.get(sheetOf.player1_id!)?.name ?? '', p2: seedOf.get(sheetOf.player2_id!)?.name ?? '' }}
          editable={can(practice.role, 'bracket.write') && !locked(sheetOf.round)}
          footer={manage ? <BoutHistory practiceId={practice.id} target={{ kind: 'tableau', round: sheetOf.round, position: sheetOf.position }} flip={!aIsFirstOf(sheetOf)} /> : undefined}
          printHead={printHeader(practice)}
          onClose={() => setSheetOf(null)}
        />
      )}
      {refereeing?.kind === 'tableau' && canReferee && (
        <RefereeView practiceId={practice.id} target={refereeing} weapon={practice.weapon} onSave={saveRefereed} onClose={closeReferee} />
      )}
      <ConfirmDialog
        open={confirmRedraw}
        onOpenChange={setConfirmRedraw}
        title={t.redrawTitle}
        message={t.redrawText}
        confirmLabel={t.redraw}
        onConfirm={redraw}
      />
    </div>
  );
}
