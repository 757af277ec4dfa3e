import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { Link } from 'react-router';
import { apiPaths } from '../../../core/api';
import { MAX_POOLS, MIN_POOLS, unassignedMessage } from '../../../core/fencing/pool-generation';
import { toastError } from '../../components/ui/toast';
import { paths } from '../../paths';
import { useGeneratePools } from '../../components/use-generate-pools';
import { useCurrentPractice } from '../../state/practices';
import { setupSelectionAtom, toRequestEntry } from '../../state/setup-selection';
import { EmptyState, NoPracticeSelected } from '../../components/empty-state';

/** /manual-pool-assignment: each athlete chosen in setup gets a pool. */
export function ManualPoolAssignmentPage() {
  const practice = useCurrentPractice();
  const entries = useAtomValue(setupSelectionAtom);
  const [poolCount, setPoolCount] = useState(MIN_POOLS);
  const [assignment, setAssignment] = useState<Record<number, number>>({});
  const { busy, generate: submit } = useGeneratePools({ success: 'Pools created successfully', failure: 'Failed to create pools' });

  if (!practice) return <NoPracticeSelected />;
  if (entries.length === 0) {
    return <EmptyState title="No athletes selected" text="Please select athletes or add names manually." to={paths.practiceSetup} action="Go to setup" />;
  }

  async function create() {
    if (!practice) return;
    const unassigned = entries.filter((_, i) => !(assignment[i]! >= 1 && assignment[i]! <= poolCount)).length;
    if (unassigned > 0) return toastError(unassignedMessage(unassigned));
    const body = { method: 'manual', entries: entries.map((e, i) => ({ ...toRequestEntry(e), pool: assignment[i] })) };
    await submit(practice, apiPaths.generatePools(practice.id), body);
  }

  return (
    <div className="mx-auto max-w-2xl space-y-5">
      <div>
        <Link to={paths.practiceSetup} className="text-sm text-sky-700 hover:underline">← Back to setup</Link>
        <h1 className="mt-2 text-2xl font-bold">Assign athletes to pools</h1>
      </div>
      <div className="w-40">
        <label className="label" htmlFor="manual-pool-count">Number of pools</label>
        <select id="manual-pool-count" className="input" value={poolCount} onChange={(e) => setPoolCount(Number(e.target.value))}>
          {Array.from({ length: MAX_POOLS - MIN_POOLS + 1 }, (_, i) => i + MIN_POOLS).map((n) => (
            <option key={n} value={n}>{n}</option>
          ))}
        </select>
      </div>
      <ul className="card divide-y divide-slate-100">
        {entries.map((e, i) => (
          <li key={i} className="flex items-center justify-between gap-3 px-4 py-2">
            <span className="font-medium">{e.name}</span>
            <select aria-label={`Pool for ${e.name}`} className="input w-40" value={assignment[i] ?? 0} onChange={(ev) => setAssignment((a) => ({ ...a, [i]: Number(ev.target.value) }))}>
              <option value={0}>Unassigned</option>
              {Array.from({ length: poolCount }, (_, p) => (
                <option key={p} value={p + 1}>Pool {p + 1}</option>
              ))}
            </select>
          </li>
        ))}
      </ul>
      <div className="flex justify-end">
        <button type="button" className="btn-primary" disabled={busy} onClick={create}>Create Pools</button>
      </div>
    </div>
  );
}
