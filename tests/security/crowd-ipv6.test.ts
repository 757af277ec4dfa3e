import { describe, it } from 'vitest';
import { seed, viaClient } from '../helpers/seed';
import { closeAll, crowd, venueV6 } from '../helpers/crowd';
import { sharedPractice } from './helpers';

/** Every spectator gets the board (issue 55): a venue's crowd behind one address is live. */
describe('a crowd behind one IPv6 /64', () => {
  it('500 spectators behind one IPv6 /64 are all live too', async () => {
    const { client, practice, pool } = await sharedPractice();
    const phones = await crowd(venueV6(), `board=${practice.board_id}`, 500);
    const [a, , c] = pool.players;
    await seed(viaClient(client)).bout(pool, a!.id, c!.id, 5, 4);
    await Promise.all(phones.map((s) => s.waitFor((m) => m.type === 'bout', 10_000)));
    closeAll(phones);
  }, 60_000);
});
