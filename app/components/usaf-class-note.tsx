import { count, params } from '@nanostores/i18n';
import type { Athlete } from '../../core/contracts/athletes';
import type { NationalRating } from '../../core/fencing/national-rating';
import { eventClassification, usafSeason } from '../../core/fencing/usaf-classification';
import { i18n } from '../i18n';
import { useTexts } from '../i18n/common';

/**
 * Issue 58: the event's USA Fencing classification in a line, as the final results and the check-in say it
 * (core/fencing/usaf-classification.ts): "This event is classified B2.", "would be" before the event is over, or too few
 * fencers for any group.
 */
const messages = i18n('usaf-class-note', {
  // Classified, not "a B2": "a E1" would read wrong.
  is: params('This event is classified {group}.'),
  wouldBe: params('This event would be classified {group}.'),
  tooFew: 'Too few fencers for a rated event.',
  // What the group above lacks, at check-in: "C2 needs 10 more fencers." "B2 needs 2 more rated B or better, …"
  needs: params('{group} needs {list}.'),
  moreFencers: count({ one: '{count} more fencer', other: '{count} more fencers' }),
  moreRated: params(count({ one: '{count} more rated {letter} or better', other: '{count} more rated {letter} or better' })),
});

/** An athlete's USA Fencing rating, or null (another system's, or none). */
export const usafRating = (a: Pick<Athlete, 'national_rating'> | undefined): NationalRating | null =>
  a?.national_rating?.system === 'usaf' ? a.national_rating : null;

export function UsafClassNote({ group, final, testId }: { group: string | null; final: boolean; testId: string }) {
  const t = useTexts(messages);
  return (
    <p className="text-sm font-medium text-slate-800" data-testid={testId}>
      {group === null ? t.tooFew : final ? t.is({ group }) : t.wouldBe({ group })}
    </p>
  );
}

/**
 * Check-in (the setup wizard): what the present entrants would make of the event, from their ratings (null for a
 * typed name or an unrated athlete) in the season of the practice's date, and what the group above lacks. Shown
 * only when some entrant has a USA Fencing rating.
 */
export function CheckInClassification({ ratings, date }: { ratings: (NationalRating | null)[]; date: string }) {
  const t = useTexts(messages);
  if (!ratings.some((r) => r !== null)) return null;
  const { group, next } = eventClassification(ratings, usafSeason(date));
  const list = next && [
    ...(next.needs.competitors > 0 ? [t.moreFencers(next.needs.competitors)] : []),
    ...next.needs.rated.map((r) => t.moreRated({ letter: r.letter })(r.count)),
  ].join(', ');
  return (
    <div className="mt-3">
      <UsafClassNote group={group} final={false} testId="check-in-classification" />
      {next && list && <p className="text-sm text-slate-600" data-testid="check-in-next-class">{t.needs({ group: next.group, list })}</p>}
    </div>
  );
}
