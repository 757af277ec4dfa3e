import { describe, expect, it } from 'vitest';
import type { Athlete } from '../../core/contracts/athletes';
import type { BracketSnapshot } from '../../core/contracts/tableau';
import type { GeneratedPools, PoolSnapshot } from '../../core/contracts/pools';
import type { Practice } from '../../core/contracts/practices';
import type { AccountBackup } from '../../core/interop/backup';
import { parseRosterCsv } from '../../core/interop/csv';
import { rosterCsv } from '../../core/interop/exports';
import { readFieFencers, writeFieXml } from '../../core/interop/fie-xml';
import { finalClassification, resolveTableau } from '../../core/fencing/tableau';
import type { RosterRow } from '../../core/interop/csv';
import { Client, json, signedUpCoach } from '../helpers/worker-client';
import { rosterOf } from '../helpers/account';

/**
 * Issue 32: Piste → FIE XML → Piste, roster CSV → Piste and backup → restore, each over a roster of European
 * names (ß, ñ, ë/Ø, Turkish ç ğ ı İ ş, Greek, composed and decomposed accents), add no one to the same roster.
 */
const NAMES = [
  'Matthias Strauß', 'Lukas Großmann', 'Ana Peña', 'Zoë Ørsted', 'Çağla Yıldız', 'İlker Işık', 'Ελένη Οδυσσέως',
  'François Lefèvre', // composed: ç U+00E7, è U+00E8
  'Ame\u0301lie Mu\u0308ller', // decomposed: e + U+0301, u + U+0308
];


/** The rows' import into the coach's roster: each row's status and the athletes it added. */
async function importInto(client: Client, rows: RosterRow[]) {
  const res = await client.post('/api/athletes/import', { athletes: rows.map(({ line, name, club, ranking }) => ({ line, name, club, ranking })) });
  expect(res.status).toBe(200);
  return json<{ results: { name: string; status: string }[]; created: Athlete[] }>(res);
}

/** A coach whose roster holds the names, all fenced in one pool of a practice with a tableau drawn. */
async function fencedRoster() {
  const coach = await signedUpCoach();
  const { client } = coach;
  for (const name of NAMES) expect((await client.api.athletes.$post({ json: { name, club: 'Club Été' } })).status).toBe(201);
  const athletes = await rosterOf(client);
  const practice = await json<Practice>(await client.api.practices.$post({ json: { practice_type: 'individual', name: 'Noms' } }));
  const { pools } = await json<GeneratedPools>(await client.api.practices[':practiceId'].pools.generate.$post({ param: { practiceId: practice.id }, json: {
    method: 'single', entries: athletes.map((a) => ({ athlete_id: a.id })),
  } }));
  const pool = pools[0]!;
  const n = pool.players.length;
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      const res = await client.api.pools[':poolId'].bouts.$post({ param: { poolId: pool.id }, json: { player1_id: pool.players[i]!.id, player2_id: pool.players[j]!.id, score1: 5, score2: (i + j) % 5, version: 0 } });
      expect(res.status).toBeLessThan(300);
    }
  }
  return { ...coach, practice, athletes };
}

describe('names survive every round trip (issue 32)', () => {
  it('FIE XML, roster CSV and backup each add 0 athletes to the same roster', async () => {
    const { client, practice, athletes } = await fencedRoster();
    expect(athletes).toHaveLength(NAMES.length);

    // (1) The practice as FIE XML, written the way the final results screen does, then imported again.
    const pools = await json<PoolSnapshot[]>(await client.api.practices[':practiceId'].pools.$get({ param: { practiceId: practice.id } }));
    // The pools hold the names upper-case: ß is SS there, which the athlete's own spelling must win over.
    expect(pools[0]!.players.map((p) => p.name)).toContain('MATTHIAS STRAUSS');
    const bracket = await json<BracketSnapshot>(await client.api.practices[':practiceId'].bracket.$get({ param: { practiceId: practice.id } }));
    const tableau = resolveTableau(pools, bracket);
    const xml = writeFieXml({
      practice, pools, cut: bracket.format.cut, tableau, standings: finalClassification(pools, tableau, bracket), didNotStart: bracket.did_not_start,
      athletes: new Map(athletes.map((a) => [a.id, a])),
    });
    expect(xml).toContain('Nom="STRAUß" Prenom="Matthias"');
    expect(xml).toContain('Nom="GROßMANN" Prenom="Lukas"');
    expect(xml).toContain('Nom="ΟΔΥΣΣΈΩΣ" Prenom="Ελένη"');
    expect(xml).toContain('Nom="IŞIK" Prenom="İlker"');
    const fromXml = await importInto(client, readFieFencers(xml));
    expect(fromXml.results.map((r) => r.status)).toEqual(NAMES.map(() => 'existing'));
    expect(fromXml.created).toHaveLength(0);

    // (2) The roster's CSV export, imported again.
    const fromCsv = await importInto(client, parseRosterCsv(rosterCsv(await rosterOf(client))));
    expect(fromCsv.results.map((r) => r.status)).toEqual(NAMES.map(() => 'existing'));
    expect(fromCsv.created).toHaveLength(0);

    // (3) The account backup restored into the same account: the practice again, nobody new.
    const backup = await json<AccountBackup>(await client.api.account.backup.$get());
    const restored = await client.settledApi.account.restore.$post({ json: backup });
    expect(restored.status).toBe(201);
    expect(await json(restored)).toMatchObject({ athletes: 0, practices: 1 });

    const after = await rosterOf(client);
    expect(after.map((a) => a.name).sort()).toEqual(athletes.map((a) => a.name).sort());
    // The restored practice's entries still name the coach's athletes.
    const practices = await json<Practice[]>(await client.api.practices.$get());
    const copy = practices.find((p) => p.id !== practice.id)!;
    const copied = await json<PoolSnapshot[]>(await client.api.practices[':practiceId'].pools.$get({ param: { practiceId: copy.id } }));
    expect(copied[0]!.players.map((p) => p.athlete_id).sort()).toEqual(athletes.map((a) => a.id).sort());
  });

  it('a name differing only by accents is possibly the athlete: offered with the note, never merged', async () => {
    const { client } = await signedUpCoach();
    const ana = await json<Athlete>(await client.api.athletes.$post({ json: { name: 'Ana Peña' } }));
    const matthias = await json<Athlete>(await client.api.athletes.$post({ json: { name: 'Matthias Strauß' } }));
    const practice = await json<Practice>(await client.api.practices.$post({ json: { practice_type: 'individual', name: 'Typed' } }));
    await client.api.practices[':practiceId'].pools.generate.$post({ param: { practiceId: practice.id }, json: {
      method: 'single', entries: [{ name: 'Ana Pena' }, { name: 'matthias strauss' }, { name: 'Ben Okafor' }],
    } });
    const suggestions = (id: string) => client.api.athletes[':id'].suggestions.$get({ param: { id } }).then((r) => json<{ name: string; possible: boolean }[]>(r));
    expect((await suggestions(ana.id)).map((s) => [s.name, s.possible])).toEqual([['ANA PENA', true]]);
    expect((await suggestions(matthias.id)).map((s) => [s.name, s.possible])).toEqual([['MATTHIAS STRAUSS', false]]);
    // Imported, "Ana Pena" is a new athlete (the preview notes the possible match; only the coach links).
    const imported = await importInto(client, parseRosterCsv('Name\nAna Pena\nMATTHIAS STRAUSS'));
    expect(imported.results.map((r) => r.status)).toEqual(['new', 'existing']);
    expect((await rosterOf(client)).map((a) => a.name).sort()).toEqual(['Ana Pena', 'Ana Peña', 'Matthias Strauß']);
  });
});
