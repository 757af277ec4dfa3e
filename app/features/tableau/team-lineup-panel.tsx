import { params } from '@nanostores/i18n';
import { useEffect, useState } from 'react';
import type { LineupSubstitution, TeamLineup } from '../../../core/contracts/team-tableau';
import { composeLineup, PLACES, relayFencers, relaysOfPlace, sideOfPlace, type Side } from '../../../core/fencing/team-lineup';
import { ERROR_MESSAGES, type ErrorCode } from '../../../core/messages';
import { useTexts } from '../../i18n/common';
import { i18n } from '../../i18n';
import { localError } from '../../i18n/errors';
import { queueLineup } from '../../state/writes/lineup';

const messages = i18n('team-lineup', {
  title: 'Line-up',
  notDrawn: params('The sides are not drawn yet: {team} fences as team A until they are.'),
  draw: 'Draw lots for the sides',
  drawing: 'Drawing lots for the sides…',
  drawn: params('Drawn by lot: {a} is team A (left), {b} team B (right).'),
  notByLot: params('{a} is team A: relays were entered before the lot.'),
  sideTitle: params('{team}, team {side}'),
  place: params('Fencer no. {n}'),
  reserve: 'Reserve',
  noReserve: 'No reserve',
  notGiven: 'Not given',
  saveOrder: 'Save the order',
  none: 'No substitution.',
  cameIn: params('Relay {relay}: {in} in for {out}'),
  injury: 'after an injury',
  placeOf: params('{n} · {name}'),
  from: 'From relay',
  atPlace: 'In place of',
  injuryBox: 'After an injury (o.99.6): the reserve finishes the relay and the fencer cannot come back',
  record: 'Record the substitution',
  removeLast: 'Take back the last substitution',
});

interface Props {
  practiceId: string;
  round: number;
  position: number;
  /** The match's teams as the bracket lists them (the first is team A until the lot is drawn). */
  first: string;
  /** The line-up as this screen shows it (pending writes applied), and whether a write waits. */
  lineup: TeamLineup | null;
  pending: boolean;
  names: { a: string; b: string };
  editable: boolean;
}

type Order = Record<Side, { fencers: string[]; reserve: string }>;

/**
 * Each substitution of a line-up as a sentence ("Relay 4: Gus Red in for Cy Blue (after an injury)"): who fences the
 * place's relay with it, and who held the place just before.
 */
function substitutionTexts(t: ReturnType<typeof messages.get>, lineup: TeamLineup): string[] {
  return lineup.subs.map((s) => {
    const at = (l: TeamLineup) => {
      const row = relayFencers(l)[s.relay - 1]!;
      return (sideOfPlace(s.place) === 'A' ? row.a : row.b)?.name ?? '';
    };
    const out = at({ ...lineup, subs: lineup.subs.filter((x) => x.relay < s.relay) });
    return t.cameIn({ relay: s.relay, in: at(lineup), out }) + (s.injury ? ` (${t.injury})` : '');
  });
}

/** The substitutions of a line-up as sentences in the reader's language (the printed relay sheet's list). */
export function useSubstitutionTexts(lineup: TeamLineup | null): string[] {
  const t = useTexts(messages);
  return lineup ? substitutionTexts(t, lineup) : [];
}

const orderOf = (l: TeamLineup | null): Order => ({
  A: { fencers: PLACES.A.map((_, i) => l?.a.fencers[i]?.id ?? ''), reserve: l?.a.reserve?.id ?? '' },
  B: { fencers: PLACES.B.map((_, i) => l?.b.fencers[i]?.id ?? ''), reserve: l?.b.reserve?.id ?? '' },
});

/**
 * A team match's line-up (issue 58, o.99.4–6) on its relay sheet: the lot for the sides, each captain's order and
 * reserve, and the reserve brought in (or the replaced fencer back). Every change is one write of the whole line-up
 * through the write queue; the rules are core's, checked here before queueing and again by the server.
 */
export function TeamLineupPanel({ practiceId, round, position, first, lineup, pending, names, editable }: Props) {
  const t = useTexts(messages);
  const [order, setOrder] = useState<Order>(() => orderOf(lineup));
  const [problem, setProblem] = useState<string | null>(null);
  const [sub, setSub] = useState<{ place: number; relay: number; injury: boolean }>({ place: 1, relay: relaysOfPlace(1)[0]!, injury: false });
  const version = lineup?.version ?? 0;
  // Another screen's line-up replaces what this one shows, as any result does.
  // Keyed on the line-up's own identity, so a relay typed meanwhile (a new object, the same line-up) keeps what is being picked.
  const identity = lineup ? `${lineup.team_a}:${lineup.version}` : '';
  useEffect(() => setOrder(orderOf(lineup)), [identity]);

  if (!lineup) {
    return (
      <section className="mb-3 rounded-lg border border-slate-200 p-3 text-sm" aria-label={t.title} data-testid="team-lineup">
        <p>{pending ? t.drawing : t.notDrawn({ team: first })}</p>
        {editable && !pending && (
          <button type="button" className="btn-secondary mt-2" onClick={() => void queueLineup(practiceId, round, position, { version: 0, a: { fencers: [], reserve: null }, b: { fencers: [], reserve: null }, subs: [] })}>
            {t.draw}
          </button>
        )}
      </section>
    );
  }

  const sideOf = (side: Side) => (side === 'A' ? lineup.a : lineup.b);
  const body = (o: Order, subs: readonly LineupSubstitution[]) => ({
    version,
    a: { fencers: o.A.fencers.every((x) => x === '') ? [] : o.A.fencers, reserve: o.A.reserve || null },
    b: { fencers: o.B.fencers.every((x) => x === '') ? [] : o.B.fencers, reserve: o.B.reserve || null },
    subs: [...subs],
  });
  const errorText = (code: ErrorCode) => localError(ERROR_MESSAGES[code], code);
  const shown = lineup;
  function send(next: ReturnType<typeof body>) {
    // The server's own rules (core's `composeLineup`), over the line-up's members, before anything is queued.
    const checked = composeLineup(shown, { A: shown.a.members, B: shown.b.members }, next);
    if ('error' in checked) return setProblem(errorText(checked.error));
    setProblem(null);
    void queueLineup(practiceId, round, position, next);
  }

  const saved = (side: Side) => ({ fencers: sideOf(side).fencers.map((f) => f.id), reserve: sideOf(side).reserve?.id ?? '' });
  const savedOrder: Order = { A: saved('A'), B: saved('B') };
  const fencers = relayFencers(lineup);
  const changes = substitutionTexts(t, lineup);
  // Who the change at `place` takes off the piste: whoever fences its relay there now.
  const outAt = (place: number, relay: number) => {
    const row = fencers[relay - 1]!;
    return (sideOfPlace(place) === 'A' ? row.a : row.b)?.name ?? '';
  };
  return (
    <section className="mb-3 rounded-lg border border-slate-200 p-3 text-sm" aria-label={t.title} data-testid="team-lineup">
      <p className="mb-2">{lineup.drawn ? t.drawn({ a: names.a, b: names.b }) : t.notByLot({ a: names.a })}</p>
      <div className="grid gap-3 sm:grid-cols-2">
        {(['A', 'B'] as const).map((side) => {
          const own = sideOf(side);
          return (
            <fieldset key={side} className="rounded border border-slate-200 p-2" data-testid={`lineup-side-${side}`}>
              <legend className="px-1 font-semibold">{t.sideTitle({ team: side === 'A' ? names.a : names.b, side })}</legend>
              {PLACES[side].map((place, i) => (
                <label key={place} className="mb-1 flex items-center justify-between gap-2">
                  <span className="whitespace-nowrap">{t.place({ n: place })}</span>
                  {editable ? (
                    <select
                      className="input max-w-48"
                      value={order[side].fencers[i]}
                      onChange={(e) => setOrder((o) => ({ ...o, [side]: { ...o[side], fencers: o[side].fencers.map((x, j) => (j === i ? e.target.value : x)) } }))}
                    >
                      <option value="">{t.notGiven}</option>
                      {own.members.map((m) => <option key={m.id} value={m.id}>{m.name}</option>)}
                    </select>
                  ) : (
                    <span>{own.fencers[i]?.name ?? t.notGiven}</span>
                  )}
                </label>
              ))}
              <label className="flex items-center justify-between gap-2">
                <span>{t.reserve}</span>
                {editable ? (
                  <select className="input max-w-48" value={order[side].reserve} onChange={(e) => setOrder((o) => ({ ...o, [side]: { ...o[side], reserve: e.target.value } }))}>
                    <option value="">{t.noReserve}</option>
                    {own.members.map((m) => <option key={m.id} value={m.id}>{m.name}</option>)}
                  </select>
                ) : (
                  <span>{own.reserve?.name ?? t.noReserve}</span>
                )}
              </label>
            </fieldset>
          );
        })}
      </div>
      {editable && JSON.stringify(order) !== JSON.stringify(savedOrder) && (
        <button type="button" className="btn-primary mt-2" onClick={() => send(body(order, lineup.subs))}>{t.saveOrder}</button>
      )}
      <h3 className="mt-3 font-semibold">{t.substitutions}</h3>
      {lineup.subs.length === 0 ? (
        <p className="text-slate-600">{t.none}</p>
      ) : (
        <ul className="list-disc pl-5" data-testid="lineup-substitutions">
          {changes.map((text, i) => <li key={i}>{text}</li>)}
        </ul>
      )}
      {editable && lineup.subs.length > 0 && (
        <button type="button" className="btn-secondary mt-2" onClick={() => send(body(savedOrder, lineup.subs.slice(0, -1)))}>{t.removeLast}</button>
      )}
      {editable && (lineup.a.reserve || lineup.b.reserve) && (
        <div className="mt-2 flex flex-wrap items-end gap-2" data-testid="lineup-substitute">
          <label className="flex flex-col">
            <span>{t.atPlace}</span>
            <select className="input" value={sub.place} onChange={(e) => { const place = Number(e.target.value); setSub((s) => ({ ...s, place, relay: relaysOfPlace(place)[0]! })); }}>
              {[...PLACES.A, ...PLACES.B].map((place) => <option key={place} value={place}>{t.placeOf({ n: place, name: outAt(place, relaysOfPlace(place)[0]!) })}</option>)}
            </select>
          </label>
          <label className="flex flex-col">
            <span>{t.from}</span>
            <select className="input" value={sub.relay} onChange={(e) => setSub((s) => ({ ...s, relay: Number(e.target.value) }))}>
              {relaysOfPlace(sub.place).map((n) => <option key={n} value={n}>{n}</option>)}
            </select>
          </label>
          <label className="flex items-center gap-2">
            <input type="checkbox" checked={sub.injury} onChange={(e) => setSub((s) => ({ ...s, injury: e.target.checked }))} />
            <span>{t.injuryBox}</span>
          </label>
          <button type="button" className="btn-secondary" onClick={() => send(body(savedOrder, [...lineup.subs, sub]))}>{t.record}</button>
        </div>
      )}
      {problem && <p className="mt-2 text-red-700" role="alert">{problem}</p>}
    </section>
  );
}
