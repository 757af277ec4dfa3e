import { describe, expect, it } from 'vitest';
import { correctEnd, parseClock, parseFrame, writeClock, writeFrame, type CyranoFrame } from '../../core/cyrano';

// The protocol's own example of an INFO (EFP1.1 §6). Its fencer zones carry 11 of their 12 fields (the P-card
// left out, as trailing fields may be); the corrected one carries all 12.
const PUBLISHED = '|EFP1.1|INFO|17|efj-eq|1|A32|12|2|10:30|3:00|I|S||W|132|J.Smith|GBR|%|28|P.Martin|FRA|8|V|0|1|1|0|0|N|%|32|B. Panini|ITA|6|D|0|1|0|0|0|N|%|';
const CORRECTED = '|EFP1.1|INFO|17|efj-eq|1|A32|12|2|10:30|3:00|I|S||W|132|J.Smith|GBR|%|28|P.Martin|FRA|8|V|0|1|1|0|0|N|0|%|32|B. Panini|ITA|6|D|0|1|0|0|0|N|2|%|';

const parsed = (text: string): CyranoFrame => {
  const result = parseFrame(text);
  if (!result.ok) throw new Error(result.reason);
  return result.frame;
};

describe('Cyrano frames (EFP1.1)', () => {
  it('reads the general zone by position: piste, competition, phase, table, match, round, clock, type, weapon, state, referee', () => {
    const f = parsed(PUBLISHED);
    expect(f).toMatchObject({ protocol: 'EFP1.1', command: 'INFO', piste: '17', competition: 'efj-eq', phase: 1, poolOrTable: 'A32', match: 12, round: 2, startTime: '10:30', clock: '3:00', type: 'I', weapon: 'S', priority: null, state: 'W' });
    expect(f.referee).toEqual({ id: '132', name: 'J.Smith', nation: 'GBR' });
  });

  it('reads the right fencer first, then the left, each by the field table', () => {
    const f = parsed(CORRECTED);
    expect(f.right).toEqual({ id: '28', name: 'P.Martin', nation: 'FRA', score: 8, status: 'V', yellow: 0, red: 1, light: true, white: false, medical: 0, reserve: false, pCard: 0 });
    expect(f.left).toMatchObject({ id: '32', name: 'B. Panini', score: 6, status: 'D', red: 1, light: false, pCard: 2 });
    // The published frame leaves the P-card out: it reads as none.
    expect(parsed(PUBLISHED).left?.pCard).toBe(0);
  });

  it('takes frames with their trailing fields and zones left out, and empty zones', () => {
    expect(parsed('|EFP1.1|HELLO|17|fm-eq|%|')).toMatchObject({ command: 'HELLO', piste: '17', competition: 'fm-eq', right: null, left: null, state: null });
    expect(parsed('|EFP1|NEXT|17|fm-eq|%|').command).toBe('NEXT');
    expect(parsed('|EFP1.1|INFO||||||||||||W||%|').state).toBe('W');
    expect(parsed('|EFP1.1|INFO|17|fm|1|1|1|1|10:30|3:00|I|F|N|W||||%|%|%|')).toMatchObject({ priority: 'N', right: null, left: null });
  });

  it('ignores what is not Cyrano on the port (Engarde’s ENG1), and refuses a frame cut short or with too many fields', () => {
    expect(parseFrame('|ENG1|HELLO|17|%|')).toEqual({ ok: false, reason: 'not-cyrano' });
    expect(parseFrame('hello')).toEqual({ ok: false, reason: 'not-cyrano' });
    expect(parseFrame(CORRECTED.slice(0, 60))).toEqual({ ok: false, reason: 'cut-short' });
    expect(parseFrame(CORRECTED.slice(0, -2))).toEqual({ ok: false, reason: 'cut-short' });
    // A 13th field in a fencer's zone; an 18th in the general zone; a fourth zone.
    expect(parseFrame(CORRECTED.replace('|N|2|%|', '|N|2|7|%|'))).toEqual({ ok: false, reason: 'field-count' });
    expect(parseFrame(CORRECTED.replace('|GBR|%|', '|GBR|X|%|'))).toEqual({ ok: false, reason: 'field-count' });
    expect(parseFrame(`${CORRECTED}1|%|`)).toEqual({ ok: false, reason: 'field-count' });
    // An empty zone is still a zone of at most 12 fields.
    expect(parseFrame(`|EFP1.1|INFO|3|%|${'|'.repeat(17)}%|`)).toEqual({ ok: false, reason: 'field-count' });
    expect(parseFrame(`${CORRECTED.slice(0, -1)}${'x'.repeat(600)}|`)).toEqual({ ok: false, reason: 'too-long' });
  });

  it('refuses a value outside its field: a state, a status, a score, a clock, a name too long', () => {
    expect(parseFrame(CORRECTED.replace('|S||W|', '|S||X|'))).toEqual({ ok: false, reason: 'bad-value' });
    expect(parseFrame(CORRECTED.replace('|8|V|', '|8|Q|'))).toEqual({ ok: false, reason: 'bad-value' });
    expect(parseFrame(CORRECTED.replace('|FRA|8|', '|FRA|x|'))).toEqual({ ok: false, reason: 'bad-value' });
    expect(parseFrame(CORRECTED.replace('|3:00|', '|3:7|'))).toEqual({ ok: false, reason: 'bad-value' });
    expect(parseFrame(CORRECTED.replace('P.Martin', 'P'.repeat(21)))).toEqual({ ok: false, reason: 'bad-value' });
    // A light is 0 or 1.
    expect(parseFrame(CORRECTED.replace('|8|V|0|1|1|', '|8|V|0|1|2|'))).toEqual({ ok: false, reason: 'bad-value' });
  });

  it('writes what it reads: a DISP with both fencers and the referee, and a HELLO as short as the protocol’s', () => {
    const head = { piste: '3', competition: 'piste', phase: 2, poolOrTable: 'A8', match: 1, round: 1, type: 'I' as const, weapon: 'E' as const, referee: { id: 'r1', name: 'Jane Referee', nation: 'FRA' } };
    const disp = writeFrame('DISP', head, { right: { id: 'f2', name: 'A very long fencer name indeed', nation: 'ITA' }, left: { id: 'f1', name: 'Ann|%Lee', nation: 'GBR', score: 3 } });
    const back = parsed(disp);
    expect(back).toMatchObject({ command: 'DISP', piste: '3', phase: 2, poolOrTable: 'A8', match: 1, type: 'I', weapon: 'E', referee: { name: 'Jane Referee' } });
    expect(back.right).toMatchObject({ id: 'f2', name: 'A very long fencer n', nation: 'ITA', score: 0, status: 'U' });
    expect(back.left).toMatchObject({ id: 'f1', name: 'Ann  Lee', score: 3 });
    // A machine shows one byte a character: accents of Latin-1 kept, others written without, never a separator.
    const names = parsed(writeFrame('DISP', head, { right: { id: 'a', name: 'Rożek Łukasz' }, left: { id: 'b', name: 'Müller 王' } }));
    expect([names.right?.name, names.left?.name]).toEqual(['Rozek Lukasz', 'Müller ?']);
    expect(writeFrame('HELLO', { piste: '17', competition: 'fm-eq' })).toBe('|EFP1.1|HELLO|17|fm-eq|%|');
    expect(writeFrame('ACK', { piste: '17' })).toBe('|EFP1.1|ACK|17|%|');
  });

  it('reads and writes the clock: m:ss, and hundredths below 10 s', () => {
    expect(parseClock('3:00')).toBe(180_000);
    expect(parseClock('1:09.25')).toBe(69_250);
    expect(parseClock('0:09.5')).toBe(9_500);
    expect(parseClock('9.99')).toBeNull();
    expect(parseClock('45')).toBeNull();
    expect(parseClock('1:75')).toBeNull();
    expect(writeClock(180_000)).toBe('3:00');
    expect(writeClock(69_250)).toBe('1:09');
    expect(writeClock(9_250)).toBe('0:09.25');
    expect(writeClock(9_996)).toBe('0:10');
  });

  it('knows a correct end: different scores, equal with priority, an abandonment or exclusion, or a relay not the last', () => {
    const f = parsed(CORRECTED);
    expect(correctEnd(f, true)).toBe(true);
    const equal = { ...f, right: { ...f.right!, score: 6 } };
    expect(correctEnd(equal, true)).toBe(false);
    expect(correctEnd({ ...equal, priority: 'L' }, true)).toBe(true);
    expect(correctEnd({ ...equal, right: { ...equal.right, status: 'A' } }, true)).toBe(true);
    expect(correctEnd({ ...equal, left: { ...equal.left!, status: 'E' } }, true)).toBe(true);
    expect(correctEnd(equal, false)).toBe(true);
  });
});
