import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { placesTitle, roundTitle } from '../../core/fencing/bracket';
import { stageLabel } from '../../core/fencing/final-positions';
import { ELIMINATED_AFTER_POOLS } from '../../core/fencing/cut';
import { DID_NOT_FINISH, DID_NOT_START, EXCLUDED, STATUS_LABEL } from '../../core/fencing/withdrawal';
import { formatRatio } from '../../app/components/stats-cells';
import { formatNumber, languageOf, setLanguage } from '../../app/i18n';
import { terms } from '../../app/i18n/fencing-terms';
import { localError } from '../../app/i18n/errors';
import { formatPracticeDate } from '../../app/lib/dates';

/** Every label the domain rules of core/ put on a screen, for tableaus of 2 to 64. */
function coreLabels() {
  const labels = new Set<string>([ELIMINATED_AFTER_POOLS, DID_NOT_START, DID_NOT_FINISH, EXCLUDED, ...Object.values(STATUS_LABEL)]);
  for (let rounds = 1; rounds <= 6; rounds++) {
    for (let round = 1; round <= rounds; round++) {
      labels.add(roundTitle(round, rounds));
      labels.add(stageLabel(round, rounds, false));
      labels.add(stageLabel(round, rounds, true));
    }
    for (let position = 1; position <= 3; position++) labels.add(placesTitle({ round: rounds, position }, rounds));
    labels.add(placesTitle({ round: rounds - 1, position: 1 }, rounds));
  }
  return [...labels];
}

describe('formats and fencing terms in the viewer’s language (issue 17)', () => {
  afterAll(() => setLanguage('en'));

  it('reads a browser tag as one of the five languages', () => {
    expect(['fr-FR', 'fr_CA', 'DE', 'es-419', 'it', 'pt-BR', '', null].map(languageOf)).toEqual(['fr', 'fr', 'de', 'es', 'it', undefined, undefined, undefined]);
  });

  describe('in English', () => {
    it('keeps SPEC’s texts: a ratio with a point, Round n, the practice date as MMMM d, yyyy', () => {
      expect(formatRatio(0.5)).toBe('0.50');
      expect(terms().round(1, 4)).toBe('Round 1');
      expect(terms().text('Semi-Finalist')).toBe('Semi-Finalist');
      expect(formatPracticeDate('2026-11-22')).toBe('November 22, 2026');
      expect(localError('Invalid login credentials', 'invalid_login_credentials')).toBe('Invalid login credentials');
    });
  });

  describe('in French', () => {
    beforeAll(() => setLanguage('fr'));

    it('writes a ratio with a comma and the date as a French coach reads it', () => {
      expect(formatRatio(0.5)).toBe('0,50');
      expect(formatNumber(2.25, 1)).toBe('2,3');
      expect(formatPracticeDate('2026-11-22')).toBe('22 novembre 2026');
    });

    it('names the rounds as the FIE does: tableau de 16, quarts, demi-finales, finale', () => {
      expect([1, 2, 3, 4, 5].map((r) => terms().round(r, 5))).toEqual(['Tableau de 32', 'Tableau de 16', 'Quarts de finale', 'Demi-finales', 'Finale']);
      expect(terms().text('Round 2', 5)).toBe('Tableau de 16');
      expect(terms().text('Tableau: Bout for 3rd place')).toBe('Tableau : Match pour la 3e place');
      expect(terms().cut({ kind: 'top', value: 8 })).toBe('Les 8 premiers');
    });

    // French has its own word for every one of them, so a label left in English is one the terms miss.
    it('translates every label the rules of core/ produce', () => {
      const untranslated = coreLabels().filter((label) => terms().text(label, 6) === label);
      expect(untranslated).toEqual([]);
    });

    it('shows a server message by its code, with its values', () => {
      expect(localError('Too many attempts, try again in 42 seconds', 'too_many_attempts_try_again', { seconds: '42' })).toBe('Trop de tentatives, réessayez dans 42 secondes');
      // The field it names, as the screen names it, or in French where no screen shows it.
      expect(localError('Pool name must be at most 100 characters', 'most_characters', { label: 'Pool name', max: 100 })).toBe('Nom de la poule : 100 caractères au plus');
      expect(localError('Region must be at most 60 characters', 'most_characters', { label: 'Region', max: 60 })).toBe('Région : 60 caractères au plus');
      expect(localError('Venue must be at most 100 characters', 'most_characters', { label: 'Venue', max: 100 })).toBe('Lieu : 100 caractères au plus');
      expect(localError('Password must be at most 200 characters', 'most_characters', { label: 'Password', max: 200 })).toBe('Mot de passe : 200 caractères au plus');
      expect(localError('Licence cannot contain control characters', 'cannot_contain_control_characters', { label: 'Licence' })).toBe('Licence ou numéro de membre : les caractères de contrôle ne sont pas acceptés');
      // No code, or a code no catalog knows: the server's own words.
      expect(localError('Something new', null)).toBe('Something new');
      expect(localError('Something new', 'no_such_code')).toBe('Something new');
    });
  });

  describe('in German', () => {
    beforeAll(() => setLanguage('de'));

    it('writes a ratio with a comma too, and a German date', () => {
      expect(formatRatio(1 / 3)).toBe('0,33');
      expect(formatPracticeDate('2026-11-22')).toBe('22. November 2026');
    });

    it('names the rounds and stages in German', () => {
      expect(terms().round(1, 4)).toBe('Runde der letzten 16');
      expect(terms().text('Semi-Finalist')).toBe('Halbfinalist');
      expect(terms().text('eliminated after pools')).toBe('nach den Runden ausgeschieden');
    });
  });
});
