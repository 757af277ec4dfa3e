import { describe, expect, it } from 'vitest';
import { BOARD_DATA_ID, type EmbeddedBoard } from '../../core/board-page';
import { Client, pageBindings, signedUpCoach } from '../helpers/worker-client';
import { seed, viaClient } from '../helpers/seed';
import { openSocket } from '../helpers/sockets';

// Issue 29: a live board's page (/live/{board id}, its tabs, /tv) comes with the board rendered in it.

const NAMES = ['Ada Lovelace', 'Bruno Marchetti', 'Chloé Durand'];

const page = (path: string, client = new Client()) => client.requestIn(pageBindings, 'GET', path);
const pageIn = (path: string, headers: Record<string, string>) => new Client().requestIn(pageBindings, 'GET', path, undefined, headers).then((r) => r.text());

const embeddedData = (html: string): EmbeddedBoard | null => {
  const match = html.match(new RegExp(`<script type="application/json" id="${BOARD_DATA_ID}"[^>]*>(.*?)</script>`, 's'));
  return match ? (JSON.parse(match[1]!) as EmbeddedBoard) : null;
};
/** The page's data when it came with a board. */
const embedded = (html: string) => {
  const data = embeddedData(html);
  return data?.board ? { ...data, board: data.board } : null;
};

describe('the live board page', async () => {
  const coach = await signedUpCoach('board');
  const api = seed(viaClient(coach.client));
  const { practice, pool } = await api.practiceWithPool('Thursday <script>alert(1)</script>', NAMES);
  await api.bout(pool, pool.players[0]!.id, pool.players[1]!.id, 5, 2);
  const shared = await api.share(practice.id);
  // Another coach's practice, not shared: its names must never show on any page.
  const other = seed(viaClient((await signedUpCoach('other')).client));
  const { practice: hidden } = await other.practiceWithPool('Hidden', ['Zelda Hiddenname']);

  it('a shared board answers its pools rendered: every fencer, the score, and the snapshot it came from', async () => {
    const res = await page(`/live/${shared.board_id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
    const html = await res.text();
    for (const name of NAMES) expect(html).toContain(name.toUpperCase());
    expect(html).toMatch(/data-testid="cell-1-2">V5</);
    expect(html).toMatch(/data-testid="cell-2-1">D2</);
    // The name is text, never markup; the embedded snapshot cannot close its script.
    expect(html).not.toContain('<script>alert(1)');
    const data = embedded(html)!;
    expect(data.boardId).toBe(shared.board_id);
    expect(data.board.practice.name).toBe('Thursday <script>alert(1)</script>');
    expect(data.board.pools[0]!.players.map((p) => p.name)).toEqual(NAMES.map((n) => n.toUpperCase()));
    // The only inline scripts are data: the CSP runs none, and the page needs none.
    expect(html.match(/<script(?![^>]*(type="application\/json"|src=))[^>]*>/g)).toBeNull();
  });

  it('its TV view and its tabs come rendered too', async () => {
    const tv = await (await page(`/live/${shared.board_id}/tv`)).text();
    expect(tv).toContain('data-testid="tv-grid"');
    for (const name of NAMES) expect(tv).toContain(name.toUpperCase());
    for (const tab of ['results', 'tableau', 'final']) {
      const html = await (await page(`/live/${shared.board_id}/${tab}`)).text();
      expect(html).toContain('data-testid="practice-name"');
      expect(embedded(html)?.boardId).toBe(shared.board_id);
    }
  });

  it('an unknown, unshared or malformed board id, or a guest room code, answers the plain app: no names, no 500; an unshared one says it waits', async () => {
    // Looked up and not found: the page is told so (it says "unavailable" without a second lookup under the limiter).
    const looked = [`/live/${'x'.repeat(22)}`, `/live/${hidden.board_id}`, `/live/${hidden.board_id}/tv`];
    // Not a board's address at all (a room code's six digits included): never looked up.
    const malformed = [`/live/${shared.room_code}`, '/live/not%20an%20id', `/live/${shared.board_id}/elsewhere`];
    for (const path of [...looked, ...malformed]) {
      const res = await page(path);
      expect(res.status, path).toBe(200);
      const html = await res.text();
      expect(html, path).toContain('<div id="root"></div>');
      expect(embedded(html), path).toBeNull();
      expect(embeddedData(html)?.board, path).toBe(looked.includes(path) ? null : undefined);
      // A right link of a practice that does not share right now: the page waits for sharing to come back.
      expect(embeddedData(html)?.paused, path).toBe(path.includes(hidden.board_id) ? true : undefined);
      for (const name of [...NAMES, 'Zelda Hiddenname']) expect(html.toUpperCase(), path).not.toContain(name.toUpperCase());
    }
  });

  it('a board that stops being shared stops rendering', async () => {
    const { practice: p } = await api.practiceWithPool('Brief', ['Eve Shortlived', 'Finn Shortlived']);
    const on = await api.share(p.id);
    expect(await (await page(`/live/${on.board_id}`)).text()).toContain('EVE SHORTLIVED');
    await api.share(p.id, false);
    const html = await (await page(`/live/${on.board_id}`)).text();
    expect(html).not.toContain('EVE SHORTLIVED');
    expect(embedded(html)).toBeNull();
    expect(embeddedData(html)).toMatchObject({ board: null, paused: true });
  });

  it('the socket\'s hello says whether the room changed since the page was rendered (a page catches up only then)', async () => {
    const { practice: p2, pool: pool2 } = await api.practiceWithPool('Mark night', ['Ivo Mark', 'Jan Mark', 'Kai Mark']);
    const board = await api.share(p2.id);
    const rendered = embedded(await (await page(`/live/${board.board_id}`)).text())!;
    expect(rendered.board.mark).toMatch(/^\w+:\d+$/);
    const first = (await openSocket(new Client(), `board=${board.board_id}`)).socket!;
    expect(await first.waitFor((m) => m.type === 'hello')).toMatchObject({ mark: rendered.board.mark });
    // A score saved while a second page's code loads: its socket's hello has moved on.
    await api.bout(pool2, pool2.players[0]!.id, pool2.players[1]!.id, 5, 1);
    const second = (await openSocket(new Client(), `board=${board.board_id}`)).socket!;
    const hello = await second.waitFor((m) => m.type === 'hello');
    expect(hello.type === 'hello' && hello.mark).not.toBe(rendered.board.mark);
    first.ws.close();
    second.ws.close();
  });

  it('paints in the visitor\'s language: ?lang= first, then Accept-Language, else English', async () => {
    const french = await pageIn(`/live/${shared.board_id}`, { 'accept-language': 'fr-CA,fr;q=0.9,en;q=0.5' });
    expect(embedded(french)!.lang).toBe('fr');
    expect(french).toContain('<html lang="fr"');
    expect(french).toContain('Vue TV');
    expect(french).not.toContain('TV view');
    const german = await pageIn(`/live/${shared.board_id}?lang=de`, { 'accept-language': 'fr' });
    expect(embedded(german)!.lang).toBe('de');
    const unknown = await pageIn(`/live/${shared.board_id}`, { 'accept-language': 'pt-BR, ja' });
    expect(embedded(unknown)!.lang).toBe('en');
    expect(unknown).toContain('TV view');
  });
});
