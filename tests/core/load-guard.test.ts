import { describe, expect, it } from 'vitest';
import { loadGuard } from '../../app/lib/load-guard';

describe('the load guard every screen loads through', () => {
  it('an answer with nothing newer is fresh', () => {
    const guard = loadGuard();
    expect(guard.begin()()).toBe('fresh');
  });

  it('a slow first answer that lands after a local change is not applied: the screen loads again', () => {
    const guard = loadGuard();
    const first = guard.begin();
    guard.changed();
    expect(first()).toBe('reload');
    expect(guard.begin()()).toBe('fresh');
  });

  it('an answer overtaken by a newer load is dropped, whatever lands first', () => {
    const guard = loadGuard();
    const older = guard.begin();
    const newer = guard.begin();
    expect(newer()).toBe('fresh');
    expect(older()).toBe('drop');
  });
});
