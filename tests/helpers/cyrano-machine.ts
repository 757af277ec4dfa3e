import { createSocket, type Socket } from 'node:dgram';
import { parseFrame, writeFrame, type CyranoFencer, type CyranoFrame, type FrameHead } from '../../core/cyrano';

/**
 * A scoring machine on loopback for the bridge's tests: it speaks EFP1.1 frames over UDP to the bridge's port,
 * and keeps every frame the bridge sends it (HELLO, DISP, ACK, NAK).
 */
export class SimulatedMachine {
  readonly heard: CyranoFrame[] = [];
  private readonly socket: Socket = createSocket('udp4');
  private waiters: (() => void)[] = [];
  port = 0;

  constructor(
    readonly piste: string,
    private readonly bridgePort: () => number,
  ) {
    this.socket.on('message', (data) => {
      const parsed = parseFrame(data.toString('latin1'));
      if (parsed.ok) this.heard.push(parsed.frame);
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
}
