import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { isMainMatch, type BracketMatch, type Seed } from '../../../core/fencing/bracket';
import { currentRound, lastMatchOf } from '../../../core/fencing/bracket-nav';
import { FindFencer } from '../../components/find/find-fencer';
import { useRowsShown } from '../../components/find/found-row';
import { useWideScreen } from '../../components/layout/use-wide-screen';
import { i18n, useStore } from '../../i18n';
import { useTerms } from '../../i18n/fencing-terms';

const messages = i18n('bracket-rounds', {
  goTo: 'Go to round',
});

interface BracketRoundsProps {
  matches: BracketMatch[];
  rounds: number;
  seeds: Seed[];
  /** A match's card; `found` marks the match of a fencer found by name. */
  card: (m: BracketMatch, found: boolean) => ReactNode;
  label: string;
}

const nameOf = (s: Seed) => s.name;
const idOf = (s: Seed) => s.id;

/**
 * First-round matches of the wide bracket drawn at once: a card with its two fencers, its button and the gap is
 * about 100 px, so 24 are taller than a screen. At 512 fencers the first paint then holds 51 matches (122 with
 * the lists' 60); the rest come in the render right after.
 */
const WIDE_FIRST_LINES = 24;

/**
 * The main table, one column per round (issue 33: a table of 256 or 512 on a phone). A phone shows one round
 * at a time, the one being fenced unless another is chosen, so it never draws the 511 matches of a table of
 * 512; a wider screen shows every round and the choice scrolls to it. A fencer found by name opens on their
 * current or last match, marked.
 */
export function BracketRounds({ matches, rounds, seeds, card, label }: BracketRoundsProps) {
  const t = useStore(messages);
  const term = useTerms();
  const wide = useWideScreen();
  const [chosen, setChosen] = useState<{ round: number } | null>(null);
  const [found, setFound] = useState<{ id: string } | null>(null);
  const area = useRef<HTMLDivElement>(null);
  const round = Math.min(chosen?.round ?? currentRound(matches, rounds), rounds);
  const foundMatch = found ? lastMatchOf(matches, rounds, found.id) : null;
  const shown = wide ? Array.from({ length: rounds }, (_, i) => i + 1) : [round];
  // The top of the table first (issue 33: a table of 512), the rest in the render right after: the first lines of
  // the first round shown, and the matches beside them in each later one (half as many a round, rounded up), so
  // every column shows the same part of the table.
  const lines = useRowsShown(2 ** (rounds - shown[0]!), wide ? WIDE_FIRST_LINES : undefined);
  const drawn = (r: number) => Math.ceil(lines / 2 ** (r - shown[0]!));
  useLayoutEffect(() => {
    const target = found ? '[data-found]' : chosen ? `[data-round="${chosen.round}"]` : null;
    if (target) area.current?.querySelector(target)?.scrollIntoView({ block: found ? 'center' : 'nearest', inline: 'start' });
  }, [chosen, found, lines]);
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-end gap-3">
        <div className="w-full sm:w-56">
          <label className="label" htmlFor="round-select">{t.goTo}</label>
          <select id="round-select" className="input w-full" value={round} onChange={(e) => {
            setFound(null);
            setChosen({ round: Number(e.target.value) });
          }}>
            {Array.from({ length: rounds }, (_, i) => i + 1).map((r) => <option key={r} value={r}>{term.round(r, rounds)}</option>)}
          </select>
        </div>
        {seeds.length > 2 && (
          <FindFencer className="w-full sm:w-72" items={seeds} nameOf={nameOf} keyOf={idOf} detailOf={(s) => {
            const last = lastMatchOf(matches, rounds, s.id);
            return last ? term.round(last.round, rounds) : '';
          }} onPick={(s) => {
            const last = lastMatchOf(matches, rounds, s.id);
            if (last) setChosen({ round: last.round });
            setFound({ id: s.id });
          }} />
        )}
      </div>
      {/* The bracket scrolls sideways on a wide screen: focusable and named, so a keyboard scrolls it too (issue 29). */}
      <div ref={area} className="overflow-x-auto pb-2 focus-visible:outline-2 focus-visible:outline-sky-600" data-testid="tableau" tabIndex={0} role="region" aria-label={label}>
        <div className={wide ? 'flex min-w-max gap-6' : ''}>
          {shown.map((r) => (
            <section key={r} className={`flex flex-col ${wide ? 'w-60' : 'w-full'}`} aria-label={term.round(r, rounds)} data-testid="tableau-round" data-round={r}>
              <h2 className="mb-2 text-sm font-semibold uppercase tracking-wide text-slate-600">{term.round(r, rounds)}</h2>
              <ol className="flex flex-1 flex-col justify-around gap-3">
                {matches.filter((m) => m.round === r && isMainMatch(m, rounds)).slice(0, drawn(r)).map((m) => card(m, foundMatch?.id === m.id))}
              </ol>
            </section>
          ))}
        </div>
      </div>
    </div>
  );
}
