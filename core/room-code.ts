/** SPEC §9: a room code is exactly six digits. */
export const ROOM_CODE_PATTERN = /^\d{6}$/;

/** SPEC §5 Practice: how many codes are tried before giving up. */
export const ROOM_CODE_ATTEMPTS = 10;

/** A six-digit code (leading zeros kept) drawn from the given source of random 32-bit integers. */
export function makeRoomCode(randomUint32: () => number): string {
  return String(randomUint32() % 1_000_000).padStart(6, '0');
}

/** SPEC §5: one answer for a wrong code and an unshared one, so a code's existence does not leak. */
export const ROOM_NOT_ACCESSIBLE = 'Invalid room code or room is not accessible';

/** A live board id: 16 to 64 URL-safe characters (new ones are 22, 128 random bits); never a room code. */
export const BOARD_ID_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;

/** The answer for a board link that opens no board. */
export const BOARD_UNAVAILABLE = 'This live board link is not valid, or the practice is not shared right now';

/** A right board link whose practice does not share right now: the board waits and comes back by itself. */
export const BOARD_PAUSED = 'The coach is not sharing this practice right now.';
