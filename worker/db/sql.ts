import { sql, type Column } from 'drizzle-orm';

/** `column IN (list)` with the whole list bound as one JSON parameter: D1 allows 100 parameters a statement. */
export function inJsonList(column: Column, ids: readonly string[]) {
  return sql`${column} IN (SELECT value FROM json_each(${JSON.stringify(ids)}))`;
}
