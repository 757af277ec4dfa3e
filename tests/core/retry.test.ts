import { describe, expect, it } from 'vitest';
import { backoffMs, classifyAnswer, retryAfterMs } from '../../app/lib/retry';

describe('a write answer, classified once (DESIGN: writes from the field)', () => {
  it('keeps the write on no network, a timeout, 408, 429 and every 5xx', () => {
    expect(classifyAnswer(0)).toEqual({ kind: 'transient', reason: 'offline', afterMs: null });
    expect(classifyAnswer(0, null, true)).toEqual({ kind: 'transient', reason: 'timeout', afterMs: null });
    expect(classifyAnswer(408)).toEqual({ kind: 'transient', reason: 'timeout', afterMs: null });
    expect(classifyAnswer(429, '7')).toEqual({ kind: 'transient', reason: 'limited', afterMs: 7000 });
    for (const status of [500, 502, 503, 504, 520, 599]) expect(classifyAnswer(status, '2').kind).toBe('transient');
    expect(classifyAnswer(503, '2')).toEqual({ kind: 'transient', reason: 'busy', afterMs: 2000 });
  });

  it('stores on 2xx, shows a 409 as a conflict, and refuses for good what can never succeed', () => {
    expect(classifyAnswer(200).kind).toBe('stored');
    expect(classifyAnswer(201).kind).toBe('stored');
    expect(classifyAnswer(409).kind).toBe('conflict');
    for (const status of [400, 401, 403, 404, 410, 413, 422]) expect(classifyAnswer(status).kind).toBe('refused');
  });
});

describe('Retry-After', () => {
  const now = Date.parse('2026-11-24T12:00:00Z');
  it('reads seconds and HTTP dates, and ignores what it cannot read', () => {
    expect(retryAfterMs('3', now)).toBe(3000);
    expect(retryAfterMs(' 0 ', now)).toBe(0);
    expect(retryAfterMs('Tue, 24 Nov 2026 12:00:05 GMT', now)).toBe(5000);
    expect(retryAfterMs('Tue, 24 Nov 2026 11:00:00 GMT', now)).toBe(0);
    expect(retryAfterMs(null, now)).toBeNull();
    expect(retryAfterMs('soon', now)).toBeNull();
    expect(retryAfterMs('-4', now)).toBeNull();
  });

  it('never parks a write for more than ten minutes', () => {
    expect(retryAfterMs('86400', now)).toBe(600_000);
  });
});

describe('backoff with jitter', () => {
  it('doubles from 1 s to 30 s, each wait between half and all of its step', () => {
    expect(backoffMs(0, null, () => 0)).toBe(500);
    expect(backoffMs(0, null, () => 1)).toBe(1000);
    expect(backoffMs(1, null, () => 1)).toBe(2000);
    expect(backoffMs(3, null, () => 0)).toBe(4000);
    for (let attempt = 0; attempt < 40; attempt++) {
      for (const r of [0, 0.25, 0.5, 0.999]) {
        const d = backoffMs(attempt, null, () => r);
        expect(d).toBeGreaterThanOrEqual(500);
        expect(d).toBeLessThanOrEqual(30_000);
      }
    }
    expect(backoffMs(12, null, () => 1)).toBe(30_000);
  });

  it('never waits less than the server asked', () => {
    expect(backoffMs(0, 5000, () => 1)).toBe(5000);
    expect(backoffMs(6, 1000, () => 1)).toBe(30_000);
  });
});
