import type { Context } from 'hono';
import type { z } from 'zod';
import { firstIssue } from '../core/validation';
import { HttpError } from './errors';

/** The request's JSON body parsed by a schema; bad JSON or a failed rule is a 400 with the rule's message. */
export async function readJson<S extends z.ZodType>(c: Context, schema: S): Promise<z.output<S>> {
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    throw new HttpError(400, 'Request body must be valid JSON');
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new HttpError(400, firstIssue(parsed.error));
  return parsed.data;
}

/** The client's idempotency key for a score write (`Idempotency-Key`): 8 to 64 URL-safe characters, or none. */
export function readIdempotencyKey(c: Context): string | null {
  const key = c.req.header('idempotency-key');
  if (key === undefined) return null;
  if (!/^[A-Za-z0-9_-]{8,64}$/.test(key)) throw new HttpError(400, 'The Idempotency-Key header must be 8 to 64 letters, digits, - or _');
  return key;
}
