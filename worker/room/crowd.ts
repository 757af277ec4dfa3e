import type { LiveMessage } from '../../core/live-messages';
import type { Env } from '../env';
import type { BoardRelay, RelayIdentity } from './relay';
import type { SocketTag } from './sockets';

/** A writer's messages numbered for its relays: a relay that sees a gap asks for what it missed. */
export interface RelayEntry {
  seq: number;
  data: string[];
}

/** What a relay that missed messages gets: those it missed, or (`entries` null: too old, or a new writer) the greeting to read again by. */
export interface Missed {
  boot: string;
  seq: number;
  entries: RelayEntry[] | null;
  greeting: string[];
}

/**
 * How a room's spectators spread: the first `direct` are the room's own sockets, the rest go to relays of
 * `perRelay` each, at most `relays` of them. Env RELAY_AFTER and RELAY_SOCKETS override the first two.
 */
export const CROWD_LIMITS = { direct: 500, perRelay: 2_000, relays: 64 };
export type CrowdLimits = typeof CROWD_LIMITS;

const positiveOrZero = (raw: string | undefined, fallback: number) => (raw !== undefined && raw !== '' && Number(raw) >= 0 ? Number(raw) : fallback);

export function crowdLimits(env: Env): CrowdLimits {
  return { ...CROWD_LIMITS, direct: positiveOrZero(env.RELAY_AFTER, CROWD_LIMITS.direct), perRelay: Math.max(1, positiveOrZero(env.RELAY_SOCKETS, CROWD_LIMITS.perRelay)) };
}

/** The header an upgrade sent on to a relay carries what the relay needs: who its writer is, the greeting, the writer's place in its messages. */
export const RELAY_HEADER = 'x-piste-relay';

export interface RelayAdmission {
  relay: RelayIdentity;
  boot: string;
  seq: number;
  greeting: string[];
  /** The socket's network is the venue's (a coach socket of the writer's is open from it): no share of its own. */
  venue: boolean;
  /**
   * A network's and a block's share of this relay: the room's shares spread over the relays open (boards go
   * to relays by a random key), so a network holds about its one share of the whole crowd, not one per relay.
   */
  shares: { perAddress: number; perBlock: number };
}

/**
 * Messages kept for relays that missed some (a gap in the numbers), at most this many and this many characters
 * (a day's message is its whole snapshot); older ones make the relay's boards read again.
 */
const KEPT = 512;
const KEPT_CHARS = 2_000_000;
/** A kept message's size against KEPT_CHARS. */
const charsOf = (entry: RelayEntry) => entry.data.reduce((n, d) => n + d.length, 0);
/** Where the writer keeps how many relays it opened: they keep their boards while it sleeps. */
const RELAYS_KEY = 'crowd-relays';

/**
 * The writer's side of its spectators beyond its own sockets (issue 55): relay rooms (./relay), Durable
 * Objects named by the writer and a shard, each holding up to `perRelay` hibernated spectator sockets. The
 * writer stays the one writer: it numbers each message its spectators may hear and sends it once to each
 * relay, which forwards it, in order, to its sockets; its work per change grows with the relays, never with
 * the spectators. Relays open as the crowd grows; a new board goes to one by hash (a random key), or to the
 * next with room. Counts come back from the relays (at most one report a second each).
 */
export class Crowd {
  readonly boot = crypto.randomUUID().slice(0, 8);
  private seq = 0;
  private readonly kept: RelayEntry[] = [];
  private keptChars = 0;
  /** Relays sent nothing since they were reported empty: a later report of boards there sends them the last message (they catch up from it). */
  private readonly skipped = new Set<number>();
  private opened = 0;
  /** Sockets each relay holds, as last reported or admitted since (unknown after a wake: counted as some). */
  private readonly counts = new Map<number, number>();
  private readonly stubs = new Map<number, DurableObjectStub<BoardRelay>>();

  constructor(
    private readonly ctx: DurableObjectState,
    private readonly env: Env,
    private readonly writer: { kind: RelayIdentity['kind']; id: () => string | null; board: () => string | null },
    readonly limits: CrowdLimits,
  ) {}

  /** Reads the relays opened before a restart (in the constructor's blockConcurrencyWhile). */
  async started() {
    this.opened = (await this.ctx.storage.get<number>(RELAYS_KEY)) ?? 0;
  }

  /** The practice was deleted: its relays are forgotten with it (their boards were closed). */
  async forget() {
    this.opened = 0;
    this.counts.clear();
    this.stubs.clear();
    this.kept.length = 0;
    this.keptChars = 0;
    this.skipped.clear();
    await this.ctx.storage.delete(RELAYS_KEY);
  }

  /** Relays opened so far. */
  relays(): number {
    return this.opened;
  }

  /** Spectators in relays, as reported. */
  spectators(): number {
    let n = 0;
    for (let shard = 0; shard < this.opened; shard++) n += this.counts.get(shard) ?? 0;
    return n;
  }

  /** The writer holds as many spectators as it keeps itself (`direct`, or its places, if fewer): new boards go to relays. */
  full(places: number): boolean {
    return this.ctx.getWebSockets('spectator').length >= Math.min(this.limits.direct, places);
  }

  /** Sends messages to every relay's boards, in the writer's order (numbered). */
  forward(data: string[]) {
    const id = this.writer.id();
    if (this.opened === 0 || id === null) return;
    const entry = { seq: ++this.seq, data };
    this.kept.push(entry);
    this.keptChars += charsOf(entry);
    while (this.kept.length > KEPT || (this.keptChars > KEPT_CHARS && this.kept.length > 1)) this.keptChars -= charsOf(this.kept.shift()!);
    // The board link is read once for the message, not once for each relay.
    const board = this.writer.board();
    for (let shard = 0; shard < this.opened; shard++) {
      // A relay known empty is skipped: a board it gets later starts from the greeting and the writer's number then.
      if (this.counts.get(shard) === 0) {
        this.skipped.add(shard);
        continue;
      }
      this.send(id, shard, entry, board);
    }
  }

  /** One numbered message to one relay, with the board link now (a relay shows out its boards of an older one). */
  private send(id: string, shard: number, entry: RelayEntry, board: string | null) {
    this.stub(shard)
      .deliver(this.identity(id, shard), this.boot, entry.seq, entry.data, board)
      .catch((e: unknown) => console.error('relay: delivery failed', id, shard, e));
  }

  /**
   * Closes the relays' boards (all, or those not opened with `keep`, the current board link), telling each why. A
   * relay that does not answer is asked once more; one that missed a new link also shows its boards out at the
   * next message, which names the link.
   */
  close(reason: string, keep: string | null = null) {
    const id = this.writer.id();
    if (id === null) return;
    for (let shard = 0; shard < this.opened; shard++) {
      const stub = this.stub(shard);
      stub
        .closeBoards(reason, keep)
        .catch(() => stub.closeBoards(reason, keep))
        .catch((e: unknown) => console.error('relay: close failed', id, shard, e));
    }
  }

  /**
   * Sends a board's upgrade on to a relay with its greeting: the one its key hashes to, or the next with room;
   * a new one when all are full. Null when every relay the writer may open is full.
   */
  async admit(request: Request, tag: SocketTag, greeting: LiveMessage[], venue: boolean, shares: { perAddress: number; perBlock: number }): Promise<Response | null | 'unreachable'> {
    const id = this.writer.id();
    if (id === null) return null;
    const shard = await this.shardFor();
    if (shard === null) return null;
    this.counts.set(shard, (this.counts.get(shard) ?? 0) + 1);
    const spread = (n: number) => Math.max(1, Math.ceil(n / this.opened));
    const admission: RelayAdmission = {
      relay: this.identity(id, shard),
      boot: this.boot,
      seq: this.seq,
      greeting: greeting.map((m) => JSON.stringify(m)),
      venue,
      shares: { perAddress: spread(shares.perAddress), perBlock: spread(shares.perBlock) },
    };
    const headers = new Headers(request.headers);
    headers.set(RELAY_HEADER, JSON.stringify({ ...admission, tag }));
    try {
      return await this.stub(shard).fetch(new Request(request, { headers }));
    } catch (e) {
      // The relay did not answer: the board is told to try again in a moment, and is not counted there.
      this.counts.set(shard, Math.max(0, (this.counts.get(shard) ?? 1) - 1));
      console.error('relay: admission failed', id, shard, e);
      return 'unreachable';
    }
  }

  /** A relay's count of its boards; one that was sent nothing while reported empty gets the last message (it catches up from it). */
  reported(shard: number, count: number) {
    if (shard < 0 || shard >= this.opened) return;
    this.counts.set(shard, count);
    const id = this.writer.id();
    const last = this.kept.at(-1);
    if (count > 0 && this.skipped.delete(shard) && id !== null && last) this.send(id, shard, last, this.writer.board());
  }

  /** What a relay missed since `from` (its next number), or the greeting to read again by. */
  missed(from: number, greeting: LiveMessage[]): Missed {
    const first = this.kept[0]?.seq ?? this.seq + 1;
    const entries = from >= first ? this.kept.filter((e) => e.seq >= from) : null;
    return { boot: this.boot, seq: this.seq, entries, greeting: greeting.map((m) => JSON.stringify(m)) };
  }

  private async shardFor(): Promise<number | null> {
    const room = (shard: number) => (this.counts.get(shard) ?? 0) < this.limits.perRelay;
    if (this.opened > 0) {
      const hashed = crypto.getRandomValues(new Uint32Array(1))[0]! % this.opened;
      for (let k = 0; k < this.opened; k++) {
        const shard = (hashed + k) % this.opened;
        if (room(shard)) return shard;
      }
    }
    if (this.opened >= this.limits.relays) return null;
    const shard = this.opened++;
    this.counts.set(shard, 0);
    await this.ctx.storage.put(RELAYS_KEY, this.opened);
    return shard;
  }

  private identity(id: string, shard: number): RelayIdentity {
    return { kind: this.writer.kind, id, shard };
  }

  private stub(shard: number): DurableObjectStub<BoardRelay> {
    let stub = this.stubs.get(shard);
    if (!stub) {
      const id = this.writer.id()!;
      this.stubs.set(shard, (stub = this.env.BOARD_RELAY.get(this.env.BOARD_RELAY.idFromName(`${this.writer.kind}:${id}:${shard}`))));
    }
    return stub;
  }
}
