// The pools screen's management controls (issue 29): in place on a wider screen, in the pool menu on a phone.
import { useTexts } from '../../i18n/common';
import { useAtomValue } from 'jotai';
import { useState, type FormEvent } from 'react';
import { Link } from '../../components/link';
import type { PoolSnapshot } from '../../../core/contracts/pools';
import type { PracticeView } from '../../state/viewer';
import { can } from '../../../core/permissions';
import { onDemand } from '../../components/ui/lazy';
import { toastError } from '../../state/toasts';
import { paths } from '../../lib/paths';
import { didNotStartAtom } from '../../state/tableau';
import { addLatecomer, addPlayer } from './pool-actions';
import { ZoomControl } from './zoom-control';
import { messages } from './pools-messages';

// The second round's panel carries its rules and their validation (zod): it loads after the first paint, for the coach.
const SecondRoundPanel = onDemand(() => import('./second-round-panel').then((m) => m.SecondRoundPanel));

export type PoolDialog = 'create' | 'edit' | 'delete';

/** New, rename, delete, set up the pools (the coach) and print the sheets (anyone who sees the pools). */
export function PoolButtons({ practice, onDialog, onPrint, stacked }: { practice: PracticeView; onDialog: (d: PoolDialog) => void; onPrint: () => void; stacked?: boolean }) {
  const t = useTexts(messages);
  return (
    <div className={stacked ? 'grid grid-cols-2 gap-2' : 'flex flex-wrap gap-2'}>
      {can(practice.role, 'pool.manage') && (
        <>
          <button type="button" className="btn-secondary" onClick={() => onDialog('create')}>{t.newPool}</button>
          <button type="button" className="btn-secondary" onClick={() => onDialog('edit')}>{t.rename}</button>
          <button type="button" className="btn-secondary text-red-700" onClick={() => onDialog('delete')}>{t.deletePool}</button>
          <Link to={practice.practice_type === 'team' ? paths.teamPoolSetup : paths.practiceSetup} className="btn-secondary">{t.setUpPools}</Link>
        </>
      )}
      <button type="button" className={`btn-secondary ${stacked ? 'col-span-2' : ''}`} onClick={onPrint}>
        {t.print}
      </button>
    </div>
  );
}

interface PoolFormsProps {
  practice: PracticeView;
  pool: PoolSnapshot;
  pools: PoolSnapshot[];
  zoom: number;
  onZoom: (zoom: number) => void;
}

/** Add an athlete to the pool, the zoom, the latecomers' check-in and the second round (the coach). */
export function PoolForms({ practice, pool, pools, zoom, onZoom }: PoolFormsProps) {
  const t = useTexts(messages);
  const managesPools = can(practice.role, 'pool.manage');
  const [playerName, setPlayerName] = useState('');
  async function submitPlayer(e: FormEvent) {
    e.preventDefault();
    if (!playerName.trim()) return toastError(t.nameEmpty);
    if (await addPlayer(practice, pool, playerName.trim())) setPlayerName('');
  }
  return (
    <>
      <div className="flex flex-wrap items-end justify-between gap-3">
        {managesPools && (
          <form className="flex flex-1 gap-2 sm:max-w-md" onSubmit={submitPlayer} noValidate>
            <label className="sr-only" htmlFor="player-name">{t.playerName}</label>
            <input id="player-name" className="input" placeholder={t.addPlaceholder} value={playerName} maxLength={100} onChange={(e) => setPlayerName(e.target.value)} />
            <button type="submit" className="btn-primary">{t.add}</button>
          </form>
        )}
        <ZoomControl zoom={zoom} onZoom={onZoom} />
      </div>
      {managesPools && <CheckIn practiceId={practice.id} />}
      {managesPools && practice.practice_type === 'individual' && <SecondRoundPanel practiceId={practice.id} pools={pools} />}
    </>
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
        <input id="latecomer-name" className="input w-48 min-w-0" placeholder={t.latecomer} value={name} maxLength={100} onChange={(e) => setName(e.target.value)} />
        <button type="submit" className="btn-secondary">{t.addSmallest}</button>
      </form>
    </section>
  );
}
