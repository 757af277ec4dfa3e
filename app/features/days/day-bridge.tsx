import { params } from '@nanostores/i18n';
import { formatDistanceToNow } from 'date-fns';
import { useEffect, useState } from 'react';
import type { BridgeReason, DayBridge } from '../../../core/contracts/bridge';
import type { DaySnapshot } from '../../../core/contracts/days';
import { pisteMachineRows, type PisteMachineRow } from '../../../core/bridge-view';
import { QrCode } from '../../components/qr-code';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Dialog } from '../../components/ui/dialog';
import { copyText } from '../../lib/clipboard';
import { errorMessage } from '../../lib/api';
import { useTexts, type TextsOf } from '../../i18n/common';
import { currentDateLocale, i18n } from '../../i18n';
import { dayTerms, type LiveDay, type PisteBout } from '../../state/day';
import { endBridgeKey, makeBridgeKey, setPisteMachine, useDayBridge } from '../../state/day-bridge';
import { useTick } from '../../state/referee-clock';
import { toast, toastError } from '../../state/toasts';
import { PisteBoutLine } from '../../components/referee/piste-bout';

const messages = i18n('day-bridge', {
  title: 'Scoring machines',
  intro: 'A venue bridge relays the pistes’ scoring machines (Cyrano) to this day: their touches show live on every screen, and their results go into the pools.',
  noKey: 'No bridge key: no bridge can report to this day.',
  keyMade: params('Bridge key made {time}'),
  makeKey: 'Make a bridge key',
  replaceKey: 'Replace key',
  endKey: 'End key',
  replaceTitle: 'Replace the bridge key?',
  replaceText: 'The current key stops working at once: the bridge must be started again with the new one.',
  endTitle: 'End the bridge key?',
  endText: 'The bridge stops reporting at once; the bouts go on by hand.',
  keyTitle: 'The bridge key',
  keyOnce: 'Copy it now: it is shown this once. Anyone who has it can report scores to this day.',
  copyKey: 'Copy key',
  keyCopied: 'Bridge key copied',
  keyQr: 'QR code of the bridge key',
  howToStart: 'On the venue’s computer, start the bridge with:',
  done: 'I have kept the key',
  failed: 'Failed to change the bridge',
  loadFailed: 'Failed to load the scoring machines',
  heard: params('Bridge last heard {time}'),
  notHeard: 'No bridge has reported yet.',
  counts: params('Frames dropped: {dropped} · ignored: {ignored} · from unknown machines: {strangers}'),
  pisteColumn: 'Piste, and the code its machine announces',
  codeIs: params('code {code}'),
  addressColumn: 'Machine address',
  machineColumn: 'Machine',
  lastColumn: 'Last refusal',
  addressOf: params('Machine address of piste {name}'),
  addressHint: 'IP address, :port if not 50100',
  saveAddress: params('Save the machine address of piste {name}'),
  addressSaved: 'Machine address saved',
  online: 'Online',
  offline: 'Offline',
  stateF: 'Fencing (F)',
  stateH: 'Halt (H)',
  stateP: 'Pause (P)',
  stateW: 'Waiting (W)',
  stateE: 'Ending (E)',
  loaded: params('Match {match}'),
  lastFrame: params('last frame {time}'),
  notHeardMachine: 'Not heard yet',
  learnt: params('A machine at {address} announces this piste.'),
  confirmMachine: 'Confirm',
  confirmOf: params('Confirm the machine at {address} for piste {name}'),
  refused: params('Refused {time}: {reason}'),
  ignored: params('Ignored {time}: {reason}'),
  reasonEqual: 'equal scores with no priority: give priority on the machine',
  reasonByHand: 'a fencer excluded or who abandoned, or a score over the limit: enter the result by hand',
  reasonChanged: 'the score was changed on another screen meanwhile',
  reasonNotCalled: 'the machine holds a match not called to this piste',
  reasonPhone: 'a phone referees this bout',
  reasonNothing: 'nothing is called to this piste',
  reasonNotPaired: 'the machine is not the piste’s confirmed one',
  reasonUnknown: 'no piste of the day has this code',
  reasonBroken: 'a broken frame',
  reasonTeam: 'team matches are scored by hand',
  reasonChecked: 'the result is checked: only the coach changes it',
  reasonNone: 'no reason given',
});

type Texts = TextsOf<typeof messages>;

const REASONS: Record<BridgeReason, (t: Texts) => string> = {
  'equal-no-priority': (t) => t.reasonEqual,
  'result-by-hand': (t) => t.reasonByHand,
  'changed-meanwhile': (t) => t.reasonChanged,
  'not-called-match': (t) => t.reasonNotCalled,
  'held-by-phone': (t) => t.reasonPhone,
  'nothing-called': (t) => t.reasonNothing,
  'machine-not-paired': (t) => t.reasonNotPaired,
  'unknown-piste': (t) => t.reasonUnknown,
  'broken-frame': (t) => t.reasonBroken,
  'team-match': (t) => t.reasonTeam,
  'result-checked': (t) => t.reasonChecked,
};

const STATES: Record<string, (t: Texts) => string> = { F: (t) => t.stateF, H: (t) => t.stateH, P: (t) => t.stateP, W: (t) => t.stateW, E: (t) => t.stateE };

/** "3 minutes ago", in the viewer's language. */
const ago = (ms: number) => formatDistanceToNow(ms, { addSuffix: true, locale: currentDateLocale() });

/**
 * The day's scoring machines (issue 57), for its coach: the bridge key (made, replaced, ended; shown once as
 * text and QR with the command that starts the bridge), each piste's machine address and what its machine says
 * now, a machine the bridge learnt to confirm, and the bridge's own word (last heard, frames it dropped).
 */
export function DayBridgeSection({ snapshot, live }: { snapshot: DaySnapshot; live: LiveDay }) {
  const t = useTexts(messages);
  const dayId = snapshot.day.id;
  const { bridge, failed, apply } = useDayBridge(dayId, live.bridge);
  const [busy, setBusy] = useState(false);
  const [ask, setAsk] = useState<'replace' | 'end' | null>(null);
  const [shown, setShown] = useState<string | null>(null);
  // The relative times move on by themselves.
  useTick(true, 15_000);

  const write = async (action: () => Promise<DayBridge | { key: string; bridge: DayBridge }>) => {
    setBusy(true);
    try {
      const answer = await action();
      if ('key' in answer) {
        apply(answer.bridge);
        setShown(answer.key);
      } else apply(answer);
    } catch (e) {
      toastError(errorMessage(e, t.failed));
    } finally {
      setBusy(false);
    }
  };
  const make = () => void write(() => makeBridgeKey(dayId));

  return (
    <section className="card space-y-4 p-4" aria-labelledby="day-bridge-title" data-testid="day-bridge">
      <h2 id="day-bridge-title" className="text-lg font-semibold">{t.title}</h2>
      <p className="text-sm text-slate-600">{t.intro}</p>
      {failed && <p className="text-sm font-medium text-red-700" role="alert">{t.loadFailed}</p>}
      {bridge && (
        <>
          <div className="flex flex-wrap items-center gap-2" data-testid="bridge-key-state">
            <span className="text-sm">{bridge.key_made_at ? t.keyMade({ time: ago(bridge.key_made_at) }) : t.noKey}</span>
            {bridge.key_made_at ? (
              <>
                <button type="button" className="btn-secondary px-2 py-1" disabled={busy} onClick={() => setAsk('replace')}>{t.replaceKey}</button>
                <button type="button" className="btn-secondary px-2 py-1 text-red-700" disabled={busy} onClick={() => setAsk('end')}>{t.endKey}</button>
              </>
            ) : (
              <button type="button" className="btn-primary" disabled={busy} onClick={make}>{t.makeKey}</button>
            )}
          </div>
          <p className="text-sm text-slate-700" data-testid="bridge-heard">
            {bridge.seen_at ? t.heard({ time: ago(bridge.seen_at) }) : t.notHeard}
            {bridge.counts && <span className="block text-xs text-slate-600" data-testid="bridge-counts">{t.counts({ dropped: bridge.counts.dropped, ignored: bridge.counts.ignored, strangers: bridge.counts.strangers })}</span>}
          </p>
          <Machines dayId={dayId} snapshot={snapshot} bridge={bridge} bouts={live.pisteBouts} apply={apply} t={t} />
        </>
      )}
      <ConfirmDialog
        open={ask !== null}
        onOpenChange={(open) => !open && setAsk(null)}
        title={ask === 'end' ? t.endTitle : t.replaceTitle}
        message={ask === 'end' ? t.endText : t.replaceText}
        confirmLabel={ask === 'end' ? t.endKey : t.replaceKey}
        onConfirm={() => (ask === 'end' ? void write(() => endBridgeKey(dayId)) : make())}
      />
      {shown && <KeyDialog bridgeKey={shown} onClose={() => setShown(null)} t={t} />}
    </section>
  );
}

/** The key, this once: as text to copy, as a QR, and the command that starts the bridge with it. */
function KeyDialog({ bridgeKey, onClose, t }: { bridgeKey: string; onClose: () => void; t: Texts }) {
  const command = `npm run bridge -- --server ${location.origin} --key ${bridgeKey}`;
  const copy = async () => {
    await copyText(bridgeKey);
    toast({ title: t.copied, description: t.keyCopied });
  };
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={t.keyTitle} description={t.keyOnce} wide>
      <div className="flex flex-col items-center gap-3">
        <QrCode value={bridgeKey} size={220} label={t.keyQr} />
        <code className="block w-full break-all rounded bg-slate-100 p-2 text-xs" data-testid="bridge-key">{bridgeKey}</code>
        <button type="button" className="btn-secondary" onClick={() => void copy()}>{t.copyKey}</button>
        <p className="w-full text-sm">{t.howToStart}</p>
        <code className="block w-full break-all rounded bg-slate-900 p-2 text-xs text-slate-100" data-testid="bridge-command">{command}</code>
        <button type="button" className="btn-primary self-end" onClick={onClose}>{t.done}</button>
      </div>
    </Dialog>
  );
}

function Machines({ dayId, snapshot, bridge, bouts, apply, t }: { dayId: string; snapshot: DaySnapshot; bridge: DayBridge; bouts: ReadonlyMap<string, PisteBout>; apply: (b: DayBridge) => void; t: Texts }) {
  const names = new Map(snapshot.pistes.map((p) => [p.id, p.name]));
  const rows = pisteMachineRows(bridge);
  if (rows.length === 0) return null;
  return (
    <div className="overflow-x-auto">
      <table className="w-full border-collapse text-sm" data-testid="machine-table">
        <thead>
          <tr className="text-left">
            <th scope="col" className="border-b border-slate-200 p-2">{t.pisteColumn}</th>
            <th scope="col" className="border-b border-slate-200 p-2">{t.addressColumn}</th>
            <th scope="col" className="border-b border-slate-200 p-2">{t.machineColumn}</th>
            <th scope="col" className="border-b border-slate-200 p-2">{t.lastColumn}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <MachineRow key={row.piste_id} dayId={dayId} row={row} name={names.get(row.piste_id) ?? row.code} bout={bouts.get(row.piste_id)} apply={apply} t={t} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

function MachineRow({ dayId, row, name, bout, apply, t }: { dayId: string; row: PisteMachineRow; name: string; bout: PisteBout | undefined; apply: (b: DayBridge) => void; t: Texts }) {
  const d = useTexts(dayTerms);
  const [draft, setDraft] = useState(row.machine ?? '');
  const [dirty, setDirty] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // Another screen's change shows here unless the coach is typing.
  useEffect(() => {
    if (!dirty) setDraft(row.machine ?? '');
  }, [row.machine, dirty]);

  const save = async (machine: string) => {
    setBusy(true);
    setError(null);
    try {
      apply(await setPisteMachine(dayId, row.piste_id, machine.trim() === '' ? null : machine.trim()));
      setDirty(false);
      toast({ title: t.addressSaved });
    } catch (e) {
      setError(errorMessage(e, t.failed));
    } finally {
      setBusy(false);
    }
  };
  const inputId = `machine-${row.piste_id}`;
  const { status, learnt, last } = row;

  return (
    <tr className="align-top" data-testid="machine-row" data-piste={name} data-code={row.code}>
      <th scope="row" className="p-2 text-left font-semibold">
        {d.pisteName({ name })}
        <span className="block font-mono text-xs font-normal text-slate-600" data-testid="machine-code">{t.codeIs({ code: row.code })}</span>
      </th>
      <td className="p-2">
        <form className="flex flex-wrap items-center gap-1" onSubmit={(e) => { e.preventDefault(); void save(draft); }}>
          <label className="sr-only" htmlFor={inputId}>{t.addressOf({ name })}</label>
          <input id={inputId} className="input w-40" value={draft} maxLength={70} placeholder={t.addressHint} onChange={(e) => { setDraft(e.target.value); setDirty(true); setError(null); }} />
          <button type="submit" className="btn-secondary px-2 py-1" disabled={busy || !dirty} aria-label={t.saveAddress({ name })}>{t.save}</button>
        </form>
        {error && <p className="mt-1 text-xs font-medium text-red-700" role="alert" data-testid="machine-error">{error}</p>}
      </td>
      <td className="space-y-1 p-2" data-testid="machine-status">
        {status ? (
          <p>
            <span className={`mr-1 inline-block h-2 w-2 rounded-full ${status.online ? 'bg-green-600' : 'bg-slate-400'}`} aria-hidden="true" />
            <span className={`font-semibold ${status.online ? 'text-green-700' : 'text-slate-600'}`} data-testid="machine-online">{status.online ? t.online : t.offline}</span>
            {status.state && STATES[status.state] && <span data-testid="machine-state"> · {STATES[status.state]!(t)}</span>}
            {status.loaded && <span> · {t.loaded({ match: status.loaded })}</span>}
            {status.last_frame_at && <span className="block text-xs text-slate-600">{t.lastFrame({ time: ago(status.last_frame_at) })}</span>}
          </p>
        ) : (
          row.machine && <p className="text-slate-600">{t.notHeardMachine}</p>
        )}
        {learnt && (
          <p className="flex flex-wrap items-center gap-1 text-xs text-amber-800" data-testid="machine-learnt">
            {t.learnt({ address: learnt.address })}
            <button type="button" className="btn-primary px-2 py-0.5 text-xs" disabled={busy} aria-label={t.confirmOf({ address: learnt.address, name })} onClick={() => void save(learnt.address)}>{t.confirmMachine}</button>
          </p>
        )}
        {bout && <PisteBoutLine live={bout} testId="day-piste-score" />}
      </td>
      <td className="p-2 text-xs text-slate-700" data-testid="machine-last">
        {last && (last.answer === 'nak' || last.answer === 'ignored') && (last.answer === 'nak' ? t.refused : t.ignored)({ time: ago(last.at), reason: last.reason ? REASONS[last.reason](t) : t.reasonNone })}
      </td>
    </tr>
  );
}
