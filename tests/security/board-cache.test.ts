import { env, runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { BOARD_MARK_HEADER } from '../../core/board-page';
import { getRoom } from '../../worker/room/room';
import type { PracticeRoom } from '../../worker/room/practice-room';
import { seed, viaClient } from '../helpers/seed';
import { Client } from '../helpers/worker-client';
import { sharedPractice } from './helpers';

/**
 * A board's reads come from the edge (issue 55): a reload storm of boards costs the practice's room one read per
 * change mark, not one per board, and the cache never answers for a link the index no longer shares.
 */
const roomReads = (practiceId: string) => runInDurableObject(getRoom(env, practiceId), (room: PracticeRoom) => room.snapshotsRead);
const roomMark = (practiceId: string) => runInDurableObject(getRoom(env, practiceId), (room: PracticeRoom) => room.changeMark());
const readBoard = (boardId: string, mark?: string) => new Client().api.board[':boardId'].$get({ param: { boardId } }, { headers: mark ? { [BOARD_MARK_HEADER]: mark } : {} });

describe('a reload storm of boards', () => {
  it('200 boards reloading at once cost the room one read; after a bout, 200 reads at its mark cost one more', async () => {
    const { client, practice, pool } = await sharedPractice();
    const before = await roomReads(practice.id);
    const storm = await Promise.all(Array.from({ length: 200 }, () => readBoard(practice.board_id)));
    expect(storm.every((r) => r.status === 200)).toBe(true);
    expect(await roomReads(practice.id)).toBe(before + 1);

    const [a, b] = pool.players;
    await seed(viaClient(client)).bout(pool, a!.id, b!.id, 5, 1);
    const mark = await roomMark(practice.id);
    const again = await Promise.all(Array.from({ length: 200 }, () => readBoard(practice.board_id, mark)));
    const bodies = await Promise.all(again.map((r) => r.json()));
    // Every board has the bout, read once.
    expect(bodies.every((body) => body.pools[0]!.bouts.some((bout) => bout.score1 === 5 && bout.score2 === 1))).toBe(true);
    expect(await roomReads(practice.id)).toBe(before + 2);
  });

  it('a replaced link, or sharing turned off, is answered by the index before the cache', async () => {
    const { client, practice } = await sharedPractice();
    expect((await readBoard(practice.board_id)).status).toBe(200);
    const api = client.api.practices[':practiceId'];
    await api.sharing.$post({ param: { practiceId: practice.id }, json: { enabled: false } });
    expect((await readBoard(practice.board_id)).status).toBe(409);
    await api.sharing.$post({ param: { practiceId: practice.id }, json: { enabled: true } });
    const replaced = await api.board.$post({ param: { practiceId: practice.id } });
    expect(replaced.status).toBe(200);
    expect((await readBoard(practice.board_id)).status).toBe(404);
  });

  it('a mark that is not one is ignored: the board is read as without one', async () => {
    const { practice } = await sharedPractice();
    for (const mark of ['../../etc', 'x'.repeat(4_000), 'a:b']) expect((await readBoard(practice.board_id, mark)).status).toBe(200);
  });
});
