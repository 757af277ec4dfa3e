import { count } from '@nanostores/i18n';
import { hasCards, type SideCards } from '../../../core/fencing/bout-cards';
import type { Card } from '../../../core/fencing/referee';
import { i18n, useStore } from '../../i18n';

const messages = i18n('card-marks', {
  yellow: 'Yellow card',
  red: 'Red card',
  black: 'Black card',
  pCards: count({ one: '{count} P-card', other: '{count} P-cards' }),
});

const COLOUR: Record<Card, string> = { yellow: 'bg-yellow-300 ring-yellow-700', red: 'bg-red-600 ring-red-900', black: 'bg-black ring-slate-400' };

/** A fencer's cards in words ("Yellow card, 1 P-card"), for a control whose own label must carry them; '' without cards. */
export function useCardsLabel(): (side: SideCards | undefined) => string {
  const t = useStore(messages);
  return (side) => (side && hasCards(side) ? [...side.cards.map((c) => t[c]), ...(side.pCards ? [t.pCards(side.pCards)] : [])].join(', ') : '');
}

/**
 * A fencer's cards as small coloured marks beside a score (issue 29): yellow, red and black cards as the referee
 * gave them (t.158–162), then the P-cards (t.124) as "P1"–"P3"; each named for screen readers. Nothing without cards.
 */
export function CardMarks({ side, className = '' }: { side: SideCards | undefined; className?: string }) {
  const t = useStore(messages);
  if (!side || !hasCards(side)) return null;
  return (
    <span className={`inline-flex items-center gap-0.5 align-middle ${className}`} data-testid="card-marks">
      {side.cards.map((c, i) => (
        <span key={i} role="img" aria-label={t[c]} title={t[c]} data-card={c} className={`inline-block h-3 w-2 shrink-0 rounded-[2px] ring-1 ${COLOUR[c]}`} />
      ))}
      {side.pCards > 0 && (
        <span role="img" aria-label={t.pCards(side.pCards)} title={t.pCards(side.pCards)} data-card="p" className="rounded-sm bg-slate-700 px-0.5 text-[10px] font-bold leading-3 text-white">
          P{side.pCards}
        </span>
      )}
    </span>
  );
}
