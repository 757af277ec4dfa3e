import { looseNameKey } from './names';

/**
 * Finding a fencer by part of their name in a big event's lists (issue 33: 256–512 fencers on a phone).
 * Matching follows `core/names`' loose key, so case and accents fold ("pena" finds Peña, "OKAFOR" Okafor);
 * a name whose word starts with the typed text comes before one that only contains it ("mor" finds Moreau
 * before Lamorte), then the list's own order. Blank input finds nothing.
 */
export function searchNames<T>(items: readonly T[], query: string, nameOf: (item: T) => string, limit = 8): T[] {
  const typed = looseNameKey(query);
  if (typed === '') return [];
  const starts: T[] = [];
  const inside: T[] = [];
  for (const item of items) {
    const key = looseNameKey(nameOf(item));
    const at = key.indexOf(typed);
    if (at < 0) continue;
    if (at === 0 || /[\s\-'.]/.test(key[at - 1]!)) starts.push(item);
    else inside.push(item);
    if (starts.length >= limit) break;
  }
  return [...starts, ...inside].slice(0, limit);
}
