import { useSetAtom } from 'jotai';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { paths as api, type Athlete, type GeneratedPools } from '../../../core/api';
import { MAX_POOLS, MIN_POOLS, parseManualNames } from '../../../core/fencing/pool-generation';
import { Spinner } from '../../components/ui/spinner';
import { toast, toastError } from '../../components/ui/toast';
import { api as call, errorMessage } from '../../lib/api';
import { practiceHome, paths } from '../../paths';
import { applyPoolList, selectPool } from '../../state/pools';
import { useCurrentPractice } from '../../state/practices';
import { setupSelectionAtom, toRequestEntry, type SetupEntry } from './setup-selection';

type Method = 'single' | 'random' | 'seeded';

/** /practice-setup: step 1 selects athletes and typed names, step 2 divides them into pools. */
export function PracticeSetupPage() {
  const practice = useCurrentPractice();
  const navigate = useNavigate();
  const setSelection = useSetAtom(setupSelectionAtom);
  const [athletes, setAthletes] = useState<Athlete[] | null>(null);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [manual, setManual] = useState('');
  const [step, setStep] = useState<'select' | 'division'>('select');
  const [method, setMethod] = useState<Method>('single');
  const [poolCount, setPoolCount] = useState(2);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    call<Athlete[]>('GET', api.athletes)
      .then(setAthletes)
      .catch(() => {
        setAthletes([]);
        toastError('Failed to load athletes');
      });
  }, []);

  if (!practice) {
    return (
      <div className="card p-8 text-center">
        <p className="font-semibold">No Practice Selected</p>
        <p className="text-sm text-slate-600">Please select or create a practice first.</p>
        <Link to={paths.practices} className="btn-primary mt-4">Go to practices</Link>
      </div>
    );
  }
  if (!athletes) return <Spinner />;

  const entries = (): SetupEntry[] => [
    ...athletes.filter((a) => selected.has(a.id)).map((a) => ({ athlete_id: a.id, name: a.name })),
    ...parseManualNames(manual).map((name) => ({ name })),
  ];

  function next(to: 'division' | 'manual') {
    const list = entries();
    if (list.length === 0) return toastError('Please select athletes or add names manually', 'No athletes selected');
    setSelection(list);
    if (to === 'manual') navigate(paths.manualPoolAssignment);
    else setStep('division');
  }

  async function generate() {
    if (!practice) return;
    setBusy(true);
    try {
      const body = { method, pool_count: method === 'single' ? undefined : poolCount, entries: entries().map(toRequestEntry) };
      const { pools, createdIds } = await call<GeneratedPools>('POST', api.generatePools(practice.id), body);
      applyPoolList(practice.id, pools);
      selectPool(createdIds[0] ?? null);
      toast({ title: 'Success', description: 'Pools generated successfully' });
      navigate(practiceHome(practice.practice_type));
    } catch (e) {
      toastError(errorMessage(e, 'Failed to generate pools'), 'Failed to generate pools');
    } finally {
      setBusy(false);
    }
  }

  const toggle = (id: string) =>
    setSelected((s) => {
      const n = new Set(s);
      if (n.has(id)) n.delete(id);
      else n.add(id);
      return n;
    });

  return (
    <div className="mx-auto max-w-3xl space-y-5">
      <div>
        <Link to={practiceHome(practice.practice_type)} className="text-sm text-sky-700 hover:underline">← Back to Tournament</Link>
        <h1 className="mt-2 text-2xl font-bold">Set up pools</h1>
        <p className="text-sm text-slate-600">{practice.name} · Step {step === 'select' ? '1' : '2'} of 2</p>
      </div>

      {step === 'select' ? (
        <>
          <section className="card p-4">
            <div className="flex items-center justify-between">
              <h2 className="font-semibold">Athletes from your roster</h2>
              {athletes.length > 0 && (
                <button type="button" className="text-sm text-sky-700 hover:underline" onClick={() => setSelected(selected.size === athletes.length ? new Set() : new Set(athletes.map((a) => a.id)))}>
                  {selected.size === athletes.length ? 'Select none' : 'Select all'}
                </button>
              )}
            </div>
            {athletes.length === 0 ? (
              <p className="mt-2 text-sm text-slate-600">Your roster is empty. <Link to={paths.athletes} className="text-sky-700 hover:underline">Add athletes</Link> or type names below.</p>
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
            <label className="label" htmlFor="manual-names">Or type names, one per line</label>
            <textarea id="manual-names" className="input min-h-32 font-mono" value={manual} onChange={(e) => setManual(e.target.value)} />
          </section>
          <div className="flex flex-wrap justify-end gap-2">
            <button type="button" className="btn-secondary" onClick={() => next('manual')}>Assign pools manually</button>
            <button type="button" className="btn-primary" onClick={() => next('division')}>Next</button>
          </div>
        </>
      ) : (
        <>
          <fieldset className="card space-y-3 p-4">
            <legend className="sr-only">Pool division</legend>
            {([
              ['single', 'Single pool', 'Everyone fences everyone in one pool named Main Pool.'],
              ['random', 'Random split', 'Shuffled into pools whose sizes differ by at most one.'],
              ['seeded', 'Seeded (serpentine)', 'By the ranking of each athlete’s latest pool results; club mates kept apart where possible.'],
            ] as const).map(([value, label, help]) => (
              <label key={value} className="flex items-start gap-3 rounded-md border border-slate-200 p-3 has-[:checked]:border-slate-900">
                <input type="radio" name="method" value={value} checked={method === value} onChange={() => setMethod(value)} className="mt-1" />
                <span>
                  <span className="block font-medium">{label}</span>
                  <span className="text-sm text-slate-600">{help}</span>
                </span>
              </label>
            ))}
            {method !== 'single' && (
              <div className="w-40">
                <label className="label" htmlFor="pool-count">Number of pools</label>
                <input id="pool-count" type="number" className="input" min={MIN_POOLS} max={MAX_POOLS} value={poolCount}
                  onChange={(e) => setPoolCount(Math.min(MAX_POOLS, Math.max(MIN_POOLS, Math.round(Number(e.target.value) || MIN_POOLS))))} />
              </div>
            )}
          </fieldset>
          <p className="text-sm text-slate-600">{entries().length} athletes selected.</p>
          <div className="flex justify-between gap-2">
            <button type="button" className="btn-secondary" onClick={() => setStep('select')}>Back</button>
            <button type="button" className="btn-primary" disabled={busy} onClick={generate}>Generate Pools</button>
          </div>
        </>
      )}
    </div>
  );
}
