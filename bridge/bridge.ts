// The venue bridge (issue 57): machine frames in (./machines), kept on disk until delivered (./journal), sent
// in order to the day's server with the day's bridge key, and the server's word on a match's end answered to
// the machine (ACK once stored, NAK when refused). It also learns from the server which machine stands at
// which piste and what match is called there, and loads that match on the machine (DISP).
import type { FrameHead } from '../core/cyrano';
import { Journal, type Report } from './journal';
import { MachineLink, type Machine } from './machines';

/** What the server answers for one delivered report: live only, the end stored (ACK), or refused (NAK, with why). */
export type ReportAnswer = { seq: number; answer: 'live' | 'ack' | 'nak' | 'ignored'; reason?: string };

/** A piste of the day as the server tells it: its machine's address if the coach set one, and the match called there. */
export interface DayPiste {
  piste: string;
  machine: string | null;
  match: { head: FrameHead; right: { id: string; name: string; nation?: string; score?: number }; left: { id: string; name: string; nation?: string; score?: number } } | null;
}

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

export class Bridge {
  readonly journal: Journal;
  readonly link: MachineLink;
  /** Why the server refused the key, once it did: the bridge stops delivering until restarted with another. */
  refused: string | null = null;
  /** When the server last answered. */
  lastAnswerAt = 0;
  private sending: Promise<void> | null = null;
  private again = false;
  private retry: ReturnType<typeof setTimeout> | undefined;
  private dayTimer: ReturnType<typeof setInterval> | undefined;
  private failures = 0;
  /** The match each piste's machine was last given, so a call is loaded once. */
  private readonly displayed = new Map<string, string>();
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
      onFrame: (frame, text, from) => {
        this.journal.add({ piste: frame.piste, from: `${from.address}:${from.port}`, frame: text, at: Date.now() });
        this.deliver();
      },
    });
  }

  async start() {
    const port = await this.link.start();
    this.log(`listening for scoring machines on UDP ${port}; ${this.journal.size} report(s) waiting from before`);
    this.dayTimer = setInterval(() => void this.readDay(), DAY_EVERY_MS);
    await this.readDay();
    this.deliver();
    return port;
  }

  stop() {
    clearInterval(this.dayTimer);
    clearTimeout(this.retry);
    this.link.stop();
  }

  private url(path: string) {
    return new URL(path, this.options.server).toString();
  }

  private headers() {
    return { authorization: `Bearer ${this.options.key}`, 'content-type': 'application/json' };
  }

  /** The machines as the day's screen shows them. */
  machineStatus() {
    return [...this.link.machines.values()].map((m: Machine) => ({ piste: m.piste, address: `${m.host}:${m.port}`, online: this.link.online(m), state: m.state, loaded: m.loaded, last_frame_at: m.lastFrameAt || null, confirmed: m.confirmed }));
  }

  /** Sends what waits, in order; safe to call at any moment (a call while sending sends again after). */
  deliver(): Promise<void> {
    if (this.sending) {
      this.again = true;
      return this.sending;
    }
    clearTimeout(this.retry);
    this.sending = this.sendAll().finally(() => {
      this.sending = null;
    });
    return this.sending;
  }

  private async sendAll() {
    do {
      this.again = false;
      while (this.journal.size > 0 && !this.refused) {
        const batch = this.journal.oldest(BATCH);
        const answers = await this.post(batch);
        if (!answers) {
          // The server cannot be reached: what waits stays on disk and goes again after a while.
          const wait = Math.min(MAX_BACKOFF_MS, 500 * 2 ** Math.min(this.failures++, 5));
          this.retry = setTimeout(() => void this.deliver(), wait);
          return;
        }
        this.failures = 0;
        for (const a of answers) {
          const report = batch.find((r) => r.seq === a.seq);
          if (report && (a.answer === 'ack' || a.answer === 'nak')) {
            this.link.answerEnd(report.piste, a.answer === 'ack');
            this.log(`piste ${report.piste}: end of match ${a.answer === 'ack' ? 'stored (ACK)' : `refused (NAK): ${a.reason ?? ''}`}`);
          }
        }
        this.journal.deliveredUpTo(batch.at(-1)!.seq);
      }
    } while (this.again);
  }

  /** One request: the answers, or null when it should be tried again later. */
  private async post(reports: Report[]): Promise<ReportAnswer[] | null> {
    try {
      const res = await this.fetch(this.url('/api/bridge/reports'), { method: 'POST', headers: this.headers(), body: JSON.stringify({ reports, machines: this.machineStatus(), counts: this.link.counts }) });
      if (res.status === 401 || res.status === 403) {
        this.refused = `the server refused the bridge key (${res.status})`;
        this.log(this.refused);
        return null;
      }
      if (!res.ok) return null;
      this.lastAnswerAt = Date.now();
      return ((await res.json()) as { results: ReportAnswer[] }).results;
    } catch {
      return null;
    }
  }

  /** Reads the day's pistes: pairs their machines and loads each piste's called match once. */
  async readDay() {
    if (this.refused) return;
    try {
      const res = await this.fetch(this.url('/api/bridge/day'), { headers: this.headers() });
      if (res.status === 401 || res.status === 403) {
        this.refused = `the server refused the bridge key (${res.status})`;
        return;
      }
      if (!res.ok) return;
      const { pistes } = (await res.json()) as { pistes: DayPiste[] };
      for (const p of pistes) {
        if (p.machine) {
          const [host, port] = p.machine.split(':');
          this.link.pair(p.piste, host!, port ? Number(port) : undefined);
        }
        const loaded = p.match ? JSON.stringify(p.match) : '';
        if (p.match && this.displayed.get(p.piste) !== loaded) {
          this.link.display(p.piste, p.match.head, { right: p.match.right, left: p.match.left });
          this.displayed.set(p.piste, loaded);
        }
      }
    } catch {
      // The network is away: the pairing and calls known so far stand.
    }
  }
}
