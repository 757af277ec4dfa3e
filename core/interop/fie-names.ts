import { oneLine } from '../validation';

/**
 * Names as FIE files hold them (issue 15): `Nom` the family name, `Prenom` the rest. Apart from the XML
 * writer so that the CSV exports (a US file's Last Name / First Name) split names the same way without
 * loading the XML parser.
 */

/** A name as FIE files hold it: `Nom` the family name (the last word), `Prenom` the rest. */
export function splitName(name: string): { nom: string; prenom: string } {
  const words = name.trim().split(/\s+/);
  if (words.length < 2) return { nom: words[0] ?? '', prenom: '' };
  return { nom: words[words.length - 1]!, prenom: words.slice(0, -1).join(' ') };
}

/** The name Piste shows for an FIE fencer: first name then family name, on one line (other controls left for the athlete rules to refuse). */
export const joinName = (prenom: string, nom: string) => oneLine(`${prenom} ${nom}`).replace(/ +/g, ' ').trim();
