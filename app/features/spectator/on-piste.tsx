import { guestName, useTexts, type TextsOf } from '../../i18n/common';
import { i18n } from '../../i18n';
import { useLiveBouts, type OnPiste as Live } from '../../state/referee';
import { formatClock, remainingOf, useTick } from '../../state/referee-clock';
import { CardMarks } from '../../components/referee/card-marks';

const messages = i18n('on-piste', {
  title: 'On piste now',
  over: 'Bout over: saving',
});

/**
 * The bouts being refereed right now (issue 18), touch by touch: the names in the scoring lights' colours
 * (left red, right green), each side's cards (issue 29), the running score and the bout clock, which counts down here as on the referee's
 * phone. Nothing shows when no bout is on the piste. `tv` sizes it for the hall's screen.
 */
export function OnPisteList({ tv = false }: { tv?: boolean }) {
  const t = useTexts(messages);
  const bouts = [...useLiveBouts().values()];
  useTick(bouts.some((x) => x.bout.state.running));
  if (bouts.length === 0) return null;
  return (
    <section
      className={tv ? 'flex flex-wrap items-center gap-[1.5vw] bg-slate-900 px-[2vw] py-[0.8vh]' : 'card flex flex-wrap items-center gap-3 p-3'}
      aria-labelledby="on-piste-title"
      data-testid="on-piste"
    >
      <h2 id="on-piste-title" className={tv ? 'text-[1vw] font-semibold uppercase tracking-wide text-slate-400' : 'text-sm font-semibold uppercase tracking-wide text-slate-600'}>{t.title}</h2>
      {bouts.map((live) => <Bout key={live.bout.key} live={live} tv={tv} t={t} />)}
    </section>
  );
}

function Bout({ live, tv, t }: { live: Live; tv: boolean; t: TextsOf<typeof messages> }) {
  const { left, right, state, referee } = live.bout;
  const note = state.phase === 'over' ? t.over
    : state.phase === 'break' ? t.rest
    : state.priority ? t.priorityName({ name: live.bout[state.priority].name })
    : state.phase === 'priority' ? t.extraMinute
    : state.format.periods > 1 ? t.period({ n: state.period }) : '';
  // Each side's cards (issue 29) between its name and the score; on the hall's TV, big enough to read from afar.
  const marks = tv ? 'origin-center scale-150 px-[0.4vw]' : '';
  return (
    <div className={`flex items-center gap-2 rounded-lg ${tv ? 'bg-slate-800 px-[0.8vw] py-[0.4vh] text-[1.5vw]' : 'bg-slate-50 px-3 py-1.5'}`} data-testid="on-piste-bout" title={t.refereeName({ name: guestName(t, referee) })}>
      <span className="font-semibold text-red-700 data-[tv]:text-red-400" data-tv={tv || undefined}>{left.name}</span>
      <CardMarks side={{ cards: state.cards.left, pCards: state.pCards }} className={marks} />
      <span className="font-black tabular-nums" data-testid="on-piste-score">{state.left}–{state.right}</span>
      <CardMarks side={{ cards: state.cards.right, pCards: state.pCards }} className={marks} />
      <span className="font-semibold text-green-700 data-[tv]:text-green-400" data-tv={tv || undefined}>{right.name}</span>
      <span className={`rounded px-1.5 font-mono tabular-nums ${state.running ? 'bg-amber-400 text-black' : tv ? 'bg-slate-700' : 'bg-slate-200'}`} data-testid="on-piste-clock">{formatClock(remainingOf(live))}</span>
      {note && <span className={tv ? 'text-[1vw] text-slate-300' : 'text-xs text-slate-600'}>{note}</span>}
    </div>
  );
}
