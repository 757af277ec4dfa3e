import { decodeCsvBytes, parseRosterCsv, type RosterRow } from '../../core/interop/csv';
import { decodeXml, FieFormatError, readFieFencers } from '../../core/interop/fie-xml';
import { AskFredFormatError, isAskFredFile, readAskFredResults } from '../../core/interop/askfred';
import { decodeFfe, isFfeFile, readFfeResults } from '../../core/interop/ffe-results';
import { params } from '@nanostores/i18n';
import { i18n } from '../i18n';

const messages = i18n('roster-file', {
  tooLarge: params('This file is too large (at most {size} MB)'),
});

/** The largest roster file read (500 fencers with long names fit in a fraction of it). */
export const ROSTER_FILE_MAX = 2 * 1024 * 1024;

/**
 * What a roster file picker offers: CSV and text, FIE XML, the French federation's FFF files and AskFRED's `.frd`
 * (the results files Piste writes among them, so an event's fencers come back in).
 */
export const ROSTER_FILE_ACCEPT = '.csv,.tsv,.txt,.xml,.fff,.frd,text/csv,text/xml,application/xml';

export class RosterFileError extends Error {}

/** Whether a text is an XML file (an FIE export, an FFE entry file with its DOCTYPE line, an AskFRED file) rather than CSV. */
const looksLikeXml = (text: string) => /^\s*(<\?xml|<!DOCTYPE|<(Base)?Competition|<FencingData)/.test(text.replace(/^\uFEFF/, ''));

/** The fencers of a pasted text: an FFF file when its first line says so, FIE or AskFRED XML when it is XML, else CSV. */
export function readRosterText(text: string): RosterRow[] {
  if (isFfeFile(text)) return readFfeResults(text).map((r) => r.row);
  if (!looksLikeXml(text)) return parseRosterCsv(text);
  try {
    return isAskFredFile(text) ? readAskFredResults(text).map((r) => r.row) : readFieFencers(text);
  } catch (e) {
    if (e instanceof FieFormatError || e instanceof AskFredFormatError) throw new RosterFileError(e.message);
    throw e;
  }
}

/**
 * The fencers of a picked file: CSV (UTF-8, else a spreadsheet's Windows-1252), an FFF file (ISO-8859-1 when it says
 * `FFF;WIN;`), FIE or AskFRED XML (the encoding its declaration names).
 */
export async function readRosterFile(file: File): Promise<RosterRow[]> {
  if (file.size > ROSTER_FILE_MAX) throw new RosterFileError(messages.get().tooLarge({ size: ROSTER_FILE_MAX / 1024 / 1024 }));
  const bytes = new Uint8Array(await file.arrayBuffer());
  const head = new TextDecoder('latin1').decode(bytes.slice(0, 100));
  const text = isFfeFile(head) ? decodeFfe(bytes) : looksLikeXml(head) || /\.(xml|frd)$/i.test(file.name) ? decodeXml(bytes) : decodeCsvBytes(bytes);
  return readRosterText(text);
}
