import { describe, expect, it } from 'vitest';
import { errorBody } from '../../core/messages';
import { touch } from '../../core/fencing/referee';
import type { RefereeClaim, RefereeTarget } from '../../core/refereeing';
import { joinAsGuest } from '../helpers/guests';
import { json, type Client } from '../helpers/worker-client';
import { sharedPractice } from '../security/helpers';
import { expectRefusal } from '../helpers/api-client';

/** A view id as the app makes one (24 hex digits): the phone's own word, which any guest can send. */
const RITA_VIEW = '0123456789abcdef01234567';

describe('referee desk: a claim from the holder’s view id is the holder’s only (issue 54)', () => {
  it('a second guest sending the holder’s view id is refused with the holder’s name; the holder still reclaims and scores', async () => {
    const { client, practice, pool } = await sharedPractice(['ann', 'bob', 'cleo']);
    const [ann, bob] = pool.players;
    const target: RefereeTarget = { kind: 'pool', pool_id: pool.id, a: ann!.id, b: bob!.id };
    const base = `/api/practices/${practice.id}/referee`;
    const claim = (c: Client, view: string) => c.post(`${base}/claim`, { target, view });
    const { guest: rita } = await joinAsGuest(practice.room_code, 'Rita');
    const { guest: mallory } = await joinAsGuest(practice.room_code, 'Mallory');

    const held = await json<RefereeClaim>(await claim(rita, RITA_VIEW));
    expect(held.bout.referee).toBe('Rita');
    const one = touch(held.refereeing.state, 'left', Date.now());
    const { format: _format, ...state } = one;
    expect((await rita.request('PUT', base, { target, view: RITA_VIEW, seq: held.seq + 1, sent_at: Date.now(), state, past: [] })).status).toBe(200);

    // The attack: another guest of the same practice sends Rita's view id.
    expect(await expectRefusal(claim(mallory, RITA_VIEW), 409)).toEqual(errorBody('Rita is refereeing this bout. Ask them to hand it over.'));
    // The coach sending it is refused the same way.
    expect((await claim(client, RITA_VIEW)).status).toBe(409);

    // Rita's phone reloads: the same view of the same guest takes the bout again as it stood, and goes on scoring.
    const again = await claim(rita, RITA_VIEW);
    expect(again.status).toBe(200);
    const resumed = await json<RefereeClaim>(again);
    expect(resumed.bout.referee).toBe('Rita');
    expect([resumed.refereeing.state.left, resumed.refereeing.state.right]).toEqual([1, 0]);
    const two = touch(resumed.refereeing.state, 'right', Date.now());
    const { format: _f, ...next } = two;
    expect((await rita.request('PUT', base, { target, view: RITA_VIEW, seq: resumed.seq + 1, sent_at: Date.now(), state: next, past: [] })).status).toBe(200);
  });

  it('the coach’s own view reclaims the coach’s bout; a guest sending the coach’s view id is refused with the coach’s name', async () => {
    const { client, practice, pool } = await sharedPractice(['ann', 'bob', 'cleo']);
    const [ann, , cleo] = pool.players;
    const target: RefereeTarget = { kind: 'pool', pool_id: pool.id, a: ann!.id, b: cleo!.id };
    const claim = (c: Client, view: string) => c.post(`/api/practices/${practice.id}/referee/claim`, { target, view });
    const { guest } = await joinAsGuest(practice.room_code, 'Dana');

    expect((await claim(client, 'coach-view')).status).toBe(200);
    expect(await expectRefusal(claim(guest, 'coach-view'), 409)).toEqual(errorBody('Coach is refereeing this bout. Ask them to hand it over.'));
    const again = await claim(client, 'coach-view');
    expect(again.status).toBe(200);
    expect((await json<RefereeClaim>(again)).bout.referee).toBe('Coach');
  });
});
