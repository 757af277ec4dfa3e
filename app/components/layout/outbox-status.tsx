import { useAtomValue } from 'jotai';
import type { PoolBout, SavedBracketMatch, Team, TeamMatchRow } from '../../../core/api';
import { poolsAtom } from '../../state/pools';
import { teamsAtom } from '../../state/teams';
import { outboxAtom, resolveConflict } from '../../state/outbox';
import type { OutboxEntry } from '../../lib/outbox-store';
import { Dialog } from '../ui/dialog';
import { count, params } from '@nanostores/i18n';
import { i18n, useStore } from '../../i18n';

const messages = i18n('outbox-status', {
  noResult: params('{a} – {b}: no result'),
  gone: params('{a} – {b}: no longer in the tableau'),
  tbd: 'TBD',
  relay: params('Relay {n}: {a} {sa} – {sb} {b}'),
  fencer: params('Fencer {n}'),
  waiting: count({ one: '{count} score waiting to sync', other: '{count} scores waiting to sync' }),
  title: 'A score changed while yours was on its way',
  description: 'Someone else entered a different result for the same bout, match or relay. Keep yours, or take theirs.',
  yours: 'Yours',
  theirs: 'Now on the sheet',
  takeTheirs: 'Take theirs',
  keepMine: 'Keep mine',
});

/** How a result reads on the sheet: 'ANN 5 – 3 BOB', or that it has none. */
function describe(names: Map<string, string>, a: string, b: string, bout: Pick<PoolBout, 'player1_id' | 'score1' | 'score2'> | null) {
  const [na, nb] = [names.get(a) ?? '?', names.get(b) ?? '?'];
  if (!bout) return messages.get().noResult({ a: na, b: nb });
  const [sa, sb] = bout.player1_id === a ? [bout.score1, bout.score2] : [bout.score2, bout.score1];
  return `${na} ${sa} – ${sb} ${nb}`;
}

/**
 * The header's sync state: how many scores are waiting to reach the server, and every score someone else
 * changed meanwhile, with both results side by side and the choice to keep this one or take the other.
 */
export function OutboxStatus({ practiceId }: { practiceId: string }) {
  const t = useStore(messages);
  const entries = useAtomValue(outboxAtom).filter((e) => e.practiceId === practiceId);
  const { pools } = useAtomValue(poolsAtom);
  const { teams } = useAtomValue(teamsAtom);
  const waiting = entries.filter((e) => !e.conflict).length;
  const conflicts = entries.filter((e) => e.conflict);
  const names = new Map(pools.flatMap((p) => p.players.map((pl) => [pl.id, pl.name] as const)));
  return (
    <>
      {waiting > 0 && (
        <span className="rounded-full bg-amber-100 px-3 py-1 text-xs font-semibold text-amber-900" role="status" data-testid="outbox-badge">
          {t.waiting(waiting)}
        </span>
      )}
      <Dialog
        open={conflicts.length > 0}
        onOpenChange={() => undefined}
        title={t.title}
        description={t.description}
      >
        <ul className="space-y-4">
          {conflicts.map((e) => (
            <ConflictRow key={e.key} entry={e} names={names} teams={teams} />
          ))}
        </ul>
      </Dialog>
    </>
  );
}

/** Both results of a conflict as they read on the sheet, and whether "Keep mine" still makes sense. */
function sides(entry: OutboxEntry, names: Map<string, string>, teams: Team[]): { mine: string; theirs: string; keepable: boolean } {
  const current = entry.conflict!.current;
  switch (entry.kind) {
    case 'bout':
    case 'clear': {
      const { player1_id: a, player2_id: b } = entry.body;
      const mine = entry.kind === 'bout' ? describe(names, a, b, entry.body) : describe(names, a, b, null);
      return { mine, theirs: describe(names, a, b, current as PoolBout | null), keepable: true };
    }
    case 'tableau': {
      const { player1_id: a, player2_id: b, player1_score, player2_score } = entry.body;
      const t = messages.get();
      const name = (id: string | null) => (id ? (names.get(id) ?? '?') : t.tbd);
      const now = current as SavedBracketMatch | null;
      const theirs = !now
        ? t.gone({ a: name(a), b: name(b) })
        : now.player1_score === null || now.player2_score === null
          ? t.noResult({ a: name(now.player1_id), b: name(now.player2_id) })
          : `${name(now.player1_id)} ${now.player1_score} – ${now.player2_score} ${name(now.player2_id)}`;
      // Keeping a score makes sense only while the match is still between the same two fencers.
      return { mine: `${name(a)} ${player1_score} – ${player2_score} ${name(b)}`, theirs, keepable: !!now && now.player1_id === a && now.player2_id === b };
    }
    case 'relay': {
      const now = current as TeamMatchRow | null;
      const touches = (x: number | null | undefined) => (x === null || x === undefined ? '-' : String(x));
      const line = (sa: number | null | undefined, sb: number | null | undefined) =>
        messages.get().relay({ n: entry.matchNumber, a: relayFencer(teams, now?.fencer_a_number), sa: touches(sa), sb: touches(sb), b: relayFencer(teams, now?.fencer_b_number) });
      return { mine: line(entry.body.score_a, entry.body.score_b), theirs: line(now?.score_a, now?.score_b), keepable: true };
    }
  }
}

/** A relay fencer's name by sheet number (1–3 team 1, 4–6 team 2), or the number while teams are unknown. */
function relayFencer(teams: Team[], n: number | undefined) {
  if (n === undefined) return '';
  const team = teams.find((t) => t.team_number === (n <= 3 ? 1 : 2));
  return team?.members.find((m) => m.position === ((n - 1) % 3) + 1)?.athlete_name ?? messages.get().fencer({ n });
}

function ConflictRow({ entry, names, teams }: { entry: OutboxEntry; names: Map<string, string>; teams: Team[] }) {
  const t = useStore(messages);
  const { mine, theirs, keepable } = sides(entry, names, teams);
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
