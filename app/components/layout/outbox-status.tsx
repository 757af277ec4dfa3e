import { useAtomValue } from 'jotai';
import type { PoolBout } from '../../../core/api';
import type { BoutBody } from '../../../core/validation';
import { poolsAtom } from '../../state/pools';
import { outboxAtom, resolveConflict } from '../../state/outbox';
import type { OutboxEntry } from '../../lib/outbox-store';
import { Dialog } from '../ui/dialog';

/** How a result reads on the sheet: 'ANN 5 – 3 BOB', or that it has none. */
function describe(names: Map<string, string>, a: string, b: string, bout: Pick<PoolBout, 'player1_id' | 'score1' | 'score2'> | null) {
  const [na, nb] = [names.get(a) ?? '?', names.get(b) ?? '?'];
  if (!bout) return `${na} – ${nb}: no result`;
  const [sa, sb] = bout.player1_id === a ? [bout.score1, bout.score2] : [bout.score2, bout.score1];
  return `${na} ${sa} – ${sb} ${nb}`;
}

/**
 * The header's sync state: how many scores are waiting to reach the server, and every score someone else
 * changed meanwhile, with both results side by side and the choice to keep this one or take the other.
 */
export function OutboxStatus({ practiceId }: { practiceId: string }) {
  const entries = useAtomValue(outboxAtom).filter((e) => e.practiceId === practiceId);
  const { pools } = useAtomValue(poolsAtom);
  const waiting = entries.filter((e) => !e.conflict).length;
  const conflicts = entries.filter((e) => e.conflict);
  const names = new Map(pools.flatMap((p) => p.players.map((pl) => [pl.id, pl.name] as const)));
  return (
    <>
      {waiting > 0 && (
        <span className="rounded-full bg-amber-100 px-3 py-1 text-xs font-semibold text-amber-900" role="status" data-testid="outbox-badge">
          {waiting} {waiting === 1 ? 'score' : 'scores'} waiting to sync
        </span>
      )}
      <Dialog
        open={conflicts.length > 0}
        onOpenChange={() => undefined}
        title="A score changed while yours was on its way"
        description="Someone else entered a different result for the same bout. Keep yours, or take theirs."
      >
        <ul className="space-y-4">
          {conflicts.map((e) => (
            <ConflictRow key={e.key} entry={e} names={names} />
          ))}
        </ul>
      </Dialog>
    </>
  );
}

function ConflictRow({ entry, names }: { entry: OutboxEntry; names: Map<string, string> }) {
  const { player1_id: a, player2_id: b } = entry.body;
  const mine = entry.kind === 'bout' ? describe(names, a, b, entry.body as BoutBody) : describe(names, a, b, null);
  const theirs = describe(names, a, b, entry.conflict!.current);
  return (
    <li className="rounded-lg border border-slate-200 p-3" data-testid="conflict">
      <div className="grid gap-2 sm:grid-cols-2">
        <div className="rounded bg-sky-50 p-2">
          <p className="text-xs font-semibold uppercase text-sky-800">Yours</p>
          <p className="font-semibold" data-testid="conflict-mine">{mine}</p>
        </div>
        <div className="rounded bg-slate-100 p-2">
          <p className="text-xs font-semibold uppercase text-slate-700">Now on the sheet</p>
          <p className="font-semibold" data-testid="conflict-theirs">{theirs}</p>
        </div>
      </div>
      <div className="mt-3 flex justify-end gap-2">
        <button type="button" className="btn-secondary min-h-11" onClick={() => void resolveConflict(entry.key, 'theirs')}>Take theirs</button>
        <button type="button" className="btn-primary min-h-11" onClick={() => void resolveConflict(entry.key, 'mine')}>Keep mine</button>
      </div>
    </li>
  );
}
