import { useTexts } from '../../i18n/common';
import { useAtomValue } from 'jotai';
import { memo, useEffect, useMemo, useRef, useState } from 'react';
import type { PoolSnapshot } from '../../../core/contracts/pools';
import type { SpectatorSnapshot } from '../../../core/contracts/guests';
import { boutProgress, type BoutPair } from '../../../core/fencing/bout-order';
import { boutVictories, RESULT_LETTER } from '../../../core/fencing/bout-result';
import { isMainMatch, roundsOf, type BracketMatch } from '../../../core/fencing/bracket';
import { useResultLetters, useTerms } from '../../i18n/fencing-terms';
import { useStatLabels } from '../../components/stats-cells';
import { computePoolStats } from '../../../core/fencing/pool-stats';
import { liveBehindAtom, liveStatusAtom, poolsAtom } from '../../state/pools';
import { standingsAtom, tableauAtom } from '../../state/tableau';
import { LiveBoardGate } from './spectator-page';
import { useLiveBouts } from '../../state/referee';
import { poolScores } from '../../../core/live-cells';
import { OnPisteNow } from '../../components/referee/on-piste-now';
import { i18n } from '../../i18n';
import { params } from '@nanostores/i18n';

const messages = i18n('tv-board', {
  offline: 'Offline: waiting for the network…',
  reconnecting: 'Reconnecting…',
  behind: 'Catching up: the results may be behind…',
  noPools: 'The pools appear here as soon as the coach shares them.',
  latestLabel: 'Latest results',
  latest: 'Latest',
  page: params('Page {n} of {pages}'),
});

/**
 * /live/{board id}/tv (issue 15): the live board for the hall's TV, read from 5 m at 1920×1080. All pools at
 * once (pages that turn by themselves when they do not fit), "fencing now / on deck" large on each, the
 * latest results sliding in, then the tableau scrolled to the round being fenced, then the podium. No
 * controls and no cursor; a banner while the connection is being re-established. Everything shown is
 * derived from the current state (nothing accumulates per update), so a night on the wall costs no memory.
 */

const NO_SCORES: ReadonlyMap<string, string> = new Map();

/** Pools one page shows: 3 side by side, or 2 rows of 3; more turn over in pages. */
const POOLS_PER_PAGE = 6;
/** How long a page of pools stays up before the next. */
export const PAGE_SECONDS = 15;
/** Results in the "latest" strip. */
const LATEST = 4;

export function TvBoard() {
  return <LiveBoardGate render={(board) => <Tv board={board} />} />;
}

function Tv({ board }: { board: SpectatorSnapshot }) {
  const t = useTexts(messages);
  const { pools } = useAtomValue(poolsAtom);
  const { tableau } = useAtomValue(tableauAtom);
  const standings = useAtomValue(standingsAtom);
  const status = useAtomValue(liveStatusAtom);
  const behind = useAtomValue(liveBehindAtom);
  const rounds = roundsOf(tableau.matches);
  const final = tableau.matches.find((m) => m.round === rounds && isMainMatch(m, rounds));
  // Over when the final is decided and no bout (for places either) is left to fence.
  const finished = final?.winner_id != null && !tableau.matches.some((m) => m.player1_id && m.player2_id && !m.winner_id);

  return (
    <div className="flex h-screen cursor-none flex-col overflow-hidden bg-slate-950 text-white" data-testid="tv-board">
      <header className="flex items-center justify-between px-[2vw] py-[1vh]">
        <h1 className="truncate text-[2.6vw] font-bold" data-testid="practice-name">{board.practice.name}</h1>
        <p className="text-[1.2vw] text-slate-400">{t.liveResults}</p>
      </header>
      {(status !== 'live' || behind) && (
        <p className="bg-amber-500 px-[2vw] py-[0.6vh] text-center text-[1.4vw] font-semibold text-slate-950" role="status" data-testid="tv-reconnecting">
          {status === 'offline' ? t.offline : status !== 'live' ? t.reconnecting : t.behind}
        </p>
      )}
      <OnPisteNow tv />
      <main className="min-h-0 flex-1 px-[1.5vw] pb-[1vh]">
        {finished ? <Podium standings={standings} /> : tableau.matches.length > 0 ? <TvTableau matches={tableau.matches} seeds={tableau.seeds} /> : <TvPools pools={pools} />}
      </main>
      {!finished && <Latest pools={pools} />}
    </div>
  );
}

/** The pools, paged when more than fit; the page turns every PAGE_SECONDS. */
function TvPools({ pools }: { pools: PoolSnapshot[] }) {
  const t = useTexts(messages);
  const pages = Math.max(1, Math.ceil(pools.length / POOLS_PER_PAGE));
  const [page, setPage] = useState(0);
  useEffect(() => {
    if (pages <= 1) return;
    const timer = setInterval(() => setPage((p) => (p + 1) % pages), PAGE_SECONDS * 1000);
    return () => clearInterval(timer);
  }, [pages]);
  const shown = pools.slice((page % pages) * POOLS_PER_PAGE, (page % pages + 1) * POOLS_PER_PAGE);
  // The bouts on the piste, running score in their cells; a pool without one keeps the same (empty) map.
  const liveBouts = useLiveBouts();
  const scoresOf = useMemo(() => {
    const all = [...liveBouts.values()].map((x) => x.bout);
    const cache = new Map<string, ReadonlyMap<string, string>>();
    return (poolId: string) => {
      if (!all.some((b) => b.target.kind === 'pool' && b.target.pool_id === poolId)) return NO_SCORES;
      if (!cache.has(poolId)) cache.set(poolId, poolScores(all, poolId));
      return cache.get(poolId)!;
    };
  }, [liveBouts]);
  if (pools.length === 0) return <p className="pt-[20vh] text-center text-[2.4vw] text-slate-400">{t.noPools}</p>;
  const columns = shown.length === 1 ? 'grid-cols-1' : shown.length === 2 || shown.length === 4 ? 'grid-cols-2' : 'grid-cols-3';
  return (
    <div className="flex h-full flex-col gap-[1vh]">
      <div className={`grid min-h-0 flex-1 auto-rows-fr gap-[1.2vw] ${columns}`}>
        {shown.map((p) => <TvPool key={p.id} pool={p} compact={shown.length > 3} live={scoresOf(p.id)} />)}
      </div>
      {pages > 1 && <p className="text-center text-[1.1vw] text-slate-400" data-testid="tv-page">{t.page({ n: (page % pages) + 1, pages })}</p>}
    </div>
  );
}

const TvPool = memo(function TvPool({ pool, compact, live }: { pool: PoolSnapshot; compact: boolean; live: ReadonlyMap<string, string> }) {
  const t = useTexts(messages);
  const stat = useStatLabels();
  const letters = useResultLetters();
  const stats = useMemo(() => computePoolStats(pool.players, pool.bouts), [pool]);
  const players = pool.players;
  const at = (n: number) => players[n - 1]!;
  const { now, onDeck } = boutProgress(players, ([a, b]) => stats[a - 1]!.matches[at(b).id] !== undefined);
  const pairText = (pair: BoutPair | null) => (pair ? `${at(pair[0]).name} – ${at(pair[1]).name}` : '—');
  // As large as the card allows: a cell must hold "V15" beside n + 2 others in what the names leave.
  const fontVw = Math.min(compact ? 1.1 : 1.7, (compact ? 7 : 10) / (players.length + 2));
  return (
    <section className="flex min-h-0 flex-col rounded-xl bg-slate-900 p-[0.8vw]" data-testid="tv-pool" aria-label={pool.name}>
      <h2 className="text-[1.7vw] font-bold text-sky-300">{pool.name}</h2>
      <div className="mt-[0.6vh] grid grid-cols-2 gap-[0.6vw]">
        <p className="rounded-lg bg-sky-600 px-[0.6vw] py-[0.5vh]" data-testid="tv-now">
          <span className="block text-[0.9vw] font-semibold uppercase tracking-wide text-sky-100">{t.fencingNow}</span>
          <span className="block truncate text-[1.45vw] font-bold">{pairText(now)}</span>
        </p>
        <p className="rounded-lg bg-amber-400 px-[0.6vw] py-[0.5vh] text-slate-950" data-testid="tv-on-deck">
          <span className="block text-[0.9vw] font-semibold uppercase tracking-wide">{t.onDeck}</span>
          <span className="block truncate text-[1.45vw] font-bold">{pairText(onDeck)}</span>
        </p>
      </div>
      <table className="mt-[0.8vh] w-full table-fixed border-collapse tabular-nums" style={{ fontSize: `${fontVw}vw` }} data-testid="tv-grid">
        <thead>
          <tr className="text-slate-400">
            <th className="w-[38%] text-left font-semibold">{t.fencer}</th>
            {players.map((p) => <th key={p.id} className="font-semibold">{p.position}</th>)}
            <th className="font-semibold">{stat('V').label}</th>
            <th className="font-semibold">{stat('Ind').label}</th>
          </tr>
        </thead>
        <tbody>
          {players.map((row, i) => {
            const s = stats[i]!;
            return (
              <tr key={row.id} className="border-t border-slate-800">
                <td className={`truncate py-[0.35em] font-semibold ${row.status ? 'text-slate-500 line-through' : ''}`}>{row.position}. {row.name}</td>
                {players.map((col) => {
                  if (col.id === row.id) return <td key={col.id} className="bg-slate-700" />;
                  const r = s.matches[col.id];
                  const running = r ? undefined : live.get(`${row.id}>${col.id}`);
                  if (running) return <td key={col.id} className="bg-amber-400 text-center font-bold text-slate-950" data-live="true">{running}</td>;
                  return <td key={col.id} className={`text-center font-semibold ${r?.startsWith(RESULT_LETTER.victory) ? 'text-green-400' : r ? 'text-red-400' : 'text-slate-600'}`}>{r ? letters.text(r) : '·'}</td>;
                })}
                <td className="text-center font-bold">{s.victories}</td>
                <td className={`text-center font-bold ${s.indicator > 0 ? 'text-green-400' : s.indicator < 0 ? 'text-red-400' : ''}`}>{s.indicator > 0 ? `+${s.indicator}` : s.indicator}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
});

/** The latest pool results, newest first; the newest slides in. Derived from the pools each time (bounded). */
function Latest({ pools }: { pools: PoolSnapshot[] }) {
  const t = useTexts(messages);
  const latest = useMemo(() => {
    const all = pools.flatMap((p) => {
      const name = new Map(p.players.map((x) => [x.id, x.name]));
      return p.bouts.map((b) => {
        // The winner first, as a referee calls it ("GUS 5–2 EVA"; on priority at equal scores too).
        const firstWon = boutVictories(b).player1;
        const [w, ws, l, ls] = firstWon ? [b.player1_id, b.score1, b.player2_id, b.score2] : [b.player2_id, b.score2, b.player1_id, b.score1];
        return { key: `${p.id}:${b.player1_id}:${b.player2_id}:${b.version}`, at: b.updated_at, text: `${name.get(w)} ${ws}–${ls} ${name.get(l)}`, pool: p.name };
      });
    });
    return all.sort((a, b) => b.at - a.at).slice(0, LATEST);
  }, [pools]);
  if (latest.length === 0) return null;
  return (
    <footer className="flex items-center gap-[1.5vw] overflow-hidden bg-slate-900 px-[2vw] py-[1vh]" aria-label={t.latestLabel} data-testid="tv-latest">
      <span className="shrink-0 text-[1vw] font-semibold uppercase tracking-wide text-slate-400">{t.latest}</span>
      {latest.map((r, i) => (
        <span key={r.key} className={`shrink-0 whitespace-nowrap text-[1.4vw] ${i === 0 ? 'tv-slide-in font-bold text-white' : 'text-slate-300'}`}>
          {r.text} <span className="text-[0.9vw] text-slate-400">{r.pool}</span>
        </span>
      ))}
    </footer>
  );
}

/** The tableau, one column per round, scrolled so that the round being fenced is in view. */
function TvTableau({ matches, seeds }: { matches: BracketMatch[]; seeds: { id: string; name: string; seed: number }[] }) {
  const t = useTexts(messages);
  const term = useTerms();
  const rounds = roundsOf(matches);
  const main = matches.filter((m) => isMainMatch(m, rounds));
  const nameOf = new Map(seeds.map((s) => [s.id, `${s.seed}. ${s.name}`]));
  const current = main.filter((m) => m.player1_id && m.player2_id && !m.winner_id).reduce((r, m) => Math.min(r, m.round), rounds);
  const scroller = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const column = scroller.current?.querySelector<HTMLElement>(`[data-round="${current}"]`);
    if (column && scroller.current) scroller.current.scrollTo({ left: column.offsetLeft - scroller.current.offsetLeft, behavior: 'smooth' });
  }, [current]);
  return (
    <div ref={scroller} className="flex h-full gap-[1.5vw] overflow-hidden" data-testid="tv-tableau">
      {Array.from({ length: rounds }, (_, i) => i + 1).map((round) => (
        <div key={round} data-round={round} className="flex w-[22vw] shrink-0 flex-col">
          <h2 className={`text-[1.6vw] font-bold ${round === current ? 'text-sky-300' : 'text-slate-400'}`}>{term.round(round, rounds)}</h2>
          <div className="flex min-h-0 flex-1 flex-col justify-around gap-[0.5vh]">
            {main.filter((m) => m.round === round).sort((a, b) => a.position - b.position).map((m) => (
              <div key={m.id} className={`rounded-lg bg-slate-900 px-[0.6vw] py-[0.3vh] text-[1.1vw] ${round === current && !m.winner_id && m.player1_id && m.player2_id ? 'ring-2 ring-sky-400' : ''}`}>
                {([[m.player1_id, m.player1_score], [m.player2_id, m.player2_score]] as const).map(([id, score], k) => (
                  <p key={k} className={`flex justify-between gap-2 ${id && m.winner_id === id ? 'font-bold text-white' : 'text-slate-300'}`}>
                    <span className="truncate">{id ? nameOf.get(id) : m.round === 1 ? '—' : t.tbd}</span>
                    <span className="tabular-nums">{score ?? ''}</span>
                  </p>
                ))}
              </div>
            ))}
          </div>
        </div>
      ))}
    </div>
  );
}

/** The final podium: 1st, 2nd and the 3rd places, large. */
function Podium({ standings }: { standings: { id: string; name: string; place: number | null }[] }) {
  const top = standings.filter((s) => s.place !== null && s.place <= 3);
  const at = (p: number) => top.filter((s) => s.place === p);
  const step = (place: number, height: string, color: string) => (
    <div className="flex w-[24vw] flex-col items-center justify-end gap-[1vh]">
      {at(place).map((s) => <p key={s.id} className="text-center text-[2.4vw] font-bold" data-testid="podium-name">{s.name}</p>)}
      <div className={`flex w-full items-start justify-center rounded-t-xl ${height} ${color}`}>
        <span className="pt-[1vh] text-[5vw] font-black text-slate-950">{place}</span>
      </div>
    </div>
  );
  return (
    <div className="flex h-full items-end justify-center gap-[1.5vw] pb-[4vh]" data-testid="tv-podium">
      {step(2, 'h-[30vh]', 'bg-slate-300')}
      {step(1, 'h-[42vh]', 'bg-amber-400')}
      {step(3, 'h-[22vh]', 'bg-amber-700')}
    </div>
  );
}
