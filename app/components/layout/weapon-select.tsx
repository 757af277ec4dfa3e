import { useTexts } from '../../i18n/common';
import { useId } from 'react';
import type { Practice } from '../../../core/contracts/practices';
import { WEAPONS, type Weapon } from '../../../core/fencing/referee';
import { i18n } from '../../i18n';
import { useTerms } from '../../i18n/fencing-terms';
import { call, client } from '../../lib/api';
import { usePracticeChange } from './practice-change';

const messages = i18n('weapon-select', {
  changed: 'Weapon changed',
  failed: 'Failed to change the weapon',
});

/**
 * The practice's weapon beside its type (issue 18): the coach changes it until a bout has a result, after
 * which the server refuses and says why. The referee's rules follow it (a double hit only at épée).
 */
export function WeaponSelect({ practice }: { practice: Practice }) {
  const t = useTexts(messages);
  const term = useTerms();
  const id = useId();
  const { busy, change } = usePracticeChange();
  const choose = (weapon: Weapon) =>
    change(() => call(client.practices[':practiceId'].weapon.$put({ param: { practiceId: practice.id }, json: { weapon } })), { title: t.changed, description: term.weapon(weapon) }, t.failed);
  return (
    <span className="inline-flex items-center gap-1 text-xs">
      <label htmlFor={id} className="sr-only">{t.weapon}</label>
      <select id={id} data-testid="practice-weapon" disabled={busy} value={practice.weapon} onChange={(e) => void choose(e.target.value as Weapon)}
        className="rounded-full border border-slate-300 bg-white px-2 py-0.5 text-xs font-semibold uppercase text-slate-700">
        {WEAPONS.map((w) => <option key={w} value={w}>{term.weapon(w)}</option>)}
      </select>
    </span>
  );
}
