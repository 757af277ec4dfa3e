import { useTexts, type TextsOf } from '../../i18n/common';
import { memo, useCallback, useMemo, useRef, useState } from 'react';
import { dutyKey, poolReferees } from '../../../core/fencing/referee-duty';
import { boutKey } from '../../../core/fencing/bout-result';
import type { PoolPlayer } from '../../../core/contracts/pools';
import { boutProgress, type BoutPair } from '../../../core/fencing/bout-order';
import type { PlayerStats } from '../../../core/fencing/pool-stats';
import { params } from '@nanostores/i18n';
import { i18n } from '../../i18n';
import { useResultLetters } from '../../i18n/fencing-terms';

const messages = i18n('bout-order-panel', {
  allFenced: 'All bouts fenced',
  remaining: params('{left} of {total} to fence'),
  // A plain word, not a template: the line is built for every bout of the order on every result.
  vs: 'vs',
  refereeNow: 'Referee this bout',
  suggested: 'suggested',
  chooseReferee: 'Who referees this bout',
  suggestion: 'The suggestion',
});

interface BoutOrderPanelProps {
  players: PoolPlayer[];
  stats: PlayerStats[];
  onBout?: (a: PoolPlayer, b: PoolPlayer) => void;
  /** Opens the referee's phone view for an unfenced bout (issue 18); absent for spectators. */
  onReferee?: (a: PoolPlayer, b: PoolPlayer) => void;
  /** The coach's choices of referees for this pool (ordered ids "a:b" → referee id). */
  chosen?: Readonly<Record<string, string>>;
  /** The coach changes who referees a bout (null: back to the suggestion). */
  onChooseReferee?: (a: PoolPlayer, b: PoolPlayer, referee: PoolPlayer | null) => void;
}

/** The standard bout order for the pool's size, with the bouts still to fence and who is up next. */
/** A stored result in the reader's letters (issue 32). */
const mapResult = (stored: string | undefined, text: (s: string) => string) => (stored === undefined ? undefined : text(stored));

export function BoutOrderPanel({ players, stats, onBout, onReferee, chosen, onChooseReferee }: BoutOrderPanelProps) {
  const t = useTexts(messages);
  const letters = useResultLetters();
  const at = (n: number) => players[n - 1]!;
  // A stable handler, so only the bouts whose line changes render again when a result arrives (issue 13).
  const latest = useRef({ onBout, onReferee, onChooseReferee, at });
  latest.current = { onBout, onReferee, onChooseReferee, at };
  const pick = useCallback((a: number, b: number) => latest.current.onBout?.(latest.current.at(a), latest.current.at(b)), []);
  const referee = useCallback((a: number, b: number) => latest.current.onReferee?.(latest.current.at(a), latest.current.at(b)), []);
  const choose = useCallback((a: number, b: number, r: number | null) => {
    const { at: of, onChooseReferee: change } = latest.current;
    change?.(of(a), of(b), r === null ? null : of(r));
  }, []);
  const resultOf = ([a, b]: BoutPair) => stats[a - 1]!.matches[at(b).id];
  const { order, annulled, now, onDeck, remaining } = boutProgress(players, (pair) => resultOf(pair) !== undefined);
  // Who referees each bout still to fence (issue 18): the coach's choice, else the suggestion.
  const referees = useMemo(() => poolReferees(players, (pair) => stats[pair[0] - 1]?.matches[players[pair[1] - 1]!.id] !== undefined, chosen), [players, stats, chosen]);
  const chosenKey = (a: number, b: number) => {
    const [x, y] = [at(a).id, at(b).id];
    return chosen?.[boutKey(x, y)];
  };
  if (order.length === 0) return null;

  return (
    <section className="card p-4" aria-labelledby="bout-order-title">
      <div className="flex items-baseline justify-between gap-2">
        <h2 id="bout-order-title" className="font-semibold">{t.boutOrder}</h2>
        <p className="text-sm text-slate-600" data-testid="bouts-remaining">
          {remaining === 0 ? t.allFenced : t.remaining({ left: remaining, total: order.length })}
        </p>
      </div>
      {onReferee && now && (
        <button type="button" className="btn-primary mt-3 w-full" data-testid="referee-now" onClick={() => referee(now[0], now[1])}>
          {t.refereeNow}: {at(now[0]).name} {t.vs} {at(now[1]).name}
        </button>
      )}
      {/* Focusable so the list scrolls by keyboard too (it may be taller than its box). */}
      <ol className="mt-3 max-h-[60vh] space-y-1 overflow-y-auto" data-testid="bout-order" tabIndex={0} aria-labelledby="bout-order-title">
        {order.map((pair, i) => {
          const [a, b] = pair;
          return (
            <BoutItem
              key={`${a}-${b}`}
              index={i + 1}
              a={a}
              b={b}
              names={`${at(a).name} ${t.vs} ${at(b).name}`}
              result={annulled(pair) ? 'annulled' : mapResult(resultOf(pair), letters.text)}
              tag={pair === now ? 'now' : pair === onDeck ? 'deck' : null}
              t={t}
              onPick={onBout && !annulled(pair) ? pick : undefined}
              onReferee={onReferee && !annulled(pair) && resultOf(pair) === undefined ? referee : undefined}
              refereeName={referees.has(dutyKey(pair)) ? at(referees.get(dutyKey(pair))!).name : undefined}
              refereeChosen={chosenKey(a, b) !== undefined}
              choices={onChooseReferee && referees.has(dutyKey(pair)) ? players : undefined}
              onChoose={choose}
            />
          );
        })}
      </ol>
    </section>
  );
}

interface BoutItemProps {
  index: number;
  a: number;
  b: number;
  names: string;
  /** The row fencer's cell ('V5'), or 'annulled' for a bout of a fencer who left the pool. */
  result: string | undefined;
  tag: 'now' | 'deck' | null;
  /** The panel's texts, handed down (a new object only when the language changes): 66 lines, one store. */
  t: TextsOf<typeof messages>;
  onPick?: (a: number, b: number) => void;
  onReferee?: (a: number, b: number) => void;
  /** Who referees this bout (still to fence), and whether the coach chose them. */
  refereeName?: string;
  refereeChosen: boolean;
  /** The pool's fencers, for the coach to choose from; absent for everyone else. */
  choices?: PoolPlayer[];
  onChoose: (a: number, b: number, referee: number | null) => void;
}

/** One line of the bout order; its props are plain values, so it renders again only when they change. */
const BoutItem = memo(function BoutItem({ index, a, b, names, result, tag, t, onPick, onReferee, refereeName, refereeChosen, choices, onChoose }: BoutItemProps) {
  const [choosing, setChoosing] = useState(false);
  return (
    <li className="flex flex-wrap items-center gap-x-1">
      <button
        type="button"
        disabled={!onPick}
        data-testid="bout-order-item"
        className={`flex min-w-0 flex-1 flex-wrap items-center gap-x-2 gap-y-1 rounded-md px-2 py-1.5 text-left text-sm enabled:hover:bg-slate-100 ${
          tag === 'now' ? 'bg-sky-50 ring-1 ring-sky-300' : ''
        } ${result ? 'text-slate-500' : ''}`}
        onClick={() => onPick?.(a, b)}
      >
        <span className="w-6 text-right tabular-nums text-slate-600">{index}.</span>
        <span className="tabular-nums">{a}–{b}</span>
        {/* The names keep room to be read: where the line is short (a phone, the panel beside the grid), the tag goes under them. */}
        <span className={`min-w-[5rem] flex-1 truncate ${result ? 'line-through' : ''}`}>{names}</span>
        {result && <span className={result === 'annulled' ? 'text-xs italic' : 'tabular-nums'}>{result === 'annulled' ? t.annulled : result}</span>}
        {tag && (
          <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${tag === 'now' ? 'bg-sky-700 text-white' : 'bg-amber-100 text-amber-900'}`}>
            {tag === 'now' ? t.fencingNow : t.onDeck}
          </span>
        )}
      </button>
      {onReferee && (
        <button type="button" className="btn-ghost min-h-11 min-w-11 shrink-0 justify-center px-2 text-sky-800" aria-label={`${t.referee}: ${names}`} title={t.referee} data-testid="bout-order-referee" onClick={() => onReferee(a, b)}>
          <WhistleIcon />
        </button>
      )}
      {refereeName && (
        <p className="w-full pb-1 pl-10 text-xs text-slate-600" data-testid="bout-order-duty">
          {choosing && choices ? (
            <select
              autoFocus
              className="input min-h-11 py-1 text-xs"
              aria-label={t.chooseReferee}
              defaultValue=""
              onBlur={() => setChoosing(false)}
              onChange={(e) => {
                setChoosing(false);
                onChoose(a, b, e.target.value === '' ? null : Number(e.target.value));
              }}
            >
              <option value="">{t.suggestion}</option>
              {choices.map((p) => (p.position === a || p.position === b || p.status ? null : <option key={p.id} value={p.position}>{p.position}. {p.name}</option>))}
            </select>
          ) : choices ? (
            <button type="button" className="min-h-11 underline decoration-dotted underline-offset-2 hover:text-slate-900" aria-label={`${t.chooseReferee}: ${refereeName}`} onClick={() => setChoosing(true)}>
              {t.referee}: {refereeName}{refereeChosen ? '' : ` (${t.suggested})`}
            </button>
          ) : (
            <>{t.referee}: {refereeName}{refereeChosen ? '' : ` (${t.suggested})`}</>
          )}
        </p>
      )}
    </li>
  );
});

function WhistleIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
      <circle cx="9" cy="14" r="5" />
      <path d="M13 11h8v4h-4M9 9V5h4" />
    </svg>
  );
}
