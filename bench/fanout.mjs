// Fan-out latency: from sending a bout to the API until every connected socket holds its new version.
import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';

export const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

export function summarize(samples) {
  const s = [...samples].sort((a, b) => a - b);
  return { p50: percentile(s, 50), p99: percentile(s, 99), n: s.length };
}

/** Opens `count` sockets; each records when it first saw each snapshot version. */
export async function openClients(count, url, headers = {}, versionOf) {
  const clients = [];
  await Promise.all(
    Array.from({ length: count }, () =>
      new Promise((resolve, reject) => {
        const ws = new WebSocket(url, { headers });
        const client = { ws, seen: new Map(), waiters: [] };
        ws.on('message', (data) => {
          const v = versionOf(JSON.parse(String(data)));
          if (v !== null && !client.seen.has(v)) {
            client.seen.set(v, performance.now());
            client.waiters = client.waiters.filter((w) => !w(v));
          }
        });
        ws.once('open', () => {
          clients.push(client);
          resolve();
        });
        ws.once('error', reject);
      }),
    ),
  );
  return clients;
}

/** Resolves with the time the last client saw `version`. */
export function allSeen(clients, version, timeoutMs = 10_000) {
  return Promise.race([
    Promise.all(
      clients.map(
        (c) =>
          new Promise((resolve) => {
            if (c.seen.has(version)) return resolve(c.seen.get(version));
            c.waiters.push((v) => (v === version ? (resolve(c.seen.get(v)), true) : false));
          }),
      ),
    ).then((times) => Math.max(...times)),
    new Promise((_, reject) => setTimeout(() => reject(new Error(`version ${version} did not reach every socket`)), timeoutMs)),
  ]);
}
