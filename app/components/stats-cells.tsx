/** SPEC §2: Ratio with 2 decimals. */
export const formatRatio = (ratio: number) => ratio.toFixed(2);

/** SPEC §2: the indicator with a plus sign when positive; green, red or grey. */
export function Indicator({ value }: { value: number }) {
  const color = value > 0 ? 'text-green-700' : value < 0 ? 'text-red-700' : 'text-slate-500';
  return <span className={`font-semibold tabular-nums ${color}`}>{value > 0 ? `+${value}` : value}</span>;
}

export const STAT_TOOLTIPS = {
  V: 'Victories',
  D: 'Defeats',
  Ratio: 'Victories per match: the share of bouts won in the pool, which accounts for differing numbers of bouts.',
  TS: 'Touches scored',
  TR: 'Touches received',
  Ind: 'Indicator: touches scored minus touches received',
} as const;
