// What the bridge has not yet delivered, kept on disk (issue 57): a venue whose internet drops for minutes loses
// nothing, and the reports go in the order the machines sent them when it returns. Reports are appended to a
// log, one JSON line each, flushed to the disk before the frame counts as kept; a cursor file holds the last one
// the server has, and the bridge's own id. Delivery is in order, so what is delivered is always the log's
// beginning; once all of it is, the log starts again empty.
import { randomUUID } from 'node:crypto';
import { closeSync, fsyncSync, mkdirSync, openSync, readFileSync, renameSync, truncateSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import type { BridgeReport } from '../core/contracts/bridge';

/** One machine frame to deliver (core/contracts/bridge): the server keys it by the bridge's id and its number. */
export type Report = BridgeReport;

interface Cursor {
  /** This bridge's id: a new data folder is a new bridge, whose numbers start again without meeting the old ones. */
  bridge: string;
  /** The last report the server has. */
  done: number;
  next: number;
}

export class Journal {
  private readonly log: string;
  private readonly cursorFile: string;
  private reports: Report[] = [];
  private cursor: Cursor;

  constructor(dir: string) {
    mkdirSync(dir, { recursive: true });
    this.log = join(dir, 'reports.jsonl');
    this.cursorFile = join(dir, 'delivered.json');
    let kept: Partial<Cursor> = {};
    try {
      kept = JSON.parse(readFileSync(this.cursorFile, 'utf8')) as Partial<Cursor>;
    } catch {
      // No cursor yet: a new bridge, nothing delivered.
    }
    this.cursor = { bridge: kept.bridge ?? randomUUID(), done: kept.done ?? 0, next: kept.next ?? (kept.done ?? 0) + 1 };
    let text = '';
    try {
      text = readFileSync(this.log, 'utf8');
    } catch {
      // No log yet.
    }
    // A crash while a line was written leaves it without its end: that frame never was kept, and the next line
    // must not be glued to it.
    const whole = text.lastIndexOf('\n') + 1;
    if (whole < text.length) truncateSync(this.log, Buffer.byteLength(text.slice(0, whole)));
    for (const line of text.slice(0, whole).split('\n')) {
      if (line === '') continue;
      const r = JSON.parse(line) as Report;
      if (r.seq > this.cursor.done) this.reports.push(r);
      this.cursor.next = Math.max(this.cursor.next, r.seq + 1);
    }
    this.save();
  }

  get bridgeId() {
    return this.cursor.bridge;
  }

  /** Keeps a frame to deliver: it is on the disk when this returns. */
  add(report: Omit<Report, 'seq'>): Report {
    const kept = { ...report, seq: this.cursor.next++ };
    const fd = openSync(this.log, 'a');
    try {
      writeSync(fd, `${JSON.stringify(kept)}\n`);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
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
    this.cursor.done = Math.max(this.cursor.done, seq);
    this.save();
    if (this.reports.length === 0) writeFileSync(this.log, '');
  }

  private save() {
    const tmp = `${this.cursorFile}.tmp`;
    writeFileSync(tmp, JSON.stringify(this.cursor));
    renameSync(tmp, this.cursorFile);
  }

  get size() {
    return this.reports.length;
  }
}
