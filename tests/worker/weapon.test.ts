import { describe, expect, it } from 'vitest';
import type { Practice } from '../../core/contracts/practices';
import { joinAsGuest } from '../helpers/guests';
import { Client, json, signedUpCoach } from '../helpers/worker-client';
import { expectRefusal } from '../helpers/api-client';

interface Pool {
  id: string;
  players: { id: string }[];
}

describe('a practice’s weapon (issue 18)', () => {
  it('is chosen at creation (épée when none is said) and shown to guests and on the board', async () => {
    const { client } = await signedUpCoach();
    const plain = await json<Practice>(await client.api.practices.$post({ json: { practice_type: 'individual', name: 'Old client' } }));
    expect(plain.weapon).toBe('epee');
    const sabre = await json<Practice>(await client.api.practices.$post({ json: { practice_type: 'individual', name: 'Sabre night', weapon: 'sabre' } }));
    expect(sabre.weapon).toBe('sabre');
    const shared = await json<Practice>(await client.api.practices[':practiceId'].sharing.$post({ param: { practiceId: sabre.id }, json: { enabled: true } }));
    const { answer } = await joinAsGuest(shared.room_code);
    expect(answer.tournaments).toBeDefined();
    expect((await json<{ practice: { weapon: string } }>(await new Client().get(`/api/board/${shared.board_id}`))).practice.weapon).toBe('sabre');
    expect(await expectRefusal(client.post('/api/practices', { practice_type: 'individual', name: 'x', weapon: 'lance' }), 400)).toEqual({ error: 'Choose épée, foil or sabre', code: 'choose_weapon' });
  });

  it('changes until a bout has a result, then is refused with 409 and stays as it was', async () => {
    const { client } = await signedUpCoach();
    const practice = await json<Practice>(await client.api.practices.$post({ json: { practice_type: 'individual', name: 'Foil?' } }));
    const changed = await client.request('PUT', `/api/practices/${practice.id}/weapon`, { weapon: 'foil' });
    expect(changed.status).toBe(200);
    expect((await json<Practice>(changed)).weapon).toBe('foil');
    const { pools } = await json<{ pools: Pool[] }>(await client.api.practices[':practiceId'].pools.generate.$post({ param: { practiceId: practice.id }, json: { method: 'single', entries: [{ name: 'A' }, { name: 'B' }] } }));
    // Pools drawn but nothing fenced: still free to change.
    expect((await client.request('PUT', `/api/practices/${practice.id}/weapon`, { weapon: 'epee' })).status).toBe(200);
    const [a, b] = pools[0]!.players;
    expect((await client.api.pools[':poolId'].bouts.$post({ param: { poolId: pools[0]!.id }, json: { player1_id: a!.id, player2_id: b!.id, score1: 5, score2: 3, version: 0 } })).status).toBe(200);
    expect(await expectRefusal(client.request('PUT', `/api/practices/${practice.id}/weapon`, { weapon: 'sabre' }), 409)).toEqual({ error: 'The weapon can no longer change: a bout of this practice has a result.', code: 'weapon_fixed' });
    expect((await json<Practice>(await client.api.practices[':practiceId'].$get({ param: { practiceId: practice.id } }))).weapon).toBe('epee');
  });

  it('is the coach’s alone: a guest gets 403, another coach 404, nobody 401, a bad weapon 400', async () => {
    const { client } = await signedUpCoach();
    const practice = await json<Practice>(await client.api.practices.$post({ json: { practice_type: 'individual', name: 'Mine' } }));
    const shared = await json<Practice>(await client.api.practices[':practiceId'].sharing.$post({ param: { practiceId: practice.id }, json: { enabled: true } }));
    const { guest } = await joinAsGuest(shared.room_code);
    const url = `/api/practices/${practice.id}/weapon`;
    expect((await guest.request('PUT', url, { weapon: 'foil' })).status).toBe(403);
    const { client: other } = await signedUpCoach();
    expect((await other.request('PUT', url, { weapon: 'foil' })).status).toBe(404);
    expect((await new Client().request('PUT', url, { weapon: 'foil' })).status).toBe(401);
    for (const body of [{}, { weapon: 'EPEE' }, { weapon: 3 }, { weapon: 'foil'.repeat(1000) }]) {
      const res = await client.request('PUT', url, body);
      expect(res.status, JSON.stringify(body).slice(0, 40)).toBe(400);
    }
    expect((await json<Practice>(await client.api.practices[':practiceId'].$get({ param: { practiceId: practice.id } }))).weapon).toBe('epee');
  });
});
