import type { DaySnapshot, EventCalls } from '../../core/contracts/days';
import type { Env } from '../env';
import { getRoom } from '../room/room';
import { DAY_TABLES as T } from './schema';

/** How long the day waits before telling an event again after its room did not answer. */
export const RETELL_MS = 2_000;

/** An event's calls and pool places as its own screens show them, and whether its guests may mark calls on piste. */
export function eventCallsOf(day: DaySnapshot, practiceId: string): Omit<EventCalls, 'seq'> {
  const pistes = new Map(day.pistes.map((p) => [p.id, p.name]));
  const names = new Map(day.referees.map((r) => [r.id, r.name]));
  const referee = (id: string | null) => (id ? (names.get(id) ?? null) : null);
  return {
    // Facts written before the flag existed have none: guests may not.
    guests_call: day.day.guests_call === true,
    calls: day.calls
      .filter((c) => c.practice_id === practiceId)
      .map((c) => ({ id: c.id, match_id: c.match_id, piste: pistes.get(c.piste_id) ?? '?', state: c.state, version: c.version, referee: referee(c.referee_id), called_at: c.called_at })),
    pools: day.placements
      .filter((p) => p.practice_id === practiceId)
      .map((p) => ({ pool_id: p.pool_id, piste: pistes.get(p.piste_id) ?? '?', flight: p.flight, referee: referee(p.referee_id) })),
  };
}

/**
 * The day's word back to its events (issue 28): each event's room hears the calls of its matches (for its
 * tableau's screens, where a guest may mark the fencers on piste). Only what changed is told, behind the
 * change, numbered by the day's version so an older word never overwrites a newer one; an event whose room
 * does not answer is told again by the day's alarm. What was last told each event is kept (`calls_told`).
 */
export class EventCallsTeller {
  constructor(
    private readonly sql: SqlStorage,
    private readonly env: Env,
    private readonly storage: DurableObjectStorage,
  ) {}

  /** The events whose calls differ from what their rooms last heard, with the word to tell each. */
  private due(day: DaySnapshot, gone: readonly string[] = []): { practiceId: string; word: Omit<EventCalls, 'seq'>; text: string }[] {
    const told = new Map(this.sql.exec<{ practice_id: string; calls_told: string }>(`SELECT practice_id, calls_told FROM ${T.events}`).toArray().map((e) => [e.practice_id, e.calls_told]));
    const current = day.events.map((e) => {
      const word = eventCallsOf(day, e.practice_id);
      return { practiceId: e.practice_id, word, text: JSON.stringify(word) };
    });
    // An event that left the day hears that it has no calls any more.
    const left = gone.map((practiceId) => ({ practiceId, word: { guests_call: false, calls: [], pools: [] }, text: '' }));
    return [...current.filter((e) => told.get(e.practiceId) !== e.text), ...left];
  }

  /** Tells each event what changed for it; false when a room did not answer (the caller sets the alarm). */
  async tell(day: DaySnapshot, gone: readonly string[] = []): Promise<boolean> {
    const results = await Promise.all(
      this.due(day, gone).map(async ({ practiceId, word, text }) => {
        try {
          // False: the room has not heard yet that it joined the day (it is linked right after): told again.
          const heard = await getRoom(this.env, practiceId).dayCalls(day.day.id, { seq: day.version, ...word });
          if (heard && text) this.sql.exec(`UPDATE ${T.events} SET calls_told = ? WHERE practice_id = ?`, text, practiceId);
          return heard;
        } catch {
          return false;
        }
      }),
    );
    if (results.every(Boolean)) return true;
    await this.storage.setAlarm(Date.now() + RETELL_MS);
    return false;
  }
}
