import { useAtomValue } from 'jotai';
import { useMemo } from 'react';
import type { BracketMatch, Seed } from '../../../core/fencing/bracket';
import { lineupFits, matchFencerTotals, sumFencerTotals } from '../../../core/fencing/team-lineup';
import { useTexts } from '../../i18n/common';
import { i18n } from '../../i18n';
import { teamTableauAtom } from '../../state/team-tableau';
import { useStatLabels } from '../../components/stats-cells';

const messages = i18n('team-fencers', {
  title: 'What each fencer fenced',
  help: 'From the line-ups of the team matches: the relays each fencer was on the piste for, reserves included, and the touches in them.',
  relays: 'Relays',
});

/**
 * A team event's fencers as they really fenced (issue 58): each match with a line-up credits every relay that counts to
 * the fencer on the piste for it (`matchFencerTotals`: the reserve brought in, not the fencer replaced), summed over the
 * team's matches. Matches without a line-up name nobody, so they add nothing here.
 */
export function TeamFencers({ matches, seeds }: { matches: readonly BracketMatch[]; seeds: readonly Seed[] }) {
  const t = useTexts(messages);
  const label = useStatLabels();
  const snapshot = useAtomValue(teamTableauAtom).snapshot;
  const totals = useMemo(() => {
    const lists = (snapshot?.lineups ?? []).flatMap((l) => {
      const m = matches.find((x) => x.round === l.round && x.position === l.position);
      if (!m || m.player1_id === null || m.player2_id === null || !lineupFits(l, m)) return [];
      const rows = (snapshot?.relays ?? []).filter((r) => r.round === l.round && r.position === l.position);
      return [matchFencerTotals(l, l.team_a === m.player1_id ? m.player2_id : m.player1_id, rows)];
    });
    return sumFencerTotals(lists);
  }, [snapshot, matches]);
  if (totals.length === 0) return null;
  const teamName = (id: string) => seeds.find((s) => s.id === id)?.name ?? '';
  const th = 'px-3 py-2 text-left text-xs font-semibold uppercase tracking-wide text-slate-600';
  const byTeam = [...totals].sort((x, y) => teamName(x.team).localeCompare(teamName(y.team), undefined, { numeric: true }));
  return (
    <section className="space-y-2">
      <h2 className="text-lg font-semibold">{t.title}</h2>
      <p className="text-sm text-slate-600">{t.help}</p>
      <div className="card overflow-x-auto">
        <table className="w-full text-sm" data-testid="team-fencers">
          <thead className="border-b border-slate-200 bg-slate-50">
            <tr>
              <th scope="col" className={th}>{t.team}</th>
              <th scope="col" className={th}>{t.fencer}</th>
              <th scope="col" className={th}>{t.relays}</th>
              {(['TS', 'TR', 'Ind'] as const).map((stat) => (
                <th key={stat} scope="col" className={th} title={label(stat).tooltip}>{label(stat).label}</th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {byTeam.map((f) => (
              <tr key={`${f.team}-${f.id}`} data-testid="team-fencer-row" className="bg-white">
                <td className="px-3 py-2">{teamName(f.team)}</td>
                <td className="px-3 py-2">{f.name}</td>
                <td className="px-3 py-2 tabular-nums">{f.relays}</td>
                <td className="px-3 py-2 tabular-nums">{f.scored}</td>
                <td className="px-3 py-2 tabular-nums">{f.received}</td>
                <td className="px-3 py-2 tabular-nums">{f.scored - f.received > 0 ? `+${f.scored - f.received}` : f.scored - f.received}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
