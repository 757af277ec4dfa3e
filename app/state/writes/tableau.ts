// A tableau match's score (SPEC §6): sent over the match's version; the winner moves on in the next round.
import type { BracketScoreBody } from '../../../core/validation';
import { matchId, scoreMatch, type BracketMatch, type SavedBracketMatch } from '../../../core/fencing/bracket';
import { callOrConflict, client } from '../../lib/api';
import { i18n } from '../../i18n';
import { textsOf } from '../../i18n/common';
import { params } from '@nanostores/i18n';
import { applyBracket, applyMatchesDelta } from '../bracket';
import { enqueue, waiting } from '../outbox';
import { bodyVersion, defineWrite, lost, type OutboxEntry, type SheetNames } from '../write-kind';
import { noResult } from './bout';

declare module '../write-kind' {
  interface WriteKinds {
    tableau: { write: { body: BracketScoreBody }; current: SavedBracketMatch };
  }
}

const messages = i18n('write-tableau', {
  gone: params('{a} – {b}: no longer in the tableau'),
});

/** A fencer of the tableau by name, or TBD while the place is open. */
const nameIn = (sheet: SheetNames) => (id: string | null) => (id ? (sheet.names.get(id) ?? '?') : textsOf(messages).tbd);

export const tableauWrite = defineWrite<'tableau'>({
  kind: 'tableau',
  record: (e) => `match:${e.practiceId}:${e.body.round}:${e.body.position}`,
  // A score moves its winner into the next round's match: a practice's tableau scores go one after another.
  line: (e) => `tableau:${e.practiceId}`,
  send: async (e, options) => {
    const answer = await callOrConflict(client.practices[':practiceId'].bracket.scores.$post({ param: { practiceId: e.practiceId }, json: e.body }, options));
    if ('ok' in answer) return { show: () => applyMatchesDelta(e.practiceId, answer.ok) };
    return lost(e, answer.conflict.current, () => applyBracket(e.practiceId, answer.conflict.bracket));
  },
  versionAfter: (e) => e.body.version + 1,
  version: bodyVersion,
  header: {
    result: (e, sheet) => {
      const name = nameIn(sheet);
      return `${name(e.body.player1_id)} ${e.body.player1_score} – ${e.body.player2_score} ${name(e.body.player2_id)}`;
    },
    sides: (e, sheet) => {
      const { player1_id: a, player2_id: b, player1_score, player2_score } = e.body;
      const name = nameIn(sheet);
      const now = e.conflict?.current ?? null;
      const theirs = !now
        ? textsOf(messages).gone({ a: name(a), b: name(b) })
        : now.player1_score === null || now.player2_score === null
          ? noResult(name(now.player1_id), name(now.player2_id))
          : `${name(now.player1_id)} ${now.player1_score} – ${now.player2_score} ${name(now.player2_id)}`;
      // Keeping a score makes sense only while the match is still between the same two fencers.
      return { mine: `${name(a)} ${player1_score} – ${player2_score} ${name(b)}`, theirs, keepable: !!now && now.player1_id === a && now.player2_id === b };
    },
  },
});

/**
 * Queues a tableau score over the match as this screen shows it (`withPendingTableau`: its version already
 * counts the writes still waiting).
 */
export function queueTableauScore(practiceId: string, match: BracketMatch, score: { player1_score: number; player2_score: number; priority_id: string | null }) {
  const body: BracketScoreBody = { round: match.round, position: match.position, player1_id: match.player1_id!, player2_id: match.player2_id!, ...score, version: match.version };
  return enqueue(practiceId, { kind: 'tableau', body });
}

/** The tableau as this screen should show it: the waiting scores applied by the server's rules (`scoreMatch`), and which matches they are. */
export function withPendingTableau(practiceId: string, matches: BracketMatch[], entries: readonly OutboxEntry[]): { matches: BracketMatch[]; pending: Set<string> } {
  const pending = new Set<string>();
  let state = matches;
  for (const e of waiting(entries, practiceId)) {
    if (e.kind !== 'tableau') continue;
    const change = scoreMatch(state, { ...e.body, priority_id: e.body.priority_id ?? null });
    if (change) state = change.matches;
    pending.add(matchId(e.body.round, e.body.position));
  }
  return { matches: state, pending };
}
