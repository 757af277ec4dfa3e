// A national event's practice built through the API (issue 33): hundreds of fencers in pools of six or seven,
// every bout fenced, the tableau drawn and fenced to its final. A draw takes at most 200 fencers and 10 pools
// today, so the event is drawn in several draws of at most 10 pools; the pools are then named Pool 1…n in
// order (one name each, whether or not the draws continue the numbering).
import type { PoolSnapshot } from '../../core/contracts/pools';
import { resolveTableau } from '../../core/fencing/tableau';
import { apiOver, expectAnswer, type Fetch } from './api-client';
import { seed } from './seed';

const FAMILY = ['Moreau', 'Yamada', 'Okafor', 'Lindqvist', 'Castillo', 'Nakamura', 'Petrov', 'Dubois', 'Peña', 'Øster', 'Müller', 'Rossi', 'Kowalski', 'Ferreira', 'Novák', 'Schmidt', 'García', 'Bianchi', 'Nowak', 'Horváth', 'Jensen', 'Ivanov', 'Silva', 'Martin', 'Costa', 'Lambert', 'Romano', 'Weber', 'Fischer', 'Kovač', 'Dumas', 'Andersen'];
const GIVEN = ['Ana', 'Ben', 'Chloé', 'Dario', 'Elif', 'Fynn', 'Greta', 'Hugo', 'Inès', 'Jonas', 'Kai', 'Léa', 'Mateo', 'Nora', 'Oskar', 'Paula'];

/** The i-th fencer's name: every one differs (up to 512), several share a family name as at a real event. */
const bigEventName = (i: number) => `${GIVEN[Math.floor(i / FAMILY.length) % GIVEN.length]} ${FAMILY[i % FAMILY.length]}`;

/** Draws in order (at most 10 pools each) of pools of six or seven: [fencers, pools] per draw. */
function drawsFor(fencers: number): [number, number][] {
  const pools = Math.ceil(fencers / 7);
  const sizes = Array.from({ length: pools }, (_, i) => Math.floor(fencers / pools) + (i < fencers % pools ? 1 : 0));
  const draws: [number, number][] = [];
  for (let at = 0; at < pools; at += 10) {
    const group = sizes.slice(at, at + 10);
    draws.push([group.reduce((a, b) => a + b, 0), group.length]);
  }
  return draws;
}

/** Runs `work` over `items`, `width` at a time. */
async function inParallel<T>(items: readonly T[], width: number, work: (item: T) => Promise<unknown>) {
  let next = 0;
  await Promise.all(Array.from({ length: width }, async () => {
    while (next < items.length) await work(items[next++]!);
  }));
}

/**
 * A practice of `fencers` fencers (bigEventName), every pool bout fenced (the first of a pair by sheet order
 * wins), then, unless `tableau` is false, the tableau of all of them fenced to the final (the better seed wins).
 */
export async function bigEvent(fetch: Fetch, fencers: number, { name = 'National event', tableau = true } = {}) {
  const api = seed(fetch);
  const practiceApi = apiOver(fetch).practices[':practiceId'];
  const practice = await api.practice(name);
  let pools: PoolSnapshot[] = [];
  let drawn = 0;
  for (const [count, poolCount] of drawsFor(fencers)) {
    const entries = Array.from({ length: count }, (_, i) => ({ name: bigEventName(drawn + i) }));
    const made = await expectAnswer(practiceApi.pools.generate.$post({ param: { practiceId: practice.id }, json: { method: 'random', pool_count: poolCount, entries } }), 201);
    pools = [...pools, ...made.createdIds.map((id) => made.pools.find((p) => p.id === id)!)];
    drawn += count;
  }
  await inParallel(pools.map((pool, i) => ({ pool, i })), 8, async ({ pool, i }) => {
    if (pool.name !== `Pool ${i + 1}`) {
      await expectAnswer(practiceApi.pools[':poolId'].$patch({ param: { practiceId: practice.id, poolId: pool.id }, json: { name: `Pool ${i + 1}` } }));
    }
    await api.fenceAll(pool);
  });
  const fenced = await api.poolsOf(practice.id);
  if (tableau) {
    for (let round = 1; ; round++) {
      const drawnTableau = resolveTableau(fenced, await api.bracket(practice.id));
      const seedOf = new Map(drawnTableau.seeds.map((s) => [s.id, s.seed]));
      const ready = drawnTableau.matches.filter((m) => m.round === round && m.player1_id && m.player2_id && !m.winner_id);
      if (ready.length === 0) break;
      const score = async (m: (typeof ready)[number]) => {
        const better = seedOf.get(m.player1_id!)! < seedOf.get(m.player2_id!)!;
        const json = { round, position: m.position, player1_id: m.player1_id!, player2_id: m.player2_id!, player1_score: better ? 15 : 9, player2_score: better ? 9 : 15, version: m.version };
        // Two scores of one round written at once may both move the next round's match: the later one is refused (409) and sent again.
        for (let attempt = 1; ; attempt++) {
          const res = await practiceApi.bracket.scores.$post({ param: { practiceId: practice.id }, json });
          if (res.status === 200) return;
          if (res.status !== 409 || attempt === 10) throw new Error(`tableau score r${round} m${m.position}: ${res.status} ${await res.text()}`);
        }
      };
      // The first score freezes the draw, alone; the rest of the round a few at a time.
      if (round === 1) await score(ready.shift()!);
      await inParallel(ready, 4, score);
    }
  }
  return { practice, pools: fenced };
}
