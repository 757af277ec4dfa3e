// Prints a new VAPID key for Web Push (issue 28), for `wrangler secret put VAPID_PRIVATE_KEY` (README: Deploying).
import { vapidKey } from './local.mjs';

console.log(vapidKey());
