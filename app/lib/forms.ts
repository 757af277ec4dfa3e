import type { z } from 'zod';

type Validation = typeof import('./form-rules');
type SchemaName = { [K in keyof Validation]: Validation[K] extends z.ZodType ? K : never }[keyof Validation];

let loading: Promise<Validation> | null = null;

/**
 * The server's own zod schemas (`core/validation`), loaded after the first paint rather than with it: zod is
 * a quarter of a sign-in page's JavaScript, and nobody submits a form before it has painted. Their messages
 * come with them, to be shown in the viewer's language.
 */
export const loadSchemas = () => (loading ??= import('./form-rules'));

/** Starts loading the schemas once the browser is idle, so a first submit does not wait for them. */
export function prefetchSchemas() {
  const start = () => void loadSchemas();
  if (typeof requestIdleCallback === 'function') requestIdleCallback(start);
  else setTimeout(start, 1);
}

/** Checks a form's values with the schema the server parses them with: the parsed data, or the first message. */
export async function parseForm<K extends SchemaName>(name: K, value: unknown): Promise<{ ok: true; data: z.output<Validation[K]> } | { ok: false; error: string }> {
  const validation = await loadSchemas();
  const parsed = (validation[name] as z.ZodType).safeParse(value);
  if (parsed.success) return { ok: true, data: parsed.data as z.output<Validation[K]> };
  // The schemas speak English; their messages are the server's, listed with their codes in core/messages.
  return { ok: false, error: validation.localMessage(validation.firstIssue(parsed.error)) };
}
