import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { step, undo, type RefereeState, type Refereeing } from '../../../core/fencing/referee';
import { refereeKey, shiftClock, type LiveBout, type RefereeTarget } from '../../../core/refereeing';
import type { RefereeUpdateBody } from '../../../core/validation';
import { ApiError, call, client } from '../../lib/api';
import { outboxAtom } from '../../state/outbox';
import { forgetRefereeSteps, queueRefereeStep } from '../../state/writes/referee';
import { refereeEndsAtom } from '../../state/referee';
import { useAtomValue } from 'jotai';

/**
 * One referee view of one bout (issue 18). The phone runs the rules (core/fencing/referee) so every tap
 * answers at once; each step goes to the room through the write queue (app/state/outbox: kept on the phone,
 * sent in order, retried while the network or the room is away), and the room keeps it and sends it to
 * every screen. The bout as refereed is also kept on the phone (localStorage): a reload resumes exactly
 * where the bout was, and steps made offline are sent when the network is back (the latest state wins). Each
 * update carries the step number after the room's, however many taps it holds (core/refereeing
 * `seqOrder`): the room refuses numbers that skip ahead.
 */

/** This tab's referee view id: a reload keeps it (the same view resumes), another tab has its own. */
function viewId(): string {
  const key = 'piste:referee-view';
  let id = sessionStorage.getItem(key);
  if (!id) {
    id = Array.from(crypto.getRandomValues(new Uint8Array(12)), (b) => b.toString(16).padStart(2, '0')).join('');
    sessionStorage.setItem(key, id);
  }
  return id;
}

interface Kept {
  /** The room's step number as this phone last knew it: the next update is numbered one after it. */
  seq: number;
  refereeing: Refereeing;
  /** Steps the room has not confirmed yet. */
  pending: boolean;
}

const keptKey = (key: string) => `piste:referee:${key}`;

function readKept(key: string): Kept | null {
  try {
    return JSON.parse(localStorage.getItem(keptKey(key)) ?? 'null') as Kept | null;
  } catch {
    return null;
  }
}

export function forgetKept(key: string) {
  try {
    localStorage.removeItem(keptKey(key));
  } catch {
    // Private mode: nothing was kept.
  }
}

function keep(key: string, kept: Kept) {
  try {
    localStorage.setItem(keptKey(key), JSON.stringify(kept));
  } catch {
    // Storage full or private mode: the room still has every step that reached it.
  }
}

export type RefereeStatus =
  | { kind: 'claiming' }
  /** Refused: another view holds it (`machine`: a piste's scoring machine, issue 57), the bout has a result, or it cannot be refereed. */
  | { kind: 'refused'; message: string; machine?: boolean }
  | { kind: 'ready' }
  /** Another view took the bout over while this one was away. */
  | { kind: 'lost'; message: string }
  /** Another screen ended the bout: its result was entered there, or its pool or tableau changed. */
  | { kind: 'ended'; why: 'result' | 'changed' };

/** Whether a claim was refused because a piste's scoring machine holds the bout (its own code: the coach may take it back). */
function heldByMachine(e: unknown): boolean {
  return e instanceof ApiError && e.status === 409 && e.code === 'referee_held_machine';
}

/** A state as the room takes it: without its format, which the room keeps itself. */
const strip = ({ format: _format, ...rest }: RefereeState) => rest;

export function useRefereeing(practiceId: string, target: RefereeTarget) {
  const key = refereeKey(target);
  const [status, setStatus] = useState<RefereeStatus>({ kind: 'claiming' });
  const [bout, setBout] = useState<LiveBout | null>(null);
  const [refereeing, setRefereeing] = useState<Refereeing | null>(null);
  /** How many times the coach asked to take the bout back from a machine (issue 57): each asks the room again. */
  const [takeBacks, setTakeBacks] = useState(0);
  /** False while a step could not reach the room (no network, a busy room): the write queue retries it, and the view says so. */
  const synced = !useAtomValue(outboxAtom).some((e) => e.kind === 'referee' && e.practiceId === practiceId && refereeKey(e.body.target) === key && e.waiting);
  const current = useRef<Kept | null>(null);
  const sender = useRef({ inFlight: false, dirty: false, stopped: false });
  const view = useRef(viewId()).current;
  // The bout named by its key: a new object for the same bout (a render) changes nothing.
  const targetRef = useRef(target);
  targetRef.current = target;

  const flush = useCallback(async () => {
    const s = sender.current;
    if (s.stopped) return;
    if (s.inFlight) {
      s.dirty = true;
      return;
    }
    s.inFlight = true;
    try {
      do {
        s.dirty = false;
        const kept = current.current;
        if (!kept?.pending) break;
        const { state, past } = kept.refereeing;
        // Numbered one after the room's last: the write queue keeps it on the phone and sends it after the
        // bout's earlier steps, again and again while the network or the room is away.
        const seq = kept.seq + 1;
        const body: RefereeUpdateBody = { target: targetRef.current, view, seq, sent_at: Date.now(), state: strip(state), past: past.map(strip) };
        const answer = await queueRefereeStep(practiceId, body);
        // Handed over or discarded meanwhile, or this view closed: nothing more to send.
        if (!answer || s.stopped) return;
        if ('ended' in answer) {
          // Another view holds the bout now (409), or the step was refused: sending again would not change that.
          s.stopped = true;
          setStatus({ kind: 'lost', message: answer.ended });
          return;
        }
        // Not applied: the room had this number already (an earlier try whose answer was lost); the latest goes after it.
        const now = current.current!;
        current.current = { ...now, seq, pending: !answer.applied || now.refereeing !== kept.refereeing };
        keep(key, current.current);
        if (current.current.pending) s.dirty = true;
      } while (s.dirty);
    } finally {
      s.inFlight = false;
    }
  }, [practiceId, view, key]);

  // The bout ended on another screen (a result typed in the grid, its pool or tableau changed): this view stops
  // and says why, instead of finding out at its next step. An end from before this view opened is not its own.
  const ended = useAtomValue(refereeEndsAtom).get(key);
  // A new bout in this view counts its ends from when it opened.
  const openedAt = useMemo(() => (void key, Date.now()), [key]);
  useEffect(() => {
    if (!ended || ended.at < openedAt || ended.why === 'discarded' || sender.current.stopped) return;
    sender.current.stopped = true;
    forgetKept(key);
    void forgetRefereeSteps(practiceId, targetRef.current);
    setStatus({ kind: 'ended', why: ended.why });
  }, [ended, key, openedAt, practiceId]);

  // Claim the bout: the room's copy, unless this phone kept steps the room never got.
  useEffect(() => {
    let live = true;
    const s = sender.current;
    s.stopped = false;
    setStatus({ kind: 'claiming' });
    const json = { target: targetRef.current, view, ...(takeBacks > 0 ? { take_back: true } : {}) };
    call(client.practices[':practiceId'].referee.claim.$post({ param: { practiceId }, json })).then(
      (claim) => {
        // Gone meanwhile: closed, or the bout ended on another screen before the claim's answer came (said above).
        if (!live || s.stopped) return;
        const fromRoom: Kept = { seq: claim.seq, refereeing: shiftClock(claim.refereeing, Date.now() - claim.bout.now), pending: false };
        const kept = readKept(key);
        // Steps this phone kept go on from the room's number; the room holds at most the one update this
        // phone was sending (kept.seq + 1): more means another view wrote since, and the room's copy wins.
        const start = kept?.pending && claim.seq <= kept.seq + 1 ? { ...kept, seq: claim.seq } : fromRoom;
        current.current = start;
        setBout(claim.bout);
        setRefereeing(start.refereeing);
        setStatus({ kind: 'ready' });
        if (start !== fromRoom) void flush();
      },
      (e: unknown) => live && setStatus({ kind: 'refused', message: e instanceof Error ? e.message : String(e), machine: heldByMachine(e) }),
    );
    return () => {
      live = false;
      s.stopped = true;
    };
  }, [practiceId, key, view, flush, takeBacks]);

  /** The coach takes the bout back from the scoring machine that holds it: claimed again, the machine let go. */
  const takeBack = useCallback(() => setTakeBacks((n) => n + 1), []);

  /** Applies one step of the rules at this instant; a step that changes nothing is not sent. */
  const apply = useCallback(
    (rule: (r: Refereeing, now: number) => Refereeing) => {
      const kept = current.current;
      if (!kept || sender.current.stopped) return;
      const next = rule(kept.refereeing, Date.now());
      if (next === kept.refereeing) return;
      current.current = { ...kept, refereeing: next, pending: true };
      keep(key, current.current);
      setRefereeing(next);
      void flush();
    },
    [key, flush],
  );

  const act = useCallback((rule: (s: RefereeState, now: number) => RefereeState) => apply((r, now) => step(r, rule(r.state, now))), [apply]);
  const undoLast = useCallback(() => apply((r, now) => undo(r, now)), [apply]);

  /** Hand over (kept for the next referee) or discard (gone, no result); either way this view lets go. */
  const release = useCallback(
    async (discard: boolean) => {
      sender.current.stopped = true;
      forgetKept(key);
      await forgetRefereeSteps(practiceId, targetRef.current);
      await call(client.practices[':practiceId'].referee.release.$post({ param: { practiceId }, json: { target: targetRef.current, view, discard } }));
    },
    [practiceId, view, key],
  );

  return { status, bout, refereeing, synced, act, undoLast, release, takeBack, key };
}
