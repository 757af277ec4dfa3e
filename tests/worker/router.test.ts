import { Hono } from 'hono';
import type { H, RouterRoute } from 'hono/types';
import { describe, expect, it } from 'vitest';
import { RememberingRouter } from '../../worker/router';

/** An app shaped like a practice's routes: a static path beside a parameter, and two methods on one path. */
/** What Hono keeps in its router for each route. */
type Entry = [H, RouterRoute];

function app(router = new RememberingRouter<Entry>()) {
  const a = new Hono({ router });
  a.use('*', async (c, next) => {
    await next();
    c.res.headers.set('x-seen', 'yes');
  });
  a.post('/practices/:practiceId/pools/generate', (c) => c.json({ route: 'generate', practice: c.req.param('practiceId') }));
  a.get('/practices/:practiceId/pools/:poolId', (c) => c.json({ route: 'read', practice: c.req.param('practiceId'), pool: c.req.param('poolId') }));
  a.post('/practices/:practiceId/pools/:poolId/bouts', (c) => c.json({ route: 'bout', pool: c.req.param('poolId') }));
  return a;
}

const ask = async (a: Hono, method: string, path: string) => {
  const res = await a.request(path, { method });
  return { status: res.status, seen: res.headers.get('x-seen'), body: res.status === 200 ? await res.json() : null };
};

describe('the remembering router (worker/router)', () => {
  it('answers a path seen before as the first time, with its own parameters, and each path with its own', async () => {
    const a = app();
    const first = await ask(a, 'GET', '/practices/p1/pools/a');
    expect(first).toEqual({ status: 200, seen: 'yes', body: { route: 'read', practice: 'p1', pool: 'a' } });
    expect(await ask(a, 'GET', '/practices/p1/pools/a')).toEqual(first);
    expect((await ask(a, 'GET', '/practices/p2/pools/b')).body).toEqual({ route: 'read', practice: 'p2', pool: 'b' });
    expect((await ask(a, 'GET', '/practices/p1/pools/a')).body).toEqual({ route: 'read', practice: 'p1', pool: 'a' });
    // The static sibling is not taken for a pool's id, before or after that path's parameter route was seen.
    expect((await ask(a, 'POST', '/practices/p1/pools/generate')).body).toEqual({ route: 'generate', practice: 'p1' });
    expect((await ask(a, 'GET', '/practices/p1/pools/generate')).body).toEqual({ route: 'read', practice: 'p1', pool: 'generate' });
  });

  it('tells methods apart on one path: a method with no route is 404 however often the path was matched', async () => {
    const a = app();
    expect((await ask(a, 'POST', '/practices/p1/pools/a/bouts')).body).toEqual({ route: 'bout', pool: 'a' });
    expect((await ask(a, 'GET', '/practices/p1/pools/a/bouts')).status).toBe(404);
    expect((await ask(a, 'POST', '/practices/p1/pools/a/bouts')).status).toBe(200);
    expect((await ask(a, 'DELETE', '/practices/p1/pools/a')).status).toBe(404);
  });

  it('forgets what it remembered when a route is added', async () => {
    const a = app();
    expect((await ask(a, 'GET', '/practices/p1/pools/a/players')).status).toBe(404);
    a.get('/practices/:practiceId/pools/:poolId/players', (c) => c.json({ route: 'players', pool: c.req.param('poolId') }));
    expect((await ask(a, 'GET', '/practices/p1/pools/a/players')).body).toEqual({ route: 'players', pool: 'a' });
  });

  it('answers long paths right too, matching them each time: a stranger\'s long paths are never kept', async () => {
    const router = new RememberingRouter<Entry>();
    const a = app(router);
    await ask(a, 'GET', '/practices/p1/pools/a');
    expect(router.remembered).toBe(1);
    const long = 'x'.repeat(300);
    expect((await ask(a, 'GET', `/practices/p1/pools/${long}`)).body).toEqual({ route: 'read', practice: 'p1', pool: long });
    expect((await ask(a, 'GET', `/practices/p1/pools/${long}y`)).body).toEqual({ route: 'read', practice: 'p1', pool: `${long}y` });
    expect((await ask(a, 'POST', `/practices/p1/pools/${long}/bouts`)).body).toEqual({ route: 'bout', pool: long });
    expect(router.remembered).toBe(1);
  });

  it('keeps at most 2,048 matches, and answers right past them', async () => {
    const router = new RememberingRouter<Entry>();
    const a = app(router);
    for (let i = 0; i < 2_100; i++) {
      await a.request(`/practices/p/pools/${i}`);
      expect(router.remembered).toBeLessThanOrEqual(2_048);
    }
    expect((await ask(a, 'GET', '/practices/p/pools/7')).body).toEqual({ route: 'read', practice: 'p', pool: '7' });
    expect((await ask(a, 'GET', '/practices/p/pools/2099')).body).toEqual({ route: 'read', practice: 'p', pool: '2099' });
  });
});
