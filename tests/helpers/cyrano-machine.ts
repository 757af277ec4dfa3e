import { createSocket, type Socket } from 'node:dgram';
import { parseFrame, writeFrame, type CyranoFencer, type CyranoFrame, type FencerStatus, type FrameHead, type MachineState } from '../../core/cyrano';

type Side = 'left' | 'right';

/** A moment of a bout as a machine tells it: the scores (sheet's left and right zones), its state, clock, cards and priority. */
export interface MachineMoment {
  left: number;
  right: number;
  state?: MachineState;
  clock?: string;
  period?: number;
  priority?: 'N' | 'L' | 'R';
  yellow?: Side;
  light?: Side;
}

/**
 * A scoring machine on loopback for the bridge's tests: it speaks EFP1.1 frames over UDP to the bridge's port,
 * and keeps every frame the bridge sends it (HELLO, DISP, ACK, NAK).
 */
export class SimulatedMachine {
  readonly heard: CyranoFrame[] = [];
  /** When each frame was heard (performance.now()), in the order of `heard`. */
  readonly heardAt: number[] = [];
  private readonly socket: Socket = createSocket('udp4');
  private waiters: (() => void)[] = [];
  port = 0;

  constructor(
    readonly piste: string,
    private readonly bridgePort: () => number,
  ) {
    this.socket.on('message', (data) => {
      const parsed = parseFrame(data.toString('latin1'));
      if (parsed.ok) {
        this.heard.push(parsed.frame);
        this.heardAt.push(performance.now());
      }
      for (const w of this.waiters.splice(0)) w();
    });
  }

  async start() {
    await new Promise<void>((resolve) => this.socket.bind(0, '127.0.0.1', resolve));
    this.port = this.socket.address().port;
    return this;
  }

  stop() {
    this.socket.close();
  }

  /** Sends a datagram as it is (a broken frame, another protocol's). */
  raw(text: string) {
    return new Promise<void>((resolve, reject) => this.socket.send(Buffer.from(text, 'latin1'), this.bridgePort(), '127.0.0.1', (e) => (e ? reject(e) : resolve())));
  }

  /** An INFO with the machine's state: right zone first, then left. */
  info(head: Partial<FrameHead>, right: Partial<CyranoFencer> & { id: string }, left: Partial<CyranoFencer> & { id: string }) {
    return this.raw(writeFrame('INFO', { piste: this.piste, ...head }, { right, left }));
  }

  /**
   * The match a DISP loaded, fenced on this machine: `text(moment)` is the INFO of that moment (the DISP's
   * match and fencers, the sheet's left fencer in the left zone), `send(moment)` sends it. At the end (state
   * E) the leader's status is V and the other's D.
   */
  fencing(disp: CyranoFrame) {
    if (!disp.left || !disp.right) throw new Error(`piste ${this.piste}: a DISP without its fencers`);
    const head: FrameHead = { piste: this.piste, competition: disp.competition, phase: disp.phase, poolOrTable: disp.poolOrTable, match: disp.match, type: disp.type ?? 'I', weapon: disp.weapon ?? 'E' };
    const [left, right] = [{ id: disp.left.id, name: disp.left.name }, { id: disp.right.id, name: disp.right.name }];
    const text = (m: MachineMoment) => {
      const state = m.state ?? 'H';
      const other = (side: Side): Side => (side === 'left' ? 'right' : 'left');
      const status = (side: Side): FencerStatus => (state !== 'E' || m.left === m.right ? 'U' : m[side] > m[other(side)] ? 'V' : 'D');
      const zone = (side: Side) => ({ ...(side === 'left' ? left : right), score: m[side], status: status(side), yellow: m.yellow === side ? 1 : 0, light: m.light === side });
      return writeFrame('INFO', { ...head, round: m.period ?? 1, clock: m.clock ?? '3:00', priority: m.priority ?? 'N', state }, { right: zone('right'), left: zone('left') });
    };
    return { left: left.id, right: right.id, text, send: (m: MachineMoment) => this.raw(text(m)) };
  }

  /** Waits until the bridge has sent this machine a frame of `command` (the n-th, counting from 1). */
  async hears(command: CyranoFrame['command'], n = 1, withinMs = 4_000): Promise<CyranoFrame> {
    const until = Date.now() + withinMs;
    for (;;) {
      const found = this.heard.filter((f) => f.command === command)[n - 1];
      if (found) return found;
      if (Date.now() > until) throw new Error(`piste ${this.piste} heard no ${command} (${n}); it heard ${this.heard.map((f) => f.command).join(', ') || 'nothing'}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, 100);
        this.waiters.push(() => (clearTimeout(timer), resolve()));
      });
    }
  }

  /** How many frames of `command` the bridge has sent this machine. */
  count(command: CyranoFrame['command']) {
    return this.heard.filter((f) => f.command === command).length;
  }
}
