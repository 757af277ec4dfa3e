// The pools screen (SPEC §3–§5): the grid, the bout order, the management dialogs and the check-in of one
// practice's pools, for the coach, a guest and the board. One file because every part reads the same pool,
// outbox and referee state the screen holds; issue 29 takes the management controls behind one menu.
import { useTexts } from '../../i18n/common';
import { useAtomValue } from 'jotai';
import { useMemo, useState, type FormEvent } from 'react';
import { Link, useOutletContext } from 'react-router';
import type { PoolPlayer } from '../../../core/contracts/pools';
import type { PracticeView } from '../../state/viewer';
import { isBoutOf, poolMaxScore } from '../../../core/fencing/bout-result';
import { computePoolStats } from '../../../core/fencing/pool-stats';
import { onDemand } from '../../components/ui/lazy';
import { toastError } from '../../state/toasts';
import { paths } from '../../lib/paths';
import { currentPoolAtom, poolsAtom } from '../../state/pools';
import { PoolSelect } from '../../components/pool/pool-select';
import { BoutOrderPanel } from '../../components/pool/bout-order-panel';
import { addLatecomer, addPlayer, chooseReferee, clearBout, createPool, deletePool, linkPlayer, removePlayer, renamePool, saveBout, setPlayerStatus } from './pool-actions';
import { didNotStartAtom } from '../../state/tableau';
import { PoolGrid } from '../../components/pool/pool-grid';
import { PoolPlace } from '../../components/pool/pool-place';
import { can } from '../../../core/permissions';
import { outboxAtom, withPending } from '../../state/outbox';
import { ZOOM, ZoomControl } from './zoom-control';
import { printHeader, usePrint } from '../../components/print/use-print';
import { params } from '@nanostores/i18n';
import { i18n } from '../../i18n';
import type { LiveBout } from '../../../core/refereeing';
import type { Bout } from '../../../core/fencing/bout-result';
import { useRefereeParam } from '../../components/referee/use-referee-param';
import { usePoolDuty, usePoolScores } from '../../state/referee';

const messages = i18n('pools-screen', {
  loadFailed: 'Failed to load tournament data',
  welcome: 'Welcome to Pools!',
  welcomeText: 'Get started by creating your first pool. You can add players and manage tournament matches easily.',
  fromTeams: 'Set up pools from teams',
  fromAthletes: 'Set up pools from athletes',
  nameEmpty: 'Player name cannot be empty',
  newPool: 'New Pool',
  rename: 'Rename',
  deletePool: 'Delete Pool',
  print: 'Print pool sheets',
  playerName: 'Player name',
  addPlaceholder: 'Add an athlete to this pool',
  add: 'Add',
  noAthletes: 'This pool has no athletes yet. Add the first one above.',
  howTo: 'How to use',
  help1: 'Click a cell to enter the bout between the row athlete and the column athlete. A cell reads V or D followed by the row athlete’s touches: V3 is a victory with 3 touches, D2 a defeat with 2.',
  help2: 'Victories, defeats, ratio, touches scored and received and the indicator are computed automatically.',
  help3: 'Remove an athlete from the pool with the trash icon.',
  vs: params('{a} vs {b}'),
  deleteTitle: 'Delete pool?',
  deleteText: 'Are you sure you want to delete this pool? This action cannot be undone.',
  removeTitle: 'Remove athlete?',
  removeText: params('Remove {name} from {pool}? Their bouts in this pool are deleted too.'),
  nameRequired: 'Name is required',
  latecomers: 'Latecomers',
  absent: 'Absent at the draw:',
  arrivedLabel: params('{name} arrived: add to the smallest pool'),
  arrived: params('{name} arrived'),
  latecomerName: 'Latecomer name',
  latecomer: 'Latecomer',
  addSmallest: 'Add to smallest pool',
});

const ScorePicker = onDemand(() => import('../../components/ui/score-picker').then((m) => m.ScorePicker));
const ConfirmDialog = onDemand(() => import('../../components/ui/confirm-dialog').then((m) => m.ConfirmDialog));
const PoolNameDialog = onDemand(() => import('./pool-name-dialog').then((m) => m.PoolNameDialog));
// The second round's panel carries its rules and their validation (zod): it loads after the first paint, for the coach.
const SecondRoundPanel = onDemand(() => import('./second-round-panel').then((m) => m.SecondRoundPanel));
const StatusDialog = onDemand(() => import('./status-dialog').then((m) => m.StatusDialog));
const RefereeView = onDemand(() => import('../../components/referee/referee-view').then((m) => m.RefereeView));

/** SPEC §2 Pools screen: selector, management, add fencer, zoom, the grid, bout order and help. */
export function PoolsScreen() {
  const t = useTexts(messages);
  const practice = useOutletContext<PracticeView>();
  const state = useAtomValue(poolsAtom);
  // Guests score but do not manage pools; a spectator only watches (core/permissions decides).
  // The coach manages pools; a guest enters scores and a spectator only watches (both: not managing).
  const managesPools = can(practice.role, 'pool.manage');
  const watchOnly = !can(practice.role, 'bout.write');
  const current = useAtomValue(currentPoolAtom);
  const outbox = useAtomValue(outboxAtom);
  const visible = state.pools;
  const stored = current && visible.some((p) => p.id === current.id) ? current : (visible[0] ?? null);
  // Writes still waiting to reach the server show at once, marked pending (the outbox keeps them).
  const { pool, pending } = useMemo(() => (stored ? withPending(stored, outbox) : { pool: null, pending: [] }), [stored, outbox]);
  const [dialog, setDialog] = useState<'create' | 'edit' | 'delete' | null>(null);
  const [bout, setBout] = useState<{ a: PoolPlayer; b: PoolPlayer } | null>(null);
  const [removing, setRemoving] = useState<PoolPlayer | null>(null);
  const [statusOf, setStatusOf] = useState<PoolPlayer | null>(null);
  const [playerName, setPlayerName] = useState('');
  const [zoom, setZoom] = useState<number>(ZOOM.initial);
  const stats = useMemo(() => (pool ? computePoolStats(pool.players, pool.bouts) : []), [pool]);
  const max = poolMaxScore(practice.practice_type);
  const { print, sheets } = usePrint();
  // Referee mode (issue 18): the bout in the link, so a phone that reloads opens it again.
  const { target: refereeing, open: openReferee, close: closeReferee } = useRefereeParam();
  const chosen = usePoolDuty(pool?.id);
  const live = usePoolScores(pool?.id);

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

  async function submitPlayer(e: FormEvent) {
    e.preventDefault();
    if (!pool) return;
    if (!playerName.trim()) return toastError(t.nameEmpty);
    if (await addPlayer(practice, pool, playerName.trim())) setPlayerName('');
  }

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
        <PoolPlace practiceId={practice.id} poolId={pool.id} />
        {managesPools && (
        <div className="flex flex-wrap gap-2">
          <button type="button" className="btn-secondary" onClick={() => setDialog('create')}>{t.newPool}</button>
          <button type="button" className="btn-secondary" onClick={() => setDialog('edit')}>{t.rename}</button>
          <button type="button" className="btn-secondary text-red-700" onClick={() => setDialog('delete')}>{t.deletePool}</button>
          <Link to={practice.practice_type === 'team' ? paths.teamPoolSetup : paths.practiceSetup} className="btn-secondary">{t.setUpPools}</Link>
        </div>
        )}
        <button type="button" className="btn-secondary" onClick={() => print({ kind: 'pools', pools: visible, ...printHeader(practice) })}>
          {t.print}
        </button>
        {sheets}
      </div>

      <div className="flex flex-wrap items-end justify-between gap-3">
        {managesPools && (
          <form className="flex flex-1 gap-2 sm:max-w-md" onSubmit={submitPlayer} noValidate>
            <label className="sr-only" htmlFor="player-name">{t.playerName}</label>
            <input id="player-name" className="input" placeholder={t.addPlaceholder} value={playerName} maxLength={100} onChange={(e) => setPlayerName(e.target.value)} />
            <button type="submit" className="btn-primary">{t.add}</button>
          </form>
        )}
        <ZoomControl zoom={zoom} onZoom={setZoom} />
      </div>

      {managesPools && <CheckIn practiceId={practice.id} />}
      {managesPools && practice.practice_type === 'individual' && <SecondRoundPanel practiceId={practice.id} pools={visible} />}

      <div className="grid gap-4 md:landscape:grid-cols-[minmax(0,1fr)_16rem] lg:grid-cols-[minmax(0,1fr)_18rem]">
        {pool.players.length === 0 ? (
          <p className="card p-8 text-center text-sm text-slate-600">{t.noAthletes}</p>
        ) : (
          <PoolGrid players={pool.players} stats={stats} pending={pending} zoom={zoom} live={live} onCell={watchOnly ? undefined : (a, b) => setBout({ a, b })} onRemove={managesPools ? setRemoving : undefined} onStatus={managesPools ? setStatusOf : undefined} />
        )}
        <BoutOrderPanel
          players={pool.players}
          stats={stats}
          onBout={watchOnly ? undefined : (a, b) => setBout({ a, b })}
          onReferee={canReferee ? (a, b) => openReferee({ kind: 'pool', pool_id: pool.id, a: a.id, b: b.id }) : undefined}
          chosen={chosen}
          onChooseReferee={managesPools ? (a, b, referee) => void chooseReferee(practice, pool.id, a.id, b.id, referee?.id ?? null) : undefined}
        />
      </div>

      {!watchOnly && (
      <aside className="rounded-lg border border-sky-200 bg-sky-50 p-4 text-sm text-sky-900">
        <h2 className="font-semibold">{t.howTo}</h2>
        <ul className="mt-1 list-disc space-y-1 pl-5">
          <li>{t.help1}</li>
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
          onSave={(entered) => {
            setBout(null);
            void saveBout(practice, pool, entered);
          }}
          onClear={
            existing
              ? () => {
                  const { a, b } = bout;
                  setBout(null);
                  void clearBout(practice, pool, a.id, b.id);
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

/**
 * Issue 14 check-in after the draw: the fencers marked absent (listed "Did Not Start" in the results) and a
 * form for anyone arriving late; either way they join the smallest pool, whose bout order then includes them.
 */
function CheckIn({ practiceId }: { practiceId: string }) {
  const t = useTexts(messages);
  const didNotStart = useAtomValue(didNotStartAtom);
  const [name, setName] = useState('');
  const practice = { id: practiceId };
  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!name.trim()) return toastError(t.nameRequired);
    if (await addLatecomer(practice, name.trim())) setName('');
  }
  return (
    <section className="flex flex-wrap items-center gap-2 text-sm" aria-label={t.latecomers} data-testid="check-in">
      {didNotStart.length > 0 && <span className="text-slate-600">{t.absent}</span>}
      {didNotStart.map((n) => (
        <button key={n} type="button" className="btn-secondary px-2 py-1 text-xs" aria-label={t.arrivedLabel({ name: n })} onClick={() => void addLatecomer(practice, n)}>
          {t.arrived({ name: n })}
        </button>
      ))}
      <form className="flex gap-2" onSubmit={submit} noValidate>
        <label className="sr-only" htmlFor="latecomer-name">{t.latecomerName}</label>
        <input id="latecomer-name" className="input w-48" placeholder={t.latecomer} value={name} maxLength={100} onChange={(e) => setName(e.target.value)} />
        <button type="submit" className="btn-secondary">{t.addSmallest}</button>
      </form>
    </section>
  );
}
