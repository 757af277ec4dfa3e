import { NO_DETAILS, parseGender, parseNation } from '../athlete-details';
import type { RosterRow } from './csv';
import { joinName, splitName } from './fie-names';
import { checkedRow, dayFirstDate, positive, resultFencers, type ResultsExport } from './result-fencers';

/**
 * The French federation's results file (the "FFF" file), as BellePoule writes it for the FFE's ranking tools and
 * reads it back (read in its public source: the classification's FFF writer and the check-in's FFF reader; nothing
 * copied). What we learnt of the format:
 * - Plain text, one record a line. Line 1 is `FFF;WIN;competition;<organiser>;individuel` (`WIN`: the file is
 *   ISO-8859-1; a reader that does not find `FFF;WIN;` takes it as UTF-8). Line 2 is the event:
 *   `<date dd/mm/yyyy>;<weapon>;<gender>;<category>;<title>;<title>`. The federation's entry lists start the same way
 *   (`FFF;WIN;CLASSEMENT;FFE`) with fencers from line 3 on.
 * - Each fencer's line is four groups separated by `;`, the fields of a group by `,`:
 *   1. `NOM,Prénom,birth date dd/mm/yyyy,sex M/F,nation,` (the family name as the fencer's licence spells it),
 *   2. the FIE group, left empty: `,,`,
 *   3. the national federation: `licence,league,club,national ranking,,`,
 *   4. the results: `place,t` for a fencer who reached the tableau, `place,p` for one the pools eliminated.
 *   Excluded fencers are not written (BellePoule leaves out status E); nor are fencers who did not start (no place).
 * - Nothing is quoted or escaped: a `,` or `;` inside a value would split it, so Piste writes it as a space.
 * Piste writes ISO-8859-1 (`FFF;WIN;`, CRLF line ends) whenever every character fits in it, as BellePoule does, and
 * UTF-8 with `FFF;UTF8;` otherwise (a name in Polish or Czech letters), which BellePoule's reader opens as UTF-8.
 * Names are written as the roster spells them (accents, apostrophes, the family name's case), so reading the file
 * back gives the same names and clubs.
 */

const WEAPON = { epee: 'Epée', foil: 'Fleuret', sabre: 'Sabre' } as const;

/** A value in a group: one line, no separator of the format, trimmed. */
const field = (value: string | number | null | undefined) => String(value ?? '').replace(/[,;\r\n]+/g, ' ').replace(/ +/g, ' ').trim();

const frenchDate = (iso: string) => iso.split('-').reverse().join('/');

const fitsLatin1 = (text: string) => [...text].every((ch) => ch.codePointAt(0)! <= 0xff);

/** The results as the FFF file's bytes: ISO-8859-1 when every character fits, else UTF-8 (its first line says which, and `charset`). */
export function writeFfeResults(input: ResultsExport): { bytes: Uint8Array<ArrayBuffer>; charset: 'iso-8859-1' | 'utf-8' } {
  const event = [frenchDate(input.practice.date), WEAPON[input.practice.weapon ?? 'epee'], '', '', field(input.practice.name), field(input.practice.name)].join(';');
  const fencers = resultFencers(input).filter((f) => f.place !== null).map((f) => {
    const { nom, prenom } = splitName(f.name);
    const a = f.athlete;
    const general = [nom, prenom, a?.birth_date ? frenchDate(a.birth_date) : '', a?.gender ?? '', a?.nation ?? '', ''].map(field).join(',');
    const national = [a?.licence, a?.region, f.club, a?.ranking, '', ''].map(field).join(',');
    return `${general};,,;${national};${f.place},${f.tableau ? 't' : 'p'}`;
  });
  const body = [event, ...fencers].join('\r\n');
  if (fitsLatin1(body)) {
    const text = `FFF;WIN;competition;Piste;individuel\r\n${body}\r\n`;
    return { bytes: Uint8Array.from([...text].map((ch) => ch.codePointAt(0)!)), charset: 'iso-8859-1' };
  }
  return { bytes: new TextEncoder().encode(`FFF;UTF8;competition;Piste;individuel\r\n${body}\r\n`), charset: 'utf-8' };
}

/** Whether a text (or the start of one) is an FFF file: its first line starts `FFF;`. */
export const isFfeFile = (head: string) => /^\uFEFF?FFF;/i.test(head);

/** An FFF file's text: ISO-8859-1 when its first line says `FFF;WIN;` (the federation's own files), else UTF-8. */
export function decodeFfe(bytes: Uint8Array): string {
  const head = new TextDecoder('latin1').decode(bytes.slice(0, 20));
  return /^FFF;WIN;/i.test(head) ? new TextDecoder('latin1').decode(bytes) : new TextDecoder('utf-8').decode(bytes);
}

export interface FfeResult {
  row: RosterRow;
  /** The place in the results; null in an entry list. */
  place: number | null;
  /** `t` reached the tableau, `p` eliminated in the pools; null when the line does not say. */
  tableau: boolean | null;
}

/** The fencers of an FFF file (a results file, or the federation's entry list), from line 3, as roster rows with their places. */
export function readFfeResults(text: string): FfeResult[] {
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  return lines.flatMap((line, i) => {
    if (i < 2 || line.trim() === '') return [];
    const groups = line.split(';');
    const [nom = '', prenom = '', birth = '', sex = '', nation = ''] = (groups[0] ?? '').split(',');
    const [licence = '', league = '', club = '', ranking = ''] = (groups[2] ?? '').split(',');
    const [place = '', phase = ''] = (groups[3] ?? '').split(',');
    const details = {
      ...NO_DETAILS,
      licence: licence.trim() || null, region: league.trim() || null, nation: parseNation(nation),
      birth_date: dayFirstDate(birth), gender: parseGender(sex),
    };
    const row = checkedRow(i + 1, joinName(prenom, nom), club.trim() || null, positive(ranking), details);
    const flag = phase.trim().toLowerCase();
    return [{ row, place: positive(place), tableau: flag === 't' ? true : flag === 'p' ? false : null }];
  });
}
