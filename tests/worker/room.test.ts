import { env, runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { getRoom } from '../../worker/room/room';
import type { PracticeRoom } from '../../worker/room/practice-room';
import { migrateRoom, PRACTICE_TABLES, ROOM_STEPS } from '../../worker/room/schema';
import { openSocket } from '../helpers/sockets';
import { Client, signedUpCoach } from '../helpers/worker-client';
import { seed, viaClient } from '../helpers/seed';
import { expectAnswer } from '../helpers/api-client';

const practiceOf = (client: Client, name = 'Tuesday') => seed(viaClient(client)).practice(name);

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
      const updated = await expectAnswer(client.api.practices[':practiceId']['room-code'].$post({ param: { practiceId: practice.id } }));
      for (const s of [a1, a2]) {
        const msg = await s.waitFor((m) => m.type === 'practice');
        expect(msg).toMatchObject({ type: 'practice', practice: { id: practice.id, room_code: updated.room_code } });
      }
      // Only what a coach's socket is sent as it opens: hello, the day's calls (none: the practice is in no day), who is in the room.
      // Only what every socket is sent as it opens: hello, then the day's calls (none: the practice is in no day).
      expect(b.messages).toEqual([expect.objectContaining({ type: 'hello' }), { type: 'day-calls', practiceId: expect.any(String), calls: null }, expect.objectContaining({ type: 'presence' })]);
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

describe("the room's own tables (issue 26)", () => {
  it('a new room has its tables at the latest step; a room that kept key-value pairs moves them in once', async () => {
    const stub = env.PRACTICE_ROOM.get(env.PRACTICE_ROOM.idFromName(`legacy-${Date.now()}`));
    await runInDurableObject(stub, async (room: PracticeRoom, state) => {
      const { sql } = state.storage;
      expect(sql.exec<{ version: number }>('SELECT version FROM room_schema').one().version).toBe(ROOM_STEPS.length);
      // As a room deployed before its tables: no tables, its state in key-value pairs.
      for (const table of ['room', 'guests', 'refereed_bouts', 'referee_choices', 'room_schema', 'applied_writes', 'archive_dirty', 'result_checks', 'result_audit', 'barrage_bouts', ...[...PRACTICE_TABLES].reverse()]) sql.exec(`DROP TABLE ${table}`);
      const expiresAt = Date.now() + 60_000;
      await state.storage.put({
        practiceId: 'practice-1',
        epoch: 4,
        board: 'board-1',
        'guest:s1': { name: 'Dana', joinedAt: 1_000, expiresAt },
        'guest:s2': { name: 'Gone', joinedAt: 500, expiresAt: Date.now() - 1 },
        'duty:pool-1': { 'a:b': 'c' },
      });
      expect(await migrateRoom(state.storage)).toBe(ROOM_STEPS.length);
      expect(await room.hasGuest('s1')).toBe(true);
      expect(await room.hasGuest('s2')).toBe(false);
      expect((await room.presence()).guests).toEqual([{ id: 's1', name: 'Dana', joined_at: 1_000 }]);
      // The epoch came along: a registration naming an older one is refused.
      expect(await room.addGuest('s3', 'Late', 3, expiresAt, 'practice-1')).toBe('void');
      expect(sql.exec('SELECT practice_id, guest_epoch, board_id FROM room').one()).toEqual({ practice_id: 'practice-1', guest_epoch: 4, board_id: 'board-1' });
      expect(sql.exec('SELECT pool_id, chosen FROM referee_choices').toArray()).toEqual([{ pool_id: 'pool-1', chosen: '{"a:b":"c"}' }]);
      // The pairs are gone, and a second run changes nothing.
      expect([...(await state.storage.list()).keys()]).toEqual([]);
      expect(await migrateRoom(state.storage)).toBe(ROOM_STEPS.length);
      expect(await room.hasGuest('s1')).toBe(true);
    });
  });
});
