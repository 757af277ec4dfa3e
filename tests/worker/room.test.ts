import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { getRoom } from '../../worker/room/room';
import { openSocket } from '../helpers/sockets';
import { Client, json, signedUpCoach } from '../helpers/worker-client';

async function practiceOf(client: Client, name = 'Tuesday') {
  return json(await client.post('/api/practices', { practice_type: 'individual', name }));
}

describe('the practice room', () => {
  it('accepts a coach socket for their practice and delivers what the room publishes', async () => {
    const { client } = await signedUpCoach();
    const practice = await practiceOf(client);
    const { status, socket } = await openSocket(client, `practice=${practice.id}`);
    expect(status).toBe(101);
    try {
      await socket!.waitFor((m) => m.type === 'hello');
      const sent = await getRoom(env, practice.id).publish({ type: 'room-closed', reason: 'test broadcast' });
      expect(sent).toBe(1);
      const msg = await socket!.waitFor((m) => m.type === 'room-closed');
      expect(msg).toEqual({ type: 'room-closed', reason: 'test broadcast' });
    } finally {
      socket!.ws.close();
    }
  });

  it('publishes a regenerated room code to every socket of that practice only', async () => {
    const { client } = await signedUpCoach();
    const practice = await practiceOf(client, 'A');
    const other = await practiceOf(client, 'B');
    const a1 = (await openSocket(client, `practice=${practice.id}`)).socket!;
    const a2 = (await openSocket(client, `practice=${practice.id}`)).socket!;
    const b = (await openSocket(client, `practice=${other.id}`)).socket!;
    try {
      await Promise.all([a1, a2, b].map((s) => s.waitFor((m) => m.type === 'hello')));
      const updated = await json(await client.post(`/api/practices/${practice.id}/room-code`));
      for (const s of [a1, a2]) {
        const msg = await s.waitFor((m) => m.type === 'practice');
        expect(msg).toMatchObject({ type: 'practice', practice: { id: practice.id, room_code: updated.room_code } });
      }
      await new Promise((r) => setTimeout(r, 100));
      expect(b.messages.map((m) => m.type)).toEqual(['hello']);
    } finally {
      for (const s of [a1, a2, b]) s.ws.close();
    }
  });

  it('refuses a socket without a session, for another coach’s practice, or from a foreign origin', async () => {
    const { client } = await signedUpCoach();
    const practice = await practiceOf(client);
    expect((await openSocket(new Client(), `practice=${practice.id}`)).status).toBe(401);
    const { client: other } = await signedUpCoach('Other');
    expect((await openSocket(other, `practice=${practice.id}`)).status).toBe(404);
    const { SELF } = await import('cloudflare:test');
    const foreign = await SELF.fetch(`https://piste.test/api/live?practice=${practice.id}`, {
      headers: { upgrade: 'websocket', cookie: client.cookieHeader(), origin: 'https://evil.example' },
    });
    expect(foreign.status).toBe(403);
    const notUpgrade = await client.get(`/api/live?practice=${practice.id}`);
    expect(notUpgrade.status).toBe(426);
  });
});

describe('the test-only socket drop', () => {
  it('does not exist unless TEST_HOOKS is set', async () => {
    const { client } = await signedUpCoach();
    const practice = await practiceOf(client);
    const res = await client.post(`/api/live/test-drop?practice=${practice.id}`);
    expect(res.status).toBe(404);
  });
});
