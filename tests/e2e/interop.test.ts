import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { PoolSnapshot } from '../../core/contracts/pools';
import { readCsv } from '../../core/interop/csv';
import { readFieFencers } from '../../core/interop/fie-xml';
import { download, enterScore, expectToast, newContext, pickScores, signUp, uniqueEmail, useBrowser } from '../helpers/browser';
import { holdPrint, pdfPages } from '../helpers/pdf';
import { seed, viaBrowser } from '../helpers/seed';

const browser = useBrowser();


const rowsOf = (p: Page, testId: string) => p.getByTestId(testId).evaluateAll((trs) => trs.map((r) => [...r.querySelectorAll('td')].map((td) => td.textContent?.trim() ?? '')));


async function coach(label: string) {
  const context = await newContext(browser());
  const page = await context.newPage();
  await signUp(page, { name: `${label} Coach`, email: uniqueEmail(label), password: `${label} password 1` });
  return { context, page };
}

async function newPractice(page: Page, name: string, names: string[], poolCount?: number) {
  const api = seed(viaBrowser(page.request));
  const practice = await api.practice(name);
  const pools = await api.pools(practice.id, names, poolCount);
  await page.evaluate((id) => localStorage.setItem('current_practice_id', id), practice.id);
  return { practice, pools };
}

/** Fences every bout of a pool through the API: the fencer listed first wins 5 to the gap between them. */
const fenceAll = (page: Page, pool: PoolSnapshot) => seed(viaBrowser(page.request)).fenceAll(pool);

describe('roster import and export', () => {
  it('imports a CSV of 10 rows with 2 bad ones: a preview row by row, the good ones not yet in the roster imported; the roster exports back as CSV; a file straight into a setup', async () => {
    const { context, page } = await coach('import');
    await page.goto('/athletes');
    await page.getByLabel('Athlete name').fill('Anna Rossi');
    await page.getByRole('button', { name: 'Add Athlete' }).click();
    await expectToast(page, 'Athlete added successfully');

    const csv = [
      'Nom;Club;Classement',
      'Anna Rossi;Milano;3', // already in the roster
      'Élodie Müller;Besançon;1',
      '"Dupont; Jean";"Club ""Les Lames""";',
      ';Nowhere;4', // error: no name
      'Kenji Satō;Tokyo;12',
      'Zoë Ørsted;;',
      'Ben Okafor;Lagos;first', // error: ranking
      'Chloé Durand;Lyon;7',
      'Ana María López;Madrid;',
      'Dora Kiss;Budapest;2',
    ].join('\r\n');
    await page.getByRole('button', { name: 'Import…' }).click();
    await page.getByLabel('Choose a file').setInputFiles({ name: 'roster.csv', mimeType: 'text/csv', buffer: Buffer.from(`\uFEFF${csv}`, 'utf8') });
    await expect.poll(() => page.getByTestId('import-summary').textContent()).toBe('7 new · 1 already listed · 2 with errors');
    const preview = await rowsOf(page, 'import-row');
    expect(preview.map((r) => [r[0], r[1], r[4]])).toEqual([
      ['2', 'Anna Rossi', 'Already in the roster'],
      ['3', 'Élodie Müller', 'New'],
      ['4', 'Dupont; Jean', 'New'],
      ['5', '(empty)', 'Error: Athlete name is required'],
      ['6', 'Kenji Satō', 'New'],
      ['7', 'Zoë Ørsted', 'New'],
      ['8', 'Ben Okafor', 'Error: Ranking must be a whole number'],
      ['9', 'Chloé Durand', 'New'],
      ['10', 'Ana María López', 'New'],
      ['11', 'Dora Kiss', 'New'],
    ]);
    await page.getByRole('button', { name: 'Import 7 athletes' }).click();
    await expectToast(page, 'Imported 7 athletes');
    await expect.poll(() => page.getByTestId('athlete-item').count()).toBe(8);
    expect(await page.getByTestId('athlete-list').textContent()).toContain('Club "Les Lames"');

    const exported = await download(page, page.getByRole('button', { name: 'Export CSV' }));
    expect(exported.name).toBe('athletes.csv');
    expect(exported.text.startsWith('\uFEFF"Name","Club","Ranking"')).toBe(true);
    const back = readCsv(exported.text);
    expect(back).toHaveLength(9);
    expect(back).toContainEqual(['Dupont; Jean', 'Club "Les Lames"', '']);
    expect(back).toContainEqual(['Élodie Müller', 'Besançon', '1']);

    // Straight into a practice's setup: roster fencers are ticked, the others typed.
    const practice = await seed(viaBrowser(page.request)).practice('From a file');
    await page.evaluate((id) => localStorage.setItem('current_practice_id', id), practice.id);
    await page.goto('/practice-setup');
    await page.getByText('Dora Kiss').waitFor();
    await page.getByLabel(/Or take the fencers of a file/).setInputFiles({ name: 'tonight.csv', mimeType: 'text/csv', buffer: Buffer.from('Name\nDora Kiss\nNew Face\n', 'utf8') });
    await expectToast(page, '2 fencers added from tonight.csv');
    expect(await page.getByRole('checkbox', { name: /Dora Kiss/ }).isChecked()).toBe(true);
    expect(await page.getByLabel('Or type names, one per line').inputValue()).toBe('New Face');
    await context.close();
  });
});

describe('results out of the app', () => {
  it('pool results CSV matches the screen; the pool sheets print one pool a page with every name and the board QR code', async () => {
    const { context, page } = await coach('sheets');
    const names = ['ALBA', 'BRUNO', 'CARLA', 'DIEGO', 'ELENA', 'FABIO', 'GIULIA', 'HUGO', 'IRIS'];
    const { practice, pools } = await newPractice(page, 'Sheets Night', names, 3);
    await fenceAll(page, pools[0]!);
    const shared = await seed(viaBrowser(page.request)).share(practice.id);

    await page.goto('/pool-results');
    await expect.poll(() => page.getByTestId('result-row').count()).toBe(9);
    const screen = await rowsOf(page, 'result-row');
    const { name, text } = await download(page, page.getByRole('button', { name: 'Export CSV' }));
    expect(name).toBe('Sheets-Night-pool-results.csv');
    const [header, ...rows] = readCsv(text);
    expect(header).toEqual(['Rank', 'Athlete', 'Pool', 'V', 'D', 'Ratio', 'TS', 'TR', 'Ind', 'Note']);
    // The screen's Athlete cell holds the name and the pool; the indicator shows a + when positive.
    expect(rows.map((r) => [r[0], `${r[1]}${r[2]}`, r[3], r[4], r[5], r[6], r[7], Number(r[8]) > 0 ? `+${r[8]}` : r[8]])).toEqual(screen);

    await page.goto('/individual-practice');
    await page.getByTestId('pool-grid').waitFor();
    await holdPrint(page);
    await page.getByRole('button', { name: 'Print pool sheets' }).click();
    await expect.poll(() => page.getByTestId('print-pool-sheet').count()).toBe(3);
    // The QR code leads to the read-only live board, never to the room code.
    const qr = await page.getByTestId('print-root').getByTestId('qr-code').first().getAttribute('data-value');
    expect(qr).toBe(`${new URL(page.url()).origin}/live/${shared.board_id}`);
    expect(qr).not.toContain(shared.room_code);
    const pages = await pdfPages(await page.pdf({ preferCSSPageSize: true }));
    expect(pages).toHaveLength(3);
    for (const [i, pool] of pools.entries()) {
      expect(pages[i]).toContain(pool.name);
      for (const p of pool.players) expect(pages[i]).toContain(p.name);
      expect(pages[i]).toContain('Signature');
      expect(pages[i]).toContain('Sheets Night');
    }
    // The fenced pool prints its results; no app chrome reaches the paper.
    expect(pages[0]).toContain('V5');
    expect(pages.join(' ')).not.toContain('Print pool sheets');
    expect(pages.join(' ')).not.toContain('My Account');
    await context.close();
  });

  it('prints a tableau of 32 on landscape pages (two halves, then the last rounds) and exports FIE XML that re-imports', async () => {
    const { context, page } = await coach('tableau32');
    const names = Array.from({ length: 17 }, (_, i) => `FENCER ${String.fromCharCode(65 + i)} TEST`);
    const { pools } = await newPractice(page, 'Big Tableau', names, 4);
    for (const pool of pools) await fenceAll(page, pool);
    await page.goto('/tableau');
    await page.getByTestId('match-r1-m0').waitFor();
    await holdPrint(page);
    await page.getByRole('button', { name: 'Print', exact: true }).click();
    await expect.poll(() => page.getByTestId('print-tableau-page').count()).toBe(3);
    const pages = await pdfPages(await page.pdf({ preferCSSPageSize: true }));
    expect(pages).toHaveLength(3);
    expect(pages[0]).toContain('Tableau of 32: part 1 of 2');
    expect(pages[2]).toContain('Final');
    // Every fencer of the tableau is on one of the halves (the seeds 1 and 2 on different halves).
    for (const n of names) expect(pages[0]! + pages[1]!).toContain(n);

    // The one bout of the first round (16 v 17; everyone else has a bye), then the practice's FIE file.
    await page.getByRole('button', { name: 'Enter Score' }).first().click();
    await pickScores(page, 15, 10);
    await expectToast(page, 'Bracket updated');
    await page.goto('/final-results');
    const xml = await download(page, page.getByRole('button', { name: 'Export FIE XML' }));
    expect(xml.name).toBe('Big-Tableau-FIE.xml');
    expect(xml.text).toContain('<CompetitionIndividuelle');
    expect(xml.text).toContain('<Tableau ID="A32" Titre="Tableau de 32" Taille="32">');
    expect(readFieFencers(xml.text).map((r) => r.name).sort()).toEqual([...names].sort());

    // Back in through the roster import: the same names, all new.
    await page.goto('/athletes');
    await page.getByRole('button', { name: 'Import…' }).click();
    await page.getByLabel('Choose a file').setInputFiles({ name: xml.name, mimeType: 'application/xml', buffer: Buffer.from(xml.text, 'utf8') });
    await expect.poll(() => page.getByTestId('import-summary').textContent()).toBe('17 new · 0 already listed · 0 with errors');
    await page.getByRole('button', { name: 'Import 17 athletes' }).click();
    await expectToast(page, 'Imported 17 athletes');
    await expect.poll(() => page.getByTestId('athlete-item').count()).toBe(17);
    await context.close();
  });
});

describe('the whole account out and back in', () => {
  it('a backup restored into a new account shows the same roster, pools, results and tableau', async () => {
    const { context, page } = await coach('backup');
    const athletes = [];
    for (const name of ['Anna Rossi', 'Ben Okafor', 'Chloé Durand', 'Dora Kiss']) {
      athletes.push(await seed(viaBrowser(page.request)).athlete({ name, club: 'Club Nord' }));
    }
    const api = seed(viaBrowser(page.request));
    await api.note(athletes[0]!.id, 'Works on her parry 6');
    const { practice, pool } = await api.practiceWithPool('Season Opener', athletes.map((a) => ({ athlete_id: a.id })));
    await api.fenceAll(pool);
    await page.evaluate((id) => localStorage.setItem('current_practice_id', id), practice.id);
    await page.goto('/tableau');
    await enterScore(page, 'r1-m0', 15, 9);
    await enterScore(page, 'r1-m1', 15, 12);
    await enterScore(page, 'r2-m0', 15, 14);
    await page.goto('/pool-results');
    await expect.poll(() => page.getByTestId('result-row').count()).toBe(4);
    const poolResults = await rowsOf(page, 'result-row');
    await page.goto('/final-results');
    await expect.poll(() => page.getByTestId('standing-row').count()).toBe(4);
    const finalResults = await rowsOf(page, 'standing-row');
    // The results print too: one page, every fencer with their place.
    await holdPrint(page);
    await page.getByRole('button', { name: 'Print', exact: true }).click();
    await page.getByTestId('print-table-page').waitFor({ state: 'attached' });
    const printed = await pdfPages(await page.pdf({ preferCSSPageSize: true }));
    expect(printed).toHaveLength(1);
    expect(printed[0]).toContain('Final results');
    for (const [place, name] of finalResults) expect(printed[0]).toContain(`${place} ${name}`);

    await page.getByRole('button', { name: 'My Account' }).click();
    const backup = await download(page, page.getByRole('menuitem', { name: 'Back up my data' }));
    expect(backup.name).toMatch(/^piste-backup-\d{4}-\d{2}-\d{2}\.json$/);

    const other = await coach('restore');
    await other.page.getByRole('button', { name: 'My Account' }).click();
    await other.page.getByRole('menuitem', { name: 'Restore a backup…' }).click();
    await other.page.getByLabel('Backup file').setInputFiles({ name: backup.name, mimeType: 'application/json', buffer: Buffer.from(backup.text) });
    await expect.poll(() => other.page.getByTestId('backup-summary').textContent()).toBe(`${backup.name}: 4 athletes and 1 practice.`);
    await other.page.getByRole('dialog').getByRole('button', { name: 'Restore' }).click();
    await expectToast(other.page, 'Backup restored');
    await other.page.getByText('Season Opener').first().waitFor();

    const [restored] = await seed(viaBrowser(other.page.request)).practices();
    expect(restored!.id).not.toBe(practice.id);
    await other.page.evaluate((id) => localStorage.setItem('current_practice_id', id), restored!.id);
    await other.page.goto('/pool-results');
    await expect.poll(() => other.page.getByTestId('result-row').count()).toBe(4);
    expect(await rowsOf(other.page, 'result-row')).toEqual(poolResults);
    await other.page.goto('/final-results');
    await expect.poll(() => other.page.getByTestId('standing-row').count()).toBe(4);
    expect(await rowsOf(other.page, 'standing-row')).toEqual(finalResults);
    await other.page.goto('/tableau');
    await expect.poll(() => other.page.getByTestId('match-r2-m0').textContent()).toContain('14');
    await other.page.goto('/athletes');
    await expect.poll(() => other.page.getByTestId('athlete-item').count()).toBe(4);
    await other.page.getByRole('link', { name: /Anna Rossi/ }).click();
    await other.page.getByText('Works on her parry 6').waitFor();
    await Promise.all([context.close(), other.context.close()]);
  });
});

describe('the TV board in the hall', () => {
  it('shows 3 pools at 1920×1080 without scrolling, then a bout saved on the coach’s screen', async () => {
    const { context, page } = await coach('tv');
    const names = ['ADA', 'BEA', 'CAI', 'DAN', 'EVA', 'FIN', 'GUS', 'HAL', 'IDA', 'JON', 'KAY', 'LEO', 'MIA', 'NED', 'OLA'];
    const { practice, pools } = await newPractice(page, 'Hall TV', names, 3);
    const shared = await seed(viaBrowser(page.request)).share(practice.id);
    await page.goto('/individual-practice');
    await page.getByTestId('pool-grid').waitFor();
    // The coach sees who watches, beside the room code.
    await expect.poll(() => page.getByTestId('room-summary').textContent()).toContain('0 watching');

    const tvContext = await newContext(browser(), { width: 1920, height: 1080 });
    const tv = await tvContext.newPage();
    await tv.goto(`/live/${shared.board_id}/tv`);
    await expect.poll(() => tv.getByTestId('tv-pool').count()).toBe(3);
    await expect.poll(() => tv.getByTestId('tv-reconnecting').count()).toBe(0);
    const fit = await tv.evaluate(() => ({
      scroll: document.scrollingElement!.scrollHeight,
      height: innerHeight,
      grids: [...document.querySelectorAll('[data-testid="tv-grid"]')].map((g) => g.getBoundingClientRect().bottom),
      cursor: getComputedStyle(document.querySelector('[data-testid="tv-board"]')!).cursor,
      buttons: document.querySelectorAll('button, a, select, input').length,
    }));
    expect(fit.scroll).toBeLessThanOrEqual(fit.height);
    expect(fit.grids).toHaveLength(3);
    for (const bottom of fit.grids) expect(bottom).toBeLessThanOrEqual(1080);
    expect(fit.cursor).toBe('none');
    expect(fit.buttons).toBe(0);
    await expect.poll(() => page.getByTestId('room-summary').textContent()).toContain('1 watching');

    // Fencing now in the first pool is its first bout; the coach saves it on the grid.
    const first = tv.getByRole('region', { name: pools[0]!.name });
    const p = pools[0]!.players;
    expect(await first.getByTestId('tv-now').textContent()).toBe(`Fencing now${p[0]!.name} – ${p[1]!.name}`);
    await page.getByTestId('cell-1-2').click();
    await pickScores(page, 5, 2);
    await expect.poll(() => first.getByTestId('tv-grid').textContent()).toContain('V5');
    expect(await first.getByTestId('tv-grid').textContent()).toContain('D2');
    await expect.poll(() => tv.getByTestId('tv-latest').textContent()).toContain(`${p[0]!.name} 5–2 ${p[1]!.name}`);
    expect(await first.getByTestId('tv-now').textContent()).not.toContain(`${p[0]!.name} – ${p[1]!.name}`);

    // A night on the wall: updates do not pile up. Two rounds of 30 re-saves of one bout (the TV shows each);
    // after the second, the page holds the same DOM and listeners as after the first and no more heap to speak of.
    const cdp = await tvContext.newCDPSession(tv);
    let version = 0;
    // Each round ends on a score none of its other writes has (5–4, then 5–3): the TV showing it has seen them all.
    const resave = async (round: number, last: number) => {
      for (let i = 0; i < 30; i++) {
        const saved = await seed(viaBrowser(page.request)).bout(pools[1]!, pools[1]!.players[0]!.id, pools[1]!.players[1]!.id, 5, i === 29 ? last : i % 3, version);
        version = saved.bout!.version;
      }
      await expect.poll(() => tv.getByTestId('tv-latest').textContent()).toContain(`${pools[1]!.players[0]!.name} 5–${last}`);
      await cdp.send('HeapProfiler.collectGarbage');
      const [{ usedSize }, counters] = await Promise.all([cdp.send('Runtime.getHeapUsage'), cdp.send('Memory.getDOMCounters')]);
      return { round, heap: usedSize, nodes: counters.nodes, listeners: counters.jsEventListeners };
    };
    const warm = await resave(1, 4);
    const after = await resave(2, 3);
    expect(after.listeners).toBe(warm.listeners);
    expect(Math.abs(after.nodes - warm.nodes)).toBeLessThan(20);
    expect(after.heap - warm.heap).toBeLessThan(1024 * 1024);

    // Sharing off: the TV says so instead of showing stale scores, and comes back by itself when sharing does.
    await seed(viaBrowser(page.request)).share(practice.id, false);
    await tv.getByText('Live board paused').waitFor();
    expect(await tv.getByTestId('tv-latest').count()).toBe(0);
    await seed(viaBrowser(page.request)).share(practice.id, true);
    await expect.poll(() => tv.getByTestId('tv-latest').textContent()).toContain(`${pools[1]!.players[0]!.name} 5–`);
    await Promise.all([context.close(), tvContext.close()]);
  });
});
