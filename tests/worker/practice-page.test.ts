import { describe, expect, it } from 'vitest';
import { LANGUAGE_COOKIE, PRACTICE_COOKIE, SCREEN_COOKIE, PRACTICE_DATA_ID, RENDERED_PRACTICE_SCREENS, type EmbeddedPractice } from '../../core/practice-page';
import { Client, pageBindings, signedUpCoach } from '../helpers/worker-client';
import { seed, viaClient } from '../helpers/seed';

// Issue 33: a coach's practice screens (pools grid, pool results, tableau, final results) come rendered on a
// full page load, from the coach's own session, practice list and the current practice's snapshot.

const embedded = (html: string): EmbeddedPractice | null => {
  const match = html.match(new RegExp(`<script type="application/json" id="${PRACTICE_DATA_ID}"[^>]*>(.*?)</script>`, 's'));
  return match ? (JSON.parse(match[1]!) as EmbeddedPractice) : null;
};

const OLDER = ['Ada Older', 'Bruno Older', 'Chloé Older'];
const NEWER = ['Dora Newer', 'Emil Newer', 'Fritz Newer'];

describe('a coach\'s practice screens, rendered by the worker', async () => {
  const coach = await signedUpCoach('page');
  const api = seed(viaClient(coach.client));
  const older = await api.practiceWithPool('Monday <script>alert(1)</script>', OLDER);
  await api.bout(older.pool, older.pool.players[0]!.id, older.pool.players[1]!.id, 5, 3);
  const newer = await api.practiceWithPool('Tuesday', NEWER);
  // Another coach's practice: its names never show on this coach's pages, whatever the cookie says.
  const other = seed(viaClient((await signedUpCoach('other-page')).client));
  const hidden = await other.practiceWithPool('Hidden', ['Zelda Hiddenname', 'Yann Hiddenname']);

  const page = (path: string, cookies: Record<string, string> = {}, headers: Record<string, string> = {}, client = coach.client) => {
    const saved = new Map(client.cookies);
    for (const [k, v] of Object.entries(cookies)) client.cookies.set(k, v);
    return client.requestIn(pageBindings, 'GET', path, undefined, headers).finally(() => (client.cookies = saved));
  };

  it('the device\'s current practice (its cookie) comes rendered: names, scores, and the data it came from', async () => {
    const res = await page('/individual-practice', { [PRACTICE_COOKIE]: older.practice.id });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('vary')).toContain('Cookie');
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
    const html = await res.text();
    for (const name of OLDER) expect(html).toContain(name.toUpperCase());
    expect(html).toMatch(/data-testid="cell-1-2">V5</);
    expect(html).toMatch(/data-testid="cell-2-1">D3</);
    expect(html).not.toContain('<script>alert(1)');
    // Nothing in it takes a tap until the page has taken it over.
    expect(html).toContain('<div id="root" inert>');
    expect(html).toContain('Monday &lt;script&gt;alert(1)&lt;/script&gt;');
    const data = embedded(html)!;
    expect(data.practiceId).toBe(older.practice.id);
    expect(data.session.user?.email).toBe(coach.email);
    expect(data.practices.map((p) => p.id).sort()).toEqual([older.practice.id, newer.practice.id].sort());
    expect(data.snapshot.pools[0]!.players.map((p) => p.name)).toEqual(OLDER.map((n) => n.toUpperCase()));
    expect(data.snapshot.mark).toMatch(/^\w+:\d+$/);
    // The only inline scripts are data: the CSP runs none.
    expect(html.match(/<script(?![^>]*(type="application\/json"|src=))[^>]*>/g)).toBeNull();
  });

  it('with no cookie, or one naming a practice that is not the coach\'s, the newest practice is rendered, as the app picks it', async () => {
    for (const cookie of [undefined, hidden.practice.id, '../../etc', 'x'.repeat(300)]) {
      const html = await (await page('/individual-practice', cookie === undefined ? {} : { [PRACTICE_COOKIE]: cookie })).text();
      const data = embedded(html)!;
      expect(data.practiceId, cookie).toBe(data.practices[0]!.id);
      for (const name of ['Zelda Hiddenname', 'Yann Hiddenname']) expect(html.toUpperCase(), cookie).not.toContain(name.toUpperCase());
    }
    const html = await (await page('/individual-practice')).text();
    expect(embedded(html)!.practiceId).toBe(newer.practice.id);
    for (const name of NEWER) expect(html).toContain(name.toUpperCase());
  });

  it('every rendered screen answers its own rows', async () => {
    const results = await (await page('/pool-results', { [PRACTICE_COOKIE]: older.practice.id })).text();
    expect(results.match(/data-testid="result-row"/g)?.length).toBe(3);
    for (const path of RENDERED_PRACTICE_SCREENS) {
      const html = await (await page(path, { [PRACTICE_COOKIE]: older.practice.id })).text();
      expect(embedded(html)?.practiceId, path).toBe(older.practice.id);
      expect(html, path).toContain('data-testid="practice-name"');
    }
  });

  it('nobody, a forged or expired sign-in, a coach with no practice: the plain app, no names, never a 500', async () => {
    const stranger = new Client();
    const forged = new Client();
    forged.cookies.set('piste_access', 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.bad');
    const empty = await signedUpCoach('empty-page');
    for (const client of [stranger, forged, empty.client]) {
      const res = await page('/individual-practice', { [PRACTICE_COOKIE]: older.practice.id }, {}, client);
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(html).toContain('<div id="root"></div>');
      expect(embedded(html)).toBeNull();
      for (const name of OLDER) expect(html.toUpperCase()).not.toContain(name.toUpperCase());
    }
  });

  it('after the access token\'s 15 minutes: the page fetches a fresh one by the resume and comes back rendered, its query kept', async () => {
    const returning = await signedUpCoach('resume-page');
    const mine = await seed(viaClient(returning.client)).practiceWithPool('Wednesday', ['Gina Back', 'Hugo Back']);
    const device = returning.client;
    const refresh = device.cookies.get('piste_refresh');
    device.cookies.delete('piste_access');
    const first = await device.requestIn(pageBindings, 'GET', '/pool-results?lang=fr');
    expect(first.status).toBe(303);
    expect(first.headers.get('location')).toBe('/api/auth/resume?to=%2Fpool-results%3Flang%3Dfr');
    expect(first.headers.get('cache-control')).toBe('no-store');
    const resumed = await device.request('GET', first.headers.get('location')!);
    expect(resumed.status).toBe(303);
    expect(resumed.headers.get('location')).toBe('/pool-results?lang=fr');
    expect(resumed.headers.get('cache-control')).toBe('no-store');
    // A fresh pair, the refresh token rotated as the app's own refresh does.
    expect(device.cookies.has('piste_access')).toBe(true);
    expect(device.cookies.get('piste_refresh')).not.toBe(refresh);
    const back = await device.requestIn(pageBindings, 'GET', resumed.headers.get('location')!);
    expect(back.status).toBe(200);
    const html = await back.text();
    expect(embedded(html)!.practiceId).toBe(mine.practice.id);
    expect(embedded(html)!.lang).toBe('fr');
    expect(html).toContain('GINA BACK');
    // A session from before the third cookie existed (a refresh token, no sign of it on pages): the plain app, as before.
    device.cookies.delete('piste_access');
    device.cookies.delete('piste_signed_in');
    const plain = await device.requestIn(pageBindings, 'GET', '/pool-results');
    expect(plain.status).toBe(200);
    expect(embedded(await plain.text())).toBeNull();
  });

  it('a session that cannot be resumed (revoked, forged, none) is forgotten: one round to the plain app, never a loop', async () => {
    const signedOut = await signedUpCoach('resume-revoked');
    const kept = new Map(signedOut.client.cookies);
    await signedOut.client.api.auth.signout.$post();
    const revoked = new Client();
    for (const name of ['piste_refresh', 'piste_signed_in']) revoked.cookies.set(name, kept.get(name)!);
    const forged = new Client();
    forged.cookies.set('piste_refresh', 'x'.repeat(43));
    forged.cookies.set('piste_signed_in', '1');
    const none = new Client();
    none.cookies.set('piste_signed_in', '1');
    for (const [label, client] of [['revoked', revoked], ['forged', forged], ['none', none]] as const) {
      const first = await client.requestIn(pageBindings, 'GET', '/tableau');
      expect(first.status, label).toBe(303);
      const resumed = await client.request('GET', first.headers.get('location')!);
      expect(resumed.status, label).toBe(303);
      expect(resumed.headers.get('location'), label).toBe('/tableau');
      expect(client.cookies.has('piste_access'), label).toBe(false);
      expect(client.cookies.has('piste_signed_in'), label).toBe(false);
      const page = await client.requestIn(pageBindings, 'GET', '/tableau');
      expect(page.status, label).toBe(200);
      expect(await page.text(), label).toContain('<div id="root"></div>');
    }
  });

  it('another site\'s link to the resume rotates nothing: without this site\'s Strict cookie it only sends the browser back', async () => {
    const { client } = await signedUpCoach('resume-cross-site');
    const refresh = client.cookies.get('piste_refresh');
    // A navigation from another site carries the Lax refresh cookie, never the Strict one.
    client.cookies.delete('piste_signed_in');
    client.cookies.delete('piste_access');
    const res = await client.request('GET', '/api/auth/resume?to=%2Ftableau');
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/tableau');
    expect(res.headers.getSetCookie()).toEqual([]);
    expect(client.cookies.get('piste_refresh')).toBe(refresh);
  });

  it('the resume goes back to a rendered screen of this site only, whatever its link names', async () => {
    const target = async (to: string) => (await new Client().request('GET', `/api/auth/resume?to=${encodeURIComponent(to)}`)).headers.get('location');
    for (const to of ['https://evil.example/x', '//evil.example', '/\\evil.example', '/api/account/backup', '/practices/../tableau', '/tableau\r\nSet-Cookie: x=1', `/tableau?${'a'.repeat(600)}`, '/tableau?x= y', '']) {
      expect(await target(to), to).toBe('/practices');
    }
    expect(await target('/final-results?round=2')).toBe('/final-results?round=2');
    expect((await new Client().request('GET', '/api/auth/resume')).headers.get('location')).toBe('/practices');
  });

  it('renders for this device\'s screen: its cookie, else a phone\'s browser says so, else wide', async () => {
    const narrow = await (await page('/tableau', { [SCREEN_COOKIE]: 'narrow' })).text();
    expect(embedded(narrow)!.wide).toBe(false);
    const phone = await (await page('/tableau', {}, { 'user-agent': 'Mozilla/5.0 (Linux; Android 14) Mobile Safari/537.36' })).text();
    expect(embedded(phone)!.wide).toBe(false);
    const hinted = await (await page('/tableau', {}, { 'sec-ch-ua-mobile': '?1' })).text();
    expect(embedded(hinted)!.wide).toBe(false);
    const wideCookie = await (await page('/tableau', { [SCREEN_COOKIE]: 'wide' }, { 'sec-ch-ua-mobile': '?1' })).text();
    expect(embedded(wideCookie)!.wide).toBe(true);
    expect(embedded(await (await page('/tableau', { [SCREEN_COOKIE]: 'bogus' })).text())!.wide).toBe(true);
  });

  it('writes numbers as the visitor\'s browser does (de-CH 0.50, de 0,50), so the page hydrates what it got', async () => {
    const ratios = (html: string) => [...html.matchAll(/data-stat="Ratio">([^<]*)</g)].map((m) => m[1]);
    const swiss = await (await page('/individual-practice', { [PRACTICE_COOKIE]: older.practice.id, [LANGUAGE_COOKIE]: 'de' }, { 'accept-language': 'de-CH,de;q=0.9' })).text();
    expect(ratios(swiss)).toEqual(['1.00', '0.00', '0.00']);
    const german = await (await page('/individual-practice', { [PRACTICE_COOKIE]: older.practice.id, [LANGUAGE_COOKIE]: 'de' }, { 'accept-language': 'de' })).text();
    expect(ratios(german)).toEqual(['1,00', '0,00', '0,00']);
  });

  it('keeps the address\'s query (a referee\'s bout reopened on a reload), and without the app\'s files answers 404, never a 500', async () => {
    const html = await (await page('/individual-practice?lang=fr', { [PRACTICE_COOKIE]: older.practice.id })).text();
    expect(embedded(html)!.lang).toBe('fr');
    const bare = await coach.client.requestIn({ ASSETS: undefined }, 'GET', '/pool-results');
    expect(bare.status).toBe(404);
  });

  it('paints from its HTML alone: the stylesheet inline, the app\'s scripts after the screen; a stylesheet not read is read again', async () => {
    let stylesheet = false;
    let stylesheetReads = 0;
    const index = '<!doctype html><html lang="en"><head><script type="module" crossorigin src="/assets/app-1.js"></script>'
      + '<link rel="modulepreload" crossorigin href="/assets/chunk-1.js"><link rel="stylesheet" crossorigin href="/assets/app-1.css"></head>'
      + '<body><div id="root"></div></body></html>';
    const assets = {
      fetch: async (request: Request) => {
        if (new URL(request.url).pathname !== '/assets/app-1.css') return new Response(index, { headers: { 'content-type': 'text/html' } });
        stylesheetReads++;
        return stylesheet ? new Response('.cell{color:teal}', { headers: { 'content-type': 'text/css' } }) : new Response('unavailable', { status: 503 });
      },
    };
    const load = async () => {
      const saved = new Map(coach.client.cookies);
      coach.client.cookies.set(PRACTICE_COOKIE, older.practice.id);
      return (await coach.client.requestIn({ ASSETS: assets as unknown as Fetcher }, 'GET', '/pool-results').finally(() => (coach.client.cookies = saved))).text();
    };
    // The stylesheet could not be read: the page links it, and is drawn all the same.
    const linked = await load();
    expect(linked).toContain('<link rel="stylesheet" crossorigin href="/assets/app-1.css">');
    expect(linked).toContain(OLDER[0]!.toUpperCase());
    stylesheet = true;
    const html = await load();
    expect(html).toContain('<style>.cell{color:teal}</style>');
    expect(html).not.toContain('rel="stylesheet"');
    // The screen, then its data, then the app's code, which takes it over.
    const [screen, data, app, preload] = [html.indexOf('<div id="root" inert>'), html.indexOf(`id="${PRACTICE_DATA_ID}"`), html.indexOf('src="/assets/app-1.js"'), html.indexOf('href="/assets/chunk-1.js"')];
    expect(screen).toBeGreaterThan(html.indexOf('</head>'));
    expect(data).toBeGreaterThan(screen);
    expect(app).toBeGreaterThan(data);
    expect(preload).toBeGreaterThan(data);
    expect(html.indexOf(OLDER[0]!.toUpperCase())).toBeLessThan(data);
    // Once inlined, the page's frame is kept: the next page reads no stylesheet, and is the same.
    expect(stylesheetReads).toBe(2);
    const again = await load();
    expect(stylesheetReads).toBe(2);
    expect(again).toContain('<style>.cell{color:teal}</style>');
  });

  it('renders in the language this device chose (its cookie), else the browser\'s', async () => {
    const french = await (await page('/pool-results', { [LANGUAGE_COOKIE]: 'fr' }, { 'accept-language': 'de' })).text();
    expect(embedded(french)!.lang).toBe('fr');
    expect(french).toContain('<html lang="fr"');
    const german = await (await page('/pool-results', {}, { 'accept-language': 'de-CH,de;q=0.9' })).text();
    expect(embedded(german)!.lang).toBe('de');
    const english = await (await page('/pool-results', { [LANGUAGE_COOKIE]: 'xx' })).text();
    expect(embedded(english)!.lang).toBe('en');
  });
});
