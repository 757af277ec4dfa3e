import { useTexts } from '../../i18n/common';
import { useAtomValue } from 'jotai';
import { poolsAtom } from '../../state/pools';
import { teamsAtom } from '../../state/teams';
import { discardRefused, outboxAtom, resolveConflict, wakeOutbox } from '../../state/outbox';
import { answerError } from '../../i18n/errors';
import { useState } from 'react';
import { kindOf, type OutboxEntry, type SheetNames } from '../../state/write-kind';
import { onDemand } from '../ui/lazy';
import { count } from '@nanostores/i18n';
import { i18n } from '../../i18n';

// Its dialogs (and Radix) load the first time one opens: not part of the practice's first paint (issue 29).
const Dialog = onDemand(() => import('../ui/dialog').then((m) => m.Dialog));

/** A score write (a kind that says how it reads in the header): what the header lists, and what the person decides on. */
const inHeader = (e: OutboxEntry) => kindOf(e).header !== undefined;

const messages = i18n('outbox-status', {
  waiting: count({ one: '{count} score waiting to sync', other: '{count} scores waiting to sync' }),
  title: 'A score changed while yours was on its way',
  description: 'Someone else entered a different result for the same bout, match or relay. Keep yours, or take theirs.',
  yours: 'Yours',
  theirs: 'Now on the sheet',
  takeTheirs: 'Take theirs',
  keepMine: 'Keep mine',
  refusedCount: count({ one: '{count} score not saved', other: '{count} scores not saved' }),
  offline: 'no connection: sent when it is back',
  timeout: 'the server did not answer: trying again',
  busy: 'the server is busy: trying again',
  limited: 'too many requests: trying again shortly',
  listTitle: 'Scores not yet on the server',
  listDescription: 'Waiting scores are sent again by themselves. A refused score was not saved: copy it to enter it again, or discard it.',
  waitingHeading: 'Waiting',
  refusedHeading: 'Not saved',
  refusedFallback: 'The server refused this score.',
  tryNow: 'Try now',
  copy: 'Copy result',
  copied: 'Copied',
  discard: 'Discard',
  close: 'Close',
});

type Messages = typeof messages extends { get: () => infer M } ? M : never;

/** Why the oldest waiting score is still waiting, as the header says it. */
const reasonText = (t: Messages, reason: NonNullable<OutboxEntry['waiting']>['reason']) => t[reason];

/**
 * The header's sync state: how many scores are waiting to reach the server and why (a list opens on a
 * click), every score the server refused for good (kept in sight to copy or discard), and every score
 * someone else changed meanwhile, with both results side by side and the choice to keep this one or take
 * the other.
 */
export function OutboxStatus({ practiceId }: { practiceId: string }) {
  const t = useTexts(messages);
  // A referee's steps are the referee view's to show (its own sync state), and a call step its call's: not the header's.
  const entries = useAtomValue(outboxAtom).filter((e) => e.practiceId === practiceId && inHeader(e));
  const { pools } = useAtomValue(poolsAtom);
  const { teams, sheet } = useAtomValue(teamsAtom);
  const [listOpen, setListOpen] = useState(false);
  const waiting = entries.filter((e) => !e.conflict && !e.refused);
  const refused = entries.filter((e) => e.refused);
  const conflicts = entries.filter((e) => e.conflict);
  const sheetNames: SheetNames = { names: new Map(pools.flatMap((p) => p.players.map((pl) => [pl.id, pl.name] as const))), teams, relays: sheet };
  // The oldest waiting score holds the others back: its reason is the queue's.
  const reason = waiting.find((e) => e.waiting)?.waiting?.reason;
  const describeEntry = (e: OutboxEntry) => kindOf(e).header?.result(e, sheetNames) ?? '';
  const listShown = listOpen && (waiting.length > 0 || refused.length > 0) && conflicts.length === 0;
  return (
    <>
      {waiting.length > 0 && (
        <button type="button" className="inline-flex items-center gap-2 rounded-full bg-amber-100 px-3 py-1 text-xs font-semibold text-amber-900" onClick={() => setListOpen(true)} data-testid="outbox-waiting">
          <span role="status" data-testid="outbox-badge">{t.waiting(waiting.length)}</span>
          {reason && <span className="font-normal" data-testid="outbox-reason">{reasonText(t, reason)}</span>}
        </button>
      )}
      {refused.length > 0 && (
        <button type="button" className="rounded-full bg-red-100 px-3 py-1 text-xs font-semibold text-red-900" onClick={() => setListOpen(true)} data-testid="outbox-refused">
          <span role="status">{t.refusedCount(refused.length)}</span>
        </button>
      )}
      {listShown && <Dialog open onOpenChange={setListOpen} title={t.listTitle} description={t.listDescription}>
        {refused.length > 0 && (
          <section className="space-y-2">
            <h3 className="text-sm font-semibold text-red-800">{t.refusedHeading}</h3>
            <ul className="space-y-3">
              {refused.map((e) => (
                <RefusedRow key={e.key} entry={e} result={describeEntry(e)} />
              ))}
            </ul>
          </section>
        )}
        {waiting.length > 0 && (
          <section className="mt-4 space-y-2">
            <h3 className="text-sm font-semibold text-amber-900">{t.waitingHeading}</h3>
            <ul className="space-y-1 text-sm">
              {waiting.map((e) => (
                <li key={e.key} data-testid="outbox-waiting-entry">
                  <span className="font-semibold">{describeEntry(e)}</span>
                  {e.waiting && <span className="text-slate-600"> · {reasonText(t, e.waiting.reason)}</span>}
                </li>
              ))}
            </ul>
            <div className="flex justify-end">
              <button type="button" className="btn-secondary min-h-11" onClick={() => void wakeOutbox()}>{t.tryNow}</button>
            </div>
          </section>
        )}
        <div className="mt-4 flex justify-end">
          <button type="button" className="btn-primary min-h-11" onClick={() => setListOpen(false)}>{t.close}</button>
        </div>
      </Dialog>}
      {conflicts.length > 0 && <Dialog
        open
        onOpenChange={() => undefined}
        title={t.title}
        description={t.description}
      >
        <ul className="space-y-4">
          {conflicts.map((e) => (
            <ConflictRow key={e.key} entry={e} sheet={sheetNames} />
          ))}
        </ul>
      </Dialog>}
    </>
  );
}

/** A refused score: what it was, the server's reason in the viewer's language, and a way to copy it or let it go. */
function RefusedRow({ entry, result }: { entry: OutboxEntry; result: string }) {
  const t = useTexts(messages);
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(result);
      setCopied(true);
    } catch {
      // No clipboard (an old browser, permission refused): the result stays on screen to read.
    }
  };
  return (
    <li className="rounded-lg border border-red-200 p-3" data-testid="outbox-refused-entry">
      <p className="font-semibold" data-testid="refused-result">{result}</p>
      <p className="text-sm text-red-800" data-testid="refused-reason">{answerError(entry.refused?.answer) ?? t.refusedFallback}</p>
      <div className="mt-2 flex justify-end gap-2">
        <button type="button" className="btn-secondary min-h-11" onClick={() => void copy()}>{copied ? t.copied : t.copy}</button>
        <button type="button" className="btn-secondary min-h-11" onClick={() => void discardRefused(entry.key)}>{t.discard}</button>
      </div>
    </li>
  );
}

function ConflictRow({ entry, sheet }: { entry: OutboxEntry; sheet: SheetNames }) {
  const t = useTexts(messages);
  const { mine, theirs, keepable } = kindOf(entry).header?.sides(entry, sheet) ?? { mine: '', theirs: '', keepable: false };
  return (
    <li className="rounded-lg border border-slate-200 p-3" data-testid="conflict">
      <div className="grid gap-2 sm:grid-cols-2">
        <div className="rounded bg-sky-50 p-2">
          <p className="text-xs font-semibold uppercase text-sky-800">{t.yours}</p>
          <p className="font-semibold" data-testid="conflict-mine">{mine}</p>
        </div>
        <div className="rounded bg-slate-100 p-2">
          <p className="text-xs font-semibold uppercase text-slate-700">{t.theirs}</p>
          <p className="font-semibold" data-testid="conflict-theirs">{theirs}</p>
        </div>
      </div>
      <div className="mt-3 flex justify-end gap-2">
        <button type="button" className="btn-secondary min-h-11" onClick={() => void resolveConflict(entry.key, 'theirs')}>{t.takeTheirs}</button>
        {keepable && <button type="button" className="btn-primary min-h-11" onClick={() => void resolveConflict(entry.key, 'mine')}>{t.keepMine}</button>}
      </div>
    </li>
  );
}
