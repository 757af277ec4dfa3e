import { useTexts } from '../../i18n/common';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { FindFencer } from '../../components/find/find-fencer';
import { FOUND_ROW, useRowsShown, useScrollToFound } from '../../components/find/found-row';
import type { Standing } from '../../../core/fencing/final-positions';
import { useOutletContext } from 'react-router';
import { can } from '../../../core/permissions';
import { finalResultsTable, hasRatingColumns } from '../../../core/interop/tables';
import { EventClassNote, RatingCells, RatingHeads, useRatedStandings } from './ratings-earned';
import { toastError } from '../../state/toasts';
import { useTerms } from '../../i18n/fencing-terms';
import { roundsOf } from '../../../core/fencing/bracket';
import { call, client } from '../../lib/api';
import { CSV_TYPE, downloadFile, fileName } from '../../lib/files';
import { poolsAtom } from '../../state/pools';
import { didNotStartAtom, standingsAtom, tableauAtom } from '../../state/tableau';
import { teamTableauAtom } from '../../state/team-tableau';
import { teamStandings } from '../../../core/fencing/team-tableau';
import { TeamFencers } from './team-fencers';
import type { PracticeView } from '../../state/viewer';
import { printHeader, usePrint } from '../../components/print/use-print';
import { count, params } from '@nanostores/i18n';
import { i18n } from '../../i18n';

const messages = i18n('final-results-page', {
  loading: 'Loading final results...',
  none: 'No bracket results available yet. Complete matches in the Olympic Tableau to see final rankings.',
  xmlFailed: 'Failed to export the FIE XML file',
  stillIn: count({ one: '{count} fencer is still in the tableau.', other: '{count} fencers are still in the tableau.' }),
  teamsStillIn: count({ one: '{count} team is still in the tableau.', other: '{count} teams are still in the tableau.' }),
  complete: 'The tableau is complete.',
  file: params('{name} final results'),
  notFinished: 'The tableau is not finished: the file holds the results so far',
  exportXml: 'Export FIE XML',
  exportFfe: 'Export FFE results (FFF)',
  exportAskFred: 'Export AskFRED results (.frd)',
  fileFailed: 'Failed to export the results file',
  printTitle: 'Final results',
  teamStandings: 'Final team standings',
});

/**
 * /final-results: places from the tableau (FENCING.md o.82), ties ordered by seed, then (issue 14) the
 * fencers the cut eliminated after the pools, those who withdrew, and, without a place, those excluded and
 * those who did not start (o.74).
 */
export function FinalResultsPage() {
  const t = useTexts(messages);
  const term = useTerms();
  const { loading, tableau } = useAtomValue(tableauAtom);
  const classification = useAtomValue(standingsAtom);
  // Issue 28: a team tableau's final team standings (o.82 with o.98.3), teams in the fencers' places.
  const teamTableau = useAtomValue(teamTableauAtom).snapshot;

  const { pools } = useAtomValue(poolsAtom);
  const didNotStart = useAtomValue(didNotStartAtom);
  const { format } = useAtomValue(tableauAtom);
  const practice = useOutletContext<PracticeView>();
  const teams = practice.practice_type === 'team';
  // Issue 58: the coach's standings carry the USA Fencing ratings before and earned (table, CSV and print).
  const rated = useRatedStandings(practice, teams && teamTableau?.created === true ? teamStandings(tableau.matches, tableau.seeds).standings : classification, pools);
  const { standings } = rated;
  const ratingColumns = hasRatingColumns(standings);
  const { print, sheets } = usePrint();
  // Issue 33: a fencer found by name among 256 places, marked and scrolled to.
  const [found, setFound] = useState<{ id: string } | null>(null);
  const shown = useRowsShown(standings.length);
  const body = useScrollToFound<HTMLTableSectionElement>(found, shown);
  if (loading) return <p className="py-10 text-center text-sm text-slate-600" role="status">{t.loading}</p>;
  const seeded = new Set(tableau.seeds.map((seed) => seed.id));
  const placed = standings.filter((s) => seeded.has(s.id));
  const rounds = roundsOf(tableau.matches);
  if (placed.length === 0) {
    return <p className="card p-10 text-center text-sm text-slate-600">{t.none}</p>;
  }
  const stillIn = tableau.seeds.length - placed.length;
  const th = 'px-3 py-2 text-left text-xs font-semibold uppercase tracking-wide text-slate-600';

  /** What the exports write of each fencer: the coach's roster (club, ranking, licence, nation, birth date, hand, rating). */
  const rosterById = async () => new Map((await call(client.athletes.$get())).map((a) => [a.id, a]));

  /**
   * Issue 15: the practice as FIE XML (BellePoule, Engarde), with what the roster knows of each fencer (issue 30); issue 58:
   * both rounds of pools, and for a team practice the team file (its teams and their fencers, the team tableau).
   */
  async function exportXml() {
    try {
      const [{ writeFieXml }, { teamNumberOf }, athletes, teamList] = await Promise.all([
        import('../../../core/interop/fie-xml'), import('../../../core/defaults'), rosterById(),
        teams ? call(client.practices[':practiceId'].teams.$get({ param: { practiceId: practice.id } })) : null,
      ]);
      const entries = [...tableau.seeds, ...pools.flatMap((p) => p.players)];
      const xml = writeFieXml({
        practice, pools, cut: format.cut, tableau, standings, didNotStart: teams ? [] : didNotStart, athletes,
        teams: teamList?.map((team) => ({
          id: team.id, number: team.team_number, members: team.members,
          name: entries.find((e) => e.id === team.id || teamNumberOf(e.name) === team.team_number)?.name ?? t.teamN({ n: team.team_number }),
        })),
      });
      downloadFile(fileName(`${practice.name} FIE`, 'xml'), xml, 'application/xml;charset=utf-8');
    } catch {
      toastError(t.xmlFailed);
    }
  }

  /** Issue 58: the results file of the French federation (FFF) or AskFRED (.frd), names and clubs as the roster spells them. */
  async function exportResults(kind: 'ffe' | 'askfred') {
    try {
      const athletes = await rosterById();
      const event = { practice, pools, tableau, standings, athletes };
      if (kind === 'ffe') {
        const { writeFfeResults } = await import('../../../core/interop/ffe-results');
        const { bytes, charset } = writeFfeResults(event);
        downloadFile(fileName(`${practice.name} FFE`, 'fff'), bytes, `text/plain;charset=${charset}`);
      } else {
        const { writeAskFred } = await import('../../../core/interop/askfred');
        downloadFile(fileName(`${practice.name} AskFRED`, 'frd'), writeAskFred(event), 'application/xml;charset=utf-8');
      }
    } catch {
      toastError(t.fileFailed);
    }
  }

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-slate-600">
          {stillIn > 0 ? (teams ? t.teamsStillIn(stillIn) : t.stillIn(stillIn)) : t.complete}
        </p>
        <div className="flex flex-wrap gap-2">
          <button type="button" className="btn-secondary" onClick={async () => {
            // Issue 32: the coach's export spells linked entries as their roster athletes.
            const [{ finalResultsCsv, rosterSpelling }, roster] = await Promise.all([import('../../../core/interop/exports'), can(practice.role, 'roster.read') ? call(client.athletes.$get()).catch(() => []) : []]);
            downloadFile(fileName(t.file({ name: practice.name }), 'csv'), finalResultsCsv(standings, rosterSpelling(pools, roster)), CSV_TYPE);
          }}>{t.exportCsv}</button>
          {can(practice.role, 'practice.read') && (
            <button type="button" className="btn-secondary" onClick={exportXml} title={stillIn > 0 ? t.notFinished : undefined}>
              {t.exportXml}
            </button>
          )}
          {can(practice.role, 'practice.read') && !teams && (
            <>
              <button type="button" className="btn-secondary" onClick={() => void exportResults('ffe')} title={stillIn > 0 ? t.notFinished : undefined}>
                {t.exportFfe}
              </button>
              <button type="button" className="btn-secondary" onClick={() => void exportResults('askfred')} title={stillIn > 0 ? t.notFinished : undefined}>
                {t.exportAskFred}
              </button>
            </>
          )}
          <button type="button" className="btn-secondary" onClick={() => print({
            kind: 'table', title: t.printTitle, rounds, ...printHeader(practice), ...finalResultsTable(standings),
          })}>{t.print}</button>
        </div>
        {sheets}
      </div>
      {standings.length > 1 && (
        <FindFencer className="w-full sm:w-72" items={standings} nameOf={nameOf} keyOf={idOf} detailOf={(s) => `${t.rank} ${s.place ?? '—'}`} onPick={(s) => setFound({ id: s.id })} />
      )}
      <EventClassNote classification={rated.classification} final={stillIn === 0} />
      {teams && <h2 className="text-lg font-semibold">{t.teamStandings}</h2>}
      <div className="card overflow-x-auto">
        <table className="w-full text-sm" data-testid="final-results">
          <thead className="border-b border-slate-200 bg-slate-50">
            <tr>
              <th scope="col" className={`${th} sticky left-0 bg-slate-50`}>{t.rank}</th>
              <th scope="col" className={th}>{t.player}</th>
              <th scope="col" className={th}>{t.stage}</th>
              {ratingColumns && <RatingHeads className={th} />}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100" ref={body}>
            {standings.slice(0, shown).map((s) => (
              <tr key={s.id} data-testid="standing-row" data-found={found?.id === s.id || undefined} aria-current={found?.id === s.id || undefined} className={found?.id === s.id ? FOUND_ROW : s.place === 1 ? 'bg-amber-50' : s.place === null ? 'bg-white text-slate-600' : 'bg-white'}>
                {/* The place stays in view while the row scrolls sideways on a phone (issue 33). */}
                <td className="sticky left-0 whitespace-nowrap bg-inherit px-3 py-2 font-semibold tabular-nums">{s.place ?? '—'}</td>
                <td className="px-3 py-2">{s.name}</td>
                <td className="px-3 py-2">{term.text(s.stage, rounds)}</td>
                {ratingColumns && <RatingCells standing={s} />}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {teams && teamTableau?.created === true && <TeamFencers matches={tableau.matches} seeds={tableau.seeds} />}
    </div>
  );
}

const nameOf = (s: Standing) => s.name;
const idOf = (s: Standing) => s.id;
