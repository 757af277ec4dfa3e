import { describe, expect, it } from 'vitest';
import { searchNames } from '../../core/name-search';

const field = ['LAMORTE Anna', 'MOREAU Jean', 'PEÑA Lucía', 'OKAFOR Chidi', 'STRAUß Matthias', 'DE LA MORENA Iker', "D'AMORE Sara"];
const find = (query: string, limit?: number) => searchNames(field, query, (n) => n, limit);

describe('finding a fencer by part of the name (issue 33)', () => {
  it('ignores case and accents, as the roster search does', () => {
    expect(find('pena')).toEqual(['PEÑA Lucía']);
    expect(find('lucia')).toEqual(['PEÑA Lucía']);
    expect(find('okaf')).toEqual(['OKAFOR Chidi']);
    expect(find('strauss')).toEqual(['STRAUß Matthias']);
  });

  it('lists names with a word starting with the text before names only containing it', () => {
    expect(find('mor')).toEqual(['MOREAU Jean', 'DE LA MORENA Iker', 'LAMORTE Anna', "D'AMORE Sara"]);
    expect(find('amore')).toEqual(["D'AMORE Sara"]);
  });

  it('answers at most the limit, and nothing for blank text', () => {
    expect(find('a', 2)).toHaveLength(2);
    expect(find('   ')).toEqual([]);
    expect(find('zzz')).toEqual([]);
  });
});
