import { env, runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { Athlete } from '../../core/contracts/athletes';
import type { BracketSnapshot } from '../../core/contracts/tableau';
import type { GeneratedPools, PoolSnapshot } from '../../core/contracts/pools';
import type { Practice } from '../../core/contracts/practices';
import type { AccountBackup } from '../../core/interop/backup';
import { resolveTableau } from '../../core/fencing/tableau';
import { joinAsGuest } from '../helpers/guests';
import { Client, json, signedUpCoach } from '../helpers/worker-client';
import { expectAnswer, expectRefusal } from '../helpers/api-client';
import { getRoom } from '../../worker/room/room';
import type { PracticeRoom } from '../../worker/room/practice-room';
import { heldPractice } from '../../worker/room/practice-store';
import { archived } from '../helpers/room-d1';
import { backupOf, practicesOf, rosterOf } from '../helpers/account';

const importRows = (client: Client, athletes: unknown) => client.post('/api/athletes/import', { athletes });

describe('roster import', () => {
  it('imports the good new rows, reports bad ones and names already in the roster, in one go', async () => {
    const { client } = await signedUpCoach();
    await client.api.athletes.$post({ json: { name: 'Anna Rossi', club: 'Milano' } });
    const res = await importRows(client, [
      { line: 2, name: 'Ben Okafor', club: 'Lagos', ranking: 4 },
      { line: 3, name: '' },
      { line: 4, name: 'anna rossi' },
      { line: 5, name: 'Élodie Müller', club: null, ranking: 'first' },
      { line: 6, name: 'Chloé Durand' },
      { line: 7, name: 'CHLOÉ DURAND' },
      'not even an object',
    ]);
    expect(res.status).toBe(200);
    const body = await json<{ results: { line: number; status: string; reason: string | null }[]; created: Athlete[] }>(res);
    expect(body.results.map((r) => [r.line, r.status, r.reason])).toEqual([
      [2, 'new', null],
      [3, 'error', 'Athlete name is required'],
      [4, 'existing', null],
      [5, 'error', 'Ranking must be a whole number'],
      [6, 'new', null],
      [7, 'repeated', null],
      [7, 'error', 'Athlete name is required'],
    ]);
    expect((await rosterOf(client)).map((a) => [a.name, a.club, a.ranking])).toEqual([
      ['Anna Rossi', 'Milano', null], ['Ben Okafor', 'Lagos', 4], ['Chloé Durand', null, null],
    ]);
  });

  it('takes 500 rows at once and refuses more than a practice holds (513), and a body over its size limit, importing nothing', async () => {
    const { client } = await signedUpCoach();
    const many = Array.from({ length: 500 }, (_, i) => ({ name: `Fencer ${i + 1}`, club: `Club ${i % 7}` }));
    const ok = await json<{ created: Athlete[] }>(await importRows(client, many));
    expect(ok.created).toHaveLength(500);
    expect(await rosterOf(client)).toHaveLength(500);

    const other = await signedUpCoach();
    expect((await expectRefusal(importRows(other.client, [...many, ...Array.from({ length: 13 }, (_, i) => ({ name: `One more ${i}` }))]), 400)).error).toBe('At most 512 athletes can be imported at once');
    expect((await expectRefusal(importRows(other.client, [{ name: 'x', club: 'y'.repeat(600 * 1024) }]), 413)).error).toBe('The request is too large (at most 512 KB)');
    expect((await importRows(other.client, [])).status).toBe(400);
    expect((await other.client.request('POST', '/api/athletes/import', 'not json')).status).toBe(400);
    expect(await rosterOf(other.client)).toHaveLength(0);
  });

  it('is all or nothing: a failing batch leaves the roster as it was', async () => {
    const { client, user } = await signedUpCoach();
    // A trigger that refuses the 3rd athlete stands in for a failure in the middle of the write.
    await env.DB.exec(`CREATE TRIGGER IF NOT EXISTS refuse_poison BEFORE INSERT ON athletes WHEN NEW.name = 'Poison' BEGIN SELECT RAISE(ABORT, 'refused'); END;`);
    try {
      const res = await importRows(client, [{ name: 'Good One' }, { name: 'Good Two' }, { name: 'Poison' }]);
      expect(res.status).toBe(500);
      const left = await env.DB.prepare('SELECT COUNT(*) AS n FROM athletes WHERE user_id = ?').bind(user.id).first<{ n: number }>();
      expect(left!.n).toBe(0);
    } finally {
      await env.DB.exec('DROP TRIGGER refuse_poison');
    }
  });

  it('is the coach’s own: guests and strangers cannot import', async () => {
    const { client } = await signedUpCoach();
    const practice = await json<Practice>(await client.api.practices.$post({ json: { practice_type: 'individual', name: 'Shared' } }));
    const shared = await json<Practice>(await client.api.practices[':practiceId'].sharing.$post({ param: { practiceId: practice.id }, json: { enabled: true } }));
    const { guest } = await joinAsGuest(shared.room_code);
    expect((await importRows(guest, [{ name: 'Intruder' }])).status).toBe(403);
    expect((await importRows(new Client(), [{ name: 'Intruder' }])).status).toBe(401);
    expect(await rosterOf(client)).toHaveLength(0);
  });
});

/** A coach with a roster, notes, a fenced individual practice with a tableau score, and a team practice with a relay. */
async function coachWithData() {
  const coach = await signedUpCoach();
  const { client } = coach;
  const names = ['Anna Rossi', 'Ben Okafor', 'Chloé Durand', 'Dora Kiss'];
  const athletes: Athlete[] = [];
  for (const name of names) athletes.push(await json<Athlete>(await client.api.athletes.$post({ json: { name, club: 'Club A' } })));
  await client.api.athletes[':id'].notes.$post({ param: { id: athletes[0]!.id }, json: { note: 'Strong parry 4' } });
  const practice = await json<Practice>(await client.api.practices.$post({ json: { practice_type: 'individual', name: 'Tuesday' } }));
  const { pools } = await json<GeneratedPools>(await client.api.practices[':practiceId'].pools.generate.$post({ param: { practiceId: practice.id }, json: {
    method: 'single', entries: athletes.map((a) => ({ athlete_id: a.id })), absent: [{ name: 'Eve Late' }],
  } }));
  const pool = pools[0]!;
  for (let i = 0; i < 4; i++) {
    for (let j = i + 1; j < 4; j++) {
      await client.api.pools[':poolId'].bouts.$post({ param: { poolId: pool.id }, json: { player1_id: pool.players[i]!.id, player2_id: pool.players[j]!.id, score1: 5, score2: j, version: 0 } });
    }
  }
  await client.api.practices[':practiceId'].bracket.format.$put({ param: { practiceId: practice.id }, json: { cut: { kind: 'all' }, third_place: 'bout', places_5_8: false } });
  const fenced = await expectAnswer(client.api.practices[':practiceId'].pools.$get({ param: { practiceId: practice.id } }));
  const bracket = await json<BracketSnapshot>(await client.api.practices[':practiceId'].bracket.$get({ param: { practiceId: practice.id } }));
  const m = resolveTableau(fenced, bracket).matches.find((x) => x.player1_id && x.player2_id && !x.winner_id)!;
  const scored = await client.post(`/api/practices/${practice.id}/bracket/scores`, {
    round: m.round, position: m.position, player1_id: m.player1_id, player2_id: m.player2_id, player1_score: 15, player2_score: 11, version: m.version,
  });
  expect(scored.status).toBe(200);
  const team = await json<Practice>(await client.api.practices.$post({ json: { practice_type: 'team', name: 'Relay night' } }));
  // What crosses practices (backups, history) reads D1's archive, which the room writes behind its answers.
  await archived(practice.id);
  return { ...coach, practice, team, athletes };
}


describe('the account backup and restore', () => {
  it('exports everything the coach owns and nothing of anyone else', async () => {
    const mine = await coachWithData();
    await coachWithData(); // another coach's data in the same database
    const backup = await backupOf(mine.client);
    expect(backup).toMatchObject({ format: 'piste-backup', version: 1 });
    expect(backup.athletes.map((a) => a.name)).toEqual(['Anna Rossi', 'Ben Okafor', 'Chloé Durand', 'Dora Kiss']);
    expect(backup.athletes[0]!.notes.map((n) => n.note)).toEqual(['Strong parry 4']);
    expect(backup.practices.map((p) => p.name).sort()).toEqual(['Relay night', 'Tuesday']);
    const tuesday = backup.practices.find((p) => p.name === 'Tuesday')!;
    expect(tuesday.pools[0]!.bouts).toHaveLength(6);
    expect(tuesday.absentees).toEqual([{ name: 'EVE LATE', athlete_id: null }]);
    expect(tuesday.format).toEqual({ cut: { kind: 'all' }, third_place: 'bout', places_5_8: false });
    expect(tuesday.bracket!.matches.filter((m) => m.winner_id)).toHaveLength(1);
  });

  it('restores into a new account: same pools, stats, tableau and notes, with new ids and secrets', async () => {
    const source = await coachWithData();
    const backup = await backupOf(source.client);
    const target = await signedUpCoach('Restorer');
    // Answered once the work it left running is done: the rooms it builds behind its answer.
    expect(await expectAnswer(target.client.settledApi.account.restore.$post({ json: backup }), 201)).toEqual({ athletes: 4, practices: 2, pools: 1, bouts: 6, days: 0 });
    // Each restored practice's room already holds it, before any screen opened it.
    const practices = await json<Practice[]>(await target.client.api.practices.$get());
    expect(practices).toHaveLength(2);
    for (const p of practices) expect(await runInDurableObject(getRoom(env, p.id), (_room: PracticeRoom, state) => heldPractice(state.storage.sql))).toBe(p.id);
    const again = await backupOf(target.client);
    const strip = (b: AccountBackup) => JSON.parse(JSON.stringify(b, (k, v) => (['id', 'athlete_id', 'player1_id', 'player2_id', 'priority_id', 'winner_id', 'exported_at'].includes(k) ? undefined : v)));
    const sortPractices = (b: AccountBackup) => ({ ...strip(b), practices: strip(b).practices.sort((x: { name: string }, y: { name: string }) => x.name.localeCompare(y.name)) });
    expect(sortPractices(again).athletes).toEqual(sortPractices(backup).athletes);
    expect(sortPractices(again).practices.map((p: { name: string; format: unknown; absentees: unknown }) => [p.name, p.format, p.absentees])).toEqual(
      sortPractices(backup).practices.map((p: { name: string; format: unknown; absentees: unknown }) => [p.name, p.format, p.absentees]),
    );
    // The restored pool ranks the same and its tableau has the same scored match.
    const restored = (await json<Practice[]>(await target.client.api.practices.$get())).find((p) => p.name === 'Tuesday')!;
    expect(restored.id).not.toBe(source.practice.id);
    expect(restored.room_code).not.toBe(source.practice.room_code);
    expect(restored.allow_guest_access).toBe(false);
    const [origPools, newPools] = await Promise.all([
      source.client.api.practices[':practiceId'].pools.$get({ param: { practiceId: source.practice.id } }).then((r) => json<PoolSnapshot[]>(r)),
      target.client.api.practices[':practiceId'].pools.$get({ param: { practiceId: restored.id } }).then((r) => json<PoolSnapshot[]>(r)),
    ]);
    const [origBracket, newBracket] = await Promise.all([
      source.client.api.practices[':practiceId'].bracket.$get({ param: { practiceId: source.practice.id } }).then((r) => json<BracketSnapshot>(r)),
      target.client.api.practices[':practiceId'].bracket.$get({ param: { practiceId: restored.id } }).then((r) => json<BracketSnapshot>(r)),
    ]);
    const named = (pools: PoolSnapshot[], b: BracketSnapshot) => {
      const nameOf = new Map(pools.flatMap((p) => p.players).map((p) => [p.id, p.name]));
      return resolveTableau(pools, b).matches.map((m) => [m.round, m.position, nameOf.get(m.player1_id!) ?? null, nameOf.get(m.player2_id!) ?? null, m.player1_score, m.player2_score, nameOf.get(m.winner_id!) ?? null]);
    };
    expect(named(newPools, newBracket)).toEqual(named(origPools, origBracket));
    // The restored athletes are the new account's: a pool entry points at them.
    const newRoster = await rosterOf(target.client);
    expect(newPools[0]!.players.every((p) => newRoster.some((a) => a.id === p.athlete_id))).toBe(true);
  });

  it('refuses a damaged or foreign file with a reason and writes nothing', async () => {
    const source = await coachWithData();
    const backup = await backupOf(source.client);
    const target = await signedUpCoach('Careful');
    const damaged = structuredClone(backup);
    damaged.practices.find((p) => p.name === 'Tuesday')!.pools[0]!.bouts[0]!.player1_id = 'who';
    expect((await expectRefusal(target.client.api.account.restore.$post({ json: damaged }), 400)).error).toBe('This backup is damaged: a bout of Main Pool names a fencer not in that pool');
    expect((await target.client.post('/api/account/restore', { ...backup, format: 'excel' })).status).toBe(400);
    expect(await rosterOf(target.client)).toHaveLength(0);
    expect(await practicesOf(target.client)).toEqual([]);
  });

  it('never touches another account: ids in the file are only labels', async () => {
    const victim = await coachWithData();
    const backup = await backupOf(victim.client);
    const attacker = await signedUpCoach('Attacker');
    // The attacker restores the victim's ids (as if stolen); the victim's data is unchanged.
    const before = JSON.stringify(await backupOf(victim.client), (k, v) => (k === 'exported_at' ? undefined : v));
    expect((await attacker.client.api.account.restore.$post({ json: backup })).status).toBe(201);
    const after = JSON.stringify(await backupOf(victim.client), (k, v) => (k === 'exported_at' ? undefined : v));
    expect(after).toBe(before);
    const theirs = await json<Practice[]>(await attacker.client.api.practices.$get());
    expect(theirs.every((p) => p.user_id === attacker.user.id && p.id !== victim.practice.id)).toBe(true);
  });

  it('is for the signed-in coach only', async () => {
    const { client, practice } = await coachWithData();
    const shared = await json<Practice>(await client.api.practices[':practiceId'].sharing.$post({ param: { practiceId: practice.id }, json: { enabled: true } }));
    const { guest } = await joinAsGuest(shared.room_code);
    expect((await guest.get('/api/account/backup')).status).toBe(403);
    expect((await guest.post('/api/account/restore', {})).status).toBe(403);
    expect((await new Client().api.account.backup.$get()).status).toBe(401);
  });

});

describe("an athlete's bouts", () => {
  it('lists pool bouts and tableau matches once each, from the athlete’s side; another coach gets 404', async () => {
    const { client, athletes } = await coachWithData();
    const anna = athletes[0]!;
    const { bouts } = await expectAnswer(client.api.athletes[':id'].history.$get({ param: { id: anna.id } }));
    // Three pool bouts (Anna is first in the pool: she wins each 5–j; pool entries are upper case) and the one tableau match scored.
    const pool = bouts.filter((b) => b.phase === 'Main Pool');
    expect(pool.map((b) => [b.opponent, b.scored, b.received, b.victory]).sort()).toEqual([
      ['BEN OKAFOR', 5, 1, true], ['CHLOÉ DURAND', 5, 2, true], ['DORA KISS', 5, 3, true],
    ]);
    const tableau = bouts.filter((b) => b.phase.startsWith('Tableau'));
    expect(tableau).toHaveLength(1);
    expect(tableau[0]).toMatchObject({ phase: 'Tableau: Semi-finals', opponent: 'DORA KISS', scored: 15, received: 11, victory: true });
    const other = await signedUpCoach('Nosy');
    expect((await other.client.api.athletes[':id'].history.$get({ param: { id: anna.id } })).status).toBe(404);
    expect((await new Client().api.athletes[':id'].history.$get({ param: { id: anna.id } })).status).toBe(401);
  });
});

describe('file writes are limited per account', () => {
  it('refuses the 11th restore of an hour with 429 and a wait, while another account still restores', async () => {
    const { client } = await signedUpCoach('Busy');
    const empty = { format: 'piste-backup', version: 1, exported_at: 1, athletes: [], practices: [] };
    for (let i = 0; i < 10; i++) expect((await client.post('/api/account/restore', empty)).status).toBe(201);
    const refused = await client.post('/api/account/restore', empty);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect((await json(refused)).error).toMatch(/^Too many attempts, try again in \d+ seconds$/);
    const other = await signedUpCoach('Calm');
    expect((await other.client.post('/api/account/restore', empty)).status).toBe(201);
  });
});
