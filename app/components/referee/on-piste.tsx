import { useTexts } from '../../i18n/common';
import { i18n } from '../../i18n';
import { useLiveBouts } from '../../state/referee';
import { useTick } from '../../state/referee-clock';
import { PisteBoutCard } from './piste-bout';

const messages = i18n('on-piste', {
  title: 'On piste now',
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
      {bouts.map((live) => <PisteBoutCard key={live.bout.key} live={live} tv={tv} />)}
    </section>
  );
}
