// The pools screen (SPEC §3–§5): the grid, the bout order, the management dialogs and the check-in of one
// practice's pools, for the coach, a guest and the board. One file because every part reads the same pool,
// outbox and referee state the screen holds; issue 29 takes the management controls behind one menu.
import { useTexts } from '../../i18n/common';
import { useAtomValue } from 'jotai';
import { useEffect, useMemo, useState } from 'react';
import { useOutletContext } from 'react-router';
import { Link } from '../../components/link';
import type { PoolPlayer } from '../../../core/contracts/pools';
import type { PracticeView } from '../../state/viewer';
import { isBoutOf, poolMaxScore } from '../../../core/fencing/bout-result';
import { computePoolStats } from '../../../core/fencing/pool-stats';
import { onDemand } from '../../components/ui/lazy';
import { paths } from '../../lib/paths';
import { currentPoolAtom, poolsAtom } from '../../state/pools';
import { PoolSelect } from '../../components/pool/pool-select';
import { PoolFind } from '../../components/pool/pool-find';
import { BoutOrderPanel } from '../../components/pool/bout-order-panel';
import { chooseReferee, clearBout, createPool, deletePool, linkPlayer, removePlayer, renamePool, saveBout, setPlayerStatus } from './pool-actions';
import { PoolGrid } from '../../components/pool/pool-grid';
import { PoolPlace } from '../../components/pool/pool-place';
import { can } from '../../../core/permissions';
import { outboxAtom } from '../../state/outbox';
import { boutVersion, withPending } from '../../state/writes/bout';
import { ZOOM } from './zoom-control';
import { PoolButtons, PoolForms, type PoolDialog } from './pool-manage';
import { messages } from './pools-messages';
import { useResultLetters } from '../../i18n/fencing-terms';
import { useWideScreen } from '../../components/layout/use-wide-screen';
import { printHeader, usePrint } from '../../components/print/use-print';
import type { LiveBout } from '../../../core/refereeing';
import type { Bout } from '../../../core/fencing/bout-result';
import { useRefereeParam } from '../../components/referee/use-referee-param';
import { usePoolDuty, usePoolScores } from '../../state/referee';
import { OnPisteNow } from '../../components/referee/on-piste-now';
import { CheckControl } from '../../components/checks/check-control';
// The coach's list of a bout's score changes (issue 58): with the score dialog, which works offline, so not loaded on demand.
import { BoutHistory } from '../../components/checks/bout-history';
import { useCheckOf } from '../../state/checks';

const ScorePicker = onDemand(() => import('../../components/ui/score-picker').then((m) => m.ScorePicker));
const ConfirmDialog = onDemand(() => import('../../components/ui/confirm-dialog').then((m) => m.ConfirmDialog));
const PoolNameDialog = onDemand(() => import('./pool-name-dialog').then((m) => m.PoolNameDialog));
// The phone's pool menu, loaded the first time it opens.
const PoolMenu = onDemand(() => import('./pool-menu').then((m) => m.PoolMenu));
const StatusDialog = onDemand(() => import('./status-dialog').then((m) => m.StatusDialog));
const RefereeView = onDemand(() => import('../../components/referee/referee-view').then((m) => m.RefereeView));

/** SPEC §2 Pools screen: selector, management, add fencer, zoom, the grid, bout order and help. */
export function PoolsScreen() {
  const t = useTexts(messages);
  const letters = useResultLetters();
  const practice = useOutletContext<PracticeView>();
  const state = useAtomValue(poolsAtom);
  // Guests score but do not manage pools; a spectator only watches (core/permissions decides).
  // The coach manages pools; a guest enters scores and a spectator only watches (both: not managing).
  const managesPools = can(practice.role, 'pool.manage');
  const watchOnly = !can(practice.role, 'bout.write');
  // Whoever scores can score with no network from the first paint on, even before the service worker has the app.
  useEffect(() => {
    if (!watchOnly) ScorePicker.preload();
  }, [watchOnly]);
  const current = useAtomValue(currentPoolAtom);
  const outbox = useAtomValue(outboxAtom);
  const visible = state.pools;
  const stored = current && visible.some((p) => p.id === current.id) ? current : (visible[0] ?? null);
  // Writes still waiting to reach the server show at once, marked pending (the outbox keeps them).
  const { pool, pending } = useMemo(() => (stored ? withPending(stored, outbox) : { pool: null, pending: [] }), [stored, outbox]);
  const [dialog, setDialog] = useState<PoolDialog | null>(null);
  const [menu, setMenu] = useState(false);
  const wide = useWideScreen();
  // The bout being entered, with its version as the dialog opened: what the result is entered over.
  const [bout, setBout] = useState<{ a: PoolPlayer; b: PoolPlayer; version: number } | null>(null);
  const [removing, setRemoving] = useState<PoolPlayer | null>(null);
  const [statusOf, setStatusOf] = useState<PoolPlayer | null>(null);
  const [zoom, setZoom] = useState<number>(ZOOM.initial);
  // Issue 33: the fencer last found by name, whose row the grid marks.
  const [found, setFound] = useState<{ id: string } | null>(null);
  const stats = useMemo(() => (pool ? computePoolStats(pool.players, pool.bouts) : []), [pool]);
  const max = poolMaxScore(practice.practice_type);
  const { print, sheets } = usePrint();
  // Referee mode (issue 18): the bout in the link, so a phone that reloads opens it again.
  const { target: refereeing, open: openReferee, close: closeReferee } = useRefereeParam();
  const chosen = usePoolDuty(pool?.id);
  const live = usePoolScores(pool?.id);
  // Issue 58: a checked pool (or event) is final for guests; only the coach changes its results.
  const locked = useCheckOf(practice.id, { pool_id: pool?.id ?? '' }) !== null && !managesPools;
  const scores = !watchOnly && !locked;

  if (state.practiceId !== practice.id || state.status === 'loading' || state.status === 'idle') {
    return <p className="py-10 text-center text-sm text-slate-600" role="status">{t.loadingPools}</p>;
  }
  if (state.status === 'error') {
    return <p className="card p-6 text-center text-sm text-red-700">{t.loadFailed}</p>;
  }

  const createDialog = dialog === 'create' && (
    <PoolNameDialog open={dialog === 'create'} onOpenChange={(o) => setDialog(o ? 'create' : null)} mode="create" onSubmit={(name) => createPool(practice, name)} />
  );

  if (!managesPools && !pool) {
    return <p className="card p-10 text-center text-sm text-slate-600">{t.notShared}</p>;
  }
  if (visible.length === 0 || !pool) {
    return (
      <div className="card p-10 text-center">
        <h2 className="text-xl font-semibold">{t.welcome}</h2>
        <p className="mx-auto mt-2 max-w-md text-sm text-slate-600">
          {t.welcomeText}
        </p>
        <div className="mt-5 flex flex-wrap justify-center gap-2">
          <button type="button" className="btn-primary" onClick={() => setDialog('create')}>{t.createPool}</button>
          {practice.practice_type === 'team' ? (
            <Link to={paths.teamPoolSetup} className="btn-secondary">{t.fromTeams}</Link>
          ) : (
            <Link to={paths.practiceSetup} className="btn-secondary">{t.fromAthletes}</Link>
          )}
        </div>
        {createDialog}
      </div>
    );
  }

  const checkControl = <CheckControl practiceId={practice.id} role={practice.role} scope={{ kind: 'pool', pool_id: pool.id }} />;
  const openBout = (a: PoolPlayer, b: PoolPlayer) => setBout({ a, b, version: boutVersion(practice.id, pool, a.id, b.id) });
  const printSheets = () => print({ kind: 'pools', pools: visible, ...printHeader(practice) });
  const existing = bout ? stats.find((s) => s.id === bout.a.id)?.matches[bout.b.id] : undefined;
  const refereedPool = refereeing?.kind === 'pool' ? state.pools.find((p) => p.id === refereeing.pool_id) : undefined;
  const canReferee = can(practice.role, 'bout.referee') && practice.practice_type === 'individual';
  const excludeRefereed = (side: 'left' | 'right', refereed: LiveBout) => {
    closeReferee();
    const player = refereedPool?.players.find((p) => p.id === refereed[side].id);
    // o.74.3: the fencer's bouts are annulled; the room ends the bout on the piste with the pool's change.
    if (refereedPool && player) void setPlayerStatus(practice, refereedPool, player, 'excluded');
  };
  const saveRefereed = (result: Bout) => {
    closeReferee();
    if (refereedPool) void saveBout(practice, refereedPool, result);
  };

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end gap-3">
        <PoolSelect pools={visible} current={pool.id} />
        {visible.length > 1 && <PoolFind pools={visible} onFound={(id) => setFound({ id })} />}
        <PoolPlace practiceId={practice.id} poolId={pool.id} />
        {/* A phone keeps the grid first: the pool's check (issue 58) shows under it. */}
        {wide && checkControl}
        {/* A phone keeps the grid first: the pool's controls are behind one menu (issue 29). */}
        {wide ? (
          <PoolButtons practice={practice} onDialog={setDialog} onPrint={printSheets} />
        ) : (
          <button type="button" className="btn-secondary" aria-haspopup="dialog" aria-expanded={menu} data-testid="pool-menu" onClick={() => setMenu(true)}>
            {t.menu}
          </button>
        )}
        {sheets}
      </div>
      {wide && <PoolForms practice={practice} pool={pool} pools={visible} zoom={zoom} onZoom={setZoom} />}
      {/* The bouts on the pistes now, from a referee's phone or a scoring machine: score, clock, cards and lights. */}
      <OnPisteNow />
      {!wide && menu && (
        <PoolMenu open={menu} onOpenChange={setMenu} practice={practice} pool={pool} pools={visible} zoom={zoom} onZoom={setZoom} onDialog={setDialog} onPrint={() => {
          setMenu(false);
          printSheets();
        }} />
      )}

      <div className="grid grid-cols-1 items-start gap-4 md:landscape:grid-cols-[minmax(0,1fr)_16rem] lg:grid-cols-[minmax(0,1fr)_18rem]">
        {pool.players.length === 0 ? (
          <p className="card p-8 text-center text-sm text-slate-600">{managesPools ? t.noAthletes : t.noAthletesYet}</p>
        ) : (
          <PoolGrid players={pool.players} stats={stats} pending={pending} zoom={zoom} live={live} found={found} onCell={scores ? openBout : undefined} onRemove={managesPools ? setRemoving : undefined} onStatus={managesPools ? setStatusOf : undefined} />
        )}
        <BoutOrderPanel
          players={pool.players}
          stats={stats}
          onBout={scores ? openBout : undefined}
          onReferee={canReferee && !locked ? (a, b) => openReferee({ kind: 'pool', pool_id: pool.id, a: a.id, b: b.id }) : undefined}
          chosen={chosen}
          onChooseReferee={managesPools ? (a, b, referee) => void chooseReferee(practice, pool.id, a.id, b.id, referee?.id ?? null) : undefined}
        />
      </div>

      {!wide && <div className="flex justify-end">{checkControl}</div>}
      {scores && (
      <aside className="rounded-lg border border-sky-200 bg-sky-50 p-4 text-sm text-sky-900">
        <h2 className="font-semibold">{t.howTo}</h2>
        <ul className="mt-1 list-disc space-y-1 pl-5">
          <li data-testid="pool-help-letters">{t.help1({ v: letters.letter(true), d: letters.letter(false) })}</li>
          <li>{t.help2}</li>
          {managesPools && <li>{t.help3}</li>}
        </ul>
      </aside>
      )}

      {bout && (
        <ScorePicker
          open
          onOpenChange={(o) => !o && setBout(null)}
          title={t.vs({ a: bout.a.name, b: bout.b.name })}
          left={{ id: bout.a.id, name: bout.a.name }}
          right={{ id: bout.b.id, name: bout.b.name }}
          max={max}
          saved={pool.bouts.find((b) => isBoutOf(b, bout.a.id, bout.b.id))}
          footer={managesPools ? <BoutHistory practiceId={practice.id} target={{ kind: 'pool', pool_id: pool.id, a: bout.a.id, b: bout.b.id }} flip={bout.a.id > bout.b.id} /> : undefined}
          onSave={(entered) => {
            setBout(null);
            void saveBout(practice, pool, entered, bout.version);
          }}
          onClear={
            existing
              ? () => {
                  const { a, b, version } = bout;
                  setBout(null);
                  void clearBout(practice, pool, a.id, b.id, version);
                }
              : undefined
          }
        />
      )}
      {refereeing && refereedPool && (
        <RefereeView practiceId={practice.id} target={refereeing} weapon={practice.weapon} onSave={saveRefereed} onExclude={managesPools ? excludeRefereed : undefined} onClose={closeReferee} />
      )}
      {createDialog}
      {dialog === 'edit' && <PoolNameDialog open={dialog === 'edit'} onOpenChange={(o) => setDialog(o ? 'edit' : null)} mode="edit" initialName={pool.name} onSubmit={(name) => renamePool(practice, pool, name)} />}
      {dialog === 'delete' && <ConfirmDialog
        open={dialog === 'delete'}
        onOpenChange={(o) => setDialog(o ? 'delete' : null)}
        title={t.deleteTitle}
        message={t.deleteText}
        onConfirm={() => deletePool(practice, pool, state.pools)}
      />}
      {statusOf && (
        <StatusDialog
          player={statusOf}
          onOpenChange={(o) => !o && setStatusOf(null)}
          onChoose={(status) => {
            const player = statusOf;
            setStatusOf(null);
            void setPlayerStatus(practice, pool, player, status);
          }}
          onLink={(athlete) => {
            const player = statusOf;
            setStatusOf(null);
            void linkPlayer(practice, pool, player, athlete);
          }}
        />
      )}
      {removing !== null && <ConfirmDialog
        open={removing !== null}
        onOpenChange={(o) => !o && setRemoving(null)}
        title={t.removeTitle}
        message={t.removeText({ name: removing?.name ?? '', pool: pool.name })}
        confirmLabel={t.remove}
        onConfirm={() => removing && removePlayer(practice, pool, removing.id)}
      />}
    </div>
  );
}
