import { describe, expect, it } from 'vitest';
import { resolveTableau } from '../../core/fencing/tableau';
import { joinAsGuest } from '../helpers/guests';
import { expectAnswer, expectRefusal } from '../helpers/api-client';
import { seed, viaClient } from '../helpers/seed';
import { signedUpCoach, type Client } from '../helpers/worker-client';

/** Issue 58: a barrage at the cut, scored by the coach and guests, settles who goes on to the tableau. */
describe('a barrage at the cut', () => {
  it('is fenced by the tied fencers only, versioned and keyed, and the tableau is drawn from its result', async () => {
    const owner = await signedUpCoach('Barrage');
    const api = seed(viaClient(owner.client));
    const { practice, pool } = await api.practiceWithPool('Barrage night', ['Ann', 'Bob', 'Cleo', 'Dan']);
    const id = (name: string) => pool.players.find((p) => p.name === name.toUpperCase())!.id;
    const [ann, bob, cleo, dan] = ['Ann', 'Bob', 'Cleo', 'Dan'].map(id) as [string, string, string, string];
    // Ann wins all; Bob, Cleo and Dan each win one bout 5–4: tied on every criterion for the second place.
    for (const [a, b, s1, s2] of [[ann, bob, 5, 0], [ann, cleo, 5, 0], [ann, dan, 5, 0], [bob, cleo, 5, 4], [cleo, dan, 5, 4], [dan, bob, 5, 4]] as const) await api.bout(pool, a, b, s1, s2);
    const barrage = (client: Client, body: { player1_id: string; player2_id: string; score1: number; score2: number; version: number }, key?: string) =>
      client.api.practices[':practiceId'].bracket.barrage.$post({ param: { practiceId: practice.id }, json: body }, key ? { headers: { 'idempotency-key': key } } : undefined);

    // With ties going through (the default) there is nothing to fence.
    expect((await expectRefusal(barrage(owner.client, { player1_id: bob, player2_id: cleo, score1: 5, score2: 3, version: 0 }), 409)).code).toBe('barrage_none');
    await api.format(practice.id, { cut: { kind: 'top', value: 2 }, third_place: 'shared', places_5_8: false, ties: 'barrage' });
    const shared = await api.share(practice.id);
    const { guest } = await joinAsGuest(shared.room_code!, 'Gil');
    const tableauOf = async (client: Client) => {
      const saved = await expectAnswer(client.api.practices[':practiceId'].bracket.$get({ param: { practiceId: practice.id } }));
      return resolveTableau(await api.poolsOf(practice.id), saved);
    };
    const waiting = await tableauOf(guest);
    expect(waiting.matches).toEqual([]);
    expect(waiting.barrage?.fencers.map((f) => f.id).sort()).toEqual([bob, cleo, dan].sort());
    expect(waiting.barrage?.places).toBe(1);

    // Bounds: only tied fencers, only to 5 touches.
    expect((await expectRefusal(barrage(guest, { player1_id: ann, player2_id: bob, score1: 5, score2: 3, version: 0 }), 400)).code).toBe('barrage_fencers');
    expect((await barrage(guest, { player1_id: bob, player2_id: cleo, score1: 6, score2: 3, version: 0 })).status).toBe(400);

    // The guest scores Cleo over Bob; a replay applies once; a write over an older version is a conflict carrying the bout.
    const first = await expectAnswer(barrage(guest, { player1_id: cleo, player2_id: bob, score1: 5, score2: 3, version: 0 }, 'barrage-key-0001'));
    expect(first.barrage).toHaveLength(1);
    expect((await expectAnswer(barrage(guest, { player1_id: cleo, player2_id: bob, score1: 5, score2: 3, version: 0 }, 'barrage-key-0001'))).barrage![0]!.version).toBe(1);
    const conflict = await expectRefusal<{ error: string; current: { version: number } }>(barrage(owner.client, { player1_id: bob, player2_id: cleo, score1: 5, score2: 1, version: 0 }), 409);
    expect(conflict.current.version).toBe(1);
    await expectAnswer(barrage(owner.client, { player1_id: cleo, player2_id: dan, score1: 5, score2: 2, version: 0 }));
    expect((await tableauOf(owner.client)).matches).toEqual([]);
    await expectAnswer(barrage(guest, { player1_id: dan, player2_id: bob, score1: 5, score2: 4, version: 0 }));

    // The coach reads who scored each barrage bout.
    const { entries } = await expectAnswer(owner.client.api.practices[':practiceId'].checks.audit.$get({ param: { practiceId: practice.id }, query: { bout: `barrage.${cleo}.${bob}` } }));
    expect(entries.map((e) => `${e.role} ${e.name}`)).toEqual(['guest Gil']);

    // Fenced: Cleo (two wins) goes through with Ann; the tableau is a final.
    const drawn = await tableauOf(guest);
    expect(drawn.barrage).toBeNull();
    expect(drawn.seeds.map((s) => s.id)).toEqual([ann, cleo]);
    const final = drawn.matches.find((m) => m.player1_id && m.player2_id)!;
    await expectAnswer(owner.client.api.practices[':practiceId'].bracket.scores.$post({ param: { practiceId: practice.id }, json: { round: final.round, position: final.position, player1_id: final.player1_id!, player2_id: final.player2_id!, player1_score: 15, player2_score: 12, version: 0 } }));
    // The tableau has started: the barrage is over.
    expect((await expectRefusal(barrage(guest, { player1_id: dan, player2_id: bob, score1: 5, score2: 0, version: 1 }), 409)).code).toBe('barrage_over');
  });
});
