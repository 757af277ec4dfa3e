import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { RENDERED_PAGES, RENDERED_PRACTICE_SCREENS } from '../../core/practice-page';

// Issue 33: the service worker sends the pages the worker renders to the network first (app/sw/page-handler.js,
// plain JavaScript the build writes out as /page-handler.js with core's list filled in).
const template = readFileSync('app/sw/page-handler.js', 'utf8');

describe('the service worker\'s rendered pages', () => {
  it('are every coach screen the worker renders, and the live board', () => {
    for (const path of RENDERED_PRACTICE_SCREENS) expect(RENDERED_PAGES.test(path), path).toBe(true);
    for (const path of ['/live/abcdefghijklmnop', '/live/abcdefghijklmnop/tv']) expect(RENDERED_PAGES.test(path), path).toBe(true);
  });

  it('are nothing else: the app\'s other screens still open from the precache', () => {
    for (const path of ['/', '/practices', '/auth', '/teams', '/athletes', '/live/', '/individual-practice/x', '/api/practices', '/hall/abc']) expect(RENDERED_PAGES.test(path), path).toBe(false);
  });

  it('are the list the handler is built with: its one placeholder takes core\'s pattern', () => {
    expect(template.split('__RENDERED_PAGES__')).toHaveLength(2);
    expect(template).toContain('const RENDERED_PAGES = __RENDERED_PAGES__;');
  });
});
