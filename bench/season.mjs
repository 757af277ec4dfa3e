// Issue 16 at season scale: a coach with 40 athletes and 2,000 bouts over 80 practices (a pool of 7 and
// four tableau bouts each, every entry linked to the roster), written straight into D1; then the time the
// worker takes to answer an athlete page's data (`GET /api/athletes/{id}/history`: the athlete, then one
// batch of two reads, every rating computed) and the roster's columns (`GET /api/athletes/summaries`).
import { performance } from 'node:perf_hooks';
import { summarize } from './fanout.mjs';
import { signUpCoach } from './mailbox.mjs';

const ATHLETES = 40;
const PRACTICES = 80;
const POOL = 7;
const TABLEAU_BOUTS = 4;

/** Signs a coach up at `base`; answers a fetch that carries their cookies, and their user id. */
async function coach(base, mailbox) {
  const cookie = await signUpCoach(base, mailbox, { full_name: 'Season Coach', email: `season-${Date.now()}@example.com`, password: 'season password' });
  const { user } = await (await fetch(`${base}/api/auth/session`, { headers: { cookie } })).json();
  const get = async (path) => {
    const r = await fetch(base + path, { headers: { cookie } });
    if (!r.ok) throw new Error(`${path}: ${r.status}`);
    return r.json();
  };
  return { get, userId: user.id };
}

/** The season's rows, inserted in batches of statements. */
async function seed(db, userId) {
  const statements = [];
  const add = (sql, ...params) => statements.push(db.prepare(sql).bind(...params));
  const athletes = Array.from({ length: ATHLETES }, (_, i) => ({ id: `ath-${i}`, name: `Athlete ${String(i + 1).padStart(2, '0')}` }));
  for (const a of athletes) add('INSERT INTO athletes (id, user_id, name, club, created_at) VALUES (?, ?, ?, NULL, 0)', a.id, userId, a.name);
  let bouts = 0;
  let t = 1_760_000_000_000;
  for (let p = 0; p < PRACTICES; p++) {
    const practiceId = `pr-${p}`;
    const date = new Date(Date.UTC(2026, 0, 5) + Math.floor(p / 2) * 7 * 86_400_000 + (p % 2) * 2 * 86_400_000).toISOString().slice(0, 10);
    add(`INSERT INTO practices (id, user_id, name, date, practice_type, room_code, allow_guest_access, board_id, guest_epoch, sharing_expires_at, created_at, updated_at)
         VALUES (?, ?, ?, ?, 'individual', ?, 0, ?, 0, 0, ?, ?)`, practiceId, userId, `Practice ${p + 1}`, date, String(100000 + p), `board-${p}`, t, t);
    const poolId = `pool-${p}`;
    add('INSERT INTO tournaments (id, practice_id, user_id, name, version, created_at, updated_at) VALUES (?, ?, ?, ?, 1, ?, ?)', poolId, practiceId, userId, 'Pool 1', t, t);
    // Seven athletes a practice, a different seven each time.
    const entries = Array.from({ length: POOL }, (_, k) => ({ id: `pl-${p}-${k}`, athlete: athletes[(p * 3 + k * 5) % ATHLETES] }));
    entries.forEach((e, k) => add('INSERT INTO players (id, tournament_id, athlete_id, name, position, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)', e.id, poolId, e.athlete.id, e.athlete.name.toUpperCase(), k + 1, t, t));
    for (let i = 0; i < POOL; i++) {
      for (let j = i + 1; j < POOL; j++) {
        const [a, b] = [entries[i].id, entries[j].id].sort();
        const first = (p + i + j) % 3 !== 0;
        add('INSERT INTO matches (id, tournament_id, player1_id, player2_id, score1, score2, priority_id, updated_at, version) VALUES (?, ?, ?, ?, ?, ?, NULL, ?, 1)',
          `m-${p}-${i}-${j}`, poolId, a, b, first ? 5 : (i + j) % 5, first ? (i * j) % 5 : 5, (t += 1000));
        bouts++;
      }
    }
    // Four bouts of a tableau of 8 (its first round).
    for (let m = 0; m < TABLEAU_BOUTS; m++) {
      const [x, y] = [entries[m].id, entries[(m + 3) % POOL].id];
      add(`INSERT INTO bracket_matches (practice_id, round, position, player1_id, player2_id, player1_score, player2_score, winner_id, updated_at, version)
           VALUES (?, 1, ?, ?, ?, 15, ?, ?, ?, 1)`, practiceId, m, x, y, 8 + m, x, (t += 1000));
      bouts++;
    }
  }
  for (let i = 0; i < statements.length; i += 500) await db.batch(statements.slice(i, i + 500));
  return { athletes, bouts };
}

/** Seeds a season for a new coach at `base` (Miniflare's D1 `db`), then times the athlete page's data. */
export async function seasonScale(base, db, mailbox) {
  const { get, userId } = await coach(base, mailbox);
  const { athletes, bouts } = await seed(db, userId);
  const time = async (path) => {
    const start = performance.now();
    await get(path);
    return performance.now() - start;
  };
  for (let i = 0; i < 5; i++) await time(`/api/athletes/${athletes[i].id}/history`);
  const history = [];
  for (let round = 0; round < 3; round++) for (const a of athletes) history.push(await time(`/api/athletes/${a.id}/history`));
  const summaries = [];
  for (let i = 0; i < 40; i++) summaries.push(await time('/api/athletes/summaries'));
  const sample = await get(`/api/athletes/${athletes[0].id}/history`);
  return { athletes: athletes.length, practices: PRACTICES, bouts, boutsOfOne: sample.bouts.length, history: summarize(history), summaries: summarize(summaries) };
}
