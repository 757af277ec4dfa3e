import { useMemo } from 'react';
import type { PoolSnapshot } from '../../../core/contracts/pools';
import type { Standing } from '../../../core/fencing/final-positions';
import { formatRating } from '../../../core/fencing/national-rating';
import { eventClassification, ratingsEarned, usafSeason, type EventClassification } from '../../../core/fencing/usaf-classification';
import type { RatedStanding } from '../../../core/interop/tables';
import { can } from '../../../core/permissions';
import { i18n } from '../../i18n';
import { useTexts } from '../../i18n/common';
import { call, client } from '../../lib/api';
import { UsafClassNote, usafRating } from '../../components/usaf-class-note';
import { useResource } from '../../lib/use-resource';
import type { PracticeView } from '../../state/viewer';

/**
 * USA Fencing ratings on the final results (issue 58): the event's classification (A4 … E1,
 * core/fencing/usaf-classification.ts) from the entrants' current ratings, and on the final results each
 * fencer's rating before the event and the one their place earns. Only the coach reads the roster, so only the
 * coach's screens show them; a guest or a spectator sees the results as before.
 */
const messages = i18n('ratings-earned', {
});

const loadRoster = () => call(client.athletes.$get());

export interface RatedResults {
  /** The standings, with `rating_before` and `rating_earned` when the coach's entrants have ratings. */
  standings: RatedStanding[];
  /** The event's classification; null when nobody's rating is known (a guest, a team event, no US ratings). */
  classification: EventClassification | null;
}

/**
 * The coach's final standings with the ratings before and earned. The competitors are the first round's pool
 * fencers (those who did not start are not in a pool); a fencer's rating is their roster athlete's.
 */
export function useRatedStandings(practice: PracticeView, standings: Standing[], pools: PoolSnapshot[]): RatedResults {
  const wanted = can(practice.role, 'roster.read') && practice.practice_type === 'individual';
  const roster = useResource(wanted ? `ratings:${practice.id}` : null, loadRoster);
  return useMemo(() => {
    if (!wanted || !roster.data) return { standings, classification: null };
    const athletes = new Map(roster.data.map((a) => [a.id, a]));
    const athleteOf = new Map(pools.flatMap((p) => p.players).map((p) => [p.id, p.athlete_id]));
    const ratingOf = (entryId: string) => usafRating(athletes.get(athleteOf.get(entryId) ?? ''));
    const firstRound = new Map(pools.filter((p) => (p.round ?? 1) === 1).flatMap((p) => p.players).map((p) => [p.id, p]));
    const ratings = [...firstRound.keys()].map(ratingOf);
    if (!ratings.some((r) => r !== null)) return { standings, classification: null };
    const season = usafSeason(practice.date);
    const classification = eventClassification(ratings, season);
    const current = new Map(standings.map((s) => [s.id, ratingOf(s.id)]));
    const earned = new Map(ratingsEarned(classification.group, standings, current, season).map((e) => [e.id, e.earned]));
    return {
      classification,
      standings: standings.map((s) => ({ ...s, rating_before: formatRating(current.get(s.id) ?? null), rating_earned: formatRating(earned.get(s.id) ?? null) })),
    };
  }, [wanted, roster.data, standings, pools, practice.date]);
}

/** "This event is classified B2." (or "would be", while the tableau is unfinished, or too few fencers). */
export function EventClassNote({ classification, final }: { classification: EventClassification | null; final: boolean }) {
  if (!classification) return null;
  return <UsafClassNote group={classification.group} final={final} testId="usaf-classification" />;
}

/** The two column heads, when the standings carry ratings. */
export function RatingHeads({ className }: { className: string }) {
  const t = useTexts(messages);
  return (
    <>
      <th scope="col" className={className}>{t.ratingBefore}</th>
      <th scope="col" className={className}>{t.ratingEarned}</th>
    </>
  );
}

/** A standing's rating before and rating earned (the earned one stands out: it is the news). */
export function RatingCells({ standing }: { standing: RatedStanding }) {
  return (
    <>
      <td className="px-3 py-2 tabular-nums" data-testid="rating-before">{standing.rating_before || '—'}</td>
      <td className="px-3 py-2 font-semibold tabular-nums text-emerald-800" data-testid="rating-earned">{standing.rating_earned}</td>
    </>
  );
}
