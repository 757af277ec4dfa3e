import { describe, expect, it } from 'vitest';
import { compareNames, looseNameKey, nameIncludes, nameIndex, sameName, sameNameKey, sharedNameOrder, upperSurname } from '../../core/names';
import { rankFencers } from '../../core/fencing/ranking';
import { classifyImport } from '../../core/interop/roster-import';
import { readCsv } from '../../core/interop/csv';
import { finalResultsCsv, rosterSpelling } from '../../core/interop/exports';

describe('one rule for the same name (issue 32)', () => {
  it('folds ß, ss, SS and ẞ together, as the pools store names upper-case', () => {
    expect(sameNameKey('Matthias Strauß')).toBe('matthias strauss');
    expect(sameName('Matthias Strauß', 'MATTHIAS STRAUSS')).toBe(true);
    expect(sameName('Matthias Strauß', 'Matthias STRAUẞ')).toBe(true);
    expect(sameName('Lukas Großmann', 'LUKAS GROSSMANN')).toBe(true);
    expect(sameName('Lukas Großmann', 'Lukas Grossman')).toBe(false);
  });

  it('treats the four Turkish i as one (upper-casing loses the dot of ı)', () => {
    expect(sameNameKey('İlker Işık')).toBe('ilker işik');
    expect(sameName('İlker Işık', 'İlker Işık'.toUpperCase())).toBe(true);
    expect(sameName('İlker Işık', 'ILKER IŞIK')).toBe(true);
    expect(sameName('Çağla Yıldız', 'ÇAĞLA YILDIZ')).toBe(true);
    expect(sameName('Çağla Yıldız', 'Cagla Yildiz')).toBe(false);
    expect(looseNameKey('Çağla Yıldız')).toBe(looseNameKey('Cagla Yildiz'));
  });

  it('folds the Greek final sigma', () => {
    expect(sameNameKey('ΟΔΥΣΣΕΥΣ')).toBe('οδυσσευσ');
    expect(sameName('ΟΔΥΣΣΕΥΣ', 'Οδυσσευς')).toBe(true);
    expect(sameName('Ελένη Οδυσσέως', 'ΕΛΈΝΗ ΟΔΥΣΣΈΩΣ')).toBe(true);
    // The accent is a spelling: without it the name is only possibly the same.
    expect(sameName('ΟΔΥΣΣΕΥΣ', 'Οδυσσεύς')).toBe(false);
    expect(looseNameKey('ΟΔΥΣΣΕΥΣ')).toBe(looseNameKey('Οδυσσεύς'));
  });

  it('reads composed and decomposed accents alike, and collapses spaces', () => {
    expect('Fran\u00e7ois Lef\u00e8vre').not.toBe('Franc\u0327ois Lefe\u0300vre');
    expect(sameName('Fran\u00e7ois Lef\u00e8vre', 'Franc\u0327ois Lefe\u0300vre')).toBe(true);
    expect(sameName('\u00c9lodie', 'E\u0301LODIE')).toBe(true);
    expect(sameNameKey('  Ana \t  Peña  ')).toBe('ana peña');
    expect(sameName("Jean D'Arc", 'Jean D\u2019Arc')).toBe(true);
  });

  it('keeps accents and ø/å apart in the same name, finds them in the loose one', () => {
    expect(sameName('Zoë Ørsted', 'ZOË ØRSTED')).toBe(true);
    expect(sameName('Zoë Ørsted', 'Zoe Orsted')).toBe(false);
    expect(looseNameKey('Zoë Ørsted')).toBe('zoe orsted');
    expect(looseNameKey('Åsa Lindqvist')).toBe('asa lindqvist');
    expect(looseNameKey('Ana Peña')).toBe(looseNameKey('ANA PENA'));
    expect(looseNameKey('Łukasz Dąbrowski Æbelø')).toBe('lukasz dabrowski aebelo');
  });

  it('answers the same name first, a possible one only when nothing has the same name', () => {
    const find = nameIndex([{ id: 1, name: 'Ana Peña' }, { id: 2, name: 'Matthias Strauß' }]);
    expect(find('MATTHIAS STRAUSS')).toEqual({ kind: 'same', match: { id: 2, name: 'Matthias Strauß' } });
    expect(find('Ana Pena')).toEqual({ kind: 'possible', match: { id: 1, name: 'Ana Peña' } });
    expect(find('Ben Okafor')).toBeNull();
    expect(nameIndex([{ name: 'Ana Pena' }, { name: 'Ana Peña' }])('ANA PEÑA')?.kind).toBe('same');
  });

  it('an import keeps a loose match new, naming the athlete it possibly is', () => {
    const rows = ['Ana Pena', 'MATTHIAS STRAUSS', 'Zoe Orsted', 'Ben Okafor'].map((name) => ({ name, error: null }));
    const decided = classifyImport(rows, ['Ana Peña', 'Matthias Strauß', 'Zoë Ørsted']);
    expect(decided.map((d) => [d.status, d.possible])).toEqual([['new', 'Ana Peña'], ['existing', null], ['new', 'Zoë Ørsted'], ['new', null]]);
  });

  it('searches with accents and case ignored', () => {
    expect(nameIncludes('Ana Peña', 'pena')).toBe(true);
    expect(nameIncludes('MATTHIAS STRAUSS', 'strauß')).toBe(true);
    expect(nameIncludes('Zoë Ørsted', 'ors')).toBe(true);
    expect(nameIncludes('Zoë Ørsted', 'ana')).toBe(false);
  });

  it('sorts names in the coach language, numbers as numbers', () => {
    expect(['Zoë', 'Émile', 'Ana', 'eve', 'Ørsted'].sort(compareNames('fr'))).toEqual(['Ana', 'Émile', 'eve', 'Ørsted', 'Zoë']);
    // Danish puts Ø after Z.
    expect(['Ørsted', 'Zoë', 'Ana'].sort(compareNames('da'))).toEqual(['Ana', 'Zoë', 'Ørsted']);
    expect(['Team 10', 'Team 2'].sort(compareNames('en'))).toEqual(['Team 2', 'Team 10']);
  });

  it('writes family names upper-case the FIE way, keeping ß', () => {
    expect(upperSurname('Strauß')).toBe('STRAUß');
    expect(upperSurname('Lefe\u0300vre')).toBe('LEF\u00c8VRE');
    expect(sameName(`Matthias ${upperSurname('Strauß')}`, 'Matthias Strauß')).toBe(true);
  });

  it('exports a linked entry with its athlete own spelling, an unlinked one as typed', () => {
    const players = [{ id: 'e1', name: 'MATTHIAS STRAUSS', athlete_id: 'a1' }, { id: 'e2', name: 'ANA PENA', athlete_id: null }];
    const spelling = rosterSpelling([{ players }] as never, [{ id: 'a1', name: 'Matthias Strauß' }, { id: 'a2', name: 'Ana Peña' }]);
    const csv = finalResultsCsv([{ id: 'e1', name: 'MATTHIAS STRAUSS', seed: 1, place: 1, stage: 'Final' }, { id: 'e2', name: 'ANA PENA', seed: 2, place: 2, stage: 'Final' }], spelling);
    expect(readCsv(csv).slice(1).map((row) => row[1])).toEqual(['Matthias Strauß', 'ANA PENA']);
  });
});

describe('the order every device agrees on for a tie', () => {
  const tied = (name: string) => ({ name, exactRatio: 0.5, indicator: 0, touchesScored: 10 });

  it('ranks fencers equal on every criterion by name the same way whatever the device’s language, numbers as numbers', () => {
    const names = ['Zoë', 'Ørsted', 'Émile', 'Eve', 'Oz', 'Pool 10', 'Pool 2'];
    const ranked = rankFencers(names.map(tied));
    expect(ranked.map((r) => r.name)).toEqual(['Émile', 'Eve', 'Ørsted', 'Oz', 'Pool 2', 'Pool 10', 'Zoë']);
    expect(ranked.map((r) => r.rank)).toEqual([1, 1, 1, 1, 1, 1, 1]);
    // A Danish device's own order puts Ø after Z; the shared order does not follow it.
    expect([...names].sort(compareNames('da')).at(-1)).toBe('Ørsted');
    expect(names.map(tied).sort((a, b) => sharedNameOrder(a.name, b.name)).map((r) => r.name)).toEqual(ranked.map((r) => r.name));
  });
});
