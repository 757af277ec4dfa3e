import { describe, expect, it } from 'vitest';
import { RENDERED_PRACTICE_SCREENS, resumeFor, resumeTarget } from '../../core/practice-page';

// A coach's page loaded after the access token's 15 minutes goes by /api/auth/resume and back: only ever to a
// rendered screen of this site, its query kept.
describe('where a resumed session goes back to', () => {
  it('every rendered screen, with or without its query', () => {
    for (const screen of RENDERED_PRACTICE_SCREENS) {
      expect(resumeTarget(screen)).toBe(screen);
      expect(resumeTarget(`${screen}?lang=fr&bout=a%20b`)).toBe(`${screen}?lang=fr&bout=a%20b`);
    }
  });

  it('anything else goes to the practice list: other sites, other paths, bare bytes, too long', () => {
    for (const to of [undefined, '', 'tableau', '/practices', '/athletes', 'https://evil.example/tableau', '//evil.example/tableau', '/\\evil.example',
      '/tableau/', '/TABLEAU', '/tableau#x', '/tableau?a b', '/tableau?\u00e9', '/tableau?\r\nSet-Cookie:x=1', `/tableau?${'a'.repeat(504)}`]) {
      expect(resumeTarget(to), String(to)).toBe('/practices');
    }
    expect(resumeTarget(`/tableau?${'a'.repeat(503)}`)).toHaveLength(512);
  });

  it('a page\'s own address survives the round: encoded into the resume link, decoded back as it was', () => {
    const page = '/pool-results?lang=fr&x=%2F';
    const link = new URL(resumeFor(page), 'https://piste.test');
    expect(link.pathname).toBe('/api/auth/resume');
    expect(resumeTarget(link.searchParams.get('to') ?? undefined)).toBe(page);
  });
});
