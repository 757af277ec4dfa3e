/**
 * One rule for "the same name" (issue 32), used wherever two spellings of a fencer's name are compared:
 * the roster imports (CSV, FIE XML, backup), linking pool and team entries to athletes, duplicate warnings,
 * the athlete's history and the roster's search.
 *
 * - `sameNameKey`: two names are one person when their keys are equal. Unicode compatibility form (NFKC:
 *   é typed as U+00E9 or as e + U+0301, ligatures, full-width letters), full case folding (ß = ss = SS = ẞ,
 *   Greek final ς = σ, so ΟΔΥΣΣΕΥΣ and Οδυσσευς agree), spaces collapsed, typographic apostrophes as '.
 *   Turkish: the pools store names upper-case, and upper-casing loses the dot of ı (Işık → IŞIK), so the
 *   four Turkish i's (i, ı, I, İ) all fold to i: İlker, ILKER and Ilker are the same name.
 * - `looseNameKey`: the same with accents and letter variants dropped (Peña → pena, Ørsted → orsted). Only a
 *   *possible* match, offered to the coach, never merged silently.
 * - `compareNames`: sorts lists of names in the coach's language.
 */

/** Upper then lower case folds ß→ss, ς→σ, ı→i, ſ→s; what that leaves (ẞ, İ's dot, a final ς again) is mapped here. */
function fold(text: string): string {
  return text
    .toUpperCase()
    .toLowerCase()
    .normalize('NFKC')
    .replace(/ß/g, 'ss')
    .replace(/ς/g, 'σ')
    .replace(/i\u0307/g, 'i');
}

/** The key under which two names are the same person. */
export function sameNameKey(name: string): string {
  const plain = name.normalize('NFKC').replace(/[\u2018\u2019\u02BC\u0060\u00B4]/g, "'").replace(/\s+/g, ' ').trim();
  return fold(plain);
}

/** Letters that are not a base letter plus a mark, with their plain Latin spelling. */
const VARIANTS: Record<string, string> = { ø: 'o', æ: 'ae', œ: 'oe', ł: 'l', đ: 'd', ð: 'd', þ: 'th', ħ: 'h', ŀ: 'l', ı: 'i' };

/** The key under which two names are possibly the same person: `sameNameKey` without accents (Pena / Peña). */
export function looseNameKey(name: string): string {
  return sameNameKey(name)
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[øæœłđðþħŀı]/g, (c) => VARIANTS[c]!)
    .normalize('NFC');
}

/** Whether two spellings are one person. */
export const sameName = (a: string, b: string) => sameNameKey(a) === sameNameKey(b);

/** How a name relates to a list of named things: one with the same name, else one that possibly is, else none. */
export type NameMatch<T> = { kind: 'same'; match: T } | { kind: 'possible'; match: T } | null;

/** An index of named things (a roster) answering, for a name, the same-name entry or else a possible one. */
export function nameIndex<T extends { name: string }>(items: Iterable<T>): (name: string) => NameMatch<T> {
  const same = new Map<string, T>();
  const loose = new Map<string, T>();
  for (const item of items) {
    if (!same.has(sameNameKey(item.name))) same.set(sameNameKey(item.name), item);
    if (!loose.has(looseNameKey(item.name))) loose.set(looseNameKey(item.name), item);
  }
  return (name) => {
    const hit = same.get(sameNameKey(name));
    if (hit) return { kind: 'same', match: hit };
    const near = loose.get(looseNameKey(name));
    return near ? { kind: 'possible', match: near } : null;
  };
}

/** Whether a typed search matches a name: the same folding, accents ignored (typing "pena" finds Peña). */
export const nameIncludes = (name: string, query: string) => looseNameKey(name).includes(looseNameKey(query));

// The orders of names live in core/name-order (a board's first load carries them without the keys above).
export { compareNames, sharedNameOrder } from './name-order';

/**
 * A family name written the way FIE files write it, upper-case, keeping ß (an upper-case ß would be SS, a
 * different spelling; the files are often ISO-8859-1, which has no ẞ).
 */
export const upperSurname = (nom: string) => nom.normalize('NFC').split('ß').map((part) => part.toUpperCase()).join('ß');
