/** SPEC §9: a room code is exactly six digits. */
export const ROOM_CODE_PATTERN = /^\d{6}$/;

/** SPEC §5 Practice: how many codes are tried before giving up. */
export const ROOM_CODE_ATTEMPTS = 10;

/** A six-digit code (leading zeros kept) drawn from the given source of random 32-bit integers. */
export function makeRoomCode(randomUint32: () => number): string {
  return String(randomUint32() % 1_000_000).padStart(6, '0');
}
