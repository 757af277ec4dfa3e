import { readFileSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { download, expectToast, newContext, sidewaysOverflow, signUp, uniqueEmail, useBrowser } from '../helpers/browser';
import { holdPrint } from '../helpers/pdf';
import { EVENT_ATHLETES, ffeEntryFile, ffeFencer, finishTableau, usCsv } from '../helpers/federation-files';
import { apiOver, expectAnswer } from '../helpers/api-client';
import { seed, TEAMS_BY_SHEET_ORDER, viaBrowser } from '../helpers/seed';
import { readAskFredResults } from '../../core/interop/askfred';
import { decodeFfe, readFfeResults } from '../../core/interop/ffe-results';
import { readFieFencers, readFieTeams } from '../../core/interop/fie-xml';
import { seriousViolations } from '../helpers/axe';

const browser = useBrowser();

/** Six invented US fencers, each from a different club, with the ratings seeding will read. */
const US = [
  ['Whitfield', 'Avery', 'Golden Gate Fencing', 'A23'],
  ['Moreno', 'Blake', 'Lakeside Blades', 'A22'],
  ['Nakamura', 'Casey', 'Metro FC', 'B25'],
  ['Okafor', 'Devon', 'Rocky Mountain FC', 'B23'],
  ['Lindqvist', 'Emery', 'Bay Sabre', 'E25'],
  ['Castro', 'Finley', 'Harbor Epee', 'U'],
] as const;
const nameOf = ([last, first]: (typeof US)[number]) => `${first} ${last}`;
const ratingOf = Object.fromEntries(US.map((p) => [nameOf(p), p[3]]));

/** The roster's rows as [name, USA Fencing rating], in the order shown. */
const rosterRows = (page: Page) =>
  page.getByTestId('athlete-item').evaluateAll((rows) => rows.map((r) => [r.querySelector('a')!.textContent!.trim(), r.querySelector('[data-stat="national"]')!.textContent!.trim()]));

/** The ratings of the fencers in the pool the pools screen shows (a pool writes its names upper-case). */
const poolRatings = async (page: Page) => {
  const names = await page.getByTestId('pool-row').evaluateAll((rows) => rows.map((r) => r.querySelector('th span:last-child')!.textContent!.trim()));
  return names.map((n) => US.find((p) => nameOf(p).toUpperCase() === n.toUpperCase())?.[3]).sort();
};


describe('federation files', () => {
  it('a coach imports a 230-fencer FFE entry file and a US CSV with ratings, then seeds two pools by national rating (serpentine)', async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    await signUp(page, { name: 'Federation Coach', email: uniqueEmail('federation'), password: 'federation coach pw' });

    // The French federation's entry file: ISO-8859-1, a DOCTYPE line, the BaseCompetitionIndividuelle root.
    await page.goto('/athletes');
    await page.getByRole('button', { name: 'Import…' }).click();
    await page.getByLabel('Choose a file').setInputFiles({ name: 'entries.xml', mimeType: 'text/xml', buffer: Buffer.from(ffeEntryFile(230)) });
    await expect.poll(() => page.getByTestId('import-summary').textContent()).toBe('230 new · 0 already listed · 0 with errors');
    expect(await page.getByTestId('import-row').count()).toBe(230);
    const first = ffeFencer(0);
    expect(await page.getByTestId('import-row').first().textContent()).toContain(`${first.prenom} ${first.nom}`);
    await page.getByRole('button', { name: 'Import 230 athletes' }).click();
    await expectToast(page, 'Imported 230 athletes');
    await expect.poll(() => page.getByTestId('athlete-item').count()).toBe(230);
    expect(await page.getByTestId('athlete-list').textContent()).toContain('Cercle d\'Escrime de Besançon');

    // A USA Fencing / askFRED CSV: the preview shows each rating, the roster keeps it.
    const csv = usCsv(US.map(([last, first, club, rating], i) => ({ 'Last Name': last, 'First Name': first, 'Club(s)': club, Rating: rating, 'USFA #': String(100200300 + i) })));
    await page.getByRole('button', { name: 'Import…' }).click();
    await page.getByLabel('Choose a file').setInputFiles({ name: 'usa-fencing.csv', mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf8') });
    await expect.poll(() => page.getByTestId('import-summary').textContent()).toBe('6 new · 0 already listed · 0 with errors');
    expect(await page.getByTestId('import-rating').allTextContents()).toEqual(US.map((p) => p[3]));
    expect(await seriousViolations(page), 'import preview with ratings').toEqual([]);
    await page.getByRole('button', { name: 'Import 6 athletes' }).click();
    await expectToast(page, 'Imported 6 athletes');
    await expect.poll(() => page.getByTestId('athlete-item').count()).toBe(236);
    const shown = Object.fromEntries((await rosterRows(page)).filter(([name]) => name! in ratingOf));
    expect(shown).toEqual(ratingOf);

    // Sorted by the rating column: A23 before A22 before B25 … before U, the unrated (the French fencers) last.
    await page.getByRole('button', { name: 'USA Fencing rating', exact: true }).click();
    await expect.poll(async () => (await rosterRows(page)).slice(0, 7)).toEqual([...US.map((p) => [nameOf(p), p[3]]), [expect.any(String), '—']]);

    // Out again in the US layout: the same six, with the same ratings, read back by Piste's own reader.
    const file = await download(page, page.getByRole('button', { name: 'Export for USA Fencing' }));
    expect(file.name).toBe('athletes-usa-fencing.csv');
    const { parseRosterCsv } = await import('../../core/interop/csv');
    const exported = parseRosterCsv(file.text);
    expect(exported).toHaveLength(236);
    expect(exported.filter((r) => r.error)).toEqual([]);
    const back = Object.fromEntries(exported.filter((r) => r.name in ratingOf).map((r) => [r.name, r.details.national_rating?.value.replace(/^([A-E])20/, '$1')]));
    expect(back).toEqual(ratingOf);

    // The wizard: the six, seeded by national rating into 2 pools.
    const practice = await seed(viaBrowser(page.request)).practice('Rated night');
    await page.evaluate((id) => localStorage.setItem('current_practice_id', id), practice.id);
    await page.goto('/practice-setup');
    for (const p of US) await page.getByRole('checkbox', { name: new RegExp(nameOf(p)) }).check();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('radio', { name: /By national rating/ }).check();
    await expect.poll(() => page.getByTestId('check-in-rating').allTextContents().then((r) => r.sort())).toEqual(US.map((p) => p[3]).sort());
    expect(await page.getByLabel('Number of pools').inputValue()).toBe('2');
    expect(await seriousViolations(page), 'wizard seeding by national rating').toEqual([]);
    expect(await page.getByTestId('division-preview').textContent()).toBe('2 pools of 3 fencers · 3 bouts each.');
    await page.getByRole('button', { name: 'Generate Pools' }).click();
    await page.waitForURL('**/individual-practice');

    // Serpentine: seeds 1, 4, 5 in pool 1 and 2, 3, 6 in pool 2.
    const pools = page.getByLabel('Pool', { exact: true });
    await expect.poll(() => pools.locator('option').count()).toBe(2);
    const poolIds = await pools.locator('option').evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
    expect(poolIds).toHaveLength(2);
    await pools.selectOption(poolIds[0]!);
    await expect.poll(() => poolRatings(page)).toEqual(['A23', 'B23', 'E25']);
    await pools.selectOption(poolIds[1]!);
    await expect.poll(() => poolRatings(page)).toEqual(['A22', 'B25', 'U']);

    // The printed pool sheets carry each fencer's rating beside the name.
    await holdPrint(page);
    await page.getByRole('button', { name: 'Print pool sheets' }).click();
    await expect.poll(() => page.getByTestId('print-pool-sheet').count()).toBe(2);
    const sheets = await page.getByTestId('print-pool-sheet').evaluateAll((s) => s.map((sheet) => [...sheet.querySelectorAll('[data-testid="print-rating"]')].map((r) => r.textContent!.trim()).sort()));
    expect(sheets).toEqual([['A23', 'B23', 'E25'], ['A22', 'B25', 'U']]);
    await context.close();
  });

  it('a roster CSV saved by a French spreadsheet (Windows-1252) imports with its accents and first names', async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    await signUp(page, { name: 'Excel Coach', email: uniqueEmail('cp1252'), password: 'excel coach pw' });
    await page.goto('/athletes');
    await page.getByRole('button', { name: 'Import…' }).click();
    const text = 'Nom;Prénom;Club\nLeroy;Émile;Besançon\nNoël;Zoé;Orléans\n';
    const cp1252 = Buffer.from([...text].map((c) => ({ é: 0xe9, É: 0xc9, ç: 0xe7, ë: 0xeb })[c] ?? c.charCodeAt(0)));
    await page.getByLabel('Choose a file').setInputFiles({ name: 'roster.csv', mimeType: 'text/csv', buffer: cp1252 });
    await expect.poll(() => page.getByTestId('import-summary').textContent()).toBe('2 new · 0 already listed · 0 with errors');
    expect(await page.getByTestId('import-row').evaluateAll((rows) => rows.map((r) => [...r.querySelectorAll('td')].slice(1, 3).map((td) => td.textContent)))).toEqual([
      ['Émile Leroy', 'Besançon'],
      ['Zoé Noël', 'Orléans'],
    ]);
    await context.close();
  });

  it('on a 375 px phone, the athlete dialog edits a rating (a malformed one refused with its reason), licence, nation, birth date and hand', async () => {
    const context = await newContext(browser(), { width: 375, height: 812, touch: true });
    const page = await context.newPage();
    await signUp(page, { name: 'Rating Coach', email: uniqueEmail('rating'), password: 'rating coach pw' });
    await seed(viaBrowser(page.request)).athlete({ name: 'Avery Whitfield', club: 'Golden Gate Fencing' });
    await page.goto('/athletes');
    await page.getByTestId('athlete-item').waitFor();
    expect(await sidewaysOverflow(page), 'roster').toBeLessThanOrEqual(0);
    await page.getByRole('button', { name: 'Edit Avery Whitfield' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('USA Fencing rating').fill('F25');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => dialog.getByRole('alert').textContent()).toBe('Rating must be a letter A to E with its year (B23), or U');
    expect(await seriousViolations(page), 'athlete dialog with an error').toEqual([]);
    await dialog.getByLabel('USA Fencing rating').fill('b23');
    await dialog.getByLabel('Licence or member number').fill('100234567');
    await dialog.getByLabel('Nation (three letters)').fill('usa');
    await dialog.getByLabel('Hand').selectOption({ label: 'Left' });
    await dialog.getByLabel('Birth date').fill('2009-03-14');
    const small = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>('[role=dialog] button, [role=dialog] input, [role=dialog] select')]
        .filter((el) => { const r = el.getBoundingClientRect(); return r.width > 0 && (r.width < 44 || r.height < 44); })
        .map((el) => el.id || el.textContent));
    expect(small).toEqual([]);
    expect(await sidewaysOverflow(page), 'dialog').toBeLessThanOrEqual(0);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Athlete updated successfully');
    await expect.poll(() => rosterRows(page)).toEqual([['Avery Whitfield', 'B23']]);
    const [stored] = await seed(viaBrowser(page.request)).athletes();
    expect(stored).toMatchObject({ national_rating: { system: 'usaf', value: 'B2023' }, licence: '100234567', nation: 'USA', laterality: 'L', birth_date: '2009-03-14' });
    await context.close();
  });
});

/** The eight fencers of the event, as the roster holds them: accents, apostrophes, a ß, every one with a club. */
const EVENT = EVENT_ATHLETES.map(({ id: _id, ...a }) => ({ ...a, club: a.club ?? 'Salle Gérôme' }));
const nameAndClub = (rows: { name: string; club: string | null }[]) => rows.map((r) => [r.name, r.club]).sort((a, b) => a[0]!.localeCompare(b[0]!));

/** A downloaded file's name and bytes (the FFF file is ISO-8859-1: its text is not UTF-8). */
async function downloadBytes(page: Page, trigger: Locator) {
  const [file] = await Promise.all([page.waitForEvent('download'), trigger.click()]);
  return { name: file.suggestedFilename(), bytes: readFileSync((await file.path())!) };
}

/** A coach whose roster holds the eight fencers of the event, with their clubs and details (or an empty roster). */
async function coachWithRoster(label: string, withRoster = true) {
  const context = await newContext(browser());
  const page = await context.newPage();
  await signUp(page, { name: `${label} Coach`, email: uniqueEmail(label), password: `${label} coach pw` });
  const fetch = viaBrowser(page.request);
  if (withRoster) await expectAnswer(apiOver(fetch).athletes.import.$post({ json: { athletes: EVENT.map(({ name, club, ranking, ...details }) => ({ name, club, ranking, details })) } }));
  const athletes = await seed(fetch).athletes();
  return { context, page, fetch, api: seed(fetch), athletes };
}

/** In the roster's import dialog: a file's preview rows as [name, club], once its summary says `summary`. */
async function previewOf(page: Page, file: { name: string; bytes: Buffer }, mimeType: string, summary: string) {
  await page.goto('/athletes');
  await page.getByRole('button', { name: 'Import…' }).click();
  await page.getByLabel('Choose a file').setInputFiles({ name: file.name, mimeType, buffer: file.bytes });
  await expect.poll(() => page.getByTestId('import-summary').textContent()).toBe(summary);
  const rows = await page.getByTestId('import-row').evaluateAll((rows) => rows.map((r) => [...r.querySelectorAll('td')].slice(1, 3).map((td) => td.textContent)));
  return rows.map(([name, club]) => ({ name: name!, club: club! })).sort((a, b) => a.name.localeCompare(b.name));
}

describe('the files federations ask for (issue 58)', () => {
  it('a coach finishes an event of two pool rounds, downloads the FIE, FFE and AskFRED files, and each imports back with the same names and clubs', async () => {
    const { context, page, api, athletes } = await coachWithRoster('results');
    const practice = await api.practice('Circuit régional d\'épée', { weapon: 'epee' });
    const pools = await api.pools(practice.id, athletes.map((a) => ({ athlete_id: a.id })), 2);
    for (const pool of pools) await api.fenceAll(pool);
    // A second round of pools for the six best of round 1, then the tableau.
    const second = (await api.secondRound(practice.id, { cut: { kind: 'top', value: 6 }, pool_count: 1 })).pools.filter((p) => p.round === 2);
    for (const pool of second) await api.fenceAll(pool);
    await finishTableau(viaBrowser(page.request), practice.id);

    await page.evaluate((id) => localStorage.setItem('current_practice_id', id), practice.id);
    await page.goto('/final-results');
    await expect.poll(() => page.getByTestId('standing-row').count()).toBe(8);
    await page.getByText('The tableau is complete.').waitFor();
    const places = await page.getByTestId('standing-row').evaluateAll((rows) => rows.map((r) => r.querySelector('td')!.textContent));

    const xml = await downloadBytes(page, page.getByRole('button', { name: 'Export FIE XML' }));
    const fff = await downloadBytes(page, page.getByRole('button', { name: 'Export FFE results (FFF)' }));
    const frd = await downloadBytes(page, page.getByRole('button', { name: 'Export AskFRED results (.frd)' }));
    expect([xml.name, fff.name, frd.name]).toEqual(['Circuit-régional-dépée-FIE.xml', 'Circuit-régional-dépée-FFE.fff', 'Circuit-régional-dépée-AskFRED.frd']);
    // The FFF file is what the federation's tools read: ISO-8859-1 (é one byte), its header line first.
    expect(fff.bytes.subarray(0, 8).toString('latin1')).toBe('FFF;WIN;');
    expect(fff.bytes.includes(Buffer.from('é', 'utf8'))).toBe(false);

    // Both rounds of pools in the FIE file, each its own phase, before the tableau.
    expect([...xml.bytes.toString('utf8').matchAll(/<TourDePoules PhaseID="(\w+)" ID="(\d)" NbDePoules="(\d)"/g)].map((m) => m.slice(1))).toEqual([['TourPoules1', '1', '2'], ['TourPoules2', '2', '1']]);

    // Piste's own readers: the same eight, names and clubs as the roster holds them, at the places the screen shows.
    const expected = nameAndClub(EVENT);
    expect(nameAndClub(readFieFencers(xml.bytes.toString('utf8')))).toEqual(expected);
    const ffe = readFfeResults(decodeFfe(new Uint8Array(fff.bytes)));
    expect(nameAndClub(ffe.map((r) => r.row))).toEqual(expected);
    expect(ffe.map((r) => String(r.place))).toEqual(places);
    const fred = readAskFredResults(frd.bytes.toString('utf8'));
    expect(nameAndClub(fred.map((r) => r.row))).toEqual(expected);
    expect(ffe.map((r) => [r.row.details.licence, r.row.details.nation]).sort()).toEqual(EVENT.map((a) => [a.licence, a.nation]).sort());

    // Another coach imports each file into their roster: the preview shows the same names and clubs, all new.
    const other = await coachWithRoster('results-import', false);
    const shown = expected.map(([name, club]) => ({ name: name!, club: club! }));
    expect(await previewOf(other.page, xml, 'application/xml', '8 new · 0 already listed · 0 with errors')).toEqual(shown);
    expect(await previewOf(other.page, frd, 'application/xml', '8 new · 0 already listed · 0 with errors')).toEqual(shown);
    expect(await previewOf(other.page, fff, 'text/plain', '8 new · 0 already listed · 0 with errors')).toEqual(shown);
    await other.page.getByRole('button', { name: 'Import 8 athletes' }).click();
    await expectToast(other.page, 'Imported 8 athletes');
    await expect.poll(() => other.page.getByTestId('athlete-item').count()).toBe(8);
    const list = await other.page.getByTestId('athlete-list').textContent();
    for (const [name, club] of expected) {
      expect(list).toContain(name);
      expect(list).toContain(club);
    }
    const stored = await other.api.athletes();
    expect(stored.map((a) => [a.name, a.club, a.licence, a.nation, a.region, a.ranking]).sort()).toEqual(EVENT.map((a) => [a.name, a.club, a.licence, a.nation, a.region, a.ranking]).sort());
    await other.context.close();
    await context.close();
  });

  it('a team practice exports the FIE team file: its teams with their fencers, the team tableau and the team standings', async () => {
    const { context, page, fetch, api, athletes } = await coachWithRoster('team-file');
    const practice = await api.practice('Coupe des équipes', { type: 'team' });
    const practiceApi = apiOver(fetch).practices[':practiceId'];
    const teams = await expectAnswer(practiceApi.teams.$post({ param: { practiceId: practice.id }, json: { method: 'random', entries: athletes.map((a) => ({ athlete_id: a.id })), teams: 2 } }), 201);
    const [pool] = await api.teamPools(practice.id);
    await api.fenceAll(pool!, TEAMS_BY_SHEET_ORDER);
    await api.teamTableau(practice.id);
    await api.fenceTeamMatch(practice.id, { round: 1, position: 0 }, true);

    await page.evaluate((id) => localStorage.setItem('current_practice_id', id), practice.id);
    await page.goto('/final-results');
    await page.getByText('The tableau is complete.').waitFor();
    const xml = await downloadBytes(page, page.getByRole('button', { name: 'Export FIE XML' }));
    const text = xml.bytes.toString('utf8');
    expect(text.split('\n')[1]).toBe('<!DOCTYPE CompetitionParEquipes>');
    // Each team with its own fencers, named and with the clubs the roster holds.
    const clubOf = new Map(EVENT.map((a) => [a.name, a.club]));
    expect(readFieTeams(text).map((t) => [t.name, t.members.map((m) => [m.name, m.club]).sort()]).sort()).toEqual(
      teams.map((t) => [`Team ${t.team_number}`, t.members.map((m) => [m.athlete_name, clubOf.get(m.athlete_name)]).sort()]).sort(),
    );
    // The final and the standings: the winner first.
    expect(text).toMatch(/<Tableau ID="A2" Titre="Finale" Taille="2">\s*<Match ID="1">\s*<Equipe REF="\d" Place="1" Score="45" Statut="V"\/>/);
    expect(text).toMatch(/<ClassementGeneral>\s*<Equipe REF="\d" Classement="1"\/>\s*<Equipe REF="\d" Classement="2"\/>/);

    // Read back by the roster import: the same eight names and clubs, already in this roster.
    expect(await previewOf(page, xml, 'application/xml', '0 new · 8 already listed · 0 with errors')).toEqual(nameAndClub(EVENT).map(([name, club]) => ({ name: name!, club: club! })));
    await context.close();
  });
});
