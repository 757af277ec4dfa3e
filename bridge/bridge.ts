// The venue bridge (issue 57): machine frames in (./machines), kept on disk until delivered (./journal), sent
// in order to the day's server with the day's bridge key, and the server's word on a match's end answered to
// the machine (ACK once stored, NAK when refused). It also learns from the server which machine stands at
// which piste and what match is called there, and loads that match on a waiting machine (DISP).
import type { BridgeDelivery, BridgePiste, MachineStatus, ReportAnswer } from '../core/contracts/bridge';
import { Journal } from './journal';
import { MachineLink } from './machines';

export interface BridgeOptions {
  /** The Piste server, e.g. https://piste.example. */
  server: string;
  /** The day's bridge key (shown once on the day's screen). */
  key: string;
  dataDir: string;
  port: number;
  machinePort: number;
  address?: string;
  fetch?: typeof fetch;
  log?: (line: string) => void;
}

/** Reports sent in one request at most. */
const BATCH = 100;
/** The longest wait between tries while the server cannot be reached. */
const MAX_BACKOFF_MS = 10_000;
const DAY_EVERY_MS = 5_000;
/** A request unanswered this long counts as failed (a half-dead uplink must not hold the ACKs for minutes). */
const REQUEST_TIMEOUT_MS = 10_000;

/** How one request went: answered, to be tried again (after at least `afterMs`), or refused for good. */
type Sent<T> = { ok: T } | { again: number | null } | { refused: string };

export class Bridge {
  readonly journal: Journal;
  readonly link: MachineLink;
  /** Why the server refused the key, once it did: the bridge stops delivering until restarted with another. */
  refused: string | null = null;
  /** When the server last answered. */
  lastAnswerAt = 0;
  private stopped = false;
  private sending: Promise<void> | null = null;
  private again = false;
  /** While set, the bridge waits before it tries the server again: a new frame does not cut the wait short. */
  private retry: ReturnType<typeof setTimeout> | undefined;
  private dayTimer: ReturnType<typeof setInterval> | undefined;
  private reading: Promise<void> | null = null;
  private failures = 0;
  private readonly fetch: typeof fetch;
  private readonly log: (line: string) => void;

  constructor(private readonly options: BridgeOptions) {
    this.fetch = options.fetch ?? fetch;
    this.log = options.log ?? (() => undefined);
    this.journal = new Journal(options.dataDir);
    this.link = new MachineLink({
      port: options.port,
      machinePort: options.machinePort,
      address: options.address,
      onError: (e) => this.log(`network: ${e.message}`),
      onFrame: (frame, text, from) => {
        this.journal.add({ piste: frame.piste, from: `${from.address}:${from.port}`, frame: text, at: Date.now() });
        // A machine asking for the next or previous match: the day is read again, and the match called there loaded.
        if (frame.command === 'NEXT' || frame.command === 'PREV') void this.readDay();
        if (!this.retry) void this.deliver();
      },
    });
  }

  async start() {
    const port = await this.link.start();
    this.log(`listening for scoring machines on UDP ${port}; ${this.journal.size} report(s) waiting from before`);
    this.dayTimer = setInterval(() => void this.readDay(), DAY_EVERY_MS);
    await this.readDay();
    void this.deliver();
    return port;
  }

  /** Stops listening and sending; what was not delivered stays on disk for the next start. */
  async stop() {
    this.stopped = true;
    clearInterval(this.dayTimer);
    clearTimeout(this.retry);
    this.link.stop();
    await Promise.allSettled([this.sending, this.reading]);
  }

  private async request<T>(path: string, body?: unknown): Promise<Sent<T>> {
    try {
      const res = await this.fetch(new URL(path, this.options.server), {
        method: body === undefined ? 'GET' : 'POST',
        headers: { authorization: `Bearer ${this.options.key}`, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      if (res.status === 401 || res.status === 403) return { refused: `the server refused the bridge key (${res.status})` };
      if (res.status === 429 || res.status === 408 || res.status >= 500) {
        const after = Number(res.headers.get('retry-after'));
        return { again: Number.isFinite(after) && after > 0 ? after * 1000 : null };
      }
      if (!res.ok) return { refused: `the server refused the request (${res.status})` };
      this.lastAnswerAt = Date.now();
      return { ok: (await res.json()) as T };
    } catch {
      // No network, a timeout, an answer cut short: tried again.
      return { again: null };
    }
  }

  /** The machines as the day's screen shows them. */
  machineStatus(): MachineStatus[] {
    return [...this.link.machines.values()].map((m) => ({ piste: m.piste, address: `${m.host}:${m.port}`, online: this.link.online(m), state: m.state, loaded: m.loaded, last_frame_at: m.lastFrameAt || null, confirmed: m.confirmed }));
  }

  /** Sends what waits, in order; safe to call at any moment (a call while sending sends again after). */
  deliver(): Promise<void> {
    if (this.sending) {
      this.again = true;
      return this.sending;
    }
    clearTimeout(this.retry);
    this.retry = undefined;
    this.sending = this.sendAll()
      .catch((e: unknown) => this.log(`delivery: ${e instanceof Error ? e.message : String(e)}`))
      .finally(() => {
        this.sending = null;
      });
    return this.sending;
  }

  private async sendAll() {
    do {
      this.again = false;
      while (this.journal.size > 0 && !this.refused && !this.stopped) {
        const batch = this.journal.oldest(BATCH);
        const delivery: BridgeDelivery = { bridge: this.journal.bridgeId, reports: batch, machines: this.machineStatus(), counts: this.link.counts };
        const sent = await this.request<{ results?: ReportAnswer[] }>('/api/bridge/reports', delivery);
        if (this.stopped) return;
        if ('refused' in sent) {
          this.refused = sent.refused;
          this.log(sent.refused);
          return;
        }
        if ('again' in sent) {
          // The server cannot be reached: what waits stays on disk and goes again after a while.
          const wait = Math.max(sent.again ?? 0, Math.min(MAX_BACKOFF_MS, 500 * 2 ** Math.min(this.failures++, 5)));
          this.retry = setTimeout(() => void this.deliver(), wait);
          return;
        }
        this.failures = 0;
        const answers = new Map((sent.ok.results ?? []).map((a) => [a.seq, a]));
        // Delivered: the reports answered, from the first, up to the first the answer leaves out.
        let upTo = 0;
        for (const report of batch) {
          const a = answers.get(report.seq);
          if (!a) break;
          upTo = report.seq;
          if (a.answer === 'ack' || a.answer === 'nak') {
            this.link.answerEnd(report.piste, a.answer === 'ack');
            this.log(`piste ${report.piste}: end of match ${a.answer === 'ack' ? 'stored (ACK)' : `refused (NAK): ${a.reason ?? ''}`}`);
          }
        }
        if (upTo === 0) {
          this.retry = setTimeout(() => void this.deliver(), MAX_BACKOFF_MS);
          return;
        }
        this.journal.deliveredUpTo(upTo);
      }
    } while (this.again && !this.stopped);
  }

  /** Reads the day's pistes (one read at a time): pairs their machines and loads each called match on a waiting machine. */
  readDay(): Promise<void> {
    this.reading ??= this.readDayOnce().finally(() => {
      this.reading = null;
    });
    return this.reading;
  }

  private async readDayOnce() {
    if (this.refused || this.stopped) return;
    const sent = await this.request<{ pistes: BridgePiste[] }>('/api/bridge/day');
    if ('refused' in sent) {
      this.refused = sent.refused;
      this.log(sent.refused);
      return;
    }
    if (!('ok' in sent) || this.stopped) return;
    for (const p of sent.ok.pistes) {
      if (p.machine) {
        const [host, port] = p.machine.split(':');
        if (host) this.link.pair(p.piste, host, port ? Number(port) : undefined);
      }
      const machine = this.link.machines.get(p.piste);
      // A machine ignores a DISP while a match is active: it is loaded when the machine waits (or has not yet
      // answered), and again until the machine holds the called fencers (a DISP lost on the way).
      if (!p.match || !machine || (machine.state !== null && machine.state !== 'W')) continue;
      const holds = machine.fencers?.[0] === p.match.right.id && machine.fencers[1] === p.match.left.id;
      if (!holds) this.link.display(p.piste, p.match.head, { right: p.match.right, left: p.match.left });
    }
  }
}
