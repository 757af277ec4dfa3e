import { z } from 'zod';
import { parseUsafRating, RATING_SYSTEMS, USAF_RATING_ERROR, type NationalRating } from './fencing/national-rating';

/**
 * What an athlete carries beyond name, club and FIE ranking (issue 30): what the federation files bring
 * and a later export needs. `licence` is the federation's number for the fencer (the FFE/FIE `Licence`,
 * USA Fencing's member number), `nation` the three-letter code FIE files write (`Nation="FRA"`),
 * `birth_date` an ISO date (FIE files write dd.mm.yyyy), `laterality` the hand (FIE `Lateralite`: D right,
 * G left), `gender` FIE `Sexe` (M, F), `region` the fencer's league or division (FFE `Ligue`, a US
 * `Division`), and `national_rating` a national rating with its system (core/fencing/national-rating.ts).
 */
export interface AthleteDetails {
  licence: string | null;
  nation: string | null;
  birth_date: string | null;
  laterality: 'R' | 'L' | null;
  gender: 'M' | 'F' | null;
  region: string | null;
  national_rating: NationalRating | null;
}

export const NO_DETAILS: AthleteDetails = { licence: null, nation: null, birth_date: null, laterality: null, gender: null, region: null, national_rating: null };

/** Longest licence or member number kept (FFE licences are 6–12 digits; room to spare). */
export const LICENCE_MAX = 30;
/** Longest league or division name kept. */
export const REGION_MAX = 60;

/** "14.03.2009" (FIE), "2009-03-14" (ISO) or "03/14/2009" (US) → "2009-03-14"; null when it is not a real date. */
export function parseBirthDate(cell: string): string | null {
  const t = cell.trim();
  let y: number, m: number, d: number;
  let match: RegExpExecArray | null;
  if ((match = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(t))) [d, m, y] = [Number(match[1]), Number(match[2]), Number(match[3])];
  else if ((match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(t))) [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  else if ((match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(t))) [m, d, y] = [Number(match[1]), Number(match[2]), Number(match[3])];
  else return null;
  const date = new Date(Date.UTC(y, m - 1, d));
  if (y < 1900 || date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  return `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/** FIE `Lateralite` (D droitier, G gaucher) or R/L, right/left: the hand; anything else unknown. */
export function parseLaterality(cell: string): 'R' | 'L' | null {
  const t = cell.trim().toUpperCase();
  return t === 'D' || t === 'R' || t === 'RIGHT' ? 'R' : t === 'G' || t === 'L' || t === 'LEFT' ? 'L' : null;
}

/** FIE `Sexe`: M, F (also H for homme, D for dame); anything else unknown. */
export function parseGender(cell: string): 'M' | 'F' | null {
  const t = cell.trim().toUpperCase();
  return t === 'M' || t === 'H' ? 'M' : t === 'F' || t === 'D' || t === 'W' ? 'F' : null;
}

/** A three-letter nation code, upper-cased; null for anything else. */
export function parseNation(cell: string): string | null {
  const t = cell.trim().toUpperCase();
  return /^[A-Z]{3}$/.test(t) ? t : null;
}

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001F\u007F-\u009F\u2028\u2029\u202A-\u202E\u2066-\u2069]/;
const shortText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, { error: `${label} must be at most ${max} characters` })
    .refine((v) => !CONTROL.test(v), { error: `${label} cannot contain control characters` })
    .nullable()
    .transform((v) => v || null)
    .optional();

const ratingSchema = z
  .object({ system: z.enum(RATING_SYSTEMS, { error: 'Unknown rating system' }), value: z.string().max(10) })
  .nullable()
  .optional()
  .superRefine((r, ctx) => {
    if (!r) return;
    const read = parseUsafRating(r.value);
    if (!read || 'error' in read || read.value !== r.value) ctx.addIssue({ code: 'custom', message: USAF_RATING_ERROR });
  });

/** The details as the API takes them: each optional (an update without one keeps it), each bounded. */
export const athleteDetailsSchema = z.object({
  licence: shortText(LICENCE_MAX, 'Licence'),
  nation: z.string().regex(/^[A-Z]{3}$/, { error: 'Nation must be a three-letter code' }).nullable().optional(),
  birth_date: z
    .string()
    .refine((v) => parseBirthDate(v) === v, { error: 'Birth date must be a real date' })
    .nullable()
    .optional(),
  laterality: z.enum(['R', 'L'], { error: 'Laterality must be R or L' }).nullable().optional(),
  gender: z.enum(['M', 'F'], { error: 'Gender must be M or F' }).nullable().optional(),
  region: shortText(REGION_MAX, 'Region'),
  national_rating: ratingSchema,
});
