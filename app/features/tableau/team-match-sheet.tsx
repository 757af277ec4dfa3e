import { params } from '@nanostores/i18n';
import { useAtomValue } from 'jotai';
import { useMemo, useState, type ReactNode } from 'react';
import type { TeamRelay } from '../../../core/contracts/team-tableau';
import type { BracketMatch } from '../../../core/fencing/bracket';
import { RELAY_TOUCH_MAX, relayRowWinner, relayTarget } from '../../../core/fencing/team-relay';
import { teamMatchState } from '../../../core/fencing/team-tableau';
import { Dialog } from '../../components/ui/dialog';
import { TouchPicker } from '../../components/ui/touch-picker';
import { useTexts } from '../../i18n/common';
import { i18n } from '../../i18n';
import { outboxAtom } from '../../state/outbox';
import { queueTeamRelay, withPendingTeamSheet } from '../../state/writes/team-relay';
import { withPendingLineup } from '../../state/writes/lineup';
import { lineupOfMatch, relayFencers } from '../../../core/fencing/team-lineup';
import { teamOfEntry } from '../../../core/fencing/teams';
import { TeamLineupPanel, useSubstitutionTexts } from './team-lineup-panel';
import { usePrint } from '../../components/print/use-print';
import type { PrintHeader } from '../../components/print/print-view';
import { sheetOfMatch, teamTableauAtom } from '../../state/team-tableau';
import { teamsAtom } from '../../state/teams';

const messages = i18n('team-match-sheet', {
  sides: params('Team A (left): {a} · Team B (right): {b}'),
  notStarted: 'Not started',
  inProgress: params('In progress: {a}–{b}'),
  deciding: params('Level at {a}–{b}: one deciding touch'),
  over: params('Over: {team} wins {score}'),
  tookTouch: params('{team} took the deciding touch'),
  touchLabel: params('Relay {relay}, touches of {team}: {touches}'),
  pickTitle: params('Relay {relay}: {team}'),
  touches: 'Relay touches',
  score: 'Running score',
  target: 'Ends at',
  none: 'not entered',
  close: 'Done',
});

type Side = 'a' | 'b';

interface Props {
  practiceId: string;
  match: BracketMatch;
  title: string;
  /** The match's teams by the bracket's order (player1, player2); the line-up's lot says which fences as team A. */
  teams: { p1: string; p2: string };
  editable: boolean;
  /** What the coach reads under the sheet: the match's list of changes (issue 58). */
  footer?: ReactNode;
  /** What a printed sheet carries of the practice (its name, date and live board's QR code). */
  printHead: PrintHeader;
  onClose: () => void;
}

/**
 * The nine-relay sheet of a team tableau match (issue 28): team A (drawn by lot, issue 58; until then the match's first
 * team) on the left, the line-up, each relay's fencers by number and name (6 v 3, 5 v 1, …), the touches entered relay
 * by relay through the write queue, the running team score, and the match's state by `teamMatchState`; a sheet left
 * level offers its deciding touch. It prints as the paper score-sheet.
 */
export function TeamMatchSheet({ practiceId, match, title, teams: byOrder, editable, footer, printHead, onClose }: Props) {
  const t = useTexts(messages);
  const snapshot = useAtomValue(teamTableauAtom).snapshot;
  const outbox = useAtomValue(outboxAtom);
  const [picking, setPicking] = useState<{ row: TeamRelay; side: Side } | null>(null);
  const stored = useMemo(() => sheetOfMatch(snapshot?.relays ?? [], match.round, match.position), [snapshot, match.round, match.position]);
  const { sheet, pending } = useMemo(() => withPendingTeamSheet(practiceId, stored, outbox), [practiceId, stored, outbox]);
  // The line-up (issue 58): a stored one naming another pair of teams (an earlier result corrected) is none.
  const storedLineup = lineupOfMatch(match, snapshot?.lineups ?? []);
  const { lineup, pending: lineupPending } = useMemo(
    () => withPendingLineup(practiceId, storedLineup, match.round, match.position, outbox),
    [practiceId, storedLineup, match.round, match.position, outbox],
  );
  const aIsFirst = !lineup || lineup.team_a === match.player1_id;
  // The team this sheet shows as team A, sent with each relay: the server refuses a relay entered the other way round.
  const teamA = (aIsFirst ? match.player1_id : match.player2_id) ?? undefined;
  // While a draw waits for the server, which team is team A is not known yet: no touches until it is.
  const drawing = lineupPending && !lineup;
  const canEnter = editable && !drawing;
  const names = aIsFirst ? { a: byOrder.p1, b: byOrder.p2 } : { a: byOrder.p2, b: byOrder.p1 };
  const state = teamMatchState(sheet);
  const teamOf = (side: Side) => (side === 'a' ? names.a : names.b);
  // Who fenced each relay: the line-up's (the reserve marked), else, where this screen knows the teams (the coach's),
  // each team's members by their order in the team: team A fences as 4–6, team B as 1–3.
  const fenced = lineup ? relayFencers(lineup) : null;
  const teams = useAtomValue(teamsAtom).teams;
  const fencerName = (side: Side, n: number, relay: number) => {
    const given = fenced?.[relay - 1]?.[side];
    if (given) return given.reserve ? `${given.name} · ${t.reserveTag}` : given.name;
    if (lineup) return '';
    const team = side === 'a' ? teamOfEntry(teams, match.player1_id, names.a) : teamOfEntry(teams, match.player2_id, names.b);
    return team?.members.find((m) => m.position === (side === 'a' ? n - 3 : n))?.athlete_name ?? '';
  };
  // What the sheet says of its match: not started, the running score, level awaiting its deciding touch, or who won and by what.
  const { a, b } = state.score;
  const status =
    state.status === 'not-started' ? t.notStarted
    : state.status === 'in-progress' ? t.inProgress({ a, b })
    : state.status === 'deciding-touch' ? t.deciding({ a, b })
    : state.winner === 'A' ? t.over({ team: names.a, score: `${a}–${b}` })
    : t.over({ team: names.b, score: `${b}–${a}` });

  const substitutions = useSubstitutionTexts(lineup);
  const { print, sheets } = usePrint();
  /** The sheet on paper (issue 58): who fences each relay, what is entered so far, the reserves and room to sign. */
  function printSheet() {
    const nameOf = (side: Side, row: TeamRelay) => fencerName(side, side === 'a' ? row.fencer_a_number : row.fencer_b_number, row.match_number);
    print({
      ...printHead, kind: 'relay', title, sides: names, substitutions, result: status, headings: { touches: t.touches, score: t.score, target: t.target },
      reserves: { a: lineup?.a.reserve?.name ?? null, b: lineup?.b.reserve?.name ?? null },
      rows: sheet.map((row, i) => ({
        n: row.match_number, target: relayTarget(row.match_number), totals: state.totals[i] ?? null,
        a: { number: row.fencer_a_number, name: nameOf('a', row) }, b: { number: row.fencer_b_number, name: nameOf('b', row) },
        touches: { a: row.score_a, b: row.score_b },
      })),
    });
  }

  function pick(row: TeamRelay, side: Side, value: number | null) {
    setPicking(null);
    const next = { ...row, [`score_${side}`]: value };
    void queueTeamRelay(practiceId, row, { score_a: next.score_a, score_b: next.score_b, winner: null, team_a: teamA });
  }

  const touchCell = (row: TeamRelay, side: Side, win: boolean, lose: boolean) => (
    <td className={`border border-slate-200 p-0 text-center ${win ? 'bg-green-100 text-green-900' : lose ? 'bg-red-100 text-red-900' : ''} ${pending.has(row.match_number) ? 'outline-dashed outline-2 -outline-offset-2 outline-amber-500' : ''}`}>
      <button
        type="button"
        disabled={!canEnter}
        className="h-11 w-full min-w-12 font-semibold tabular-nums"
        aria-label={t.touchLabel({ relay: row.match_number, team: teamOf(side), touches: row[`score_${side}`] ?? t.none }) + (pending.has(row.match_number) ? t.waitingToSync : '')}
        data-testid={`team-touch-${row.match_number}-${side}`}
        onClick={() => setPicking({ row, side })}
      >
        {row[`score_${side}`] ?? '-'}
      </button>
    </td>
  );

  const decidingRow = state.status === 'deciding-touch' && state.relay ? sheet[state.relay - 1] : undefined;
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()} title={title} description={t.sides({ a: names.a, b: names.b })} wide>
      <p className={`mb-3 rounded-lg border p-2 text-sm font-semibold ${state.status === 'over' ? 'border-green-300 bg-green-50 text-green-900' : 'border-slate-200 bg-slate-50 text-slate-800'}`} role="status" data-testid="team-match-state">
        {status}
      </p>
      {decidingRow && canEnter && (
        <div className="mb-3 flex flex-wrap gap-2">
          {(['A', 'B'] as const).map((w) => (
            <button key={w} type="button" className="btn-secondary" onClick={() => void queueTeamRelay(practiceId, decidingRow, { score_a: decidingRow.score_a, score_b: decidingRow.score_b, winner: w, team_a: teamA })}>
              {t.tookTouch({ team: w === 'A' ? names.a : names.b })}
            </button>
          ))}
        </div>
      )}
      <TeamLineupPanel
        practiceId={practiceId}
        round={match.round}
        position={match.position}
        first={byOrder.p1}
        lineup={lineup}
        pending={lineupPending}
        names={names}
        editable={editable}
      />
      <div className="overflow-x-auto">
        <table className="w-full border-collapse text-sm" data-testid="team-match-sheet">
          <thead className="bg-slate-100 text-xs text-slate-700">
            <tr>
              <th scope="col" className="border border-slate-200 px-2 py-1">#</th>
              <th scope="col" className="border border-slate-200 px-2 py-1 text-left">{names.a}</th>
              <th scope="col" className="border border-slate-200 px-2 py-1">{t.touches}</th>
              <th scope="col" className="border border-slate-200 px-2 py-1">{t.score}</th>
              <th scope="col" className="border border-slate-200 px-2 py-1">{t.target}</th>
              <th scope="col" className="border border-slate-200 px-2 py-1">{t.score}</th>
              <th scope="col" className="border border-slate-200 px-2 py-1">{t.touches}</th>
              <th scope="col" className="border border-slate-200 px-2 py-1 text-right">{names.b}</th>
              <th scope="col" className="border border-slate-200 px-2 py-1">#</th>
            </tr>
          </thead>
          <tbody>
            {sheet.map((row, i) => {
              const w = relayRowWinner(row);
              const total = state.totals[i];
              return (
                <tr key={row.match_number} data-testid="team-relay-row">
                  <td className="border border-slate-200 px-2 text-center tabular-nums">{row.fencer_a_number}</td>
                  <td className="border border-slate-200 px-2" data-testid={`team-fencer-${row.match_number}-a`}>{fencerName('a', row.fencer_a_number, row.match_number)}</td>
                  {touchCell(row, 'a', w === 'A', w === 'B')}
                  <td className="border border-slate-200 px-2 text-center font-semibold tabular-nums" data-testid={`team-total-${row.match_number}-a`}>{total?.a ?? ''}</td>
                  <td className="border border-slate-200 px-2 text-center text-xs text-slate-500 tabular-nums">{relayTarget(row.match_number)}</td>
                  <td className="border border-slate-200 px-2 text-center font-semibold tabular-nums" data-testid={`team-total-${row.match_number}-b`}>{total?.b ?? ''}</td>
                  {touchCell(row, 'b', w === 'B', w === 'A')}
                  <td className="border border-slate-200 px-2 text-right" data-testid={`team-fencer-${row.match_number}-b`}>{fencerName('b', row.fencer_b_number, row.match_number)}</td>
                  <td className="border border-slate-200 px-2 text-center tabular-nums">{row.fencer_b_number}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {footer}
      <div className="mt-4 flex justify-end gap-2">
        <button type="button" className="btn-secondary" onClick={printSheet}>{t.print}</button>
        <button type="button" className="btn-secondary" onClick={onClose}>{t.close}</button>
      </div>
      {sheets}
      {picking && (
        <TouchPicker
          open
          onOpenChange={(o) => !o && setPicking(null)}
          title={t.pickTitle({ relay: picking.row.match_number, team: teamOf(picking.side) })}
          max={RELAY_TOUCH_MAX}
          value={picking.row[`score_${picking.side}`]}
          onPick={(v) => pick(picking.row, picking.side, v)}
        />
      )}
    </Dialog>
  );
}
