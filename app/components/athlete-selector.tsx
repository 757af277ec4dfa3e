import { useTexts, textsOf } from '../i18n/common';
import { useState } from 'react';
import { Link } from './link';
import { parseManualNames } from '../../core/fencing/pool-generation';
import { paths } from '../lib/paths';
import { toggled } from '../lib/sets';
import type { SetupEntry } from '../state/setup-selection';
import { Spinner } from './ui/spinner';
import { toast, toastError } from '../state/toasts';
import { useRoster } from '../state/roster';
import { params } from '@nanostores/i18n';
import { i18n } from '../i18n';

const messages = i18n('athlete-selector', {
  fromRoster: 'Athletes from your roster',
  selectNone: 'Select none',
  selectAll: 'Select all',
  emptyBefore: 'Your roster is empty.',
  addAthletes: 'Add athletes',
  emptyAfter: 'or type names below.',
  typeNames: 'Or type names, one per line',
  fromFile: 'Or take the fencers of a file (CSV, or FIE XML from another program)',
  added: params('{count} fencers added from {file}'),
  skipped: params('{count} rows with errors were skipped.'),
  split: params('{known} from your roster, {typed} typed.'),
});

/** The roster with checkboxes and a box for typed names (one per line): step 1 of pool and team setup. */
export function useAthleteSelection() {
  const roster = useRoster(() => toastError(textsOf(messages).loadAthletesFailed));
  const athletes = roster.status === 'error' ? [] : roster.data;
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [manual, setManual] = useState('');
  const entries = (): SetupEntry[] => [
    ...(athletes ?? []).filter((a) => selected.has(a.id)).map((a) => ({ athlete_id: a.id, name: a.name })),
    ...parseManualNames(manual).map((name) => ({ name })),
  ];
  return { athletes, selected, setSelected, manual, setManual, entries };
}

export function AthleteSelector({ selection }: { selection: ReturnType<typeof useAthleteSelection> }) {
  const t = useTexts(messages);
  const { athletes, selected, setSelected, manual, setManual } = selection;
  if (!athletes) return <Spinner />;
  const toggle = (id: string) => setSelected((s) => toggled(s, id));
  return (
    <>
      <section className="card p-4">
        <div className="flex items-center justify-between">
          <h2 className="font-semibold">{t.fromRoster}</h2>
          {athletes.length > 0 && (
            <button type="button" className="text-sm text-sky-700 hover:underline" onClick={() => setSelected(selected.size === athletes.length ? new Set() : new Set(athletes.map((a) => a.id)))}>
              {selected.size === athletes.length ? t.selectNone : t.selectAll}
            </button>
          )}
        </div>
        {athletes.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600">
            {t.emptyBefore} <Link to={paths.athletes} className="text-sky-700 hover:underline">{t.addAthletes}</Link> {t.emptyAfter}
          </p>
        ) : (
          <ul className="mt-3 grid gap-1 sm:grid-cols-2">
            {athletes.map((a) => (
              <li key={a.id}>
                <label className="flex items-center gap-2 rounded px-2 py-1.5 hover:bg-slate-50">
                  <input type="checkbox" checked={selected.has(a.id)} onChange={() => toggle(a.id)} />
                  <span>{a.name}</span>
                  {a.club && <span className="text-xs text-slate-500">{a.club}</span>}
                </label>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className="card p-4">
        <label className="label" htmlFor="manual-names">{t.typeNames}</label>
        <textarea id="manual-names" className="input min-h-32 font-mono" value={manual} onChange={(e) => setManual(e.target.value)} />
        <label className="label mt-3" htmlFor="names-file">{t.fromFile}</label>
        <input id="names-file" type="file" accept=".csv,.tsv,.txt,.xml,.fff,.frd,text/csv,text/xml,application/xml" className="block w-full text-sm" onChange={(e) => void addFromFile(selection, e.target.files?.[0])} />
      </section>
    </>
  );
}

/**
 * Issue 15: the fencers of a roster file join the selection: those already in the roster are ticked, the
 * others are added to the typed names (bad rows are skipped and counted).
 */
async function addFromFile(selection: ReturnType<typeof useAthleteSelection>, file: File | undefined) {
  if (!file) return;
  const [{ readRosterFile, RosterFileError }, { sameNameKey: nameKey }, { localMessage }] = await Promise.all([import('../lib/roster-file'), import('../../core/names'), import('../i18n/core-messages')]);
  try {
    const rows = await readRosterFile(file);
    const good = rows.filter((r) => !r.error);
    const byKey = new Map((selection.athletes ?? []).map((a) => [nameKey(a.name), a.id]));
    const known = good.flatMap((r) => byKey.get(nameKey(r.name)) ?? []);
    const typed = new Set(parseManualNames(selection.manual).map(nameKey));
    const fresh = good.filter((r) => !byKey.has(nameKey(r.name)) && !typed.has(nameKey(r.name))).map((r) => r.name);
    selection.setSelected((s) => new Set([...s, ...known]));
    if (fresh.length > 0) selection.setManual((m) => [m.trim(), ...fresh].filter(Boolean).join('\n'));
    const skipped = rows.length - good.length;
    const t = textsOf(messages);
    toast({ title: t.added({ count: good.length, file: file.name }), description: skipped > 0 ? t.skipped({ count: skipped }) : t.split({ known: known.length, typed: fresh.length }) });
  } catch (e) {
    toastError(e instanceof RosterFileError ? localMessage(e.message) : textsOf(messages).unreadableFile);
  }
}
