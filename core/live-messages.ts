import type { DaySnapshot, EventCalls } from './contracts/days';
import type { ResultCheck } from './contracts/checks';
import type { DayBridge } from './contracts/bridge';
import type { BoutDelta, PoolSnapshot } from './contracts/pools';
import type { BracketSnapshot, MatchesDelta } from './contracts/tableau';
import type { Practice, RoomPresence } from './contracts/practices';
import type { TeamLineup, TeamRelay, TeamTableauSnapshot } from './contracts/team-tableau';
import type { Team, TeamMatchRow } from './contracts/teams';
import type { Action } from './permissions';
import type { LiveBout } from './refereeing';

/** Why a refereed bout ended (the referee's phone says so when it was not its own doing). */
export type RefereeEndReason = 'result' | 'discarded' | 'changed';

/** Every message a practice room sends over its websockets. Each send is written `satisfies LiveMessage`. */
export type LiveMessage =
  /** The socket is in. A day's room (issue 28) names its day in `practiceId`, the room's id. */
  /** `mark`: the room's change mark (issue 29): a board page whose embedded snapshot has the same mark is current. */
  | { type: 'hello'; practiceId: string; role: 'coach' | 'guest' | 'spectator'; mark?: string }
  | { type: 'practice'; practice: Practice }
  | { type: 'practice-deleted'; practiceId: string }
  /** `reason` is English; `code` names it in core/messages for the app to translate. */
  | { type: 'room-closed'; reason: string; code?: string }
  /**
   * A board's practice stopped sharing (the coach turned it off, or it ran out): the board shows why and waits,
   * its socket open, hearing nothing until sharing is back; then a new hello, and the board reads again.
   */
  | { type: 'paused'; practiceId: string; reason: string; code?: string }
  /** This socket was not let in (the room or this address holds too many); `reason` is for the screen. */
  | { type: 'refused'; reason: string; code?: string }
  | { type: 'presence'; practiceId: string; presence: RoomPresence }
  | { type: 'pool'; practiceId: string; pool: PoolSnapshot }
  /** Small changes travel as deltas (a bout, a tableau score, a relay row); structural ones as snapshots. */
  | { type: 'bout'; practiceId: string; delta: BoutDelta }
  | { type: 'matches'; practiceId: string; delta: MatchesDelta }
  | { type: 'relay'; practiceId: string; row: TeamMatchRow }
  // Issue 58: the practice's checked results, whole, after the coach marks or unmarks one (or a tableau reset drops its rounds').
  | { type: 'checks'; practiceId: string; checks: ResultCheck[] }
  | { type: 'pool-deleted'; practiceId: string; poolId: string }
  | { type: 'pools'; practiceId: string; pools: PoolSnapshot[] }
  | { type: 'bracket'; practiceId: string; bracket: BracketSnapshot }
  | { type: 'teams'; practiceId: string; teams: Team[] }
  | { type: 'team-sheet'; practiceId: string; rows: TeamMatchRow[] }
  /** A team tableau (issue 28): created (a snapshot), and a relay row of one of its matches (a delta). */
  | { type: 'team-tableau'; practiceId: string; tableau: TeamTableauSnapshot }
  | { type: 'team-relay'; practiceId: string; row: TeamRelay }
  /** A team tableau match's line-up (issue 58): the sides drawn, the orders, reserves and substitutions. */
  | { type: 'team-lineup'; practiceId: string; lineup: TeamLineup }
  /** Every line-up of a team tableau, after a decision took some away (their match's teams changed). */
  | { type: 'team-lineups'; practiceId: string; lineups: TeamLineup[] }
  /** A bout refereed live (issue 18): every touch, card and clock change; sent to each socket as it opens too. */
  | { type: 'referee'; practiceId: string; bout: LiveBout }
  /**
   * A live bout ended: its result saved (by its referee or on another screen: the result arrives as a bout or
   * matches message), discarded by its referee, or gone with a change of its pool or tableau (`why`).
   */
  | { type: 'referee-end'; practiceId: string; key: string; why: RefereeEndReason }
  /** The coach's choices of who referees which bout of a pool (issue 18): bout (ordered ids "a:b") → referee id. */
  | { type: 'duty'; practiceId: string; poolId: string; chosen: Record<string, string> }
  /** A competition day's room (issue 28): the whole day after each change (pistes, events' pools, placements), by version. */
  | { type: 'day'; day: DaySnapshot }
  /** The day's venue bridge and its machines (issue 57): the coach's day screens alone. */
  | { type: 'bridge'; dayId: string; bridge: DayBridge }
  /** A bout a piste's scoring machine holds, as it stands (issue 57): the day's screens and hall boards show it on the piste's card; null when it ended. */
  | { type: 'piste-bout'; dayId: string; piste_id: string; bout: LiveBout | null }
  | { type: 'day-deleted'; dayId: string }
  /** An event of a day (issue 28): its calls and where its pools fence, as the day last told its room (null: no day now). */
  | { type: 'day-calls'; practiceId: string; calls: EventCalls | null };

/** Close codes a room uses; the app explains each one to the person watching. */
export const CLOSE_CODES = {
  /** The session or the access behind this socket ended (left, removed, sharing off, new code or link). */
  ended: 4001,
  /** Too many sockets in the room, or from one address. */
  tooMany: 4429,
  /** The socket sent messages faster than the room allows (clients only send pings, which never reach it). */
  policy: 1008,
  /** The socket sent a message larger than the room takes. */
  tooBig: 1009,
} as const;

/**
 * What a socket must be allowed to read (in the permission table) to receive a message: a room sends each
 * published message only to the roles that may read it, so a spectator never sees teams or room codes.
 */
export function readActionOf(message: LiveMessage): Action {
  switch (message.type) {
    case 'pool':
    case 'bout':
    case 'duty':
    case 'pools':
    case 'pool-deleted':
    case 'day-calls':
    case 'checks':
      return 'pool.read';
    case 'bracket':
    case 'matches':
    case 'team-tableau':
    case 'team-relay':
      return 'results.read';
    // A line-up names each team's members, which only those who record line-ups read (a board shows no line-up).
    case 'team-lineup':
    case 'team-lineups':
      return 'bracket.write';
    case 'teams':
    case 'team-sheet':
    case 'relay':
      return 'teams.read';
    case 'referee':
    case 'referee-end':
      return 'live.watch';
    case 'presence':
      return 'room.manage';
    case 'practice':
    case 'practice-deleted':
      return 'roomCode.read';
    default:
      return 'live.watch';
  }
}

export function parseLiveMessage(data: string): LiveMessage | null {
  try {
    const msg = JSON.parse(data) as { type?: unknown };
    return typeof msg?.type === 'string' ? (msg as LiveMessage) : null;
  } catch {
    return null;
  }
}
