import { params } from '@nanostores/i18n';
import { useEffect, useState } from 'react';
import type { Day, DayMinutes, DaySnapshot } from '../../../core/contracts/days';
import { WEAPONS, type Weapon } from '../../../core/fencing/referee';
import { DEFAULT_MINUTES } from '../../../core/fencing/schedule';
import { call, client } from '../../lib/api';
import { toast } from '../../state/toasts';
import { useTexts } from '../../i18n/common';
import { formatNumber, i18n } from '../../i18n';
import { useTerms } from '../../i18n/fencing-terms';
import { useDayWrite } from './day-write';

const messages = i18n('schedule-settings', {
  startTime: 'Start time',
  startHint: 'Empty: the schedule starts now.',
  boutMinutes: 'Minutes per bout',
  boutHint: 'Empty fields keep the usual pace shown in grey.',
  poolBout: 'Pool bouts',
  tableauMatch: 'Tableau matches',
  poolBoutOf: params('Minutes per pool bout, {weapon}'),
  tableauMatchOf: params('Minutes per tableau match, {weapon}'),
  teamMatch: 'Team matches',
  teamMatchOf: params('Minutes per team match (nine relays), {weapon}'),
  saveSchedule: 'Save schedule settings',
  saved: 'Schedule settings saved',
  saveFailed: 'Failed to save the schedule settings',
});

type Kind = 'pool' | 'tableau' | 'team';
const KINDS = ['pool', 'tableau', 'team'] as const;
/** The form's fields as typed: the start time ('' = now) and each weapon's minutes ('' = the default). */
type Draft = { start: string; minutes: Record<Weapon, Record<Kind, string>> };

const draftOf = (day: Day): Draft => ({
  start: day.starts_at ?? '',
  minutes: Object.fromEntries(WEAPONS.map((w) => [w, Object.fromEntries(KINDS.map((k) => [k, String(day.minutes?.[w]?.[k] ?? '')]))])) as Draft['minutes'],
});

/** What PATCH /api/days/:d takes: only the minutes the coach typed (every weapon's, shown or not). */
function bodyOf(draft: Draft): { starts_at: string | null; minutes: DayMinutes | null } {
  const minutes: DayMinutes = {};
  for (const w of WEAPONS) {
    const edits: Partial<Record<Kind, number>> = {};
    for (const kind of KINDS) {
      const typed = draft.minutes[w][kind].trim().replace(',', '.');
      if (typed) edits[kind] = Number(typed);
    }
    if (Object.keys(edits).length) minutes[w] = edits;
  }
  return { starts_at: draft.start || null, minutes: Object.keys(minutes).length ? minutes : null };
}

const usual = (n: number) => formatNumber(n, Number.isInteger(n) ? 0 : 1);

/**
 * When the day starts and how long a bout takes for each weapon of its events (issue 28): the estimate's
 * inputs, saved with the day; the defaults (core/fencing/schedule DEFAULT_MINUTES) show as placeholders.
 */
export function ScheduleSettings({ snapshot, apply }: { snapshot: DaySnapshot; apply: (s: DaySnapshot) => void }) {
  const t = useTexts(messages);
  const term = useTerms();
  const { busy, run } = useDayWrite(apply);
  const { day } = snapshot;
  const [draft, setDraft] = useState<Draft>(() => draftOf(day));
  const [dirty, setDirty] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const weapons = WEAPONS.filter((w) => snapshot.events.some((e) => e.weapon === w));
  // A team match's minutes where the day has a team event of that weapon (its tableau is of team matches).
  const teamWeapons = new Set(snapshot.events.filter((e) => e.practice_type === 'team').map((e) => e.weapon));

  // Another screen's change shows here unless the coach is editing.
  useEffect(() => {
    if (!dirty) setDraft(draftOf(day));
  }, [day, dirty]);

  const edit = (next: Draft) => {
    setDraft(next);
    setDirty(true);
    setError(null);
  };
  const setMinutes = (w: Weapon, kind: Kind, value: string) => edit({ ...draft, minutes: { ...draft.minutes, [w]: { ...draft.minutes[w], [kind]: value } } });
  const save = async () => {
    const failed = await run(() => call(client.days[':dayId'].$patch({ param: { dayId: day.id }, json: bodyOf(draft) })), t.saveFailed);
    setError(failed);
    if (failed) return;
    setDirty(false);
    toast({ title: t.saved });
  };

  const field = (w: Weapon, kind: Kind) => (
    <td className="py-1 pr-2">
      <input
        type="number"
        inputMode="decimal"
        min={1}
        max={60}
        step={0.5}
        className="input w-24"
        aria-label={{ pool: t.poolBoutOf, tableau: t.tableauMatchOf, team: t.teamMatchOf }[kind]({ weapon: term.weapon(w) })}
        placeholder={usual(DEFAULT_MINUTES[w][kind])}
        value={draft.minutes[w][kind]}
        onChange={(e) => setMinutes(w, kind, e.target.value)}
      />
    </td>
  );

  return (
    <form
      className="space-y-3"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <div>
        <label className="label" htmlFor="day-start-time">{t.startTime}</label>
        <input id="day-start-time" type="time" className="input w-36" aria-describedby="day-start-hint" value={draft.start} onChange={(e) => edit({ ...draft, start: e.target.value })} />
        <p id="day-start-hint" className="mt-1 text-xs text-slate-600">{t.startHint}</p>
      </div>
      {weapons.length > 0 && (
        // Three or four columns of fields: on a phone the table scrolls inside its box, never the page.
        <div className="max-w-full overflow-x-auto">
        <table className="text-left text-sm" data-testid="bout-minutes">
          <caption className="text-left font-medium">{t.boutMinutes}</caption>
          <thead>
            <tr className="text-slate-600">
              <th scope="col" className="py-1 pr-2 font-medium">{t.weapon}</th>
              <th scope="col" className="py-1 pr-2 font-medium">{t.poolBout}</th>
              <th scope="col" className="py-1 pr-2 font-medium">{t.tableauMatch}</th>
              {teamWeapons.size > 0 && <th scope="col" className="py-1 pr-2 font-medium">{t.teamMatch}</th>}
            </tr>
          </thead>
          <tbody>
            {weapons.map((w) => (
              <tr key={w}>
                <th scope="row" className="py-1 pr-2 font-normal">{term.weapon(w)}</th>
                {field(w, 'pool')}
                {field(w, 'tableau')}
                {teamWeapons.size > 0 && (teamWeapons.has(w) ? field(w, 'team') : <td />)}
              </tr>
            ))}
          </tbody>
        </table>
        </div>
      )}
      {weapons.length > 0 && <p className="text-xs text-slate-600">{t.boutHint}</p>}
      {error && <p className="text-sm text-red-700" role="alert" data-testid="schedule-error">{error}</p>}
      <button type="submit" className="btn-primary" disabled={busy || !dirty}>{t.saveSchedule}</button>
    </form>
  );
}
