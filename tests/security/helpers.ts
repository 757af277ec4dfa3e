import type { GeneratedPools } from '../../core/contracts/pools';
import type { Practice } from '../../core/contracts/practices';
import { Client, json, signedUpCoach } from '../helpers/worker-client';

/** A coach with a shared practice of one pool of `names` (sharing on). */
export async function sharedPractice(names = ['ann', 'bob', 'cleo']) {
  const coach = await signedUpCoach();
  const created = await json<Practice>(await coach.client.api.practices.$post({ json: { practice_type: 'individual', name: 'Shared night' } }));
  const { pools } = await json<GeneratedPools>(await coach.client.api.practices[':practiceId'].pools.generate.$post({ param: { practiceId: created.id }, json: { method: 'single', entries: names.map((name) => ({ name })) } }));
  const practice = await json<Practice>(await coach.client.api.practices[':practiceId'].sharing.$post({ param: { practiceId: created.id }, json: { enabled: true } }));
  return { ...coach, practice, pool: pools[0]! };
}

/** A six-digit code that is not `live` (and differs from it in the first digit). */
export const wrongCode = (live: string, i: number) => String(((Number(live[0]) + 1) % 10) * 100_000 + (i % 100_000)).padStart(6, '0');

/** A syntactically valid board id that opens nothing. */
export const wrongBoard = (i: number) => `nope${String(i).padStart(18, '0')}`;

let n = 0;
/**
 * A client from a network no other test uses, in a /24 of its own (the limiters also count per /24), inside
 * the shared address space 100.64.0.0/10.
 */
export const freshClient = () => {
  n++;
  return new Client(`100.${64 + Math.floor(n / 256)}.${n % 256}.1`);
};

/** A client at an IPv6 address: `prefix` is a /64 (four groups), `host` the interface part. */
export const ipv6Client = (prefix: string, host: number) => new Client(`${prefix}:${(host >> 16).toString(16)}:${(host & 0xffff).toString(16)}:0:1`);
