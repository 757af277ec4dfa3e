import { Hono, type Context } from 'hono';
import type { BridgePiste, BridgeReason, ReportAnswer } from '../../../core/contracts/bridge';
import { machineMatchSchema, machineReportSchema, type pisteWorkSchema } from '../../../core/bridge-validation';
import { parseFrame, type CyranoFrame } from '../../../core/cyrano';
import { boutProgress } from '../../../core/fencing/bout-order';
import { isBoutOf, poolMaxScore, toStoredBout } from '../../../core/fencing/bout-result';
import { bracketMaxScore } from '../../../core/fencing/bracket';
import { machineResult } from '../../../core/fencing/day-bridge';
import { machineId, machineState } from '../../../core/fencing/machine-bout';
import { boutFormat, type Weapon } from '../../../core/fencing/referee';
import { frozenMatches, resolveTableau } from '../../../core/fencing/tableau';
import { poolBoutKey, refereeKey, type LiveBout, type RefereeFencer, type RefereeTarget } from '../../../core/refereeing';
import type { z } from 'zod';
import type { PoolPlayer } from '../../../core/contracts/pools';
import { listAthletesByIds } from '../../store/d1/athletes';
import type { RoomEnv } from '../../env';
import { authorize, practiceFor } from '../../auth/access';
import { HttpError } from '../../errors';
import { keyApplied } from '../../store/room/applied-writes';
import { loadBracket } from '../../store/room/bracket';
import { listPoolSnapshots, loadPoolSnapshot, writeBout } from '../../store/room/pools';
import type { PracticeRecord } from '../../store/d1/practices';
import { json } from '../../validate';
import { archivedBehind, notArchived } from '../archive-timing';
import { publishResult, roomHere } from '../here';
import { unlockedFor } from '../checked';
import { boutOf } from './referee';
import { saveMatchScore } from './bracket';

/**
 * A piste's scoring machine in a practice's room (issue 57), as the day's bridge route hands its reports on
 * (../../routes/bridge): each INFO is a step of the bout the room's referee desk holds for the machine, and an
 * end of match is the bout's score, written like any score (idempotency key, the version it saw). The bout is
 * the one the day's room says is fenced on the piste, checked again here against the fencers the machine names.
 * Mounted at /practices/:practiceId/machine.
 */

const WEAPON_LETTER: Record<Weapon, 'F' | 'E' | 'S'> = { foil: 'F', epee: 'E', sabre: 'S' };

/** The room's word on a report; with the bout as it stands after a step (the day's hall boards show it). */
type Answer = Omit<ReportAnswer, 'seq'> & { bout?: LiveBout | null };
const live: Answer = { answer: 'live' };
const refused = (reason: BridgeReason, end: boolean): Answer => ({ answer: end ? 'nak' : 'ignored', reason });

/** The pool bout between the two fencers a machine names (by their machine ids), if it is one of this pool's. */
async function poolBout(c: Context<RoomEnv>, poolId: string, frame: CyranoFrame): Promise<RefereeTarget | null> {
  const pool = await loadPoolSnapshot(c.get('db'), poolId);
  if (!pool || !frame.left || !frame.right) return null;
  const find = (id: string) => pool.players.filter((p) => machineId(p.id) === id);
  const [left, right] = [find(frame.left.id), find(frame.right.id)];
  if (left.length !== 1 || right.length !== 1 || left[0]!.id === right[0]!.id) return null;
  return { kind: 'pool', pool_id: pool.id, a: left[0]!.id, b: right[0]!.id };
}

/** The roster nation of each entry that is a roster athlete (three letters, as a machine shows it), by entry id. */
async function nationsOf(c: Context<RoomEnv>, practice: PracticeRecord, players: readonly PoolPlayer[]): Promise<Map<string, string>> {
  const linked = players.flatMap((p) => (p.athlete_id ? [p.athlete_id] : []));
  const athletes = await listAthletesByIds(c.get('d1'), practice.user_id, linked);
  return new Map(players.flatMap((p) => {
    const nation = p.athlete_id ? athletes.get(p.athlete_id)?.nation : null;
    return nation ? [[p.id, nation.slice(0, 3).toUpperCase()] as const] : [];
  }));
}

/**
 * The match to load on the piste's machine: the pool's next bout in its order, or the tableau match called there,
 * with the fencers by their machine ids, their names and roster nations, and the day's referee there.
 */
async function matchToLoad(c: Context<RoomEnv>, practice: PracticeRecord, work: z.infer<typeof pisteWorkSchema>, piste: string, referee: string | null): Promise<BridgePiste['match']> {
  const db = c.get('db');
  const head = { piste, competition: practice.id.replace(/-/g, '').slice(0, 8), type: 'I' as const, weapon: WEAPON_LETTER[practice.weapon], state: 'W' as const, referee: { id: '', name: referee ?? '', nation: '' } };
  const pools = await listPoolSnapshots(db, practice.id);
  const players = pools.flatMap((p) => p.players);
  const loaded = async (left: Pick<RefereeFencer, 'id' | 'name'>, right: Pick<RefereeFencer, 'id' | 'name'>) => {
    const nations = await nationsOf(c, practice, players.filter((p) => p.id === left.id || p.id === right.id));
    const fencer = (f: Pick<RefereeFencer, 'id' | 'name'>) => ({ id: machineId(f.id), name: f.name, nation: nations.get(f.id) ?? '' });
    return { left: fencer(left), right: fencer(right) };
  };
  if (work.kind === 'pool') {
    const pool = pools.find((p) => p.id === work.pool_id);
    if (!pool) return null;
    const progress = boutProgress(pool.players, ([a, b]) => pool.bouts.some((x) => isBoutOf(x, pool.players[a - 1]!.id, pool.players[b - 1]!.id)));
    if (!progress.now) return null;
    const [a, b] = progress.now.map((n) => pool.players[n - 1]!);
    const match = progress.order.findIndex(([x, y]) => x === progress.now![0] && y === progress.now![1]) + 1;
    return { head: { ...head, phase: pool.round ?? 1, poolOrTable: String(pools.indexOf(pool) + 1), match }, ...(await loaded(a!, b!)) };
  }
  const saved = await loadBracket(db, practice.id);
  const tableau = saved.seeding !== null ? { matches: frozenMatches(saved), seeds: saved.seeding } : resolveTableau(pools, saved);
  const m = tableau.matches.find((x) => x.round === work.round && x.position === work.position);
  if (!m?.player1_id || !m.player2_id || m.winner_id) return null;
  const name = (id: string) => tableau.seeds.find((s) => s.id === id)?.name ?? '';
  const size = 2 ** Math.max(1, Math.max(...tableau.matches.map((x) => x.round)) - work.round + 1);
  const fencers = await loaded({ id: m.player1_id, name: name(m.player1_id) }, { id: m.player2_id, name: name(m.player2_id) });
  return { head: { ...head, phase: 2, poolOrTable: `A${size}`, match: work.position + 1 }, ...fencers };
}

/** Stores a machine's end of match as the bout's score: ACK once stored (or stored before under the same key), NAK when refused. */
async function saveEnd(c: Context<RoomEnv>, practice: PracticeRecord, target: RefereeTarget, left: RefereeFencer, right: RefereeFencer, result: { left: number; right: number; priority: 'left' | 'right' | null }, key: string, piste: string): Promise<Answer> {
  // A checked result (issue 58) is the coach's alone: the machine hears NAK, and the bout's audit list names its piste.
  const place = target.kind === 'pool' ? { pool_id: target.pool_id } : { round: target.round };
  const by = await unlockedFor(c, place, { role: 'machine', name: piste }, key).catch((e: unknown) => {
    if (e instanceof HttpError && e.status === 409) return null;
    throw e;
  });
  if (!by) return refused('result-checked', true);
  const write = { key, practiceId: practice.id, by };
  const priority_id = result.priority ? (result.priority === 'left' ? left.id : right.id) : null;
  if (target.kind === 'pool') {
    const stored = toStoredBout({ player1_id: left.id, player2_id: right.id, score1: result.left, score2: result.right, priority_id });
    const cards = roomHere(c).desk.cardsOf(poolBoutKey(target.pool_id, stored.player1_id, stored.player2_id), stored.player1_id, stored.player2_id);
    // Version 0: the machine saw the bout without a result; a score typed meanwhile wins, and the machine hears NAK.
    const written = await writeBout(c.get('db'), target.pool_id, stored, 0, write, cards);
    if (!written.ok) return refused('changed-meanwhile', true);
    await publishResult(c, { type: 'bout', practiceId: practice.id, delta: written.delta });
    return { answer: 'ack' };
  }
  const saved = await loadBracket(c.get('db'), practice.id);
  const version = saved.matches.find((m) => m.round === target.round && m.position === target.position)?.version ?? 0;
  const input = { round: target.round, position: target.position, player1_id: left.id, player2_id: right.id, player1_score: result.left, player2_score: result.right, priority_id };
  const res = await saveMatchScore(c, practice, input, version, write);
  return res.ok ? { answer: 'ack' } : refused('changed-meanwhile', true);
}

/** Whether the result stored for the bout is the one this end tells (the fencers' scores by their machine ids). */
async function storedAlready(c: Context<RoomEnv>, practice: PracticeRecord, target: RefereeTarget, frame: CyranoFrame): Promise<boolean> {
  const { left, right } = frame;
  if (!left || !right) return false;
  const scoreOf = (id: string | null) => (id && machineId(id) === left.id ? left.score : id && machineId(id) === right.id ? right.score : null);
  if (target.kind === 'pool') {
    const bout = (await loadPoolSnapshot(c.get('db'), target.pool_id))?.bouts.find((b) => isBoutOf(b, target.a, target.b));
    return !!bout && bout.score1 === scoreOf(bout.player1_id) && bout.score2 === scoreOf(bout.player2_id);
  }
  const m = (await loadBracket(c.get('db'), practice.id)).matches.find((x) => x.round === target.round && x.position === target.position);
  return !!m?.winner_id && m.player1_score === scoreOf(m.player1_id) && m.player2_score === scoreOf(m.player2_id);
}

export const machineRoutes = new Hono<RoomEnv>()
  .post('/match', notArchived, authorize('machine.report'), json(machineMatchSchema), async (c) => {
    const practice = await practiceFor(c, c.req.param('practiceId')!);
    const { work, piste, referee } = c.req.valid('json');
    if (practice.practice_type === 'team') return c.json({ match: null });
    return c.json({ match: await matchToLoad(c, practice, work, piste, referee) });
  })
  .post('/report', archivedBehind, authorize('machine.report'), json(machineReportSchema), async (c): Promise<Response> => {
    const practice = await practiceFor(c, c.req.param('practiceId')!);
    const { work, piste, bridge, seq, frame: text } = c.req.valid('json');
    const answer = (a: Answer) => {
      // Only a stored end is a score for the archive; every other report changes the room's own tables at most.
      if (a.answer !== 'ack') c.set('archiveAs', 'none');
      return c.json(a);
    };
    const parsed = parseFrame(text);
    if (!parsed.ok) return answer(refused('broken-frame', false));
    const frame = parsed.frame;
    if (frame.command !== 'INFO') return answer(live);
    const end = frame.state === 'E';
    if (practice.practice_type === 'team') return answer(refused('team-match', end));
    // The same end sent again (its ACK was lost on the way): stored once, acknowledged again.
    const key = `m_${bridge}_${seq}`;
    if (end && (await keyApplied(c.get('db'), key))) return answer({ answer: 'ack' });
    const target = work.kind === 'tableau' ? ({ kind: 'tableau', round: work.round, position: work.position } as const) : await poolBout(c, work.pool_id, frame);
    if (!target) return answer(refused('not-called-match', end));
    let fencers: { left: RefereeFencer; right: RefereeFencer };
    try {
      fencers = await boutOf(c, practice, target);
    } catch (e) {
      // Fenced already (a score typed meanwhile), a fencer withdrawn, a match without its two fencers.
      if (e instanceof HttpError && e.status === 409) {
        // The same end told again under another report number (its ACK lost, the machine told its state again): stored already.
        if (end && (await storedAlready(c, practice, target, frame))) return answer({ answer: 'ack', bout: null });
        // The bout is no longer the machine's to show (a result typed meanwhile): the hall's piste card lets it go.
        return answer({ ...refused(end ? 'changed-meanwhile' : 'not-called-match', end), bout: null });
      }
      throw e;
    }
    const format = boutFormat(target.kind, practice.weapon);
    const read = machineState(frame, { left: fencers.left.id, right: fencers.right.id }, format, Date.now());
    if (!read) return answer(refused('not-called-match', end));
    const holder = { view: `machine:${piste}`, subject: `bridge:${c.get('machine')!.dayId}`, name: `Machine ${piste}` };
    const step = roomHere(c).desk.machineStep(practice.id, { target, ...fencers, format }, holder, read.state, { piste, lights: read.lights, report: seq, bridge });
    if (step === 'held') return answer({ ...refused('held-by-phone', end), bout: null });
    const bout = roomHere(c).desk.liveBout(refereeKey(target));
    // An end is always answered ACK or NAK: the bridge forgets a report once answered.
    if (!end) return answer({ ...live, bout });
    const result = machineResult(read.state, read.abandoned);
    if (!result.ok) return answer({ ...refused(result.reason, true), bout });
    // What a person must decide: an exclusion or abandonment in a pool annuls the fencer's bouts (the coach marks it
    // in the grid, o.74), and a score past the bout's limit (a machine left on 15 touches in a pool).
    const limit = target.kind === 'pool' ? poolMaxScore(practice.practice_type) : bracketMaxScore(practice.practice_type);
    const annuls = target.kind === 'pool' && (read.state.excluded !== null || read.abandoned !== null);
    if (annuls || result.left > limit || result.right > limit) return answer({ ...refused('result-by-hand', true), bout });
    const saved = await saveEnd(c, practice, target, fencers.left, fencers.right, result, key, piste);
    // Stored: the bout leaves the piste (the desk ended it with the result).
    return answer({ ...saved, bout: saved.answer === 'ack' ? null : bout });
  });
