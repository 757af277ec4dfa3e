import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, describe, expect, it } from 'vitest';
import { RESULT_LETTER } from '../../core/fencing/bout-result';
import { computePoolStats } from '../../core/fencing/pool-stats';
import { athleteBoutsCsv, poolResultsCsv } from '../../core/interop/exports';
import { readCsv } from '../../core/interop/csv';
import { combinePoolResults } from '../../core/fencing/pool-results';
import type { PoolSnapshot } from '../../core/contracts/pools';
import { PoolGrid } from '../../app/components/pool/pool-grid';
import { LANGUAGES, setLanguage } from '../../app/i18n';
import { resultLetter, resultText } from '../../app/i18n/fencing-terms';
import { messages as poolTexts } from '../../app/features/pools/pools-messages';
// @ts-expect-error: a plain ES module script, shared with `node scripts/i18n-catalog.mjs`.
import { englishCatalog } from '../../scripts/i18n-catalog.mjs';

type Catalog = Record<string, Record<string, unknown>>;
const root = new URL('../..', import.meta.url).pathname;
const catalog = (language: string): Catalog =>
  language === 'en' ? (englishCatalog() as Catalog) : JSON.parse(readFileSync(join(root, `app/i18n/locales/${language}.json`), 'utf8'));

const players = ['Anna', 'Berta', 'Clara'].map((name, i) => ({ id: `p${i + 1}`, name, athlete_id: null, position: i + 1, status: null }));
// Anna beats Berta 5–3; the other bouts are still to fence.
const bouts = [{ player1_id: 'p1', player2_id: 'p2', score1: 5, score2: 3, priority_id: null }];

/** The pool grid as the language draws it: its head row's texts and its cells by row and column. */
function grid() {
  const html = renderToStaticMarkup(createElement(PoolGrid, { players, stats: computePoolStats(players, bouts), zoom: 100 }));
  const heads = [...html.matchAll(/<th scope="col"[^>]*>([^<]*)<\/th>/g)].map((m) => m[1]);
  const cell = (row: number, col: number) => new RegExp(`data-testid="cell-${row}-${col}">([^<]*)<`).exec(html)?.[1];
  return { heads, cell };
}

describe('one convention for the result letters per language (issue 32)', () => {
  afterAll(() => setLanguage('en'));

  for (const language of LANGUAGES) {
    it(`${language}: the grid's heads, its cells and the help text read the same letters`, async () => {
      await setLanguage(language);
      const v = resultLetter(true, language);
      const d = resultLetter(false, language);
      const { heads, cell } = grid();
      // Athletes, 1, 2, 3, then V and D.
      expect(heads.slice(4, 6)).toEqual([v, d]);
      expect(cell(1, 2)).toBe(`${v}5`);
      expect(cell(2, 1)).toBe(`${d}3`);
      expect(resultText('V5', language)).toBe(`${v}5`);
      expect(resultText('D3', language)).toBe(`${d}3`);

      const help = poolTexts.get().help1({ v, d });
      expect(help).toContain(`${v}3`);
      expect(help).toContain(`${d}2`);
      // The catalog names no letter of its own (the German S3 … N2 of issue 32): it takes them from resultLetter.
      const template = catalog(language)['pools-screen']!.help1 as string;
      expect(template.match(/(?<![\p{L}\d])\p{Lu}\d/gu)).toBeNull();
      expect(template).toContain('{v}3');
      expect(template).toContain('{d}2');
      // And no catalog keeps a V or D head that could say otherwise.
      expect(Object.keys(catalog(language)['stats-cells']!)).not.toEqual(expect.arrayContaining(['V']));
      expect(Object.keys(catalog(language)['stats-cells']!)).not.toEqual(expect.arrayContaining(['D']));
    });
  }

  it('reads V and D in every language, the letters FIE sheets print, which SPEC stores', () => {
    expect(LANGUAGES.map((l) => `${resultLetter(true, l)}/${resultLetter(false, l)}`)).toEqual(LANGUAGES.map(() => 'V/D'));
  });

  it('writes the English CSV result column with the letters of its English heads', () => {
    const results = combinePoolResults([{ id: 'a', name: 'Pool 1', players, bouts } as unknown as PoolSnapshot]);
    const heads = readCsv(poolResultsCsv(results))[0]!;
    expect(heads.slice(3, 5)).toEqual([RESULT_LETTER.victory, RESULT_LETTER.defeat]);
    const bout = { date: '2026-11-27', practice: 'Tuesday', phase: 'Pool 1', opponent: 'Berta', scored: 5, received: 3, cards: undefined, opponent_cards: undefined };
    const rows = readCsv(athleteBoutsCsv([{ ...bout, victory: true }, { ...bout, victory: false }] as Parameters<typeof athleteBoutsCsv>[0]));
    expect(rows[0]![4]).toBe('Result');
    expect([rows[1]![4], rows[2]![4]]).toEqual(heads.slice(3, 5));
  });
});
