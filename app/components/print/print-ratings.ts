import { useEffect, useState } from 'react';
import { useAtomValue } from 'jotai';
import { formatRating } from '../../../core/fencing/national-rating';
import { call, client } from '../../lib/api';
import { roleAtom } from '../../state/viewer';

/**
 * Issue 30: each roster athlete's national rating ("B23") for the pool sheets, from the coach's roster; none
 * for a guest, who has no roster. Null while it loads: the sheets wait for it before the print dialog opens.
 */
export function useRatings(wanted: boolean): Map<string, string> | null {
  const coach = useAtomValue(roleAtom) === 'coach';
  const [ratings, setRatings] = useState<Map<string, string> | null>(null);
  useEffect(() => {
    if (!wanted || !coach) return setRatings(new Map());
    let live = true;
    call(client.athletes.$get())
      .then((list) => new Map(list.filter((a) => a.national_rating).map((a) => [a.id, formatRating(a.national_rating)])), () => new Map<string, string>())
      .then((map) => live && setRatings(map));
    return () => {
      live = false;
    };
  }, [wanted, coach]);
  return ratings;
}
