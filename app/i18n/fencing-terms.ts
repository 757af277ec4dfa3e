import { params } from '@nanostores/i18n';
import { ELIMINATED_AFTER_POOLS, type Cut } from '../../core/fencing/cut';
import { BARRAGE_AT_CUT } from '../../core/fencing/barrage';
import type { Weapon } from '../../core/fencing/referee';
import { ELIMINATED_AFTER_ROUND_1 } from '../../core/fencing/pool-rounds';
import { DID_NOT_FINISH, DID_NOT_START, EXCLUDED, STATUS_LABEL } from '../../core/fencing/withdrawal';
import { RESULT_LETTER } from '../../core/fencing/bout-result';
import { i18n, locale, useStore, type Language } from '.';

/**
 * Fencing's own words in the current language: round titles, stages, cuts and the notes the domain rules
 * (core/, English) produce. FIE French says "tableau de 16" where SPEC's English says "Round 1": `roundNaming`
 * tells which of the two a language uses.
 */
export const termMessages = i18n('fencing-terms', {
  roundNaming: 'round',
  round: params('Round {round}'),
  /** A round of pools (issue 28), not of the tableau. */
  poolRound: params('Round {n}'),
  tableauOf: params('Tableau of {size}'),
  final: 'Final',
  semiFinals: 'Semi-finals',
  quarterFinals: 'Quarter-finals',
  places58Semi: 'Places 5–8: semi-final',
  third: 'Bout for 3rd place',
  fifth: 'Bout for 5th place',
  seventh: 'Bout for 7th place',
  places58: 'Places 5–8',
  champion: 'Champion',
  finalist: 'Finalist',
  semiFinalist: 'Semi-Finalist',
  quarterFinalist: 'Quarter-Finalist',
  eliminated: 'eliminated after pools',
  barrage: 'barrage at the cut',
  eliminatedRound1: 'eliminated after round 1',
  didNotStart: 'Did Not Start',
  didNotFinish: 'Did Not Finish',
  excluded: 'Excluded',
  withdrawn: 'Withdrawn',
  everyone: 'Everyone',
  top: params('Top {n}'),
  topPercent: params('Top {n} %'),
  tableauPhase: params('Tableau: {round}'),
  epee: 'Épée',
  foil: 'Foil',
  sabre: 'Sabre',
});

type Terms = ReturnType<typeof termMessages.get>;

/**
 * Exact English texts of core/ and the keys that translate them: the named constants, and the titles its
 * round, places and stage functions build (tests/core/i18n-formats.test.ts checks that none is missed).
 */
const FIXED: Record<string, keyof Terms> = {
  [ELIMINATED_AFTER_POOLS]: 'eliminated', [BARRAGE_AT_CUT]: 'barrage', [ELIMINATED_AFTER_ROUND_1]: 'eliminatedRound1', [DID_NOT_START]: 'didNotStart', [DID_NOT_FINISH]: 'didNotFinish', [EXCLUDED]: 'excluded',
  [STATUS_LABEL.withdrawn]: 'withdrawn',
  Final: 'final', 'Semi-finals': 'semiFinals', 'Quarter-finals': 'quarterFinals', 'Places 5–8: semi-final': 'places58Semi',
  'Bout for 3rd place': 'third', 'Bout for 5th place': 'fifth', 'Bout for 7th place': 'seventh', 'Places 5–8': 'places58',
  Champion: 'champion', Finalist: 'finalist', 'Semi-Finalist': 'semiFinalist', 'Quarter-Finalist': 'quarterFinalist',
};

function termsOf(t: Terms) {
  /** A tableau round: "Round 1" / "tableau de 16" up to the quarter-finals, then their own names. */
  const round = (r: number, rounds: number) => {
    const fromFinal = rounds - r;
    if (fromFinal === 0) return t.final;
    if (fromFinal === 1) return t.semiFinals;
    if (fromFinal === 2) return t.quarterFinals;
    return t.roundNaming === 'tableau' ? t.tableauOf({ size: 2 ** (fromFinal + 1) }) : t.round({ round: r });
  };
  /** Any label core/ produced in English (a stage, a note, a round or places title), in the current language. */
  const text = (english: string | null | undefined, rounds = 0): string => {
    if (!english) return '';
    const key = FIXED[english];
    if (key) return t[key] as string;
    const n = /^Round (\d+)$/.exec(english);
    if (n) return rounds ? round(Number(n[1]), rounds) : t.round({ round: Number(n[1]) });
    const phase = /^Tableau: (.+)$/.exec(english);
    if (phase) return t.tableauPhase({ round: text(phase[1], rounds) });
    return english;
  };
  const cut = (c: Cut) => (c.kind === 'all' ? t.everyone : c.kind === 'top' ? t.top({ n: c.value }) : t.topPercent({ n: c.value }));
  /** A weapon's name (a guest's cached session from before issue 18 has none: épée, as the server says). */
  const weapon = (w: Weapon | undefined) => t[w ?? 'epee'];
  /** A round of pools (issue 28): round 1, or the second round composed from it. */
  const poolRound = (n: number) => t.poolRound({ n });
  return { round, text, cut, weapon, poolRound };
}

/** The terms for a component: redraws when the language changes. */
export const useTerms = () => termsOf(useStore(termMessages));
/** The terms outside a component (a toast, a file). */
export const terms = () => termsOf(termMessages.get());

/**
 * The letters a person reads for a pool result, per language (issue 32): every head, cell, help text, printed
 * sheet and history shows these, through `resultLetter`, so no two places can disagree again.
 *
 * V and D in all five languages, on purpose. Fencing writes its results in French, whatever the language
 * around it: FIE pool sheets and result files mark a victory V (victoire) and a defeat D (défaite), and the
 * national federations keep them. The Deutscher Fechter-Bund explains its pool sheet as "Siege mit einem V (von
 * französisch victoire)"; Italian, Spanish and English-speaking sheets write V as well, and SPEC stores V/D.
 * A German S/N (Sieg/Niederlage) or an Italian V/S (vittoria/sconfitta) would be letters no sheet on the piste
 * prints, and a coach copying a referee's sheet would read two alphabets. Each head's tooltip gives the word in
 * the reader's language (Siege, Niederlagen). A language whose fencers did write other letters changes its row here.
 */
const RESULT_LETTERS: Record<Language, typeof RESULT_LETTER> = {
  en: RESULT_LETTER,
  fr: RESULT_LETTER,
  es: RESULT_LETTER,
  it: RESULT_LETTER,
  de: RESULT_LETTER,
};

/** The letter of a victory or a defeat as `language` reads it. */
export const resultLetter = (victory: boolean, language: Language): string => RESULT_LETTERS[language][victory ? 'victory' : 'defeat'];

/** A stored result ("V5", "D3": SPEC §3) as `language` reads it: its letter, then the row fencer's touches. */
export function resultText(stored: string, language: Language): string {
  const m = /^([VD])(\d+)$/.exec(stored);
  return m ? `${resultLetter(m[1] === RESULT_LETTER.victory, language)}${m[2]}` : stored;
}

/** The result letters for a component in the current language: redraws when the language changes. */
export function useResultLetters() {
  const language = useStore(locale);
  return { letter: (victory: boolean) => resultLetter(victory, language), text: (stored: string) => resultText(stored, language) };
}
