import type { PoolPlayer } from '../../../core/api';
import { boutOrder, nextBouts, type BoutPair } from '../../../core/fencing/bout-order';
import type { PlayerStats } from '../../../core/fencing/pool-stats';

interface BoutOrderPanelProps {
  players: PoolPlayer[];
  stats: PlayerStats[];
  onBout?: (a: PoolPlayer, b: PoolPlayer) => void;
}

/** The standard bout order for the pool's size, with the bouts still to fence and who is up next. */
export function BoutOrderPanel({ players, stats, onBout }: BoutOrderPanelProps) {
  const order = boutOrder(players.length);
  if (order.length === 0) return null;
  const at = (n: number) => players[n - 1]!;
  const resultOf = ([a, b]: BoutPair) => stats[a - 1]!.matches[at(b).id];
  const { now, onDeck } = nextBouts(order, (pair) => resultOf(pair) !== undefined);
  const remaining = order.filter((p) => resultOf(p) === undefined).length;

  return (
    <section className="card p-4" aria-labelledby="bout-order-title">
      <div className="flex items-baseline justify-between gap-2">
        <h2 id="bout-order-title" className="font-semibold">Bout order</h2>
        <p className="text-sm text-slate-600" data-testid="bouts-remaining">
          {remaining === 0 ? 'All bouts fenced' : `${remaining} of ${order.length} to fence`}
        </p>
      </div>
      {/* Focusable so the list scrolls by keyboard too (it may be taller than its box). */}
      <ol className="mt-3 max-h-[60vh] space-y-1 overflow-y-auto" data-testid="bout-order" tabIndex={0} aria-labelledby="bout-order-title">
        {order.map((pair, i) => {
          const [a, b] = pair;
          const result = resultOf(pair);
          const tag = pair === now ? 'Fencing now' : pair === onDeck ? 'On deck' : null;
          return (
            <li key={`${a}-${b}`}>
              <button
                type="button"
                disabled={!onBout}
                data-testid="bout-order-item"
                className={`flex w-full items-center gap-2 rounded-md px-2 py-1.5 text-left text-sm enabled:hover:bg-slate-100 ${
                  tag === 'Fencing now' ? 'bg-sky-50 ring-1 ring-sky-300' : ''
                } ${result ? 'text-slate-500' : ''}`}
                onClick={() => onBout?.(at(a), at(b))}
              >
                <span className="w-6 text-right tabular-nums text-slate-500">{i + 1}.</span>
                <span className="tabular-nums">{a}–{b}</span>
                <span className={`min-w-0 flex-1 truncate ${result ? 'line-through' : ''}`}>
                  {at(a).name} vs {at(b).name}
                </span>
                {result && <span className="tabular-nums">{result}</span>}
                {tag && (
                  <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${tag === 'Fencing now' ? 'bg-sky-600 text-white' : 'bg-amber-100 text-amber-900'}`}>
                    {tag}
                  </span>
                )}
              </button>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
