import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { params, count } from '@nanostores/i18n';
import type { PoolBout } from '../../../core/contracts/pools';
import { BARRAGE_MAX_SCORE, barrageOrder, type BarrageAtCut } from '../../../core/fencing/barrage';
import { isBoutOf } from '../../../core/fencing/bout-result';
import { can, type Role } from '../../../core/permissions';
import { ScorePicker } from '../../components/ui/score-picker';
import { i18n } from '../../i18n';
import { useTexts } from '../../i18n/common';
import { outboxAtom } from '../../state/outbox';
import { queueBarrageBout, withPendingBarrage } from '../../state/writes/barrage';
import { useCheckOf } from '../../state/checks';
import { BoutHistory } from '../../components/checks/bout-history';

const messages = i18n('barrage-panel', {
  title: 'Barrage at the cut',
  tied: params('{names} are tied exactly at the cut’s line.'),
  places: count({ one: 'They fence a barrage for {count} place, bouts to 5 touches.', other: 'They fence a barrage for {count} places, bouts to 5 touches.' }),
  after: 'The tableau is drawn as soon as the barrage is fenced.',
  enter: 'Enter result',
  bout: params('Barrage: {a} vs {b}'),
});

/**
 * The barrage at the cut still to fence (issue 58): its bouts in order, each scored as a pool bout is (queued,
 * versioned), by the coach and the guests; every screen sees each result as it is saved.
 */
export function BarragePanel({ practiceId, role, barrage, bouts }: { practiceId: string; role: Role; barrage: BarrageAtCut; bouts: readonly PoolBout[] }) {
  const t = useTexts(messages);
  const outbox = useAtomValue(outboxAtom);
  const shown = withPendingBarrage(practiceId, bouts, outbox);
  const [editing, setEditing] = useState<[string, string] | null>(null);
  const name = new Map(barrage.fencers.map((f) => [f.id, f.name]));
  const names = barrage.fencers.map((f) => f.name).join(', ');
  // A checked event (issue 58) is final for guests.
  const eventChecked = useCheckOf(practiceId, 'event') !== null;
  const scores = can(role, 'bracket.write') && !(eventChecked && !can(role, 'results.check'));
  return (
    <section className="card space-y-3 p-4" aria-labelledby="barrage-title" data-testid="barrage">
      <h2 id="barrage-title" className="text-lg font-semibold">{t.title}</h2>
      <p className="text-sm text-slate-700" data-testid="barrage-tied">{t.tied({ names })} {t.places(barrage.places)}</p>
      <ol className="divide-y divide-slate-100 rounded-md border border-slate-200">
        {barrageOrder(barrage.fencers).map(([a, b]) => {
          const bout = shown.find((x) => isBoutOf(x, a, b));
          const [sa, sb] = bout ? (bout.player1_id === a ? [bout.score1, bout.score2] : [bout.score2, bout.score1]) : [null, null];
          const pending = bout && !bouts.some((x) => isBoutOf(x, a, b) && x.version === bout.version);
          return (
            <li key={`${a}:${b}`} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm" data-testid="barrage-bout">
              <span>
                <span className="font-semibold">{name.get(a)}</span> <span className="tabular-nums">{sa ?? '–'} : {sb ?? '–'}</span> <span className="font-semibold">{name.get(b)}</span>
                {pending && <span className="ml-2 text-xs text-amber-800">{t.waitingSync}</span>}
              </span>
              {scores && <button type="button" className="btn-secondary" onClick={() => setEditing([a, b])}>{bout ? t.edit : t.enter}</button>}
            </li>
          );
        })}
      </ol>
      <p className="text-xs text-slate-600">{t.after}</p>
      {editing && (
        <ScorePicker
          open
          onOpenChange={(o) => !o && setEditing(null)}
          title={t.bout({ a: name.get(editing[0]) ?? '', b: name.get(editing[1]) ?? '' })}
          left={{ id: editing[0], name: name.get(editing[0]) ?? '' }}
          right={{ id: editing[1], name: name.get(editing[1]) ?? '' }}
          max={BARRAGE_MAX_SCORE}
          footer={can(role, 'results.check') ? <BoutHistory practiceId={practiceId} target={`barrage.${editing[0]}.${editing[1]}`} flip={editing[0] > editing[1]} /> : undefined}
          onSave={(entered) => {
            setEditing(null);
            void queueBarrageBout(practiceId, bouts, entered);
          }}
        />
      )}
    </section>
  );
}
