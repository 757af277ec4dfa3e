// `npm run bridge -- --server https://… --key …`: the venue bridge between the pistes' scoring machines (Cyrano,
// UDP) and a Piste competition day. Plain Node, no native module: any laptop or a Raspberry Pi on the venue's network.
import { parseArgs } from 'node:util';
import { join } from 'node:path';
import { homedir } from 'node:os';
import { Bridge } from './bridge';

const { values } = parseArgs({
  options: {
    server: { type: 'string', default: process.env.PISTE_SERVER },
    key: { type: 'string', default: process.env.PISTE_BRIDGE_KEY },
    port: { type: 'string', default: '50100' },
    'machine-port': { type: 'string', default: '50100' },
    address: { type: 'string' },
    // What waits to be delivered: one folder per bridge, wherever it was started from.
    data: { type: 'string', default: join(homedir(), '.piste-bridge') },
  },
});

if (!values.server || !values.key) {
  console.error('usage: npm run bridge -- --server https://your-piste --key <the day\'s bridge key> [--port 50100] [--machine-port 50100] [--data dir]');
  process.exit(2);
}

const bridge = new Bridge({
  server: values.server,
  key: values.key,
  dataDir: values.data!,
  port: Number(values.port),
  machinePort: Number(values['machine-port']),
  address: values.address,
  log: (line) => console.log(`${new Date().toISOString()} ${line}`),
});
await bridge.start();
process.on('SIGINT', () => void bridge.stop().then(() => process.exit(0)));
