// The bridge's side of Cyrano (issue 57): one UDP socket on the venue's network. It says HELLO to every known
// machine every 15 s, loads the match called to a machine's piste (DISP), answers a machine's end of match
// (ACK/NAK), and hands on every frame a machine sends. Other traffic on the port (Engarde's ENG1) is ignored;
// a broken Cyrano frame is dropped and counted.
import { createSocket, type RemoteInfo, type Socket } from 'node:dgram';
import { parseFrame, writeFrame, type CyranoFrame, type FrameHead } from '../core/cyrano';

export const HELLO_EVERY_MS = 15_000;
/** A machine is online while it answered a HELLO within this (EFP1.1: it shows the link lost after 40 s). */
export const ONLINE_WITHIN_MS = 40_000;

export interface Machine {
  piste: string;
  host: string;
  port: number;
  /** When its last frame came; 0 never. */
  lastFrameAt: number;
  /** Its last INFO's state (F, H, P, W, E), or null before one. */
  state: string | null;
  /** The match it said it holds (its table or pool and match number), or null. */
  loaded: string | null;
  /** The ids of the fencers its last INFO held (right, left), or null. */
  fencers: [string, string] | null;
  /** Whether the pairing came from the day's table (true) or was learnt from the piste the machine announced. */
  confirmed: boolean;
}

export interface MachineLinkOptions {
  /** The port the bridge listens on (50100 by default). */
  port: number;
  /** The port machines listen on (50100 by default; some listen on 50101). */
  machinePort: number;
  /** Where to bind (all interfaces by default). */
  address?: string;
  /** A Cyrano frame from a machine: its text, parsed, and where it came from. */
  onFrame: (frame: CyranoFrame, text: string, from: RemoteInfo) => void;
  /** A network failure (the Wi-Fi gone, an address that does not resolve): said, never fatal. */
  onError?: (error: Error) => void;
  now?: () => number;
}

export class MachineLink {
  readonly machines = new Map<string, Machine>();
  /** Frames dropped as broken (cut short, a wrong field count, a bad value), and datagrams of another protocol. */
  readonly counts = { dropped: 0, ignored: 0, received: 0, strangers: 0 };
  private readonly socket: Socket;
  private hello: ReturnType<typeof setInterval> | undefined;
  private readonly now: () => number;

  constructor(private readonly options: MachineLinkOptions) {
    this.now = options.now ?? Date.now;
    // Not shared with another program: a second bridge on the port fails at once instead of splitting the frames.
    this.socket = createSocket({ type: 'udp4' });
    this.socket.on('message', (data, from) => this.receive(data.toString('latin1'), from));
  }

  /** Opens the socket and starts the HELLOs; resolves with the port bound. */
  async start(): Promise<number> {
    await new Promise<void>((resolve, reject) => {
      this.socket.once('error', reject);
      this.socket.bind(this.options.port, this.options.address, () => {
        this.socket.off('error', reject);
        resolve();
      });
    });
    this.socket.on('error', (e) => this.options.onError?.(e));
    this.socket.setBroadcast(true);
    this.hello = setInterval(() => this.sayHello(), HELLO_EVERY_MS);
    this.sayHello();
    return this.socket.address().port;
  }

  private stopped = false;

  stop() {
    if (this.stopped) return;
    this.stopped = true;
    clearInterval(this.hello);
    this.socket.close();
  }

  /** The day's table of pistes to machine addresses: these machines are greeted and loaded. */
  pair(piste: string, host: string, port = this.options.machinePort) {
    const known = this.machines.get(piste);
    if (known?.confirmed && known.host === host && known.port === port) return;
    const machine: Machine = { piste, host, port, lastFrameAt: known?.lastFrameAt ?? 0, state: known?.state ?? null, loaded: known?.loaded ?? null, fencers: known?.fencers ?? null, confirmed: true };
    this.machines.set(piste, machine);
    // A machine new to the table hears from the bridge at once, not at the next round of HELLOs.
    this.send(machine, writeFrame('HELLO', { piste }));
  }

  online(m: Machine) {
    return m.lastFrameAt > 0 && this.now() - m.lastFrameAt <= ONLINE_WITHIN_MS;
  }

  sayHello() {
    for (const m of this.machines.values()) this.send(m, writeFrame('HELLO', { piste: m.piste }));
  }

  /** Loads a match on a piste's machine (ignored by the machine while a match is active). */
  display(piste: string, head: FrameHead, fencers: Parameters<typeof writeFrame>[2]) {
    const m = this.machines.get(piste);
    if (m) this.send(m, writeFrame('DISP', head, fencers));
  }

  /**
   * Accepts (ACK) or refuses (NAK) a machine's end of match. Accepted, the match is over for the machine: it waits
   * for the next, which the bridge loads at its next read of the day (until its next INFO says otherwise).
   */
  answerEnd(piste: string, accepted: boolean) {
    const m = this.machines.get(piste);
    if (!m) return;
    this.send(m, writeFrame(accepted ? 'ACK' : 'NAK', { piste }));
    if (accepted) m.state = 'W';
  }

  private send(m: Machine, text: string) {
    if (this.stopped) return;
    this.socket.send(Buffer.from(text, 'latin1'), m.port, m.host, (e) => {
      if (e) this.options.onError?.(e);
    });
  }

  private receive(text: string, from: RemoteInfo) {
    const parsed = parseFrame(text);
    if (!parsed.ok) {
      if (parsed.reason === 'not-cyrano') this.counts.ignored++;
      else this.counts.dropped++;
      return;
    }
    const { frame } = parsed;
    // Only what machines send: the software's own frames (another program's HELLO or DISP) are not ours.
    if (!['INFO', 'NEXT', 'PREV'].includes(frame.command) || frame.piste === '') {
      this.counts.ignored++;
      return;
    }
    const known = this.machines.get(frame.piste);
    // A piste of the day's table is its machine's alone: another address claiming it is not heard.
    if (known?.confirmed && known.host !== from.address) {
      this.counts.strangers++;
      return;
    }
    const machine: Machine = known ?? { piste: frame.piste, host: from.address, port: this.options.machinePort, lastFrameAt: 0, state: null, loaded: null, fencers: null, confirmed: false };
    // A machine learnt by the piste it announces answers at the address it sent from.
    if (!known?.confirmed) machine.host = from.address;
    this.counts.received++;
    machine.lastFrameAt = this.now();
    if (frame.command === 'INFO') {
      machine.state = frame.state;
      machine.loaded = frame.right?.id && frame.left?.id ? `${frame.poolOrTable}/${frame.match ?? ''}` : null;
      machine.fencers = frame.right?.id && frame.left?.id ? [frame.right.id, frame.left.id] : null;
    }
    this.machines.set(frame.piste, machine);
    this.options.onFrame(frame, text, from);
  }
}
