import type { BracketSnapshot, PoolSnapshot, Practice, Team, TeamMatchRow } from './api';

/** Every message a practice room sends over its websockets. Each send is written `satisfies LiveMessage`. */
export type LiveMessage =
  | { type: 'hello'; practiceId: string; role: 'coach' | 'guest' | 'spectator' }
  | { type: 'practice'; practice: Practice }
  | { type: 'practice-deleted'; practiceId: string }
  | { type: 'room-closed'; reason: string }
  | { type: 'pool'; practiceId: string; pool: PoolSnapshot }
  | { type: 'pool-deleted'; practiceId: string; poolId: string }
  | { type: 'pools'; practiceId: string; pools: PoolSnapshot[] }
  | { type: 'bracket'; practiceId: string; bracket: BracketSnapshot }
  | { type: 'teams'; practiceId: string; teams: Team[] }
  | { type: 'team-sheet'; practiceId: string; rows: TeamMatchRow[] };

export function parseLiveMessage(data: string): LiveMessage | null {
  try {
    const msg = JSON.parse(data) as { type?: unknown };
    return typeof msg?.type === 'string' ? (msg as LiveMessage) : null;
  } catch {
    return null;
  }
}
