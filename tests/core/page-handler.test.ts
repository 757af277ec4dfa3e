import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { RENDERED_PRACTICE_SCREENS } from '../../core/practice-page';

// Issue 33: the service worker sends the pages the worker renders to the network first (public/page-handler.js,
// plain JavaScript imported into Workbox's service worker); its list must be the worker's.
const source = readFileSync('public/page-handler.js', 'utf8');
const pattern = new RegExp(source.match(/const RENDERED_PAGES = \/(.+)\/;/)![1]!);

describe('the service worker\'s rendered pages', () => {
  it('are every coach screen the worker renders, and the live board', () => {
    for (const path of RENDERED_PRACTICE_SCREENS) expect(pattern.test(path), path).toBe(true);
    for (const path of ['/live/abcdefghijklmnop', '/live/abcdefghijklmnop/tv']) expect(pattern.test(path), path).toBe(true);
  });

  it('are nothing else: the app\'s other screens still open from the precache', () => {
    for (const path of ['/', '/practices', '/auth', '/teams', '/athletes', '/live/', '/individual-practice/x', '/api/practices', '/hall/abc']) expect(pattern.test(path), path).toBe(false);
  });
});
