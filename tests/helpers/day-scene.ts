import type { Day, DaySnapshot } from '../../core/contracts/days';
import { seed, viaClient, type Entry } from './seed';
import { Client, json, signedUpCoach } from './worker-client';

/**
 * A coach's shared competition day on two pistes (1, the final's, and 2) with one event of one pool, placed:
 * the scene of the hall board's tests: Ann, Bob, Cleo and Dan (Ann from the roster, of the Lions, when asked).
 */
export async function sharedDay({ annFromRoster = false } = {}) {
  const { client } = await signedUpCoach();
  const made = seed(viaClient(client));
  const first: Entry = annFromRoster ? { athlete_id: (await made.athlete({ name: 'Ann', club: 'Lions' })).id } : 'Ann';
  const day = await json<Day>(await client.api.days.$post({ json: { name: 'Club open', date: '2026-12-05' } }));
  const api = client.api.days[':dayId'];
  await api.pistes.$put({ param: { dayId: day.id }, json: { pistes: [{ name: '1', final: true }, { name: '2' }] } });
  const { practice, pool } = await made.practiceWithPool('Sunday', [first, 'Bob', 'Cleo', 'Dan']);
  await api.events[':practiceId'].$put({ param: { dayId: day.id, practiceId: practice.id } });
  await api.placements.$post({ param: { dayId: day.id } });
  await api.$patch({ param: { dayId: day.id }, json: { board_shared: true } });
  const hall = new Client().api.hall[':boardId'];
  const entry = (name: string) => pool.players.find((p) => p.name.toUpperCase() === name.toUpperCase())!.id;
  /** The day's hall board link now. */
  const link = async () => (await json<DaySnapshot>(await api.$get({ param: { dayId: day.id } }))).day.board_id;
  const rotate = async () => (await json<DaySnapshot>(await api.board.$post({ param: { dayId: day.id } }))).day.board_id;
  const share = (on: boolean) => api.$patch({ param: { dayId: day.id }, json: { board_shared: on } });
  return { client, made, day, api, practice, pool, hall, entry, link, rotate, share };
}
