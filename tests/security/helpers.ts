import { env } from 'cloudflare:test';
import { seed, viaClient } from '../helpers/seed';
import { Client, signedUpCoach } from '../helpers/worker-client';

/** A coach with a shared practice of one pool of `names` (sharing on). */
export async function sharedPractice(names = ['ann', 'bob', 'cleo']) {
  const coach = await signedUpCoach();
  const made = seed(viaClient(coach.client));
  const { practice: created, pool } = await made.practiceWithPool('Shared night', names);
  return { ...coach, practice: await made.share(created.id), pool };
}

/**
 * Gives the coach `n` competition days straight in D1 (one statement), as if made one by one over the years
 * (their board links apart from any practice's).
 */
export async function seedDays(userId: string, n: number) {
  await env.DB.prepare(
    `WITH RECURSIVE k(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM k WHERE i < ?2)
     INSERT INTO days (id, user_id, name, date, venue, board_id, board_shared, created_at, updated_at)
     SELECT ?1 || '-day-' || i, ?1, 'Old day ' || i, '2020-01-01', NULL, ?1 || '-dayboard-' || i, 0, i, i FROM k`,
  )
    .bind(userId, n)
    .run();
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
