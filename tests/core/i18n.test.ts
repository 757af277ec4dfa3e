import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { describeError, errorBody, ERROR_MESSAGES } from '../../core/messages';
import { resultLetter } from '../../app/i18n/fencing-terms';
// @ts-expect-error: a plain ES module script, shared with `node scripts/i18n-catalog.mjs`.
import { appComponents, englishCatalog, files as sources } from '../../scripts/i18n-catalog.mjs';

type Texts = Record<string, string | Record<string, string>>;
type Catalog = Record<string, Texts>;

const root = new URL('../..', import.meta.url).pathname;
const LANGUAGES = ['fr', 'es', 'it', 'de'];
const english = englishCatalog() as Catalog;
const catalog = (language: string): Catalog => JSON.parse(readFileSync(join(root, `app/i18n/locales/${language}.json`), 'utf8'));
const placeholders = (value: string | Record<string, string>) =>
  [...new Set((typeof value === 'string' ? [value] : Object.values(value)).flatMap((s) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1])))].sort();

describe('the catalogs (issue 17)', () => {
  it('has each component once, with a name and at least one text', () => {
    const names = (appComponents() as { name: string }[]).map((c) => c.name);
    expect(names.length).toBeGreaterThan(40);
    expect(names.filter((n, i) => names.indexOf(n) !== i)).toEqual([]);
  });

  it('says each text once (issue 27): a text two screens share (Cancel, Team, Pools…) lives in one namespace, common or the fencing terms', () => {
    expect(Object.values(english.common!)).toEqual(expect.arrayContaining(['Cancel', 'Team', 'Pools']));
    // The server's messages (`errors`) are the server's own table: an app check may say what the server would.
    const seen = new Map<string, string>();
    const repeated = Object.entries(english)
      .filter(([c]) => c !== 'errors')
      .flatMap(([c, texts]) =>
        Object.entries(texts).flatMap(([k, v]) => {
          const text = JSON.stringify(v);
          const first = seen.get(text);
          if (!first) seen.set(text, `${c}.${k}`);
          return first && first.split('.')[0] !== c ? [`${first} = ${c}.${k}`] : [];
        }),
      );
    expect(repeated).toEqual([]);
  });

  for (const language of LANGUAGES) {
    describe(language, () => {
      const translated = catalog(language);

      it('translates every key of every component, and nothing the app no longer has', () => {
        const missing = Object.entries(english).flatMap(([c, texts]) => Object.keys(texts).filter((k) => translated[c]?.[k] === undefined).map((k) => `${c}.${k}`));
        const unused = Object.entries(translated).flatMap(([c, texts]) => Object.keys(texts).filter((k) => english[c]?.[k] === undefined).map((k) => `${c}.${k}`));
        expect(missing).toEqual([]);
        expect(unused).toEqual([]);
      });

      it('keeps every placeholder of the English text, and no other', () => {
        const differ = Object.entries(english).flatMap(([c, texts]) =>
          Object.entries(texts).filter(([k, v]) => translated[c]?.[k] !== undefined && placeholders(v).join() !== placeholders(translated[c]![k]!).join()).map(([k]) => `${c}.${k}`),
        );
        expect(differ).toEqual([]);
      });

      it('gives every counted text its "other" form, and plain texts as plain texts', () => {
        const wrong = Object.entries(english).flatMap(([c, texts]) =>
          Object.entries(texts).filter(([k, v]) => {
            const t = translated[c]?.[k];
            return typeof v === 'string' ? typeof t !== 'string' || t.trim() === '' : typeof t !== 'object' || !t.other;
          }).map(([k]) => `${c}.${k}`),
        );
        expect(wrong).toEqual([]);
      });
    });
  }

  it('uses every key it defines: each one is read somewhere in the app (or named after a value of core/)', () => {
    // Keys may be named after core/'s own values (a weapon, a statistic), so core/ is read too.
    const code = ([...sources(join(root, 'app')), ...sources(join(root, 'core'))] as string[]).map((f) => readFileSync(f, 'utf8')).join('\n');
    const unused = Object.entries(english)
      .filter(([c]) => c !== 'errors')
      .flatMap(([c, texts]) => Object.keys(texts).filter((k) => !new RegExp(`\\.${k}\\b|'${k}'`).test(code)).map((k) => `${c}.${k}`));
    expect(unused).toEqual([]);
  });

  it('speaks fencing: French poules, tableau de 16, en piste and en préparation; FIE V/D, TD/TR, Ind.', () => {
    const fr = catalog('fr');
    expect(fr.common!.pools).toBe('Poules');
    expect(fr['fencing-terms']!.tableauOf).toBe('Tableau de {size}');
    expect(fr.common!.fencingNow).toBe('En piste');
    expect(fr.common!.onDeck).toBe('En préparation');
    // V/D come from resultLetter (issue 32: tests/core/result-letters.test.ts), not from a catalog.
    expect([resultLetter(true, 'fr'), resultLetter(false, 'fr'), fr['stats-cells']!.TS, fr['stats-cells']!.TR, fr['stats-cells']!.Ind]).toEqual(['V', 'D', 'TD', 'TR', 'Ind.']);
  });
});

describe('server messages and their codes', () => {
  it('names a listed message by its code, with the values of its parts', () => {
    expect(describeError('Invalid login credentials')).toEqual({ code: 'invalid_login_credentials', params: {} });
    expect(describeError('Too many attempts, try again in 42 seconds')).toEqual({ code: 'too_many_attempts_try_again', params: { seconds: '42' } });
    expect(describeError('The cut keeps 16 fencers, but only 9 are in the pools')).toEqual({ code: 'cut_keeps_fencers_but_only', params: { kept: '16', classified: '9' } });
    // An exact message wins over a pattern that would also read it ("{what} not found").
    expect(describeError('Relay not found')?.code).toBe('relay_not_found');
    expect(describeError('Practice not found')).toEqual({ code: 'not_found_2', params: { what: 'Practice' } });
  });

  it('answers a message it does not list with no code, never a wrong one', () => {
    expect(describeError('Something nobody wrote')).toBeNull();
    expect(errorBody('Something nobody wrote')).toEqual({ error: 'Something nobody wrote' });
    expect(errorBody('Not found')).toEqual({ error: 'Not found', code: 'not_found' });
  });

  it('has one code per message', () => {
    const messages = Object.values(ERROR_MESSAGES);
    expect(messages.filter((m, i) => messages.indexOf(m) !== i)).toEqual([]);
  });
});

describe('every message the server can send has its code', () => {
  // The calls and options that carry a message for the screen, in the worker and the rules it uses.
  const CARRIERS = /(?:HttpError\(\d+,\s*|error:\s*|reasonOf\(|requiredText\(|nameText\(|new PlanError\(|forbidden:\s*|unauthenticated:\s*|removeGuest\([^,]+,\s*|(?:const|export const) [A-Z_]+ = )('(?:[^'\\]|\\.)*'|`(?:[^`\\]|\\.)*`)/g;
  const files: string[] = [...sources(join(root, 'worker')), ...['validation', 'day-validation', 'room-code', 'fencing/planning', 'fencing/teams'].map((f) => join(root, `core/${f}.ts`))];

  it('finds each thrown or answered message in core/messages, so the app can translate it', () => {
    const missing: string[] = [];
    let checked = 0;
    for (const file of files) {
      for (const [, literal] of readFileSync(file, 'utf8').matchAll(CARRIERS)) {
        // A template's parts take a sample value; a constant that is not a sentence (a name, SQL with its
        // ?1 placeholders) is no message.
        const text = literal!.slice(1, -1).replace(/\$\{[^}]*\}/g, '7').replace(/\\'/g, "'");
        if (!/^[A-Z7][^ ]* /.test(text) || /\?\d/.test(text)) continue;
        checked++;
        if (!describeError(text)) missing.push(`${file.slice(root.length)}: ${text}`);
      }
    }
    expect(missing).toEqual([]);
    expect(checked).toBeGreaterThan(80);
  });
});
