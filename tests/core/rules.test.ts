import { describe, expect, it } from 'vitest';
import { ALL_ACTIONS, can, type Role } from '../../core/permissions';
import { makeRoomCode, ROOM_CODE_PATTERN } from '../../core/room-code';
import { refreshDelayMs } from '../../core/session-refresh';
import { todayIso } from '../../core/dates';
import { readActionOf, type LiveMessage } from '../../core/live-messages';

describe('room codes', () => {
  it('are always six digits, keeping leading zeros', () => {
    expect(makeRoomCode(() => 42)).toBe('000042');
    expect(makeRoomCode(() => 4_294_967_295)).toBe('967295');
    for (let i = 0; i < 1000; i++) expect(makeRoomCode(() => Math.floor(Math.random() * 2 ** 32))).toMatch(ROOM_CODE_PATTERN);
  });

  it('the pattern accepts exactly six digits', () => {
    expect(ROOM_CODE_PATTERN.test('123456')).toBe(true);
    for (const bad of ['12345', '1234567', '12a456', ' 123456', '']) expect(ROOM_CODE_PATTERN.test(bad)).toBe(false);
  });
});

describe('proactive token refresh', () => {
  const now = 1_000_000_000_000;
  it('fires five minutes before expiry', () => {
    expect(refreshDelayMs(now + 15 * 60_000, now)).toBe(10 * 60_000);
  });
  it('does not schedule when the delay would be zero or negative, or a day or more', () => {
    expect(refreshDelayMs(now + 5 * 60_000, now)).toBeNull();
    expect(refreshDelayMs(now + 60_000, now)).toBeNull();
    expect(refreshDelayMs(now + 24 * 3_600_000 + 5 * 60_000, now)).toBeNull();
    expect(refreshDelayMs(now + 24 * 3_600_000 + 4 * 60_000, now)).toBe(24 * 3_600_000 - 60_000);
  });
});

describe('permissions', () => {
  const roles: Role[] = ['coach', 'guest', 'spectator', 'anonymous'];
  it('a spectator’s rights are a subset of a guest’s, and a guest’s of a coach’s but for holding a guest session', () => {
    for (const action of ALL_ACTIONS) {
      if (can('spectator', action)) expect(can('guest', action), action).toBe(true);
      if (can('anonymous', action)) expect(can('spectator', action), action).toBe(true);
      if (can('guest', action) && action !== 'guest.session') expect(can('coach', action), action).toBe(true);
    }
    expect(roles.filter((r) => can(r, 'guest.session'))).toEqual(['guest']);
  });
  it('nobody may only sign in, ask for health, join by code, watch a board and follow a fencer of a shared hall; unknown roles may do nothing', () => {
    expect(ALL_ACTIONS.filter((a) => can('anonymous', a))).toEqual(['auth.use', 'health.read', 'room.join', 'board.read', 'live.watch', 'hall.follow']);
    for (const action of ALL_ACTIONS) expect(can('intruder' as Role, action)).toBe(false);
  });
  it('SPEC §6: only a coach creates or deletes practices, sees the room code, the roster and feedback, and manages the room', () => {
    for (const action of ['practice.create', 'practice.delete', 'roomCode.read', 'roomCode.manage', 'board.manage', 'room.manage', 'roster.read', 'feedback.send', 'pool.manage', 'teams.read', 'relay.write'] as const) {
      expect(roles.filter((r) => can(r, action))).toEqual(['coach']);
    }
    expect(roles.filter((r) => can(r, 'bout.write'))).toEqual(['coach', 'guest']);
    expect(roles.filter((r) => can(r, 'bracket.write'))).toEqual(['coach', 'guest']);
    expect(roles.filter((r) => can(r, 'results.read'))).toEqual(['coach', 'guest', 'spectator']);
  });
  it('a live message reaches only the roles that may read it', () => {
    const readers = (m: LiveMessage) => roles.filter((r) => r !== 'anonymous' && can(r, readActionOf(m)));
    expect(readers({ type: 'teams', practiceId: 'p', teams: [] })).toEqual(['coach']);
    expect(readers({ type: 'team-sheet', practiceId: 'p', rows: [] })).toEqual(['coach']);
    expect(readers({ type: 'presence', practiceId: 'p', presence: { guests: [], spectators: 0 } })).toEqual(['coach']);
    expect(readers({ type: 'pool-deleted', practiceId: 'p', poolId: 'x' })).toEqual(['coach', 'guest', 'spectator']);
    expect(readers({ type: 'room-closed', reason: 'x' })).toEqual(['coach', 'guest', 'spectator']);
  });
});

describe('dates', () => {
  it('a practice date is the local calendar date', () => {
    expect(todayIso(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
    expect(todayIso(new Date(2026, 10, 21, 0, 0))).toBe('2026-11-21');
  });
});
