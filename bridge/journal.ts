// What the bridge has not yet delivered, kept on disk (issue 57): a venue whose internet drops for minutes loses
// nothing, and the reports go in the order the machines sent them when it returns. Reports are appended to a
// log, one JSON line each; a cursor file holds the last one the server has. Delivery is in order, so what is
// delivered is always the log's beginning; once all of it is, the log starts again empty.
import { appendFileSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** One machine frame to deliver: its number (the server's idempotency key with the bridge's), piste, text and time. */
export interface Report {
  seq: number;
  piste: string;
  /** The machine's address, as `host:port`. */
  from: string;
  frame: string;
  at: number;
}

export class Journal {
  private readonly log: string;
  private readonly cursor: string;
  private reports: Report[] = [];
  /** The last report the server has. */
  private done = 0;
  private next = 1;

  constructor(dir: string) {
    mkdirSync(dir, { recursive: true });
    this.log = join(dir, 'reports.jsonl');
    this.cursor = join(dir, 'delivered.json');
    try {
      const kept = JSON.parse(readFileSync(this.cursor, 'utf8')) as { done?: number; next?: number };
      this.done = kept.done ?? 0;
      this.next = kept.next ?? this.done + 1;
    } catch {
      // No cursor yet: nothing was delivered.
    }
    let text = '';
    try {
      text = readFileSync(this.log, 'utf8');
    } catch {
      // No log yet.
    }
    for (const line of text.split('\n')) {
      try {
        const r = JSON.parse(line) as Report;
        if (r.seq > this.done) this.reports.push(r);
        this.next = Math.max(this.next, r.seq + 1);
      } catch {
        // An empty line, or the last one cut by a crash while it was written: that frame never was kept.
      }
    }
  }

  /** Keeps a frame to deliver: it is in the log when this returns. */
  add(report: Omit<Report, 'seq'>): Report {
    const kept = { ...report, seq: this.next++ };
    appendFileSync(this.log, `${JSON.stringify(kept)}\n`);
    this.reports.push(kept);
    return kept;
  }

  /** The oldest reports not yet delivered, at most `limit`. */
  oldest(limit: number): Report[] {
    return this.reports.slice(0, limit);
  }

  /** The server has every report up to `seq` (stored, or refused for good). */
  deliveredUpTo(seq: number) {
    this.reports = this.reports.filter((r) => r.seq > seq);
    this.done = Math.max(this.done, seq);
    this.save({ done: this.done, next: this.next });
    if (this.reports.length === 0) writeFileSync(this.log, '');
  }

  private save(cursor: { done: number; next: number }) {
    const tmp = `${this.cursor}.tmp`;
    writeFileSync(tmp, JSON.stringify(cursor));
    renameSync(tmp, this.cursor);
  }

  get size() {
    return this.reports.length;
  }
}
