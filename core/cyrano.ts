/**
 * Cyrano (EFP1.1, October 2019): the frames a piste's scoring machine and the competition software exchange
 * over UDP. Read and written by position, from the protocol's field tables: a frame is
 * `|EFP1.1|<command>|<general fields 3–17>|%|<right fencer 1–12>|%|<left fencer 1–12>|%|`, fields split by `|`,
 * zones by `%`; empty trailing fields and zones may be left out. Fencers are known by their id, never by name
 * (a referee who swaps sides swaps the zones).
 */

export const CYRANO_COMMANDS = ['HELLO', 'DISP', 'ACK', 'NAK', 'INFO', 'NEXT', 'PREV'] as const;
export type CyranoCommand = (typeof CYRANO_COMMANDS)[number];

/** Fencing, Halt, Pause, Waiting, Ending. */
export type MachineState = 'F' | 'H' | 'P' | 'W' | 'E';
/** Undecided, Victory, Defeat, Abandonment, Exclusion. */
export type FencerStatus = 'U' | 'V' | 'D' | 'A' | 'E';

export interface CyranoFencer {
  id: string;
  name: string;
  nation: string;
  score: number;
  status: FencerStatus;
  /** 0 or 1. */
  yellow: number;
  /** 0–9. */
  red: number;
  light: boolean;
  white: boolean;
  /** Medical interventions used. */
  medical: number;
  /** Bring in the reserve (team events, once). */
  reserve: boolean;
  /** 0 none, 1 yellow, 2 one red, 3 two red, 4 one black, 5 two black. */
  pCard: number;
}

export interface CyranoFrame {
  protocol: 'EFP1' | 'EFP1.1';
  command: CyranoCommand;
  piste: string;
  competition: string;
  /** 1 = the first round of pools; the tableau is the last pool round + 1. */
  phase: number | null;
  /** A pool's number, or a table such as `A32`. */
  poolOrTable: string;
  match: number | null;
  /** The period of an individual bout (1–3), the relay of a team match (1–9). */
  round: number | null;
  startTime: string;
  /** `m:ss`, with `.cc` hundredths below 10 s; empty when not told. */
  clock: string;
  type: 'I' | 'T' | null;
  weapon: 'F' | 'E' | 'S' | null;
  priority: 'N' | 'R' | 'L' | null;
  state: MachineState | null;
  referee: { id: string; name: string; nation: string };
  /** The zones, right fencer first; null when the frame leaves them out. */
  right: CyranoFencer | null;
  left: CyranoFencer | null;
}

/** Why a datagram is not taken: another protocol on the port (ignored), or a Cyrano frame that is broken (dropped and counted). */
export type FrameRefusal = 'not-cyrano' | 'too-long' | 'cut-short' | 'field-count' | 'bad-value';

/** Longest values, by the protocol's tables: the general zone's fields 1–17 and a fencer's 1–12. */
const GENERAL_MAX = [6, 6, 8, 8, 2, 8, 3, 2, 5, 8, 1, 1, 1, 1, 8, 20, 3] as const;
const FENCER_MAX = [8, 20, 3, 2, 1, 1, 1, 1, 1, 1, 1, 1] as const;
/** A frame is at most about 210 characters; a datagram well past it is not one. */
export const FRAME_MAX_LENGTH = 512;

const ONE_OF = <T extends string>(values: readonly T[]) => (v: string): v is T => (values as readonly string[]).includes(v);
const isCommand = ONE_OF(CYRANO_COMMANDS);
const isState = ONE_OF<MachineState>(['F', 'H', 'P', 'W', 'E']);
const isStatus = ONE_OF<FencerStatus>(['U', 'V', 'D', 'A', 'E']);
const isType = ONE_OF<'I' | 'T'>(['I', 'T']);
const isWeapon = ONE_OF<'F' | 'E' | 'S'>(['F', 'E', 'S']);
const isPriority = ONE_OF<'N' | 'R' | 'L'>(['N', 'R', 'L']);

class Refused extends Error {
  constructor(readonly reason: FrameRefusal) {
    super(reason);
  }
}

/** A whole number (at most 3 digits), or `empty` for an empty field. */
function count(value: string, empty: number | null = null): number | null {
  if (value === '') return empty;
  if (!/^\d{1,3}$/.test(value)) throw new Refused('bad-value');
  return Number(value);
}

/** One of `allowed`, or null for an empty field. */
function oneOf<T extends string>(value: string, allowed: (v: string) => v is T): T | null {
  if (value === '') return null;
  if (!allowed(value)) throw new Refused('bad-value');
  return value;
}

/** A zone's fields, checked against their longest values, read by position (1-based, as the tables number them); a missing trailing field reads as empty. */
function fieldsOf(zone: string[], max: readonly number[]): (position: number) => string {
  if (zone.length > max.length) throw new Refused('field-count');
  zone.forEach((v, i) => {
    if (v.length > max[i]!) throw new Refused('bad-value');
  });
  return (position) => zone[position - 1] ?? '';
}

function fencerOf(zone: string[] | undefined): CyranoFencer | null {
  if (!zone) return null;
  const field = fieldsOf(zone, FENCER_MAX);
  if (zone.every((v) => v === '')) return null;
  const reserve = field(11);
  const bit = (v: string) => {
    const b = count(v, 0);
    if (b !== 0 && b !== 1) throw new Refused('bad-value');
    return b === 1;
  };
  if (reserve !== '' && reserve !== 'N' && reserve !== 'R') throw new Refused('bad-value');
  const fencer: CyranoFencer = {
    id: field(1),
    name: field(2),
    nation: field(3),
    score: count(field(4), 0)!,
    status: oneOf(field(5), isStatus) ?? 'U',
    yellow: count(field(6), 0)!,
    red: count(field(7), 0)!,
    light: bit(field(8)),
    white: bit(field(9)),
    medical: count(field(10), 0)!,
    reserve: reserve === 'R',
    pCard: count(field(12), 0)!,
  };
  if (fencer.yellow > 1 || fencer.pCard > 5) throw new Refused('bad-value');
  return fencer;
}

/**
 * Reads one datagram. Anything that does not open as a Cyrano frame (`|EFP1.1|` or `|EFP1|`: Engarde's `ENG1`,
 * stray traffic) is `not-cyrano`; a frame that does not close its last zone (`%|`) is `cut-short`; one with
 * more fields or zones than the tables allow is `field-count`; a value outside its field's set or length is
 * `bad-value`.
 */
export function parseFrame(text: string): { ok: true; frame: CyranoFrame } | { ok: false; reason: FrameRefusal } {
  if (!/^\|EFP1(\.1)?\|/.test(text)) return { ok: false, reason: 'not-cyrano' };
  if (text.length > FRAME_MAX_LENGTH) return { ok: false, reason: 'too-long' };
  // `|a|b|%|c|%|` → a, b, %, c, %, and the empty rest after the last bar: each `%` closes a zone.
  const tokens = text.replace(/[\r\n]+$/, '').slice(1).split('|');
  if (tokens.length < 2 || tokens.at(-1) !== '' || tokens.at(-2) !== '%') return { ok: false, reason: 'cut-short' };
  try {
    const zones: string[][] = [[]];
    for (const t of tokens.slice(0, -2)) {
      if (t === '%') zones.push([]);
      else zones.at(-1)!.push(t);
    }
    if (zones.length > 3) throw new Refused('field-count');
    const general = fieldsOf(zones[0] ?? [], GENERAL_MAX);
    const command = general(2);
    const clock = general(10);
    if (!isCommand(command)) throw new Refused('bad-value');
    if (clock !== '' && parseClock(clock) === null) throw new Refused('bad-value');
    return {
      ok: true,
      frame: {
        // The opening was checked above: `|EFP1|` or `|EFP1.1|`.
        protocol: general(1) === 'EFP1' ? 'EFP1' : 'EFP1.1',
        command,
        piste: general(3),
        competition: general(4),
        phase: count(general(5)),
        poolOrTable: general(6),
        match: count(general(7)),
        round: count(general(8)),
        startTime: general(9),
        clock,
        type: oneOf(general(11), isType),
        weapon: oneOf(general(12), isWeapon),
        priority: oneOf(general(13), isPriority),
        state: oneOf(general(14), isState),
        referee: { id: general(15), name: general(16), nation: general(17) },
        right: fencerOf(zones[1]),
        left: fencerOf(zones[2]),
      },
    };
  } catch (e) {
    if (e instanceof Refused) return { ok: false, reason: e.reason };
    throw e;
  }
}

/**
 * A field written: in the one byte a character the machines show (Latin-1: accents kept where they exist there,
 * others written without theirs, `Ł` as `L`, and anything else as `?`), with no `|` or `%` of its own, and cut
 * to its longest value (a name past 20 characters).
 */
function field(value: string | number | null | undefined, max: number): string {
  const latin = [...String(value ?? '')]
    .map((c) => (c.charCodeAt(0) <= 0xff ? c : (LATIN_BASE[c] ?? c.normalize('NFD').replace(/[\u0300-\u036f]/g, ''))))
    .map((c) => (c.length === 1 && c.charCodeAt(0) <= 0xff ? c : '?'))
    .join('');
  return latin.replace(/[|%\r\n]/g, ' ').slice(0, max);
}

/** Letters outside Latin-1 that do not decompose into a base letter and an accent. */
const LATIN_BASE: Record<string, string> = { Ł: 'L', ł: 'l', Đ: 'D', đ: 'd', Ħ: 'H', ħ: 'h', Œ: 'OE', œ: 'oe', ı: 'i' };

/** The general zone's fields 3–17 a frame from the software carries (HELLO, DISP, ACK, NAK). */
export type FrameHead = Partial<Omit<CyranoFrame, 'protocol' | 'command' | 'right' | 'left'>> & { piste: string };

/**
 * Writes a frame: the general fields, and the fencers' zones when given (a DISP's; HELLO, ACK and NAK carry
 * none).
 */
export function writeFrame(command: CyranoCommand, head: FrameHead, fencers?: { right: Partial<CyranoFencer> & { id: string }; left: Partial<CyranoFencer> & { id: string } }): string {
  const general = [
    'EFP1.1',
    command,
    head.piste,
    head.competition,
    head.phase,
    head.poolOrTable,
    head.match,
    head.round,
    head.startTime,
    head.clock,
    head.type,
    head.weapon,
    head.priority,
    head.state,
    head.referee?.id,
    head.referee?.name,
    head.referee?.nation,
  ].map((v, i) => field(v, GENERAL_MAX[i]!));
  const zones = [general];
  if (fencers) {
    for (const f of [fencers.right, fencers.left]) {
      const values = [f.id, f.name, f.nation, f.score ?? 0, f.status ?? 'U', f.yellow ?? 0, f.red ?? 0, f.light ? 1 : 0, f.white ? 1 : 0, f.medical ?? 0, f.reserve ? 'R' : 'N', f.pCard ?? 0];
      zones.push(values.map((v, i) => field(v, FENCER_MAX[i]!)));
    }
  }
  // Empty trailing fields are left out, as the protocol allows (`|EFP1.1|HELLO|17|fm-eq|%|`).
  const trimmed = zones.map((z) => z.slice(0, z.findLastIndex((v) => v !== '') + 1));
  return `|${trimmed.map((z) => z.map((v) => `${v}|`).join('')).join('%|')}%|`;
}

/** A machine's clock (`m:ss`, or `m:ss.cc` below 10 s) in milliseconds; null when it is not one. */
export function parseClock(clock: string): number | null {
  const m = /^(\d{1,2}):(\d{2})(?:\.(\d{1,2}))?$/.exec(clock);
  if (!m) return null;
  const [, minutes, seconds, hundredths] = m;
  if (Number(seconds) > 59) return null;
  return (Number(minutes) * 60 + Number(seconds)) * 1000 + Number((hundredths ?? '0').padEnd(2, '0')) * 10;
}

/** The same clock written for a machine: `m:ss`, with hundredths below 10 s. */
export function writeClock(ms: number): string {
  const t = Math.max(0, Math.round(ms / 10));
  const minutes = Math.floor(t / 6000);
  const seconds = Math.floor((t % 6000) / 100);
  const base = `${minutes}:${String(seconds).padStart(2, '0')}`;
  return t < 1000 ? `${base}.${String(t % 100).padStart(2, '0')}` : base;
}

/**
 * Whether a machine's end of match is correct (EFP1.1 §States): the scores differ, or are equal with a
 * priority, or a fencer abandoned or was excluded; a relay that is not the last is always correct.
 */
export function correctEnd(frame: Pick<CyranoFrame, 'priority' | 'right' | 'left'>, lastRelay: boolean): boolean {
  if (!lastRelay) return true;
  const { right, left } = frame;
  if (!right || !left) return false;
  if ([right.status, left.status].some((s) => s === 'A' || s === 'E')) return true;
  if (right.score !== left.score) return true;
  return frame.priority === 'R' || frame.priority === 'L';
}
