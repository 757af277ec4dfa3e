import { describe, expect, it } from 'vitest';
import { seed, viaClient } from '../helpers/seed';
import { closeAll, crowd, venueV4 } from '../helpers/crowd';
import { sharedPractice } from './helpers';

/** Every spectator gets the board (issue 55): a venue's crowd behind one address is live. */
describe('a crowd behind one IPv4 address', () => {
  it('500 spectators behind one IPv4 address open a practice’s board: all live, and a bout reaches every one', async () => {
    const { client, practice, pool } = await sharedPractice();
    const address = venueV4();
    const phones = await crowd(address, `board=${practice.board_id}`, 500);
    expect(phones).toHaveLength(500);
    const [a, b] = pool.players;
    await seed(viaClient(client)).bout(pool, a!.id, b!.id, 5, 2);
    await Promise.all(phones.map((s) => s.waitFor((m) => m.type === 'bout', 10_000)));
    closeAll(phones);
  }, 60_000);
});
