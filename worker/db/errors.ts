/** Whether an error (drizzle wraps D1's in `cause`) is a UNIQUE violation, optionally of one column. */
export function isUniqueViolation(e: unknown, column = ''): boolean {
  const parts: string[] = [];
  for (let err = e as { message?: unknown; cause?: unknown } | undefined, i = 0; err && i < 5; err = err.cause as typeof err, i++) {
    parts.push(String(err.message ?? err));
  }
  return parts.some((m) => m.includes(`UNIQUE constraint failed: ${column}`));
}
