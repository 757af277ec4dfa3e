import { formatNumber, i18n, useStore } from '../i18n';
import { useResultLetters } from '../i18n/fencing-terms';

const messages = i18n('stats-cells', {
  Ratio: 'Ratio',
  TS: 'TS',
  TR: 'TR',
  Ind: 'Ind',
  tipV: 'Victories',
  tipD: 'Defeats',
  tipRatio: 'Victories per match: the share of bouts won in the pool, which accounts for differing numbers of bouts.',
  tipTS: 'Touches scored',
  tipTR: 'Touches received',
  tipInd: 'Indicator: touches scored minus touches received',
});

/** The pool statistics' columns, in order (SPEC §2); `data-stat` keeps these English names in every language. */
export const STATS = ['V', 'D', 'Ratio', 'TS', 'TR', 'Ind'] as const;
export type Stat = (typeof STATS)[number];
const TIP = { V: 'tipV', D: 'tipD', Ratio: 'tipRatio', TS: 'tipTS', TR: 'tipTR', Ind: 'tipInd' } as const satisfies Record<Stat, string>;

/**
 * Each statistic's heading in the current language (FIE terms: TD/TR, Ind. in French) and its tooltip. V and D
 * are the result letters of `resultLetter` (issue 32), the same the cells show.
 */
export function useStatLabels() {
  const t = useStore(messages);
  const { letter } = useResultLetters();
  return (stat: Stat) => ({ label: stat === 'V' || stat === 'D' ? letter(stat === 'V') : t[stat], tooltip: t[TIP[stat]] });
}

/** SPEC §2: Ratio with 2 decimals, in the current language's notation (0,50 in French and German). */
export const formatRatio = (ratio: number) => formatNumber(ratio, 2);

/** SPEC §2: the indicator with a plus sign when positive; green, red or grey. */
export function Indicator({ value }: { value: number }) {
  const color = value > 0 ? 'text-green-700' : value < 0 ? 'text-red-700' : 'text-slate-500';
  return <span className={`font-semibold tabular-nums ${color}`}>{value > 0 ? `+${value}` : value}</span>;
}
