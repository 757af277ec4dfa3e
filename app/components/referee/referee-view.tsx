import { guestName, useTexts } from '../../i18n/common';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { params } from '@nanostores/i18n';
import {
  boutOutcome, clockAt, doubleTouch, giveCard, givePCard, nonCombativityDue, other, timeUp, toggleClock, touch,
  type Card, type RefereeState, type Side,
} from '../../../core/fencing/referee';
import { lowerSeed, type LiveBout, type RefereeTarget } from '../../../core/refereeing';
import type { Bout } from '../../../core/fencing/bout-result';
import { formatClock, useTick } from '../../state/referee-clock';
import { i18n } from '../../i18n';
import { useTerms } from '../../i18n/fencing-terms';
import { forgetKept, useRefereeing } from './use-refereeing';
import { useRole } from '../../state/viewer';

const messages = i18n('referee-view', {
  opening: 'Opening the bout…',
  cannot: 'This bout cannot be refereed here',
  lost: 'This view no longer holds the bout',
  ended: 'This bout is no longer on the piste',
  endedResult: 'Its result was entered on another screen.',
  endedChanged: 'Its pool or tableau was changed on another screen.',
  handOver: 'Hand over',
  discard: 'Discard bout',
  discardConfirm: 'Tap again to discard: the score so far is lost',
  poolBout: 'Pool bout',
  tableauBout: 'Tableau bout',
  play: 'Tap: Play!',
  halt: 'Tap: Halt!',
  touchFor: params('+1 {name}'),
  double: 'Double',
  undo: 'Undo',
  yellow: 'Yellow',
  red: 'Red',
  black: 'Black',
  cardTo: params('{card} card to {name}'),
  pCard: 'P-card',
  pCardDue: 'A minute without a hit: give a P-card to both',
  over: 'Bout over',
  wins: params('{name} wins'),
  onPriority: 'on priority',
  excluded: params('{name} is excluded (black card)'),
  save: 'Save result',
  saveExcluded: params('Save: {name} wins'),
  excludedPool: 'In a pool an exclusion annuls the fencer’s bouts: the coach marks it in the grid.',
  markExcluded: params('Mark {name} excluded from the pool'),
  unsent: 'Not on the other screens yet: sending when the network is back',
  takeBack: 'Take back from the machine',
  takeBackHint: 'The machine’s score so far stays; from now on this phone referees the bout, and the machine’s touches are no longer taken.',
});

interface RefereeViewProps {
  practiceId: string;
  target: RefereeTarget;
  weapon: 'epee' | 'foil' | 'sabre';
  /** A finished bout, as its result is saved (left fencer first): the screen saves it through the outbox. */
  onSave: (result: Bout, bout: LiveBout) => void;
  /** A pool bout ended by a black card: the coach marks the fencer excluded (o.74.3); absent for guests. */
  onExclude?: (side: Side, bout: LiveBout) => void;
  onClose: () => void;
}

/** A short beep and vibration: time is up, or a minute passed without a hit. */
function signal() {
  navigator.vibrate?.([200, 100, 200]);
  try {
    const audio = new AudioContext();
    const tone = audio.createOscillator();
    const gain = audio.createGain();
    tone.frequency.value = 880;
    gain.gain.value = 0.2;
    tone.connect(gain).connect(audio.destination);
    tone.start();
    tone.stop(audio.currentTime + 0.4);
    tone.onended = () => void audio.close();
  } catch {
    // No audio here: the vibration and the screen say it.
  }
}

/** Priority drawn by lots (t.38.2.b): a fair coin from the browser's random source. */
const draw = (): Side => ((crypto.getRandomValues(new Uint8Array(1))[0]! & 1) === 0 ? 'left' : 'right');

const SIDE_COLOUR: Record<Side, string> = { left: 'bg-red-700', right: 'bg-green-700' };

/**
 * The referee's phone (issue 18): full screen, the left fencer in red and the right in green as the scoring
 * lights show them, huge scores, +1 under each thumb, the clock as one big tap, cards, P-cards, the double
 * at épée, undo, and the result to save when the bout is over.
 */
export function RefereeView({ practiceId, target, weapon, onSave, onExclude, onClose }: RefereeViewProps) {
  const t = useTexts(messages);
  const term = useTerms();
  const { status, bout, refereeing, synced, act, undoLast, release, takeBack, key } = useRefereeing(practiceId, target);
  const coach = useRole() === 'coach';
  const [confirmDiscard, setConfirmDiscard] = useState(false);
  const state = refereeing?.state;
  useTick(state?.running ?? false, 200);
  useClockRules(state, act);

  const shell = (body: ReactNode) => (
    <div className="fixed inset-0 z-50 flex flex-col overflow-y-auto bg-slate-950 text-white" role="dialog" aria-modal="true" aria-label={bout ? `${bout.left.name} – ${bout.right.name}` : t.opening} data-testid="referee-view">
      <header className="flex items-center justify-between gap-2 px-3 py-2 text-sm">
        <button type="button" className="min-h-11 rounded-md px-3 py-2 font-semibold hover:bg-white/10" onClick={onClose}>← {t.back}</button>
        {bout && <span className="min-w-0 truncate text-slate-300">{target.kind === 'pool' ? t.poolBout : t.tableauBout} · {term.weapon(weapon)}</span>}
      </header>
      {body}
    </div>
  );

  // A bout a piste's scoring machine holds (issue 57): the coach may take it back to referee it here.
  if (status.kind === 'refused' && status.machine && coach) {
    return shell(
      <Notice title={t.cannot} text={status.message}>
        <p className="mt-2 text-sm text-slate-600">{t.takeBackHint}</p>
        <button type="button" className="btn-primary mt-3 w-full py-3" onClick={takeBack} data-testid="referee-take-back">{t.takeBack}</button>
      </Notice>,
    );
  }
  if (status.kind === 'refused' || status.kind === 'lost') return shell(<Notice title={status.kind === 'lost' ? t.lost : t.cannot} text={status.message} />);
  if (status.kind === 'ended') return shell(<Notice title={t.ended} text={status.why === 'result' ? t.endedResult : t.endedChanged} />);
  if (!bout || !state) return shell(<p className="p-6 text-center" role="status">{t.opening}</p>);

  const name = (side: Side) => bout[side].name;
  const clock = clockAt(state, Date.now());
  const over = state.phase === 'over';
  const outcome = boutOutcome(state);
  const pDue = nonCombativityDue(state, Date.now());
  const canScore = !over && state.phase !== 'break';

  const save = () => {
    if (!outcome) return;
    forgetKept(key);
    const result = (left: number, right: number, priority: Side | null): Bout => ({
      player1_id: bout.left.id, player2_id: bout.right.id, score1: left, score2: right, priority_id: priority ? bout[priority].id : null,
    });
    if (outcome.excluded) {
      // The opponent wins: at equal or lower score, on priority (the score stays as fenced).
      const winner = other(outcome.excluded);
      const lead = state[winner] > state[outcome.excluded];
      onSave(result(state.left, state.right, lead ? null : winner), bout);
    } else onSave(result(outcome.left, outcome.right, outcome.left === outcome.right ? outcome.priority : null), bout);
  };

  const side = (s: Side) => (
    <section className={`flex min-w-0 flex-1 flex-col items-center justify-between gap-2 rounded-xl p-3 ${SIDE_COLOUR[s]}`} aria-label={name(s)}>
      <h2 className="w-full truncate text-center text-lg font-bold" data-testid={`referee-name-${s}`}>{name(s)}</h2>
      <output className="text-[7rem] font-black leading-none tabular-nums" data-testid={`referee-score-${s}`} aria-live="polite">{state[s]}</output>
      <p className="flex min-h-6 gap-1" data-testid={`referee-cards-${s}`}>
        {state.cards[s].map((c, i) => <span key={i} className={`inline-block h-6 w-4 rounded-sm ${c === 'yellow' ? 'bg-yellow-300' : c === 'red' ? 'bg-red-500 ring-1 ring-white' : 'bg-black ring-1 ring-white'}`} title={t[c]} />)}
        {state.pCards > 0 && <span className="rounded-sm bg-white/20 px-1 text-xs font-bold">P{state.pCards}</span>}
      </p>
      <div className="flex gap-1">
        {(['yellow', 'red', 'black'] as Card[]).map((c) => (
          <button key={c} type="button" disabled={over} className="min-h-11 min-w-11 rounded-md bg-black/30 px-1.5 text-xs font-semibold disabled:opacity-40" aria-label={t.cardTo({ card: t[c], name: name(s) })} onClick={() => act((x, now) => giveCard(x, s, c, now))}>
            {t[c]}
          </button>
        ))}
      </div>
    </section>
  );

  return shell(
    <main className="flex flex-1 flex-col gap-3 px-3 pb-4">
      <p className="text-center text-xs text-slate-400">{t.refereeName({ name: guestName(t, bout.referee) })}</p>
      <div className="flex gap-2">
        {side('left')}
        {side('right')}
      </div>

      <button
        type="button"
        className={`rounded-xl py-4 text-center ${state.running ? 'bg-amber-500 text-black' : 'bg-white/10'} disabled:opacity-60`}
        disabled={over || state.phase === 'break'}
        onClick={() => act((x, now) => toggleClock(x, now))}
        data-testid="referee-clock"
      >
        <span className="block text-6xl font-black tabular-nums">{formatClock(clock.remainingMs)}</span>
        <span className="block text-sm font-semibold">
          {[
            state.phase === 'break' ? t.rest : state.phase === 'priority' ? t.extraMinute : state.format.periods > 1 ? t.period({ n: state.period }) : '',
            !over && state.phase !== 'break' ? (state.running ? t.halt : t.play) : '',
          ].filter(Boolean).join(' · ')}
        </span>
      </button>
      {state.priority && (
        <p className="rounded-lg bg-sky-700 py-2 text-center font-bold" data-testid="referee-priority">{t.priorityName({ name: name(state.priority) })}</p>
      )}
      {pDue && (
        <p className="rounded-lg bg-amber-300 py-2 text-center font-semibold text-black" role="alert">{t.pCardDue}</p>
      )}

      {over && outcome ? (
        <section className="rounded-xl bg-white p-4 text-center text-slate-900" data-testid="referee-result" aria-live="polite">
          <h2 className="text-lg font-bold">{t.over}</h2>
          {outcome.excluded && <p className="mt-1 font-semibold text-red-700">{t.excluded({ name: name(outcome.excluded) })}</p>}
          <p className="mt-1 text-2xl font-black tabular-nums">{name('left')} {state.left} – {state.right} {name('right')}</p>
          {outcome.winner && <p className="mt-1">{t.wins({ name: name(outcome.winner) })}{outcome.priority ? ` (${t.onPriority})` : ''}</p>}
          {outcome.excluded && target.kind === 'pool' ? (
            onExclude ? (
              <button type="button" className="btn-primary mt-3 w-full py-3" data-testid="referee-exclude" onClick={() => { forgetKept(key); onExclude(outcome.excluded!, bout); }}>
                {t.markExcluded({ name: name(outcome.excluded) })}
              </button>
            ) : (
              <p className="mt-2 text-sm text-slate-600">{t.excludedPool}</p>
            )
          ) : (
            <button type="button" className="btn-primary mt-3 w-full py-3 text-lg" onClick={save} data-testid="referee-save">
              {outcome.excluded ? t.saveExcluded({ name: name(other(outcome.excluded)) }) : t.save}
            </button>
          )}
          <button type="button" className="btn-secondary mt-2 w-full" onClick={undoLast}>{t.undo}</button>
        </section>
      ) : (
        <>
          <div className="grid grid-cols-2 gap-2">
            {(['left', 'right'] as Side[]).map((s) => (
              <button key={s} type="button" disabled={!canScore} className={`rounded-xl py-8 text-3xl font-black ${SIDE_COLOUR[s]} active:brightness-125 disabled:opacity-40`} onClick={() => act((x, now) => touch(x, s, now))} data-testid={`referee-touch-${s}`} aria-label={t.touchFor({ name: name(s) })}>
                +1
              </button>
            ))}
          </div>
          <div className="flex gap-2">
            <button type="button" className="flex-1 rounded-xl bg-white/10 py-3 font-semibold disabled:opacity-40" disabled={(refereeing?.past.length ?? 0) === 0} onClick={undoLast} data-testid="referee-undo">↶ {t.undo}</button>
            {weapon === 'epee' && (
              <button type="button" className="flex-1 rounded-xl bg-white/10 py-3 font-semibold disabled:opacity-40" disabled={!canScore} onClick={() => act((x, now) => doubleTouch(x, now))} data-testid="referee-double">{t.double}</button>
            )}
            {state.format.nonCombativity && (
              <button type="button" className={`flex-1 rounded-xl py-3 font-semibold disabled:opacity-40 ${pDue ? 'bg-amber-300 text-black' : 'bg-white/10'}`} disabled={state.pCards >= 3} onClick={() => act((x, now) => givePCard(x, lowerSeed(bout), now))}>{t.pCard}</button>
            )}
          </div>
        </>
      )}
      {!synced && <p className="text-center text-xs text-amber-300" role="status" data-testid="referee-unsent">{t.unsent}</p>}

      <footer className="mt-auto flex gap-2 pt-2 text-sm">
        <button type="button" className="min-h-11 flex-1 rounded-lg border border-white/30 py-2" onClick={() => void release(false).finally(onClose)}>{t.handOver}</button>
        <button
          type="button"
          className={`min-h-11 flex-1 rounded-lg border py-2 ${confirmDiscard ? 'border-red-400 bg-red-600' : 'border-white/30'}`}
          onClick={() => (confirmDiscard ? void release(true).finally(onClose) : setConfirmDiscard(true))}
        >
          {confirmDiscard ? t.discardConfirm : t.discard}
        </button>
      </footer>
    </main>,
  );
}

function Notice({ title, text, children }: { title: string; text: string; children?: ReactNode }) {
  return (
    <div className="m-4 rounded-xl bg-white p-5 text-slate-900" role="alert">
      <h2 className="font-bold">{title}</h2>
      <p className="mt-1 text-sm">{text}</p>
      {children}
    </div>
  );
}

/**
 * The clock's own events: at zero, the period, rest or bout moves on (t.38–t.40, the extra minute with
 * priority drawn) with a vibration and a beep; a minute without a hit (t.124) signals once.
 */
function useClockRules(state: RefereeState | undefined, act: (rule: (s: RefereeState, now: number) => RefereeState) => void) {
  const signalled = useRef(false);
  const running = state?.running ?? false;
  useEffect(() => {
    if (!running || !state) return;
    const timer = setInterval(() => {
      const now = Date.now();
      if (clockAt(state, now).remainingMs <= 0) {
        signal();
        act((s, at) => timeUp(s, at, draw));
      } else if (nonCombativityDue(state, now) && !signalled.current) {
        signalled.current = true;
        signal();
      }
    }, 100);
    return () => clearInterval(timer);
  }, [running, state, act]);
  if (state && state.quietMs === 0 && !state.running) signalled.current = false;
}
