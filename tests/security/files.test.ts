import { env, runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { Athlete } from '../../core/contracts/athletes';
import type { BracketSnapshot } from '../../core/contracts/tableau';
import type { GeneratedPools, PoolSnapshot } from '../../core/contracts/pools';
import type { Practice } from '../../core/contracts/practices';
import type { SpectatorSnapshot } from '../../core/contracts/guests';
import { combinePoolResults } from '../../core/fencing/pool-results';
import { resolveTableau } from '../../core/fencing/tableau';
import type { AccountBackup } from '../../core/interop/backup';
import { readCsv } from '../../core/interop/csv';
import { poolResultsCsv, rosterCsv } from '../../core/interop/exports';
import { errorBody } from '../../core/messages';
import { Client, json, signedUpCoach } from '../helpers/worker-client';
import type { PracticeRoom } from '../../worker/room/practice-room';
import { getRoom } from '../../worker/room/room';
import { archived } from '../helpers/room-d1';
import { practicesOf, rosterOf } from '../helpers/account';

// Issue 25: names with control characters on every path in (API, import, restore), and a restore held to
// the rules of the API; the formula a name can carry stays text in the CSV exports, the live board's included.

const FORMULA = '=HYPERLINK("http://evil.example/?x","click")';
const refused = (label: string) => errorBody(`${label} cannot contain control characters`);

/** A coach with a practice of one pool of three typed names, the first two having fenced. */
async function coachWithPool() {
  const coach = await signedUpCoach();
  const practice = await json<Practice>(await coach.client.api.practices.$post({ json: { practice_type: 'individual', name: 'Thursday' } }));
  const { pools } = await json<GeneratedPools>(await coach.client.api.practices[':practiceId'].pools.generate.$post({ param: { practiceId: practice.id }, json: { method: 'single', entries: [{ name: 'Ann' }, { name: 'Bob' }, { name: 'Cleo' }] } }));
  const pool = pools[0]!;
  const [a, b] = pool.players;
  expect((await coach.client.api.pools[':poolId'].bouts.$post({ param: { poolId: pool.id }, json: { player1_id: a!.id, player2_id: b!.id, score1: 5, score2: 3, version: 0 } })).status).toBe(200);
  // A backup reads D1's archive, which the room writes behind its answers.
  await archived(practice.id);
  return { ...coach, practice, pool };
}

/** Nothing of the file reached the account: no athlete, no practice. */
async function expectNothingRestored(client: Client) {
  expect(await rosterOf(client)).toEqual([]);
  expect(await practicesOf(client)).toEqual([]);
}

describe('names with control characters are refused on every path (issue 25)', () => {
  it('the athlete API refuses them with a code, and keeps a name typed over two lines on one', async () => {
    const { client } = await signedUpCoach();
    for (const [body, label] of [[{ name: 'Ann\u0007Lee' }, 'Athlete name'], [{ name: 'Ann\u202eLee' }, 'Athlete name'], [{ name: 'Ann', club: 'Club\u0000A' }, 'Club']] as const) {
      const res = await client.api.athletes.$post({ json: body });
      expect(res.status).toBe(400);
      expect(await json(res)).toEqual(refused(label));
    }
    expect(await rosterOf(client)).toEqual([]);

    const created = await json<Athlete>(await client.api.athletes.$post({ json: { name: `${FORMULA}\nX`, club: 'Two\r\nlines' } }));
    expect([created.name, created.club]).toEqual([`${FORMULA} X`, 'Two lines']);
    const renamed = await json<Athlete>(await client.api.athletes[':id'].$patch({ param: { id: created.id }, json: { name: 'Ann\tLee' } }));
    expect(renamed.name).toBe('Ann Lee');
    expect((await client.api.athletes[':id'].$patch({ param: { id: created.id }, json: { name: 'Ann\u2028Lee' } })).status).toBe(400);
    expect((await rosterOf(client)).map((a) => a.name)).toEqual(['Ann Lee']);
  });

  it('the pool and player API refuse them, and typed names keep one line', async () => {
    const { client, practice, pool } = await coachWithPool();
    const player = await client.api.pools[':poolId'].players.$post({ param: { poolId: pool.id }, json: { name: 'Dora\u0085Kiss' } });
    expect(player.status).toBe(400);
    expect(await json(player)).toEqual(refused('Player name'));
    const rename = await client.api.pools[':poolId'].$patch({ param: { poolId: pool.id }, json: { name: 'Pool\u200e\u202e1' } });
    expect(await json(rename)).toEqual(refused('Pool name'));
    const typed = await client.api.practices[':practiceId'].pools.generate.$post({ param: { practiceId: practice.id }, json: { method: 'single', entries: [{ name: 'Eve\u0000' }, { name: 'Finn' }] } });
    expect(await json(typed)).toEqual(refused('Each name'));

    expect((await client.api.pools[':poolId'].players.$post({ param: { poolId: pool.id }, json: { name: 'Dora\nKiss' } })).status).toBe(201);
    const stored = await json<PoolSnapshot>(await client.api.pools[':poolId'].$get({ param: { poolId: pool.id } }));
    expect(stored.name).toBe('Main Pool');
    expect(stored.players.map((p) => p.name)).toEqual(['ANN', 'BOB', 'CLEO', 'DORA KISS']);
  });

  it('the roster import reports such a row as an error and imports the others', async () => {
    const { client } = await signedUpCoach();
    const res = await client.api.athletes.import.$post({ json: { athletes: [
      { line: 2, name: 'Ann Lee' }, { line: 3, name: 'Bob\u001bOkafor' }, { line: 4, name: 'Cleo', club: 'Milano\u2066' }, { line: 5, name: 'Dora\r\nKiss' },
    ] } });
    expect(res.status).toBe(200);
    const { results } = await json<{ results: { line: number; name: string; status: string; reason: string | null }[] }>(res);
    expect(results.map((r) => [r.line, r.status, r.reason])).toEqual([
      [2, 'new', null],
      [3, 'error', 'Athlete name cannot contain control characters'],
      [4, 'error', 'Club cannot contain control characters'],
      [5, 'new', null],
    ]);
    expect((await rosterOf(client)).map((a) => a.name)).toEqual(['Ann Lee', 'Dora Kiss']);
  });

  it('the restore refuses them with a code and writes nothing; a name over two lines is restored on one', async () => {
    const source = await coachWithPool();
    const backup = await json<AccountBackup>(await source.client.api.account.backup.$get());
    const target = await signedUpCoach('Restorer');
    const bad = structuredClone(backup);
    bad.athletes.push({ id: 'x1', name: 'Ann\u0000Lee', club: null, ranking: null, created_at: 1, notes: [] });
    const res = await target.client.api.account.restore.$post({ json: bad });
    expect(res.status).toBe(400);
    expect(await json(res)).toEqual(refused('Athlete name'));
    await expectNothingRestored(target.client);

    const twoLines = structuredClone(backup);
    twoLines.athletes.push({ id: 'x1', name: `${FORMULA}\nX`, club: null, ranking: null, created_at: 1, notes: [] });
    expect((await target.client.api.account.restore.$post({ json: twoLines })).status).toBe(201);
    expect((await rosterOf(target.client)).map((a) => a.name)).toEqual([`${FORMULA} X`]);
  });
});

describe('a restore keeps the rules of the API (issue 25)', () => {
  it('refuses a 99–99 pool bout without priority, with its reason, and writes nothing', async () => {
    const source = await coachWithPool();
    const backup = await json<AccountBackup>(await source.client.api.account.backup.$get());
    // The API refuses the same bout.
    const [a, b] = source.pool.players;
    const api = await source.client.api.pools[':poolId'].bouts.$post({ param: { poolId: source.pool.id }, json: { player1_id: a!.id, player2_id: b!.id, score1: 99, score2: 99, version: 1 } });
    expect(await json(api)).toEqual(errorBody('Scores must be whole numbers from 0 to 5'));

    Object.assign(backup.practices[0]!.pools[0]!.bouts[0]!, { score1: 99, score2: 99, priority_id: null });
    const target = await signedUpCoach('Restorer');
    const res = await target.client.api.account.restore.$post({ json: backup });
    expect(res.status).toBe(400);
    expect(await json(res)).toEqual({
      ...errorBody('This backup is damaged: a bout of Main Pool: Scores must be whole numbers from 0 to 5'),
      code: 'backup_damaged',
    });
    await expectNothingRestored(target.client);
  });

  it('refuses two fencers at one position and writes nothing', async () => {
    const source = await coachWithPool();
    const backup = await json<AccountBackup>(await source.client.api.account.backup.$get());
    backup.practices[0]!.pools[0]!.players[2]!.position = 1;
    const target = await signedUpCoach('Restorer');
    const res = await target.client.api.account.restore.$post({ json: backup });
    expect(res.status).toBe(400);
    expect((await json(res)).error).toBe('This backup is damaged: two fencers of Main Pool share a position, or a position is missing');
    await expectNothingRestored(target.client);
    // The file as the API wrote it restores.
    backup.practices[0]!.pools[0]!.players[2]!.position = 3;
    expect((await target.client.api.account.restore.$post({ json: backup })).status).toBe(201);
  });
});

/**
 * A coach who used everything that writes what a backup holds: pools with a latecomer, a removed and a
 * withdrawn fencer, ties with and without priority, a tableau with bouts for 3rd and 5th–8th whose early
 * winner changed after later rounds were fenced, and a team practice with teams and relays.
 */
async function coachWhoUsedEverything() {
  const coach = await signedUpCoach();
  const { client } = coach;
  const practice = await json<Practice>(await client.api.practices.$post({ json: { practice_type: 'individual', name: 'Saturday' } }));
  const names = ['Ann', 'Bob', 'Cleo', 'Dora', 'Eve', 'Finn', 'Gus', 'Hana', 'Ivo'].map((name) => ({ name }));
  const url = `/api/practices/${practice.id}`;
  const { pools } = await json<GeneratedPools>(await client.post(`${url}/pools/generate`, { method: 'random', pool_count: 2, entries: names, absent: [{ name: 'Late Lou' }] }));
  expect((await client.post(`${url}/pools/latecomers`, { name: 'Late Lou' })).status).toBe(201);
  expect((await client.api.pools[':poolId'].players.$post({ param: { poolId: pools[1]!.id }, json: { name: 'Extra' } })).status).toBe(201);
  expect((await client.api.pools[':poolId'].players[':playerId'].$delete({ param: { poolId: pools[1]!.id, playerId: pools[1]!.players[0]!.id } })).status).toBe(200);
  const drawn = await json<PoolSnapshot[]>(await client.get(`${url}/pools`));
  for (const pool of drawn) {
    for (let i = 0; i < pool.players.length; i++) {
      for (let j = i + 1; j < pool.players.length; j++) {
        const [a, b] = [pool.players[i]!.id, pool.players[j]!.id];
        const body = (i + j) % 5 === 0 ? { score1: 4, score2: 4, priority_id: b } : (i + j) % 7 === 0 ? { score1: 3, score2: 3 } : { score1: 5, score2: (i + j) % 5 };
        expect((await client.api.pools[':poolId'].bouts.$post({ param: { poolId: pool.id }, json: { player1_id: a, player2_id: b, ...body, version: 0 } })).status).toBe(200);
      }
    }
  }
  expect((await client.api.pools[':poolId'].players[':playerId'].status.$put({ param: { poolId: drawn[0]!.id, playerId: drawn[0]!.players.at(-1)!.id }, json: { status: 'withdrawn' } })).status).toBe(200);
  expect((await client.put(`${url}/bracket/format`, { cut: { kind: 'all' }, third_place: 'bout', places_5_8: true })).status).toBe(200);

  /** Scores every match that waits for one (the first fencer winning unless `flip`), round by round, until none waits. */
  const fenceTableau = async (flip = false) => {
    for (;;) {
      const tableau = resolveTableau(await json<PoolSnapshot[]>(await client.get(`${url}/pools`)), await json<BracketSnapshot>(await client.get(`${url}/bracket`)));
      const next = tableau.matches.find((m) => m.player1_id && m.player2_id && m.winner_id === null && m.player1_score === null);
      if (!next) return tableau;
      const res = await client.post(`${url}/bracket/scores`, {
        round: next.round, position: next.position, player1_id: next.player1_id, player2_id: next.player2_id,
        player1_score: flip ? 9 : 15, player2_score: flip ? 15 : 9, version: next.version,
      });
      expect(res.status).toBe(200);
    }
  };
  const fenced = await fenceTableau();
  // The first round's first match changes winner after the later rounds were fenced: what it reached is cleared.
  const first = fenced.matches.find((m) => m.round === 1 && m.player1_id && m.player2_id)!;
  const changed = await client.post(`${url}/bracket/scores`, {
    round: first.round, position: first.position, player1_id: first.player1_id, player2_id: first.player2_id, player1_score: 10, player2_score: 10, priority_id: first.player2_id, version: first.version,
  });
  expect(changed.status).toBe(200);
  await fenceTableau(true);

  const team = await json<Practice>(await client.api.practices.$post({ json: { practice_type: 'team', name: 'Relays' } }));
  expect((await client.api.practices[':practiceId'].teams.$post({ param: { practiceId: team.id }, json: { method: 'random', entries: ['A', 'B', 'C', 'D', 'E', 'F', 'G'].map((name) => ({ name })) } })).status).toBe(201);
  expect((await client.put(`/api/practices/${team.id}/team-matches/1`, { score_a: 5, score_b: 3, version: 0 })).status).toBe(200);
  expect((await client.put(`/api/practices/${team.id}/team-matches/2`, { score_a: 4, score_b: null, version: 0 })).status).toBe(200);
  return coach;
}

describe('a backup of what the API wrote restores whole (issue 25)', () => {
  it('passes every rule of the restore, and restores the same', async () => {
    const source = await coachWhoUsedEverything();
    const backup = await json<AccountBackup>(await source.client.api.account.backup.$get());
    const target = await signedUpCoach('Restorer');
    const res = await target.client.api.account.restore.$post({ json: backup });
    expect(res.status, JSON.stringify(await res.clone().json())).toBe(201);
    const again = await json<AccountBackup>(await target.client.api.account.backup.$get());
    const strip = (b: AccountBackup) => b.practices.map((p) => [p.name, p.pools.map((pool) => pool.players.map((pl) => [pl.name, pl.position, pl.status])), p.bracket?.matches.map((m) => [m.round, m.position, m.player1_score, m.player2_score]), p.teams.length, p.relays]);
    expect(strip(again)).toEqual(strip(backup));
  });
});

describe('the CSV exports keep a formula as text (issue 25)', () => {
  it('the live board’s pool results export escapes a name holding a formula and a line break', async () => {
    const { client, practice, pool } = await coachWithPool();
    await client.api.practices[':practiceId'].sharing.$post({ param: { practiceId: practice.id }, json: { enabled: true } });
    const shared = await json<Practice>(await client.api.practices[':practiceId'].$get({ param: { practiceId: practice.id } }));
    // A name stored before this fix kept its line break (in the practice's room, its store); the API now stores it on one line.
    await runInDurableObject(getRoom(env, practice.id), async (_room: PracticeRoom, state) => {
      state.storage.sql.exec('UPDATE players SET name = ? WHERE id = ?', `${FORMULA}\nX`, pool.players[0]!.id);
    });
    expect((await client.api.pools[':poolId'].players.$post({ param: { poolId: pool.id }, json: { name: `@SUM(1+1)\r\nY` } })).status).toBe(201);

    const spectator = new Client(`203.0.113.${Math.floor(Math.random() * 250) + 1}`);
    const board = await json<SpectatorSnapshot>(await spectator.api.board[':boardId'].$get({ param: { boardId: shared.board_id } }));
    // What the board's Export button writes (pool-results-page: poolResultsCsv of the combined results).
    const rows = readCsv(poolResultsCsv(combinePoolResults(board.pools)));
    const names = rows.slice(1).map((r) => r[1]);
    expect(names).toContain(`'${FORMULA}\nX`);
    expect(names).toContain("'@SUM(1+1) Y");
    expect(names.filter((n) => /^[=+\-@\t\r]/.test(n!))).toEqual([]);

    const athletes = await rosterOf(client);
    expect(readCsv(rosterCsv([...athletes, { name: `-2+3\nZ`, club: '+33 1', ranking: null }]))[1]).toEqual(["'-2+3\nZ", "'+33 1", '']);
  });
});
