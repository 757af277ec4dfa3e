/**
 * The day's screen's reading of its bridge (issue 57): per piste, the machine the coach confirmed there and
 * the one the bridge only learnt (it announced the piste's code, but the piste has no machine yet), with what
 * the bridge last said of each. Pure: the app shows it, tests/core checks it.
 */
import type { DayBridge, MachineStatus } from './contracts/bridge';

/** A piste's row on the day's screen. */
export interface PisteMachineRow {
  piste_id: string;
  code: string;
  /** The address the coach confirmed, or null. */
  machine: string | null;
  /** What the bridge says of the machine at this piste: the confirmed one, else one that announced this code. */
  status: MachineStatus | null;
  /** A machine the bridge learnt from the code it announced, for a piste with no machine: the coach may confirm it. */
  learnt: MachineStatus | null;
  /** The last report refused or ignored at this piste, and why. */
  last: DayBridge['last'][string] | null;
}

const DEFAULT_PORT = '50100';

/** An address's host and port ('10.0.0.5:50100', '[fe80::1]:50101', 'scorer-3'), the port 50100 when none is written. */
function split(address: string): { host: string; port: string } {
  const v6 = /^\[([^\]]+)\](?::(\d+))?$/.exec(address);
  if (v6) return { host: v6[1]!.toLowerCase(), port: v6[2] ?? DEFAULT_PORT };
  const parts = address.split(':');
  if (parts.length === 2) return { host: parts[0]!.toLowerCase(), port: parts[1] || DEFAULT_PORT };
  return { host: address.toLowerCase(), port: DEFAULT_PORT };
}

/** Whether two addresses name the same machine: the same host and port, a missing port read as 50100. */
export function sameMachine(a: string, b: string): boolean {
  const [x, y] = [split(a.trim()), split(b.trim())];
  return x.host === y.host && x.port === y.port;
}

/**
 * Each piste of the day with its machine: the status the bridge sent for the confirmed address (or, before the
 * bridge has heard it, none), and a learnt machine to confirm on a piste without one.
 */
export function pisteMachineRows(bridge: DayBridge): PisteMachineRow[] {
  return bridge.pistes.map((p) => {
    const announced = bridge.machines.filter((m) => m.piste === p.code);
    const status = p.machine
      ? bridge.machines.find((m) => sameMachine(m.address, p.machine!)) ?? null
      : announced.find((m) => !m.confirmed) ?? null;
    const learnt = p.machine ? null : status;
    return { piste_id: p.piste_id, code: p.code, machine: p.machine, status, learnt, last: bridge.last[p.code] ?? null };
  });
}
