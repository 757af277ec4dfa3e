/**
 * The venue bridge's side of a competition day (issue 57): what the bridge sends the server with the day's
 * bridge key, what it is answered, and what the day's screen shows of the bridge and its machines. Shared by
 * the worker, the bridge (bridge/) and the app.
 */
import type { FrameHead, CyranoFencer } from '../cyrano';

/** One machine frame the bridge delivers: its number (keyed by the bridge's id), piste, sender, text and time. */
export interface BridgeReport {
  seq: number;
  piste: string;
  /** The machine's address, as `host:port`. */
  from: string;
  frame: string;
  at: number;
}

/**
 * The server's word on one report: live (a step of the bout, or nothing to do), the end stored (the bridge
 * answers the machine ACK), refused (NAK, with why) or ignored (no match called there, a machine not paired).
 */
export type ReportAnswer = { seq: number; answer: 'live' | 'ack' | 'nak' | 'ignored'; reason?: BridgeReason };

/** Why a report was refused or ignored; the day's screen translates each. */
export type BridgeReason =
  | 'equal-no-priority'
  | 'result-by-hand'
  | 'changed-meanwhile'
  | 'not-called-match'
  | 'held-by-phone'
  | 'nothing-called'
  | 'machine-not-paired'
  | 'unknown-piste'
  | 'broken-frame'
  | 'team-match'
  // Issue 58: the coach checked the pool, the round or the event; only the coach changes its results.
  | 'result-checked';

/** A machine as the bridge sees it (sent with each delivery, shown on the day's screen). */
export interface MachineStatus {
  /** The piste code the machine announces. */
  piste: string;
  /** `host:port`. */
  address: string;
  /** It answered within 40 s. */
  online: boolean;
  /** Its last INFO's state: F(encing), H(alt), P(ause), W(aiting), E(nding); null before one. */
  state: string | null;
  /** The match it holds (its pool or table and match number), or null. */
  loaded: string | null;
  last_frame_at: number | null;
  /** Paired from the day's table (true), or learnt from the piste it announced (false). */
  confirmed: boolean;
}

/** Datagrams the bridge did not deliver: broken frames, another protocol's, a stranger's on a paired piste. */
export interface BridgeCounts {
  dropped: number;
  ignored: number;
  received: number;
  strangers: number;
}

/** One delivery: the bridge's id, the reports in order, and its machines and counts as they stand. */
export interface BridgeDelivery {
  bridge: string;
  reports: BridgeReport[];
  machines: MachineStatus[];
  counts: BridgeCounts;
}

type LoadedFencer = Pick<CyranoFencer, 'id' | 'name'> & Partial<Pick<CyranoFencer, 'nation' | 'score'>>;

/** A piste of the day as the bridge is told it: its code, its machine's address if set, and the match to load there. */
export interface BridgePiste {
  piste: string;
  machine: string | null;
  match: { head: FrameHead; right: LoadedFencer; left: LoadedFencer } | null;
}

/** The day's bridge as its screen shows it (the coach's alone: never on the hall board). */
export interface DayBridge {
  /** When the key was made (null: no key, a bridge cannot report). */
  key_made_at: number | null;
  /** The bridge that reported last, when, and what it said of itself. */
  bridge_id: string | null;
  seen_at: number | null;
  counts: BridgeCounts | null;
  machines: MachineStatus[];
  /** Each piste's code and its machine's address as the coach confirmed it. */
  pistes: { piste_id: string; code: string; machine: string | null }[];
  /** The last report refused or ignored with why, per piste code (the screen shows it by the machine). */
  last: Record<string, { answer: ReportAnswer['answer']; reason: BridgeReason | null; at: number; end?: string | null }>;
}
