import { useTexts } from '../../i18n/common';
import { getDefaultStore, useAtomValue } from 'jotai';
import { useMemo, useState } from 'react';
import { useOutletContext } from 'react-router';
import { Link } from '../../components/link';
import type { Team, TeamMatchRow } from '../../../core/contracts/teams';
import type { PracticeView } from '../../state/viewer';
import { RELAY_TOUCH_MAX, relayMatchWinner, relayRowWinner, relayTarget, runningTotals } from '../../../core/fencing/team-relay';
import { TouchPicker } from '../../components/ui/touch-picker';
import { toast } from '../../state/toasts';
import { paths } from '../../lib/paths';
import { outboxAtom, wakeOutbox } from '../../state/outbox';
import { queueRelay, withPendingSheet } from '../../state/writes/relay';
import { teamsAtom } from '../../state/teams';
import { count, params } from '@nanostores/i18n';
import { i18n } from '../../i18n';
import { useWideScreen } from '../../components/layout/use-wide-screen';

const messages = i18n('teams-page', {
  loading: 'Loading team members...',
  loadFailed: 'Failed to load team members',
  saved: 'Results saved',
  savedHere: 'Saved on this device',
  willSync: count({ one: '{count} relay will sync when the network returns', other: '{count} relays will sync when the network returns' }),
  touchLabel: params('Relay {relay}, {team} touches: {touches}'),
  none: 'none',
  noTeams: 'No teams yet. Build them to fill in the fencers’ names.',
  setUp: 'Set up teams',
  sides: 'Team A (Left): Fencers 4, 5, 6 | Team B (Right): Fencers 1, 2, 3',
  winsEarly: params('{team} wins (reached 45 in relay {relay})'),
  winsNinth: params('{team} wins after the ninth relay'),
  touchScored: 'Touch Scored',
  teamScore: 'Team Score',
  targetHelp: 'The running score this relay ends at',
  target: 'Target',
  save: 'Save Results',
  pickTitle: params('Relay {relay}: {name}'),
  teamsAndSetup: 'Teams and setup',
});

/** Fencer numbers: team 1's members are 1–3 (team B, right), team 2's are 4–6 (team A, left). */
function fencerName(teams: Team[], number: number): string {
  const team = teams.find((t) => t.team_number === (number <= 3 ? 1 : 2));
  return team?.members.find((m) => m.position === (number - 1) % 3 + 1)?.athlete_name ?? '—';
}

type Side = 'a' | 'b';

/** /teams: the nine-relay sheet of the practice's team match, with the teams above it. */
export function TeamsPage() {
  const t = useTexts(messages);
  const practice = useOutletContext<PracticeView>();
  const state = useAtomValue(teamsAtom);
  const outbox = useAtomValue(outboxAtom);
  const [picking, setPicking] = useState<{ row: TeamMatchRow; side: Side } | null>(null);
  const [saving, setSaving] = useState(false);
  const wide = useWideScreen();
  // Rows still waiting to reach the server show at once, marked pending (the outbox keeps them).
  const { sheet, pending } = useMemo(() => withPendingSheet(practice.id, state.sheet, outbox), [practice.id, state.sheet, outbox]);

  if (state.status === 'idle' || state.status === 'loading') return <p className="py-10 text-center text-sm text-slate-600" role="status">{t.loading}</p>;
  if (state.status === 'error') return <p className="card p-6 text-center text-sm text-red-700">{t.loadFailed}</p>;

  const { teams } = state;
  const totals = runningTotals(sheet);
  const result = relayMatchWinner(sheet);
  const teamName = (side: 'A' | 'B') => t.teamN({ n: side === 'A' ? 2 : 1 });

  function pick(row: TeamMatchRow, side: Side, value: number | null) {
    setPicking(null);
    const next = { ...row, [`score_${side}`]: value };
    void queueRelay(practice.id, row, { score_a: next.score_a, score_b: next.score_b });
  }

  /** Every relay entered here is already on its way: Save Results sends what waits and says where it stands. */
  async function saveAll() {
    setSaving(true);
    try {
      await wakeOutbox();
      const left = getDefaultStore().get(outboxAtom).filter((e) => e.practiceId === practice.id && e.kind === 'relay');
      if (left.length === 0) toast({ title: t.success, description: t.saved });
      else if (left.every((e) => !e.conflict && !e.refused)) toast({ title: t.savedHere, description: t.willSync(left.length) });
    } finally {
      setSaving(false);
    }
  }

  const top = (
    <>
      <div className="flex flex-wrap items-start justify-between gap-3">
        {teams.length === 0 ? (
          <p className="text-sm text-slate-600">{t.noTeams}</p>
        ) : (
          <ul className="flex flex-wrap gap-3" data-testid="team-list">
            {teams.map((team) => (
              <li key={team.id} className="card px-3 py-2 text-sm">
                <span className="font-semibold">{t.teamN({ n: team.team_number })}</span>
                <span className="ml-2 text-slate-600">{team.members.map((m) => m.athlete_name).join(', ')}</span>
              </li>
            ))}
          </ul>
        )}
        <div className="flex gap-2">
          <Link to={paths.teamPracticeSetup} className="btn-secondary">{t.setUp}</Link>
          <Link to={paths.teamPoolSetup} className="btn-secondary">{t.teamPools}</Link>
        </div>
      </div>

      <p className="text-sm font-medium text-slate-700">{t.sides}</p>
    </>
  );

  const touchCell = (row: TeamMatchRow, side: Side, win: boolean, lose: boolean) => (
    <td
      className={`border border-slate-200 p-0 text-center ${win ? 'bg-green-100 text-green-900' : lose ? 'bg-red-100 text-red-900' : ''} ${pending.has(row.match_number) ? 'outline-dashed outline-2 -outline-offset-2 outline-amber-500' : ''}`}
      data-pending={pending.has(row.match_number) || undefined}
    >
      <button
        type="button"
        className="h-11 w-full min-w-14 font-semibold tabular-nums"
        aria-label={t.touchLabel({ relay: row.match_number, team: teamName(side === 'a' ? 'A' : 'B'), touches: row[`score_${side}`] ?? t.none }) + (pending.has(row.match_number) ? t.waitingToSync : '')}
        data-testid={`touch-${row.match_number}-${side}`}
        onClick={() => setPicking({ row, side })}
      >
        {row[`score_${side}`] ?? '-'}
      </button>
    </td>
  );

  return (
    <div className="space-y-3 sm:space-y-5">
      {/* On a phone the teams and their setup fold away, so the relay sheet comes first (issue 29); with no teams
          yet there is no sheet to fill, and what to do first shows. */}
      {wide || teams.length === 0 ? top : (
        <details className="card" data-testid="teams-details">
          <summary className="cursor-pointer px-3 py-3 text-sm font-medium">{t.teamsAndSetup}</summary>
          <div className="space-y-3 border-t border-slate-200 p-3">{top}</div>
        </details>
      )}
      {result && (
        <p className="rounded-lg border border-green-300 bg-green-50 p-3 text-sm font-semibold text-green-900" role="status" data-testid="relay-winner">
          {result.relay < 9 ? t.winsEarly({ team: teamName(result.winner), relay: result.relay }) : t.winsNinth({ team: teamName(result.winner) })}
        </p>
      )}
      <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
        <table className="w-full border-collapse text-sm" data-testid="relay-sheet">
          <thead className="bg-slate-100 text-xs text-slate-700">
            <tr>
              <th scope="col" className="border border-slate-200 px-2 py-2">#</th>
              <th scope="col" className="border border-slate-200 px-2 py-2 text-left">{teamName('A')}</th>
              <th scope="col" className="border border-slate-200 px-2 py-2">{t.touchScored}</th>
              <th scope="col" className="border border-slate-200 px-2 py-2">{t.teamScore}</th>
              <th scope="col" className="border border-slate-200 px-2 py-2" title={t.targetHelp}>{t.target}</th>
              <th scope="col" className="border border-slate-200 px-2 py-2">{t.teamScore}</th>
              <th scope="col" className="border border-slate-200 px-2 py-2">{t.touchScored}</th>
              <th scope="col" className="border border-slate-200 px-2 py-2 text-right">{teamName('B')}</th>
              <th scope="col" className="border border-slate-200 px-2 py-2">#</th>
            </tr>
          </thead>
          <tbody>
            {sheet.map((row, i) => {
              const w = relayRowWinner(row);
              const total = totals[i]!;
              const name = (side: Side, win: boolean, lose: boolean) => (
                <td className={`border border-slate-200 px-2 py-2 ${side === 'b' ? 'text-right' : ''} ${win ? 'font-semibold text-green-800' : lose ? 'text-red-700' : ''}`}>
                  {fencerName(teams, side === 'a' ? row.fencer_a_number : row.fencer_b_number)}
                </td>
              );
              return (
                <tr key={row.match_number} data-testid="relay-row">
                  <td className="border border-slate-200 px-2 text-center tabular-nums">{row.fencer_a_number}</td>
                  {name('a', w === 'A', w === 'B')}
                  {touchCell(row, 'a', w === 'A', w === 'B')}
                  <td className="border border-slate-200 px-2 text-center font-semibold tabular-nums" data-testid={`total-${row.match_number}-a`}>{total.a}</td>
                  <td className="border border-slate-200 px-2 text-center text-xs text-slate-500 tabular-nums">{relayTarget(row.match_number)}</td>
                  <td className="border border-slate-200 px-2 text-center font-semibold tabular-nums" data-testid={`total-${row.match_number}-b`}>{total.b}</td>
                  {touchCell(row, 'b', w === 'B', w === 'A')}
                  {name('b', w === 'B', w === 'A')}
                  <td className="border border-slate-200 px-2 text-center tabular-nums">{row.fencer_b_number}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <div className="flex justify-end">
        <button type="button" className="btn-primary" disabled={saving || sheet.length === 0} onClick={saveAll}>{t.save}</button>
      </div>
      {picking && (
        <TouchPicker
          open
          onOpenChange={(o) => !o && setPicking(null)}
          title={t.pickTitle({ relay: picking.row.match_number, name: fencerName(teams, picking.side === 'a' ? picking.row.fencer_a_number : picking.row.fencer_b_number) })}
          max={RELAY_TOUCH_MAX}
          value={picking.row[`score_${picking.side}`]}
          onPick={(v) => pick(picking.row, picking.side, v)}
        />
      )}
    </div>
  );
}
