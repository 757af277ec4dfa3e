import { params } from '@nanostores/i18n';
import { useEffect, useState } from 'react';
import type { DayPiste, DaySnapshot } from '../../../core/contracts/days';
import type { PistesBody } from '../../../core/day-validation';
import { MAX_PISTES } from '../../../core/fencing/pistes';
import { call, client } from '../../lib/api';
import { useTexts } from '../../i18n/common';
import { i18n } from '../../i18n';
import { toast } from '../../state/toasts';
import { useDayWrite } from './day-write';

const messages = i18n('day-pistes', {
  title: 'Pistes',
  none: 'No piste yet: fill them 1 to N, or add them one by one with their names.',
  howMany: 'Number of pistes',
  fill: 'Fill 1–N',
  addPiste: 'Add a piste',
  nameOf: params('Name of piste {n}'),
  finalOf: params('Piste {n} is the final piste'),
  finalBox: 'Final piste',
  up: params('Move piste {n} up'),
  down: params('Move piste {n} down'),
  removeOf: params('Remove piste {n}'),
  saved: 'Pistes saved',
  saveFailed: 'Failed to save the pistes',
  unsaved: 'Unsaved changes',
});

/** A piste as the form holds it: the server's id for a piste that stays, none for a new one. */
type Draft = { key: string; id?: string; name: string; final: boolean };

let drafted = 0;
const draftOf = (p: DayPiste): Draft => ({ key: p.id, id: p.id, name: p.name, final: p.final });
const newDraft = (name: string): Draft => ({ key: `new-${++drafted}`, name, final: false });

/**
 * The day's pistes as one ordered list the coach edits and saves whole (names like 1–8 or colours, one
 * kept for finals). Filling 1–N keeps the ids of pistes whose names stay, so their pools stay placed.
 */
export function DayPistes({ snapshot, apply }: { snapshot: DaySnapshot; apply: (s: DaySnapshot) => void }) {
  const t = useTexts(messages);
  const { busy, run } = useDayWrite(apply);
  const [draft, setDraft] = useState<Draft[]>(() => snapshot.pistes.map(draftOf));
  const [dirty, setDirty] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [howMany, setHowMany] = useState(String(Math.max(snapshot.pistes.length, 4)));

  // Another screen's change shows here unless the coach is editing.
  useEffect(() => {
    if (!dirty) setDraft(snapshot.pistes.map(draftOf));
  }, [snapshot.pistes, dirty]);

  const edit = (next: Draft[]) => {
    setDraft(next);
    setDirty(true);
    setError(null);
  };
  const change = (i: number, patch: Partial<Draft>) => edit(draft.map((p, j) => (j === i ? { ...p, ...patch } : patch.final ? { ...p, final: false } : p)));
  const move = (i: number, by: number) => {
    const next = [...draft];
    const [p] = next.splice(i, 1);
    next.splice(i + by, 0, p!);
    edit(next);
  };
  const fill = () => {
    const n = Math.min(MAX_PISTES, Math.max(1, Math.floor(Number(howMany)) || 1));
    const byName = new Map(draft.map((p) => [p.name.trim().toLowerCase(), p]));
    edit(Array.from({ length: n }, (_, i) => byName.get(String(i + 1)) ?? newDraft(String(i + 1))));
  };
  const save = async () => {
    const json: PistesBody = { pistes: draft.map((p) => ({ ...(p.id ? { id: p.id } : {}), name: p.name, final: p.final })) };
    const failed = await run(() => call(client.days[':dayId'].pistes.$put({ param: { dayId: snapshot.day.id }, json })), t.saveFailed);
    setError(failed);
    if (failed) return;
    setDirty(false);
    toast({ title: t.saved });
  };

  return (
    <section className="card space-y-4 p-4" aria-labelledby="day-pistes-title">
      <h2 id="day-pistes-title" className="text-lg font-semibold">{t.title}</h2>
      <div className="flex flex-wrap items-end gap-2">
        <div>
          <label className="label" htmlFor="day-piste-count">{t.howMany}</label>
          <input id="day-piste-count" type="number" min={1} max={MAX_PISTES} className="input w-24" value={howMany} onChange={(e) => setHowMany(e.target.value)} />
        </div>
        <button type="button" className="btn-secondary" onClick={fill}>{t.fill}</button>
        <button type="button" className="btn-secondary" disabled={draft.length >= MAX_PISTES} onClick={() => edit([...draft, newDraft(String(draft.length + 1))])}>{t.addPiste}</button>
      </div>
      {draft.length === 0 ? (
        <p className="text-sm text-slate-600">{t.none}</p>
      ) : (
        <ol className="space-y-2" data-testid="piste-list">
          {draft.map((p, i) => (
            <li key={p.key} className="flex flex-wrap items-center gap-2" data-testid="piste-row">
              <span className="w-6 text-right text-sm text-slate-500" aria-hidden="true">{i + 1}.</span>
              <input className="input w-40" aria-label={t.nameOf({ n: i + 1 })} value={p.name} maxLength={40} onChange={(e) => change(i, { name: e.target.value })} />
              <label className="flex items-center gap-1 text-sm">
                <input type="checkbox" checked={p.final} aria-label={t.finalOf({ n: i + 1 })} onChange={(e) => change(i, { final: e.target.checked })} />
                <span aria-hidden="true">{t.finalBox}</span>
              </label>
              <button type="button" className="btn-ghost px-2 py-1" disabled={i === 0} aria-label={t.up({ n: i + 1 })} onClick={() => move(i, -1)}>↑</button>
              <button type="button" className="btn-ghost px-2 py-1" disabled={i === draft.length - 1} aria-label={t.down({ n: i + 1 })} onClick={() => move(i, 1)}>↓</button>
              <button type="button" className="btn-ghost px-2 py-1 text-red-700" aria-label={t.removeOf({ n: i + 1 })} onClick={() => edit(draft.filter((_, j) => j !== i))}>✕</button>
            </li>
          ))}
        </ol>
      )}
      {error && <p className="text-sm font-medium text-red-700" role="alert" data-testid="pistes-error">{error}</p>}
      <div className="flex items-center gap-3">
        <button type="button" className="btn-primary" disabled={busy || !dirty} onClick={save}>{t.save}</button>
        {dirty && <span className="text-sm text-amber-700">{t.unsaved}</span>}
      </div>
    </section>
  );
}
