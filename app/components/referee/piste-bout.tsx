import { params } from '@nanostores/i18n';
import type { MachineLights } from '../../../core/fencing/machine-bout';
import type { Side } from '../../../core/fencing/referee';
import { guestName, useTexts, type TextsOf } from '../../i18n/common';
import { i18n } from '../../i18n';
import type { OnPiste as Live } from '../../state/referee';
import { formatClock, remainingOf, useTick } from '../../state/referee-clock';
import { CardMarks } from './card-marks';

const messages = i18n('piste-bout', {
  over: 'Bout over: saving',
  machineBadge: params('Machine {piste}'),
  machineHint: 'Scored by the piste’s scoring machine',
  lightHit: params('{name}: valid hit light on'),
  lightWhite: params('{name}: off-target light on'),
  lightOff: params('{name}: no light'),
});

/**
 * One bout a piste's scoring machine holds (issue 57), on its piste's card: the hall board, its TV and the
 * coach's day screen. `testId` names its score for the screen it is on.
 */
export function PisteBoutLine({ live, tv = false, testId }: { live: Live; tv?: boolean; testId: string }) {
  useTick(live.bout.state.running);
  return <PisteBoutCard live={live} tv={tv} scoreTestId={testId} />;
}

/**
 * A bout on the piste (issue 18), touch by touch: the names in the scoring lights' colours (left red, right
 * green), each side's cards (issue 29), the running score and the bout clock; with a scoring machine's lamps
 * and its mark while one holds it (issue 57). Its screen ticks the clock.
 */
export function PisteBoutCard({ live, tv = false, scoreTestId = 'on-piste-score' }: { live: Live; tv?: boolean; scoreTestId?: string }) {
  const t = useTexts(messages);
  const { left, right, state, referee, machine } = live.bout;
  const note = state.phase === 'over' ? t.over
    : state.phase === 'break' ? t.rest
    : state.priority ? t.priorityName({ name: live.bout[state.priority].name })
    : state.phase === 'priority' ? t.extraMinute
    : state.format.periods > 1 ? t.period({ n: state.period }) : '';
  // Each side's cards (issue 29) between its name and the score; on the hall's TV, big enough to read from afar.
  const marks = tv ? 'origin-center scale-150 px-[0.4vw]' : '';
  return (
    <div className={`flex flex-wrap items-center gap-2 rounded-lg ${tv ? 'bg-slate-800 px-[0.8vw] py-[0.4vh] text-[1.5vw]' : 'bg-slate-50 px-3 py-1.5'}`} data-testid="on-piste-bout" title={machine ? t.machineHint : t.refereeName({ name: guestName(t, referee) })}>
      {machine && <Lamp side="left" lights={machine.lights} name={left.name} tv={tv} t={t} />}
      <span className="font-semibold text-red-700 data-[tv]:text-red-400" data-tv={tv || undefined}>{left.name}</span>
      <CardMarks side={{ cards: state.cards.left, pCards: state.pCards }} className={marks} />
      <span className="font-black tabular-nums" data-testid={scoreTestId}>{state.left}–{state.right}</span>
      <CardMarks side={{ cards: state.cards.right, pCards: state.pCards }} className={marks} />
      <span className="font-semibold text-green-700 data-[tv]:text-green-400" data-tv={tv || undefined}>{right.name}</span>
      {machine && <Lamp side="right" lights={machine.lights} name={right.name} tv={tv} t={t} />}
      <span className={`rounded px-1.5 font-mono tabular-nums ${state.running ? 'bg-amber-400 text-black' : tv ? 'bg-slate-700' : 'bg-slate-200'}`} data-testid="on-piste-clock">{formatClock(remainingOf(live))}</span>
      {note && <span className={tv ? 'text-[1vw] text-slate-300' : 'text-xs text-slate-600'}>{note}</span>}
      {machine && (
        <span className={`rounded px-1 text-xs font-semibold uppercase ${tv ? 'bg-sky-900 text-sky-200' : 'bg-sky-100 text-sky-900'}`} data-testid="on-piste-machine" title={t.machineHint}>
          {t.machineBadge({ piste: machine.piste })}
        </span>
      )}
    </div>
  );
}

const LIT: Record<Side, string> = { left: 'bg-red-600 ring-red-900 shadow-[0_0_8px_2px_rgba(220,38,38,0.7)]', right: 'bg-green-500 ring-green-900 shadow-[0_0_8px_2px_rgba(34,197,94,0.7)]' };

/**
 * A side's lamp as the scoring machine lights it: its colour (red left, green right) for a valid hit, white
 * for off target, dark otherwise. `data-lit` says which, for the screen's tests.
 */
function Lamp({ side, lights, name, tv, t }: { side: Side; lights: MachineLights; name: string; tv: boolean; t: TextsOf<typeof messages> }) {
  const { colour, white } = lights[side];
  const lit = colour ? 'colour' : white ? 'white' : 'off';
  const look = colour ? LIT[side] : white ? 'bg-white ring-slate-400 shadow-[0_0_8px_2px_rgba(255,255,255,0.8)]' : 'bg-slate-300 ring-slate-400 opacity-60';
  const label = colour ? t.lightHit({ name }) : white ? t.lightWhite({ name }) : t.lightOff({ name });
  return (
    <span role="img" aria-label={label} title={label} data-testid={`on-piste-light-${side}`} data-lit={lit} className={`inline-block shrink-0 rounded-full ring-1 ${tv ? 'h-[1.2vw] w-[1.2vw]' : 'h-3.5 w-3.5'} ${look}`} />
  );
}
