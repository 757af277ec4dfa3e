import { Hono } from 'hono';
import type { AuditEntry, ResultCheck } from '../../../core/contracts/checks';
import { refereeKey, targetFromParam } from '../../../core/refereeing';
import { auditQuerySchema, resultCheckSchema } from '../../../core/validation';
import { validator } from 'hono/validator';
import type { RoomEnv } from '../../env';
import { authorize, practiceFor } from '../../auth/access';
import { HttpError, notFound } from '../../errors';
import { loadBracket } from '../../store/room/bracket';
import { listChecks, readAudit, setCheck } from '../../store/room/checks';
import { getSharedPool } from '../../store/room/pools';
import { barrageBoutKey } from '../../store/room/barrage';
import { orderPair } from '../../../core/fencing/bout-result';
import { json, parsed } from '../../validate';
import { notArchived } from '../archive-timing';
import { publishChecks } from '../checked';

const BOUT_PARAM = 'Name the bout: pool.<pool>.<fencer>.<fencer> or tableau.<round>.<position>';

/**
 * Results checked and locked (issue 58), the coach's: mark a pool, a tableau round or the whole event checked
 * (after the sheets are signed) or no longer, and read a bout's audit list. Mounted at /practices/:practiceId/checks.
 */
export const checkRoutes = new Hono<RoomEnv>()
  .put('/', notArchived, authorize('results.check'), json(resultCheckSchema), async (c) => {
    const db = c.get('db');
    const practice = await practiceFor(c, c.req.param('practiceId')!);
    const { scope, checked } = c.req.valid('json');
    // What is checked must exist: a pool of this practice, a round the tableau has stored (it is scored).
    if (scope.kind === 'pool') await getSharedPool(db, practice.id, scope.pool_id);
    if (scope.kind === 'round' && !(await loadBracket(db, practice.id)).matches.some((m) => m.round === scope.round)) throw notFound('Round');
    await setCheck(db, scope, checked ? c.get('user')!.email : null);
    await publishChecks(c, practice.id);
    return c.json({ checks: await listChecks(db) } satisfies { checks: ResultCheck[] });
  })
  .get('/audit', authorize('results.check'), validator('query', (value) => parsed(auditQuerySchema, value)), async (c) => {
    const practice = await practiceFor(c, c.req.param('practiceId')!);
    const param = c.req.valid('query').bout;
    // A bout of the barrage at the cut: `barrage.<fencer>.<fencer>`.
    const barrage = /^barrage\.([\w-]{1,64})\.([\w-]{1,64})$/.exec(param);
    if (barrage) return c.json({ entries: await readAudit(c.get('db'), barrageBoutKey(...orderPair(barrage[1]!, barrage[2]!))) } satisfies { entries: AuditEntry[] });
    const target = targetFromParam(param);
    if (!target || (target.kind === 'tableau' && target.round > 64)) throw new HttpError(400, BOUT_PARAM);
    if (target.kind === 'pool') await getSharedPool(c.get('db'), practice.id, target.pool_id);
    return c.json({ entries: await readAudit(c.get('db'), refereeKey(target)) } satisfies { entries: AuditEntry[] });
  });
