import Papa from 'papaparse';
import { athleteSchema, firstIssue, oneLine } from '../validation';
import { athleteDetailsSchema, NO_DETAILS, parseBirthDate, parseGender, parseLaterality, parseNation, type AthleteDetails } from '../athlete-details';
import { parseUsafRating } from '../fencing/national-rating';

/**
 * CSV in and out (issue 15), through Papa Parse: quotes, embedded separators and line breaks, a BOM and
 * the separator a spreadsheet chose (comma, semicolon or tab) are its business, not ours.
 */

/** One fencer read from a roster file: its line in the file, the values, and what is wrong with it. */
export interface RosterRow {
  /** 1-based line of the file (what a spreadsheet shows beside it). */
  line: number;
  name: string;
  club: string | null;
  ranking: number | null;
  /** What else the file says of the fencer (issue 30): licence, nation, birth date, hand, rating… */
  details: AthleteDetails;
  /** Why the row cannot be imported; null for a good row. */
  error: string | null;
}

type Column = 'name' | 'first' | 'last' | 'club' | 'ranking' | 'rating' | 'licence' | 'region' | 'nation' | 'birth' | 'hand' | 'gender';

/**
 * Header words (English, French, Spanish, Italian, German, and the USA Fencing / askFRED layout:
 * `Last Name, First Name, Club(s), Rating, USFA #, Division`, in any order) and the column each names.
 */
const HEADERS: Record<string, Column> = {
  name: 'name', 'full name': 'name', fencer: 'name', athlete: 'name', tireur: 'name', nombre: 'name', nome: 'name',
  'first name': 'first', firstname: 'first', 'given name': 'first', prenom: 'first', vorname: 'first',
  'last name': 'last', lastname: 'last', surname: 'last', 'family name': 'last', nom: 'last', apellido: 'last', cognome: 'last', nachname: 'last',
  club: 'club', 'club(s)': 'club', clubs: 'club', team: 'club', verein: 'club', 'club name': 'club', societa: 'club',
  rank: 'ranking', ranking: 'ranking', classement: 'ranking', clasificacion: 'ranking', classifica: 'ranking', rangliste: 'ranking',
  rating: 'rating', 'usfa rating': 'rating', classification: 'rating',
  'usfa #': 'licence', 'usfa id': 'licence', 'member #': 'licence', 'member number': 'licence', 'member id': 'licence', 'membership #': 'licence',
  licence: 'licence', license: 'licence', 'licence number': 'licence', 'license number': 'licence', 'numero licence': 'licence', lizenz: 'licence',
  division: 'region', region: 'region', ligue: 'region', league: 'region',
  nation: 'nation', country: 'nation', nationality: 'nation', pays: 'nation',
  'birth date': 'birth', birthdate: 'birth', 'date of birth': 'birth', dob: 'birth', 'date naissance': 'birth', 'date de naissance': 'birth',
  hand: 'hand', handedness: 'hand', laterality: 'hand', lateralite: 'hand',
  gender: 'gender', sex: 'gender', sexe: 'gender',
};

const headerWord = (cell: string) =>
  cell.normalize('NFD').replace(/[\u0300-\u036f]/g, '').trim().toLowerCase().replace(/[_.-]+/g, ' ').replace(/\s+/g, ' ');

/** The columns a header row names, or null when the first row is data (no cell is a known header). */
function headerColumns(row: string[]): (Column | null)[] | null {
  const columns = row.map((cell) => HEADERS[headerWord(cell)] ?? null);
  const named = new Set(columns.filter((c) => c !== null));
  if (!named.has('name') && !named.has('last')) return null;
  return columns;
}

/** Without a header: name, club, ranking, in that order. */
const POSITIONAL: Column[] = ['name', 'club', 'ranking'];

/** A cell's text on one line (as a name is kept); other control characters stay, for the athlete rules to refuse. */
const clean = (s: string | undefined) => oneLine(s ?? '').replace(/ +/g, ' ').trim();

/** A ranking cell: empty is none; "12", "12.", "#12" are 12; anything else is an error. */
function parseRanking(cell: string): number | null | 'bad' {
  if (cell === '') return null;
  const m = /^#?\s*(\d+)\.?$/.exec(cell);
  return m ? Number(m[1]) : 'bad';
}

/**
 * Reads a roster file: a header row is detected (else the columns are name, club, ranking), the separator
 * is guessed among comma, semicolon and tab, empty lines are skipped. Each row is checked on its own with
 * the same rules as the athlete form; a bad row carries its reason and never hides the good ones.
 */
/**
 * A CSV file's text from its bytes: UTF-8 (with or without its mark) when the bytes are UTF-8, else Windows-1252,
 * which is what a spreadsheet on a French, Spanish, Italian or German Windows writes by default ("CSV" in Excel):
 * read as UTF-8 its accented letters would each be a replacement character, and a header like "Prénom" unknown.
 */
export function decodeCsvBytes(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

export function parseRosterCsv(text: string): RosterRow[] {
  const body = text.replace(/^\uFEFF/, '');
  // The separator guessed over the first non-empty rows (empty lines would make every guess look alike) …
  const { delimiter } = Papa.parse<string[]>(body, { delimitersToGuess: [',', ';', '\t'], skipEmptyLines: 'greedy', preview: 20 }).meta;
  // … then every record, empty ones included, so that each keeps its line.
  const { data } = Papa.parse<string[]>(body, { delimiter });
  // Every record with the line it starts on (a quoted field may span lines), empty ones dropped afterwards,
  // so the preview can say "line 7" as the spreadsheet does.
  let line = 1;
  const records = data.map((cells) => {
    const start = line;
    line += 1 + cells.reduce((n, c) => n + (c.match(/\r\n|\r|\n/g)?.length ?? 0), 0);
    return { line: start, cells };
  }).filter((r) => r.cells.some((c) => c.trim() !== ''));
  if (records.length === 0) return [];
  const header = headerColumns(records[0]!.cells);
  const columns = header ?? POSITIONAL;
  return (header ? records.slice(1) : records).map(({ line, cells }) => {
    const value = (c: Column) => clean(cells[columns.indexOf(c)]);
    const name = columns.includes('name') ? value('name') : clean(`${value('first')} ${value('last')}`);
    const club = value('club') || null;
    const read = readDetails(value);
    // A "Rating" column of whole numbers is a ranking, as files written before national ratings have it.
    const rankingCell = value('ranking') || (read.numericRating ?? '');
    const ranking = parseRanking(rankingCell);
    const fail = (error: string) => ({ line, name, club, ranking: ranking === 'bad' ? null : ranking, details: read.details, error });
    if (ranking === 'bad') return fail('Ranking must be a whole number');
    if (read.error) return fail(read.error);
    // The row as the server will store it: the athlete form's rules, one line each (issue 25).
    const checked = athleteSchema.safeParse({ name, club, ranking });
    if (!checked.success) return fail(firstIssue(checked.error));
    const extra = athleteDetailsSchema.safeParse(read.details);
    if (!extra.success) return fail(firstIssue(extra.error));
    return { line, name: checked.data.name, club: checked.data.club, ranking, details: read.details, error: null };
  });
}

/** The columns beyond name, club and ranking (issue 30); a malformed rating or birth date is the row's error. */
function readDetails(value: (c: Column) => string): { details: AthleteDetails; numericRating: string | null; error: string | null } {
  const ratingCell = value('rating');
  const numericRating = /^#?\s*\d+\.?$/.test(ratingCell) ? ratingCell : null;
  const rating = numericRating === null ? parseUsafRating(ratingCell) : null;
  const birthCell = value('birth');
  const birth = birthCell === '' ? null : parseBirthDate(birthCell);
  const details: AthleteDetails = {
    ...NO_DETAILS,
    licence: value('licence') || null,
    region: value('region') || null,
    nation: parseNation(value('nation')),
    birth_date: birth,
    laterality: parseLaterality(value('hand')),
    gender: parseGender(value('gender')),
    national_rating: rating && !('error' in rating) ? rating : null,
  };
  const error = rating && 'error' in rating ? rating.error : birthCell !== '' && birth === null ? 'Birth date must be a real date' : null;
  return { details, numericRating, error };
}

export type CsvCell = string | number | null;

/** What starts a formula in a spreadsheet (OWASP, CSV injection): =, +, -, @, a tab or a carriage return. */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A cell as written: text that would start a formula gets a leading ' whatever follows it (line breaks
 * included, which Papa's own `escapeFormulae` pattern does not span); numbers stay numbers (-3 is -3).
 */
export function csvCell(cell: CsvCell): string | number {
  if (cell === null) return '';
  return typeof cell === 'string' && FORMULA_START.test(cell) ? `'${cell}` : cell;
}

/**
 * A CSV file a spreadsheet opens correctly: a UTF-8 BOM (Excel reads accents), every field quoted, CRLF
 * line ends, and text that would start a formula escaped (a name typed as "=HYPERLINK(…)" stays text).
 */
export function toCsv(header: string[], rows: CsvCell[][]): string {
  const data = rows.map((r) => r.map(csvCell));
  return '\uFEFF' + Papa.unparse({ fields: header.map((h) => String(csvCell(h))), data }, { quotes: true, newline: '\r\n', escapeFormulae: false });
}

/** Reads back a CSV written by `toCsv` (or any): rows of cells, BOM dropped, empty lines skipped. */
export function readCsv(text: string): string[][] {
  return Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: 'greedy' }).data;
}
