import { decodeCsvBytes, parseRosterCsv, type RosterRow } from '../../core/interop/csv';
import { decodeXml, FieFormatError, readFieFencers } from '../../core/interop/fie-xml';
import { params } from '@nanostores/i18n';
import { i18n } from '../i18n';

const messages = i18n('roster-file', {
  tooLarge: params('This file is too large (at most {size} MB)'),
});

/** The largest roster file read (500 fencers with long names fit in a fraction of it). */
export const ROSTER_FILE_MAX = 2 * 1024 * 1024;

export class RosterFileError extends Error {}

/** Whether a text is an XML file (an FIE export, an FFE entry file with its DOCTYPE line) rather than CSV. */
const looksLikeXml = (text: string) => /^\s*(<\?xml|<!DOCTYPE|<(Base)?Competition)/.test(text.replace(/^\uFEFF/, ''));

/** The fencers of a pasted text: FIE XML when it is XML, else CSV. */
export function readRosterText(text: string): RosterRow[] {
  if (!looksLikeXml(text)) return parseRosterCsv(text);
  try {
    return readFieFencers(text);
  } catch (e) {
    if (e instanceof FieFormatError) throw new RosterFileError(e.message);
    throw e;
  }
}

/** The fencers of a picked file: CSV (UTF-8, else a spreadsheet's Windows-1252) or FIE XML (the encoding its declaration names). */
export async function readRosterFile(file: File): Promise<RosterRow[]> {
  if (file.size > ROSTER_FILE_MAX) throw new RosterFileError(messages.get().tooLarge({ size: ROSTER_FILE_MAX / 1024 / 1024 }));
  const bytes = new Uint8Array(await file.arrayBuffer());
  const head = new TextDecoder('latin1').decode(bytes.slice(0, 100));
  const text = looksLikeXml(head) || /\.xml$/i.test(file.name) ? decodeXml(bytes) : decodeCsvBytes(bytes);
  return readRosterText(text);
}
