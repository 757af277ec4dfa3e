/**
 * The names the app gives what it creates for the coach (issue 29): the single pool, the pools of a split,
 * the teams' entries in team pools and a drawn team tableau, the pools of a second round. They are stored,
 * so they are written once, in the coach's language at that moment: the app sends its language's code with
 * the request that creates them and the worker names them from this table (pure data, five languages). A
 * name the coach gave is never replaced, and names stored before stay as they were.
 */
export const NAME_LANGUAGES = ['en', 'fr', 'es', 'it', 'de'] as const;
export type NameLanguage = (typeof NAME_LANGUAGES)[number];

interface Words {
  main: string;
  pool: string;
  team: string;
  /** The prefix of a second round's pools, so no list confuses them with round 1's. */
  round2: string;
}

const WORDS: Record<NameLanguage, Words> = {
  en: { main: 'Main Pool', pool: 'Pool', team: 'Team', round2: 'Round 2' },
  fr: { main: 'Poule principale', pool: 'Poule', team: 'Équipe', round2: 'Tour 2' },
  es: { main: 'Poule principal', pool: 'Poule', team: 'Equipo', round2: 'Ronda 2' },
  it: { main: 'Girone principale', pool: 'Girone', team: 'Squadra', round2: 'Turno 2' },
  de: { main: 'Hauptrunde', pool: 'Runde', team: 'Mannschaft', round2: '2. Durchgang' },
};

/** What the app names for the coach, in one language. */
export interface DefaultNames {
  mainPool: string;
  pool: (n: number) => string;
  team: (n: number) => string;
  secondRoundPool: (n: number) => string;
}

/** The language of a code ('fr', 'fr-CA', 'FR_ca' → 'fr'); any other code, or none, is English. */
export function nameLanguage(code: string | null | undefined): NameLanguage {
  const base = code?.trim().toLowerCase().split(/[-_]/)[0] ?? '';
  return (NAME_LANGUAGES as readonly string[]).includes(base) ? (base as NameLanguage) : 'en';
}

/** The default names in the language of `code` (English when the app speaks no such language). */
export function defaultNames(code?: string | null): DefaultNames {
  const w = WORDS[nameLanguage(code)];
  return {
    mainPool: w.main,
    pool: (n) => `${w.pool} ${n}`,
    team: (n) => `${w.team} ${n}`,
    secondRoundPool: (n) => `${w.round2} · ${w.pool} ${n}`,
  };
}

/**
 * The number of a team from its default name in any of the five languages ('Team 3', 'Équipe 3', 'MANNSCHAFT 3'
 * → 3), null for any other name: a team pool's entry names its team this way, whatever language it was made in.
 */
export function teamNumberOf(name: string): number | null {
  const m = /^(.+?)\s+(\d{1,3})$/u.exec(name.trim());
  if (!m) return null;
  const word = m[1]!.toLocaleLowerCase();
  return NAME_LANGUAGES.some((l) => WORDS[l].team.toLocaleLowerCase() === word) ? Number(m[2]) : null;
}

/** The number of a pool from its default name in any of the five languages ('Pool 3', 'Poule 7', 'RUNDE 12' → 12), null for any other name. */
export function poolNumberOf(name: string): number | null {
  const m = /^(.+?)\s+(\d{1,4})$/u.exec(name.trim());
  if (!m) return null;
  const word = m[1]!.toLocaleLowerCase();
  return NAME_LANGUAGES.some((l) => WORDS[l].pool.toLocaleLowerCase() === word) ? Number(m[2]) : null;
}

/**
 * Issue 33: the number a draw's first pool takes in a practice that already has pools, so a second draw
 * continues the numbering (Pool 1…10, then Pool 11…): after the highest default-named number in any language,
 * and after as many pools as there are (a renamed pool still counts); gaps are not filled. 1 for none.
 */
export function nextPoolNumber(existing: readonly string[]): number {
  return Math.max(existing.length, ...existing.map((n) => poolNumberOf(n) ?? 0)) + 1;
}

/**
 * The default names with a draw's pools numbered from `first` on (first 11: 'Pool 11', 'Pool 12', …). A
 * single pool added beside others takes the next number too, so no practice holds two Main Pools.
 */
export function numberedFrom(names: DefaultNames, first: number): DefaultNames {
  if (first <= 1) return names;
  return { ...names, mainPool: names.pool(first), pool: (n) => names.pool(n + first - 1) };
}

/**
 * The names a draw of `count` pools will take, in order, in a practice whose pools are named `existing`, in
 * the language of `code`: what the worker names them (Pool 11, Pool 12, … after Pool 10), so a screen that
 * offers pools before they exist labels them as they will be called.
 */
export function drawnPoolNames(existing: readonly string[], count: number, code?: string | null): string[] {
  const names = numberedFrom(defaultNames(code), nextPoolNumber(existing));
  return Array.from({ length: count }, (_, i) => names.pool(i + 1));
}
