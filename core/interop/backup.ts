// The account backup (issue 25): its schema, the checks that a restore holds what the API would have
// accepted (one validation path), and the rows a restore writes. One file: the format and its checks change together.
import { z } from 'zod';
import { storedCards } from '../fencing/bout-cards';
import { poolMaxScore } from '../fencing/bout-result';
import { applyScore, bracketMaxScore, buildBracket } from '../fencing/bracket';
import { DEFAULT_FORMAT } from '../fencing/tableau';
import { RELAY_ORDER } from '../fencing/team-relay';
import { TEAM_MESSAGES, validTeamSizes } from '../fencing/teams';
import {
  athleteSchema, boutSchema, bracketScoreSchema, createPracticeSchema, firstIssue, nameText, NAME_MAX, noteSchema,
  poolNameSchema, RANKING_MAX, relayRowSchema, scoresWithin, tableauFormatSchema, weaponSchema,
} from '../validation';
import { backupDaySchema, daysProblem, restoreDays, type DayRestore } from './backup-days';
import { backupTeamTableau, entryRound, poolRound, restoreTeamTableau, roundsAndTeamTableauProblem } from './backup-rounds';
import { sameNameKey } from '../names';
import { athleteDetailsSchema } from '../athlete-details';
import { MAX_COACH_DAYS, MAX_COACH_PRACTICES, MAX_POOL_SIZE, MAX_POOLS, MAX_PRACTICE_FENCERS, MAX_TABLEAU, MAX_TEAMS } from '../limits';

/**
 * A coach's whole account as one file (issue 15): the roster with notes, every practice with its pools,
 * bouts, format, check-in, tableau, teams and relays, every competition day (issue 28, ./backup-days), and
 * each practice's second round of pools and team tableau with its relay sheets (issue 28) and line-ups (issue
 * 58, ./backup-rounds).
 * Ids in the file only tie its parts together: a restore gives every row a new id (`restoreRows`), so a file
 * can never reach into another account, and restoring it twice adds a second copy of its practices and days
 * rather than overwriting anything.
 */
export const BACKUP_FORMAT = 'piste-backup';
export const BACKUP_VERSION = 1;

/**
 * Bounds of a restorable file: far above a season of practice, low enough to restore in one D1 batch. Its
 * practices and days are the most one account keeps (core/limits), so a coach's whole account always fits in
 * one backup. A practice holds what the API lets it hold (core/limits, issue 33): both rounds of pools at
 * their most, and a tableau of 512 with its bouts for places (511 + 5).
 */
export const BACKUP_LIMITS = {
  athletes: 2000, notesPerAthlete: 500, practices: MAX_COACH_PRACTICES, poolsPerPractice: 2 * MAX_POOLS, bracketMatches: 600, days: MAX_COACH_DAYS,
} as const;

const ref = z.string().min(1).max(64);
/** A fencer's name in a pool, a tableau, a team or the absent list: one line, no control characters, as the API takes it. */
const name = nameText('Player name cannot be empty', NAME_MAX, 'Player name');
const time = z.number().int().min(0).max(8.64e15);
const score = z.number().int().min(0).max(99);

const seed = z.object({ id: ref, name, seed: z.number().int().min(1).max(MAX_TABLEAU) });

const player = z.object({
  id: ref,
  athlete_id: ref.nullable(),
  name,
  position: z.number().int().min(1).max(MAX_POOL_SIZE),
  status: z.enum(['withdrawn', 'excluded']).nullable(),
  ...entryRound,
});

/** A refereed result's cards (issue 29); absent in files written before them, and for results typed in by hand. */
const cardList = z.array(z.enum(['yellow', 'red', 'black'])).max(20);
const cards = z.object({ player1: cardList, player2: cardList, p_cards: z.number().int().min(0).max(3) }).nullable().optional();

const bout = z.object({ player1_id: ref, player2_id: ref, score1: score, score2: score, priority_id: ref.nullable(), cards });

const pool = z.object({
  id: ref,
  name: poolNameSchema.shape.name,
  round: poolRound,
  created_at: time,
  players: z.array(player).max(MAX_POOL_SIZE),
  bouts: z.array(bout).max((MAX_POOL_SIZE * (MAX_POOL_SIZE - 1)) / 2),
});

const bracketMatch = z.object({
  round: z.number().int().min(1).max(10),
  position: z.number().int().min(0).max(MAX_TABLEAU - 1),
  player1_id: ref.nullable(),
  player2_id: ref.nullable(),
  player1_score: score.nullable(),
  player2_score: score.nullable(),
  winner_id: ref.nullable(),
  cards,
});

const practice = z.object({
  id: ref,
  name: createPracticeSchema.shape.name,
  date: createPracticeSchema.shape.date.unwrap(),
  practice_type: z.enum(['individual', 'team']),
  /** Issue 18; a backup made before it has none: épée, as the migration gave every practice. */
  weapon: weaponSchema.default('epee'),
  created_at: time,
  pools: z.array(pool).max(BACKUP_LIMITS.poolsPerPractice),
  format: tableauFormatSchema.nullable(),
  absentees: z.array(z.object({ name, athlete_id: ref.nullable() })).max(MAX_PRACTICE_FENCERS),
  bracket: z.object({ seeding: z.array(seed).max(MAX_TABLEAU), matches: z.array(bracketMatch).max(BACKUP_LIMITS.bracketMatches) }).nullable(),
  teams: z.array(z.object({
    /** Issue 28: how a drawn team tableau names the team (absent in older files). */
    id: ref.optional(),
    team_number: z.number().int().min(1).max(MAX_TEAMS),
    members: z.array(z.object({
      /** Issue 58: how a team match's line-up names the member (absent in older files). */
      id: ref.optional(),
      athlete_id: ref.nullable(), athlete_name: name, position: z.number().int().min(1).max(10),
    })).max(10),
  })).max(MAX_TEAMS),
  relays: z.array(z.object({
    match_number: z.number().int().min(1).max(9),
    fencer_a_number: z.number().int().min(1).max(10),
    fencer_b_number: z.number().int().min(1).max(10),
    score_a: score.nullable(),
    score_b: score.nullable(),
  })).max(9),
  team_tableau: backupTeamTableau,
});

const athlete = z.object({
  id: ref,
  name: athleteSchema.shape.name,
  club: athleteSchema.shape.club,
  ranking: z.number().int().min(1).max(RANKING_MAX).nullable(),
  created_at: time,
  // Issue 30; files written before it have none of these.
  ...athleteDetailsSchema.shape,
  notes: z.array(z.object({ note: noteSchema.shape.note, created_at: time })).max(BACKUP_LIMITS.notesPerAthlete),
});

type Practice = z.infer<typeof practice>;

/** Whether numbers are 1, 2, … n in some order, each once: pool positions, seeds, team numbers, members' places. */
const oneToN = (numbers: number[]) => new Set(numbers).size === numbers.length && numbers.every((n) => n >= 1 && n <= numbers.length);

type PracticeType = Practice['practice_type'];
/** One value per practice type. */
const byType = <T>(make: (type: PracticeType) => T): Record<PracticeType, T> => ({ individual: make('individual'), team: make('team') });

/** The bout route's schema for a practice's pool bouts (scores up to 5 or 45, priority at equal scores only). */
const poolBoutRule = byType((type) => boutSchema.refine(...scoresWithin(poolMaxScore(type), 'score1', 'score2')));
/** The score route's schema for a practice's tableau (scores up to 15 or 45, priority at equal scores only). */
const tableauScoreRule = byType((type) => bracketScoreSchema.refine(...scoresWithin(bracketMaxScore(type), 'player1_score', 'player2_score')));

/**
 * What the API would have refused in a practice whose references hold (issue 25: one validation path), or
 * null: every pool bout by the bout route's schema, positions 1 to n once each, one entry per athlete in a
 * pool; the tableau replayed from its seeding through `applyScore`, each score by the score route's schema,
 * which must give back every stored match; team sizes and relay rows as the team routes take them.
 */
function practiceProblem(p: Practice): string | null {
  for (const pool of p.pools) {
    if (!oneToN(pool.players.map((pl) => pl.position))) return `two fencers of ${pool.name} share a position, or a position is missing`;
    const athletes = pool.players.flatMap((pl) => (pl.athlete_id === null ? [] : [pl.athlete_id]));
    if (new Set(athletes).size !== athletes.length) return `an athlete has two entries in ${pool.name}`;
    for (const bt of pool.bouts) {
      const checked = poolBoutRule[p.practice_type].safeParse({ ...bt, version: 0 });
      if (!checked.success) return `a bout of ${pool.name}: ${firstIssue(checked.error)}`;
    }
  }
  if (p.bracket) {
    const problem = tableauProblem(p, p.bracket);
    if (problem) return `the tableau of ${p.name}: ${problem}`;
  }
  if (p.teams.length > 0) {
    if (!oneToN(p.teams.map((t) => t.team_number))) return `the teams of ${p.name} are not numbered 1 to ${p.teams.length}`;
    if (!validTeamSizes(p.teams.map((t) => t.members.length))) return `the teams of ${p.name}: ${TEAM_MESSAGES.sizes.description}`;
    if (!p.teams.every((t) => oneToN(t.members.map((m) => m.position)))) return `two members of a team of ${p.name} share a place`;
  }
  for (const r of p.relays) {
    const [a, b] = RELAY_ORDER[r.match_number - 1]!;
    if (r.fencer_a_number !== a || r.fencer_b_number !== b) return `relay ${r.match_number} of ${p.name} does not pair fencers ${a} and ${b}`;
    const checked = relayRowSchema.safeParse({ score_a: r.score_a, score_b: r.score_b, version: 0 });
    if (!checked.success) return `relay ${r.match_number} of ${p.name}: ${firstIssue(checked.error)}`;
  }
  return null;
}

/** Why a stored tableau is not what its seeding and scores give through the API's rules, or null. */
function tableauProblem(p: Practice, bracket: NonNullable<Practice['bracket']>): string | null {
  if (!oneToN(bracket.seeding.map((s) => s.seed)) || new Set(bracket.seeding.map((s) => s.id)).size !== bracket.seeding.length) return 'its seeding is not 1 to n, each fencer once';
  const rule = tableauScoreRule[p.practice_type];
  let state = buildBracket(bracket.seeding, p.format ?? DEFAULT_FORMAT);
  const scored = bracket.matches.filter((m) => m.player1_score !== null || m.player2_score !== null).sort((x, y) => x.round - y.round || x.position - y.position);
  for (const m of scored) {
    const checked = rule.safeParse({
      ...m, priority_id: m.player1_score === m.player2_score ? m.winner_id : null, version: 0,
      player1_id: m.player1_id ?? '', player2_id: m.player2_id ?? '',
    });
    if (!checked.success) return `round ${m.round}, match ${m.position + 1}: ${firstIssue(checked.error)}`;
    state = applyScore(state, checked.data);
  }
  const drawn = new Map(state.map((m) => [`${m.round} ${m.position}`, m]));
  for (const m of bracket.matches) {
    const d = drawn.get(`${m.round} ${m.position}`);
    const same = d && d.player1_id === m.player1_id && d.player2_id === m.player2_id && d.player1_score === m.player1_score && d.player2_score === m.player2_score && d.winner_id === m.winner_id;
    if (!same) return `round ${m.round}, match ${m.position + 1} is not what its draw and scores give`;
  }
  return null;
}

/**
 * Issue 33: the fencers a practice holds, as core/limits MAX_PRACTICE_FENCERS bounds them: every round-1
 * entry, and a round-2 entry only when it continues none (a round-2 entry that continues one is the same fencer).
 */
const fencersIn = (p: Practice) =>
  p.pools.reduce((n, pool) => n + pool.players.filter((pl) => (pool.round ?? 1) === 1 || (pl.first_round_id ?? null) === null).length, 0);

/** Every id the file uses refers to something in the file, no id is used twice, and every practice keeps the API's rules. */
function checkReferences(b: { athletes: { id: string }[]; practices: Practice[]; days: z.infer<typeof backupDaySchema>[] }, ctx: z.RefinementCtx) {
  const fail = (message: string) => ctx.addIssue({ code: 'custom', message: `This backup is damaged: ${message}` });
  const athleteIds = new Set(b.athletes.map((a) => a.id));
  if (athleteIds.size !== b.athletes.length) return fail('an athlete appears twice');
  const knownAthlete = (id: string | null) => id === null || athleteIds.has(id);
  const practiceIds = new Set<string>();
  const playerIds = new Set<string>();
  for (const p of b.practices) {
    if (practiceIds.has(p.id)) return fail('a practice appears twice');
    practiceIds.add(p.id);
    const held = fencersIn(p);
    if (held > MAX_PRACTICE_FENCERS) {
      return ctx.addIssue({ code: 'custom', message: `A practice holds at most ${MAX_PRACTICE_FENCERS} fencers: ${p.name} in this backup holds ${held}` });
    }
    const inPractice = new Set<string>();
    for (const pool of p.pools) {
      const inPool = new Set<string>();
      for (const pl of pool.players) {
        if (playerIds.has(pl.id)) return fail('a fencer appears twice');
        if (!knownAthlete(pl.athlete_id)) return fail(`${pl.name} refers to an athlete that is not in the file`);
        playerIds.add(pl.id);
        inPool.add(pl.id);
        inPractice.add(pl.id);
      }
      const pairs = new Set(pool.bouts.map((bt) => [bt.player1_id, bt.player2_id].sort().join(' ')));
      if (pairs.size !== pool.bouts.length) return fail(`a bout of ${pool.name} appears twice`);
      for (const bt of pool.bouts) {
        if (!inPool.has(bt.player1_id) || !inPool.has(bt.player2_id) || bt.player1_id === bt.player2_id) return fail(`a bout of ${pool.name} names a fencer not in that pool`);
        if (bt.priority_id !== null && bt.priority_id !== bt.player1_id && bt.priority_id !== bt.player2_id) return fail(`a bout of ${pool.name} gives priority to a fencer not in it`);
      }
    }
    for (const t of p.teams) {
      if (t.id === undefined) continue;
      if (playerIds.has(t.id)) return fail(`a team of ${p.name} appears twice`);
      playerIds.add(t.id);
      inPractice.add(t.id);
    }
    const distinct = <T>(items: T[], key: (t: T) => string) => new Set(items.map(key)).size === items.length;
    if (!distinct(p.absentees, (a) => a.name)) return fail(`an absent fencer of ${p.name} appears twice`);
    if (!distinct(p.teams, (t) => String(t.team_number))) return fail(`a team of ${p.name} appears twice`);
    if (!distinct(p.teams.flatMap((t) => t.members.flatMap((m) => (m.id === undefined ? [] : [m.id]))), (id) => id)) return fail(`a team member of ${p.name} appears twice`);
    if (!distinct(p.relays, (r) => String(r.match_number))) return fail(`a relay of ${p.name} appears twice`);
    if (p.bracket && !distinct(p.bracket.matches, (m) => `${m.round} ${m.position}`)) return fail(`a tableau match of ${p.name} appears twice`);
    if (p.absentees.some((a) => !knownAthlete(a.athlete_id))) return fail('an absent fencer refers to an athlete that is not in the file');
    if (p.teams.some((t) => t.members.some((m) => !knownAthlete(m.athlete_id)))) return fail('a team member refers to an athlete that is not in the file');
    if (p.bracket) {
      const inTableau = (id: string | null) => id === null || inPractice.has(id);
      if (!p.bracket.seeding.every((s) => inPractice.has(s.id))) return fail(`the tableau of ${p.name} names a fencer not in its pools`);
      if (!p.bracket.matches.every((m) => inTableau(m.player1_id) && inTableau(m.player2_id) && inTableau(m.winner_id))) return fail(`the tableau of ${p.name} names a fencer not in its pools`);
    }
    const problem = practiceProblem(p) ?? roundsAndTeamTableauProblem(p);
    if (problem) return fail(problem);
  }
  const problem = daysProblem(b.days, b.practices, athleteIds);
  if (problem) return fail(problem);
}

export const backupSchema = z
  .object({
    format: z.literal(BACKUP_FORMAT, { error: 'This is not a Piste backup file' }),
    version: z.literal(BACKUP_VERSION, { error: `This backup was made by another version of Piste (this one reads version ${BACKUP_VERSION})` }),
    exported_at: time,
    athletes: z.array(athlete).max(BACKUP_LIMITS.athletes, { error: `A backup holds at most ${BACKUP_LIMITS.athletes} athletes` }),
    practices: z.array(practice).max(BACKUP_LIMITS.practices, { error: `A backup holds at most ${BACKUP_LIMITS.practices} practices` }),
    /** Issue 28; a backup made before it has none. */
    days: z.array(backupDaySchema).max(BACKUP_LIMITS.days, { error: `A backup holds at most ${BACKUP_LIMITS.days} competition days` }).default([]),
  })
  .superRefine(checkReferences);

export type AccountBackup = z.infer<typeof backupSchema>;

/** The tables a restore writes, in the order they are written (each row after those it refers to). */
export const RESTORE_TABLES = [
  'athletes', 'athlete_notes', 'practices', 'tournaments', 'players', 'matches', 'tableau_formats', 'absentees',
  'brackets', 'bracket_matches', 'teams', 'team_members', 'team_matches', 'team_tableaux', 'team_relays', 'team_lineups', 'days', 'day_events',
] as const;

export type RestoreTable = (typeof RESTORE_TABLES)[number];

/** The rows a restore inserts, by table (every id new, every reference rewritten to the new ids). */
export type RestoreRows = Record<RestoreTable, Record<string, unknown>[]>;

export interface RestoreContext {
  userId: string;
  now: number;
  newId: () => string;
  /** The account's roster by `sameNameKey` (core/names.ts): an athlete already there is reused (and keeps its own notes). */
  roster: ReadonlyMap<string, string>;
  /** A fresh room code and board id for each restored practice (sharing starts off). */
  secrets: () => { room_code: string; board_id: string };
}

/**
 * What restoring a checked backup into an account writes: new ids for everything, references rewritten,
 * roster athletes matched by name reused, every practice restored with sharing off and fresh secrets, and
 * each competition day's index rows with what its room is to hold (`dayRooms`).
 */
export function restoreRows(b: AccountBackup, ctx: RestoreContext): RestoreRows & { dayRooms: DayRestore[] } {
  const { userId, now, newId } = ctx;
  const rows = Object.fromEntries(RESTORE_TABLES.map((t) => [t, []])) as unknown as RestoreRows;
  const athleteId = new Map<string, string>();
  for (const a of b.athletes) {
    const existing = ctx.roster.get(sameNameKey(a.name));
    if (existing) {
      athleteId.set(a.id, existing);
      continue;
    }
    const id = newId();
    athleteId.set(a.id, id);
    const r = a.national_rating;
    rows.athletes.push({
      id, user_id: userId, name: a.name, club: a.club || null, ranking: a.ranking, created_at: a.created_at,
      licence: a.licence ?? null, nation: a.nation ?? null, birth_date: a.birth_date ?? null, laterality: a.laterality ?? null,
      gender: a.gender ?? null, region: a.region ?? null, rating_system: r?.system ?? null, rating: r?.value ?? null,
    });
    for (const n of a.notes) rows.athlete_notes.push({ id: newId(), athlete_id: id, user_id: userId, note: n.note, created_at: n.created_at });
  }
  const athlete = (id: string | null) => (id === null ? null : athleteId.get(id)!);

  const practiceIds = new Map<string, string>();
  const poolIds = new Map<string, string>();
  for (const p of b.practices) {
    const practiceId = newId();
    practiceIds.set(p.id, practiceId);
    rows.practices.push({
      id: practiceId, user_id: userId, name: p.name, date: p.date, practice_type: p.practice_type, weapon: p.weapon, ...ctx.secrets(),
      allow_guest_access: 0, guest_epoch: 0, sharing_expires_at: 0, created_at: p.created_at, updated_at: now,
    });
    // Every entry's and team's new id first: a round-2 entry names the round-1 entry it continues, a drawn team tableau its teams.
    const playerId = new Map<string, string>(p.pools.flatMap((pool) => pool.players.map((pl) => [pl.id, newId()] as const)));
    for (const t of p.teams) if (t.id !== undefined) playerId.set(t.id, newId());
    for (const pool of p.pools) {
      const poolId = newId();
      poolIds.set(pool.id, poolId);
      rows.tournaments.push({ id: poolId, practice_id: practiceId, user_id: userId, name: pool.name, round: pool.round ?? 1, version: 1, created_at: pool.created_at, updated_at: now });
      for (const pl of pool.players) {
        rows.players.push({
          id: playerId.get(pl.id)!, tournament_id: poolId, athlete_id: athlete(pl.athlete_id), name: pl.name, position: pl.position, status: pl.status,
          seed: pl.seed ?? null, first_round_id: pl.first_round_id ? playerId.get(pl.first_round_id)! : null, created_at: pool.created_at, updated_at: now,
        });
      }
      for (const bt of pool.bouts) {
        // A bout is stored with its two fencers in id order (a table rule): the new ids may swap them.
        const [a, b] = [playerId.get(bt.player1_id)!, playerId.get(bt.player2_id)!];
        const [first, second] = a < b ? [[a, bt.score1], [b, bt.score2]] as const : [[b, bt.score2], [a, bt.score1]] as const;
        const kept = bt.cards && (a < b ? bt.cards : { ...bt.cards, player1: bt.cards.player2, player2: bt.cards.player1 });
        rows.matches.push({
          id: newId(), tournament_id: poolId, player1_id: first[0], player2_id: second[0], score1: first[1], score2: second[1],
          priority_id: bt.priority_id === null ? null : playerId.get(bt.priority_id), updated_at: now, version: 1, cards: storedCards(kept),
        });
      }
    }
    const player = (id: string | null) => (id === null ? null : playerId.get(id)!);
    if (p.format) {
      rows.tableau_formats.push({
        practice_id: practiceId, cut_kind: p.format.cut.kind, cut_value: p.format.cut.kind === 'all' ? null : p.format.cut.value,
        third_place: p.format.third_place, places_5_8: p.format.places_5_8 ? 1 : 0, updated_at: now,
      });
    }
    for (const a of p.absentees) rows.absentees.push({ practice_id: practiceId, name: a.name, athlete_id: athlete(a.athlete_id), created_at: now });
    if (p.bracket) {
      const seeding = p.bracket.seeding.map((s) => ({ ...s, id: player(s.id) }));
      rows.brackets.push({ practice_id: practiceId, user_id: userId, seeding: JSON.stringify(seeding), version: 1, created_at: now, updated_at: now });
      for (const m of p.bracket.matches) {
        rows.bracket_matches.push({
          practice_id: practiceId, round: m.round, position: m.position, player1_id: player(m.player1_id), player2_id: player(m.player2_id),
          player1_score: m.player1_score, player2_score: m.player2_score, winner_id: player(m.winner_id), updated_at: now, version: 1, cards: storedCards(m.cards),
        });
      }
    }
    // A team member's new id by the file's, for the line-ups that name it (issue 58).
    const memberId = new Map<string, string>();
    for (const t of p.teams) {
      const teamId = (t.id !== undefined && playerId.get(t.id)) || newId();
      rows.teams.push({ id: teamId, practice_id: practiceId, team_number: t.team_number, user_id: userId, created_at: now });
      for (const m of t.members) {
        const id = newId();
        if (m.id !== undefined) memberId.set(m.id, id);
        rows.team_members.push({ id, team_id: teamId, athlete_id: athlete(m.athlete_id), athlete_name: m.athlete_name, position: m.position, user_id: userId });
      }
    }
    for (const r of p.relays) rows.team_matches.push({ practice_id: practiceId, user_id: userId, ...r, updated_at: now, version: 1 });
    const ids = { entry: (id: string) => playerId.get(id)!, member: (id: string) => memberId.get(id)! };
    const teamTableau = restoreTeamTableau(p.team_tableau, { practiceId, userId, now, ids });
    rows.team_tableaux.push(...teamTableau.team_tableaux);
    rows.team_relays.push(...teamTableau.team_relays);
    rows.team_lineups.push(...teamTableau.team_lineups);
  }
  const days = restoreDays(b.days, { practice: practiceIds, pool: poolIds, athlete }, { userId, now, newId, boardId: () => ctx.secrets().board_id });
  return { ...rows, ...days.rows, dayRooms: days.rooms };
}

/** Counts a restore reports: what the file added to the account. */
export interface RestoreSummary {
  athletes: number;
  practices: number;
  pools: number;
  bouts: number;
  /** Competition days (issue 28). */
  days: number;
}
