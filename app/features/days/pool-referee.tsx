import { params } from '@nanostores/i18n';
import type { DayPlacement, DayReferee, DaySnapshot, PoolState } from '../../../core/contracts/days';
import { call, client } from '../../lib/api';
import { useTexts } from '../../i18n/common';
import { i18n, useStore } from '../../i18n';
import { dayTerms } from '../../state/day';
import { useDayWrite } from './day-write';

const messages = i18n('pool-referee', {
  noReferee: 'No referee yet',
  chosen: 'chosen by you',
  clashLong: params('{name} is from the same club as a fencer of this pool'),
  refereeOf: params('Referee of {pool}'),
  automatic: 'Automatic',
  chooseFailed: 'Failed to choose the referee',
});

interface Props {
  dayId: string;
  placement: DayPlacement;
  /** The pool as the screen names it ("U13 Epee Pool 1"). */
  label: string;
  state: PoolState;
  referees: readonly DayReferee[];
  byId: ReadonlyMap<string, DayReferee>;
  apply: (s: DaySnapshot) => void;
}

/**
 * A pool chip's referee: the name, a mark when the coach chose them, a warning when they share a club with
 * a fencer of the pool (FIE t.50.2 asks a neutral referee; the day chooses one while one is free), and a
 * select to choose another ("Automatic" hands the choice back to the day).
 */
export function PoolReferee({ dayId, placement, label, state, referees, byId, apply }: Props) {
  const t = useTexts(messages);
  const d = useStore(dayTerms);
  const { busy, run } = useDayWrite(apply);
  const referee = placement.referee_id ? byId.get(placement.referee_id) : undefined;
  const selectId = `referee-${placement.pool_id}`;
  const choose = (value: string) =>
    run(() => call(client.days[':dayId'].placements[':poolId'].referee.$put({ param: { dayId, poolId: placement.pool_id }, json: { referee_id: value || null } })), t.chooseFailed);

  return (
    <div className="space-y-1">
      <p data-testid="chip-referee">
        {referee ? t.refereeName({ name: referee.name }) : <span className="text-slate-500">{t.noReferee}</span>}
        {referee && placement.referee_override && (
          <span className="ml-1 rounded bg-sky-100 px-1 text-xs font-semibold text-sky-900" data-testid="referee-chosen">✋ {t.chosen}</span>
        )}
      </p>
      {referee && !placement.neutral && (
        <p className="rounded bg-amber-50 px-1 text-xs font-semibold text-amber-900" data-testid="referee-clash" title={t.clashLong({ name: referee.name })}>
          <span aria-hidden="true">⚠ </span>
          {d.clubClash}
        </p>
      )}
      {referees.length > 0 && (
        <>
          <label className="sr-only" htmlFor={selectId}>{t.refereeOf({ pool: label })}</label>
          <select
            id={selectId}
            className="w-full rounded border border-slate-300 bg-white px-1 py-0.5 text-xs"
            value={placement.referee_override && placement.referee_id ? placement.referee_id : ''}
            disabled={busy || state === 'done'}
            onChange={(e) => void choose(e.target.value)}
          >
            <option value="">{t.automatic}</option>
            {referees.map((r) => <option key={r.id} value={r.id}>{r.club ? `${r.name} · ${r.club}` : r.name}</option>)}
          </select>
        </>
      )}
    </div>
  );
}
