// What a workerd test reads back of a coach's account, through the typed client: each answer checked (200)
// and typed, instead of a local `json(await …)` reader in each test file.
import { seed, viaClient } from './seed';
import type { Client } from './worker-client';

/** The account's backup file, as the coach downloads it. */
export const backupOf = (client: Client) => seed(viaClient(client)).backup();

/** The coach's roster. */
export const rosterOf = (client: Client) => seed(viaClient(client)).athletes();

/** The coach's practices, newest first. */
export const practicesOf = (client: Client) => seed(viaClient(client)).practices();

/** The coach's competition days. */
export const daysOf = (client: Client) => seed(viaClient(client)).days();
