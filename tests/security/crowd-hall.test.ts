import { describe, it } from 'vitest';
import { sharedDay } from '../helpers/day-scene';
import { closeAll, crowd, venueV4 } from '../helpers/crowd';

/** Every spectator gets the board (issue 55): a venue's crowd behind one address is live. */
describe('a crowd behind one address on the hall board', () => {
  it('500 hall boards behind one address are all live, and hear the day change', async () => {
    const { day, api } = await sharedDay();
    const boards = await crowd(venueV4(), `hall=${day.board_id}`, 500);
    await Promise.all(boards.map((s) => s.waitFor((m) => m.type === 'day', 10_000)));
    const heard = boards.map((s) => s.messages.length);
    await api.pistes.$put({ param: { dayId: day.id }, json: { pistes: [{ name: '1', final: true }, { name: '2' }, { name: '3' }] } });
    await Promise.all(boards.map((s, i) => s.waitFor((m) => m.type === 'day' && s.messages.length > heard[i]! && m.day.pistes.length === 3, 10_000)));
    closeAll(boards);
  }, 60_000);
});
