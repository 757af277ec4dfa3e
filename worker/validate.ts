import type { Context } from 'hono';
import { validator } from 'hono/validator';
import type { z } from 'zod';
import { firstIssue, scoresWithin } from '../core/validation';
import { HttpError } from './errors';

/** The wording of a body that is not JSON (Hono's validator says it in its own words: answerError swaps them for this). */
export const MALFORMED_JSON = 'Request body must be valid JSON';

/**
 * A route's JSON body, declared on the route (issue 27): parsed by the schema, a failed rule is a 400 with
 * the rule's coded message, and the route's type carries the schema's input to the typed client (`hc`).
 * Hono reads a body only when it is sent as `application/json`; anything else is checked as `{}`, so a
 * cross-site form post never reaches a handler with its fields.
 */
export const json = <S extends z.ZodType>(schema: S) =>
  validator<z.input<S>, string, string, 'json', string, (value: z.input<S>) => z.output<S>>('json', (value) => parsed(schema, value));

/** A value checked by a schema, a failed rule a coded 400: for a route's query (`validator('query', …)`). */
export function parsed<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw new HttpError(400, firstIssue(result.error));
  return result.data;
}

/** A score within the practice's limit (pool 5 or relay 45, tableau 15 or 45), which the route knows only once it has the practice. */
export function checkScores<K extends string>(value: Record<K, number>, max: number, ...keys: K[]) {
  const [within, { error }] = scoresWithin(max, ...keys);
  if (!within(value)) throw new HttpError(400, error);
}

/** The client's idempotency key for a score write (`Idempotency-Key`): 8 to 64 URL-safe characters, or none. */
export function readIdempotencyKey(c: Context): string | null {
  const key = c.req.header('idempotency-key');
  if (key === undefined) return null;
  if (!/^[A-Za-z0-9_-]{8,64}$/.test(key)) throw new HttpError(400, 'The Idempotency-Key header must be 8 to 64 letters, digits, - or _');
  return key;
}
