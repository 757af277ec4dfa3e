/**
 * The API's contract (issue 27): every route with its validated input and its answer, as one type for Hono's
 * typed client (`hc`). The app and the tests import this type only (ESLint refuses a value import from the
 * app); nothing here runs. The worker answers `/api/*` itself except a practice's routes, which its room
 * answers (./middleware/to-room), so the contract is the two mounted side by side as requests see them.
 */
import { Hono } from 'hono';
import type { AppEnv } from './env';
import { api } from './app';
import { roomRoutes } from './room/http';

const contract = () => new Hono<AppEnv>().route('/api', api).route('/', roomRoutes);

export type AppType = ReturnType<typeof contract>;
