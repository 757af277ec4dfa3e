import { createServer, type Server } from 'node:http';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Bridge } from '../../bridge/bridge';
import type { BridgePiste, ReportAnswer } from '../../core/contracts/bridge';
import { Journal, type Report } from '../../bridge/journal';
import { correctEnd, parseFrame } from '../../core/cyrano';
import { SimulatedMachine } from '../helpers/cyrano-machine';

/**
 * The day's server as the bridge meets it: it takes reports in order (a refused key, a network that is away),
 * answers a machine's end of match by the protocol's rule, and tells the bridge its pistes.
 */
class DayServer {
  readonly reports: Report[] = [];
  readonly machines: unknown[] = [];
  down = false;
  /** The key still opens the day, but its reports are refused (the coach replaced the key meanwhile). */
  refuseReports = false;
  pistes: BridgePiste[] = [];
  private server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      if (this.down) return void res.destroy();
      if (req.headers.authorization !== 'Bearer day-key') return void res.writeHead(401).end();
      if (this.refuseReports) return void res.writeHead(401).end();
      if (req.url === '/api/bridge/day') return void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ pistes: this.pistes }));
      const { reports, machines } = JSON.parse(body) as { reports: Report[]; machines: unknown[] };
      this.machines.push(...machines);
      const results: ReportAnswer[] = reports.map((r) => {
        // A report delivered twice (its answer lost) is the same report: kept once.
        if (!this.reports.some((k) => k.seq === r.seq)) this.reports.push(r);
        const parsed = parseFrame(r.frame);
        if (!parsed.ok || parsed.frame.state !== 'E') return { seq: r.seq, answer: 'live' };
        return correctEnd(parsed.frame, true) ? { seq: r.seq, answer: 'ack' } : { seq: r.seq, answer: 'nak', reason: 'equal-no-priority' };
      });
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ results }));
    });
  });
  port = 0;

  async start() {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as { port: number }).port;
    return this;
  }

  stop() {
    this.server.closeAllConnections();
    this.server.close();
  }

  /** Waits until the server holds `n` reports. */
  async holds(n: number) {
    const until = Date.now() + 4_000;
    while (this.reports.length < n) {
      if (Date.now() > until) throw new Error(`the server holds ${this.reports.length} report(s), not ${n}`);
      await new Promise((r) => setTimeout(r, 10));
    }
  }
}

const open: { stop(): unknown }[] = [];
afterEach(async () => {
  for (const o of open.splice(0)) await o.stop();
});

async function venue(dataDir = mkdtempSync(join(tmpdir(), 'bridge-'))) {
  const server = await new DayServer().start();
  let bridgePort = 0;
  const machine = await new SimulatedMachine('3', () => bridgePort).start();
  server.pistes = [{ piste: '3', machine: `127.0.0.1:${machine.port}`, match: null }];
  const bridge = new Bridge({ server: `http://127.0.0.1:${server.port}`, key: 'day-key', dataDir, port: 0, machinePort: 50100, address: '127.0.0.1' });
  bridgePort = await bridge.start();
  open.push(server, machine, bridge);
  return { server, machine, bridge, dataDir };
}

const ANN = { id: 'ann00001', name: 'ANN' };
const BOB = { id: 'bob00002', name: 'BOB' };

describe('the venue bridge (issue 57)', () => {
  it('greets the day’s machine, loads the match called to its piste, and hands on every touch in order', async () => {
    const { server, machine, bridge } = await venue();
    expect((await machine.hears('HELLO')).piste).toBe('3');
    server.pistes = [{ piste: '3', machine: `127.0.0.1:${machine.port}`, match: { head: { piste: '3', phase: 2, poolOrTable: 'A8', match: 1, type: 'I', weapon: 'E' }, right: BOB, left: ANN } }];
    await bridge.readDay();
    const disp = await machine.hears('DISP');
    expect([disp.left?.id, disp.right?.id, disp.left?.name, disp.poolOrTable]).toEqual([ANN.id, BOB.id, 'ANN', 'A8']);
    for (let touch = 1; touch <= 5; touch++) await machine.info({ state: 'H', clock: '2:30' }, { ...BOB, score: 0 }, { ...ANN, score: touch });
    await server.holds(5);
    expect(server.reports.map((r) => parseFrame(r.frame).ok && (parseFrame(r.frame) as { frame: { left: { score: number } } }).frame.left.score)).toEqual([1, 2, 3, 4, 5]);
    expect(server.machines.at(-1)).toMatchObject({ piste: '3', online: true, state: 'H', confirmed: true });
  });

  it('answers ACK to an end the server stored, NAK to equal scores with no priority', async () => {
    const { machine } = await venue();
    await machine.info({ state: 'E', priority: 'N' }, { ...BOB, score: 4 }, { ...ANN, score: 4 });
    expect((await machine.hears('NAK')).piste).toBe('3');
    await machine.info({ state: 'E' }, { ...BOB, score: 4 }, { ...ANN, score: 5, status: 'V' });
    expect((await machine.hears('ACK')).piste).toBe('3');
  });

  it('drops and counts a frame cut short or with a wrong field count, ignores another protocol, and delivers neither', async () => {
    const { server, machine, bridge } = await venue();
    await machine.raw('|EFP1.1|INFO|3|x|1|A8|1|1|10:30|3:00|I|E|N|H|%|ann0');
    await machine.raw('|EFP1.1|INFO|3|x|1|A8|1|1|10:30|3:00|I|E|N|H||||extra|%|');
    await machine.raw('|ENG1|HELLO|engarde|%|');
    await machine.info({ state: 'H' }, BOB, { ...ANN, score: 1 });
    await server.holds(1);
    expect(bridge.link.counts).toMatchObject({ dropped: 2, ignored: 1, received: 1 });
    expect(server.reports).toHaveLength(1);
  });

  it('loses nothing while the server is away, across a restart of the bridge, and delivers in order when it returns', async () => {
    const first = await venue();
    first.server.down = true;
    for (let touch = 1; touch <= 3; touch++) await first.machine.info({ state: 'H' }, BOB, { ...ANN, score: touch });
    while (first.bridge.journal.size < 3) await new Promise((r) => setTimeout(r, 10));
    await first.bridge.stop();
    // The laptop restarted: the bridge finds on disk what it had not delivered.
    expect(new Journal(first.dataDir).size).toBe(3);
    const second = await venue(first.dataDir);
    await second.machine.info({ state: 'E' }, BOB, { ...ANN, score: 4, status: 'V' });
    await second.server.holds(4);
    expect(second.server.reports.map((r) => r.seq)).toEqual([1, 2, 3, 4]);
    expect((await second.machine.hears('ACK')).piste).toBe('3');
    expect(second.bridge.journal.size).toBe(0);
  });

  it('stops at a key the server refuses, and keeps what it could not deliver', async () => {
    const { server, machine, bridge } = await venue();
    server.refuseReports = true;
    await machine.info({ state: 'H' }, BOB, { ...ANN, score: 1 });
    while (!bridge.refused) await new Promise((r) => setTimeout(r, 10));
    expect(bridge.refused).toMatch(/refused the bridge key \(401\)/);
    expect(bridge.journal.size).toBe(1);
    expect(server.reports).toHaveLength(0);
  });
});
