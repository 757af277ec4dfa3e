import { useTexts } from '../../i18n/common';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { Link } from '../../components/link';
import { call, client } from '../../lib/api';
import { useResource } from '../../lib/use-resource';
import { maxPoolsFor, MIN_POOLS } from '../../../core/limits';
import { toastError } from '../../state/toasts';
import { paths } from '../../lib/paths';
import { useGeneratePools } from '../../components/use-generate-pools';
import { useCurrentPractice } from '../../state/practices';
import { setupSelectionAtom, toRequestEntry } from '../../state/setup-selection';
import { EmptyState, NoPracticeSelected } from '../../components/empty-state';
import { params } from '@nanostores/i18n';
import { i18n, locale, useLanguage } from '../../i18n';
import { drawnPoolNames } from '../../../core/defaults';

const messages = i18n('manual-pool-assignment-page', {
  created: 'Pools created successfully',
  createFailed: 'Failed to create pools',
  goSetup: 'Go to setup',
  unassignedCount: params('Please assign all athletes to pools. {n} athlete(s) unassigned.'),
  back: '← Back to setup',
  title: 'Assign athletes to pools',
  poolFor: params('Pool for {name}'),
  emptyPool: params('{pool} has no fencer yet: give it one, or choose fewer pools.'),
  create: 'Create Pools',
});

/** /manual-pool-assignment: each athlete chosen in setup gets a pool. */
export function ManualPoolAssignmentPage() {
  const t = useTexts(messages);
  const practice = useCurrentPractice();
  const entries = useAtomValue(setupSelectionAtom);
  const [poolCount, setPoolCount] = useState(MIN_POOLS);
  const [assignment, setAssignment] = useState<Record<number, number>>({});
  const { busy, generate: submit } = useGeneratePools({ success: t.created, failure: t.createFailed });
  // Issue 33: the pools are offered under the names the server will give them (Pool 11… after Pool 10), in the coach's
  // language. While the practice's pools load, or when they cannot be read, they are numbered from 1.
  const existing = useResource(practice ? `pool-names:${practice.id}` : null, () =>
    call(client.practices[':practiceId'].pools.$get({ param: { practiceId: practice!.id } })).then((pools) => pools.map((p) => p.name)),
  );
  const labels = drawnPoolNames(existing.data ?? [], poolCount, useLanguage());

  if (!practice) return <NoPracticeSelected />;
  if (entries.length === 0) {
    return <EmptyState title={t.noAthletesSelected} text={t.selectAthletes} to={paths.practiceSetup} action={t.goSetup} />;
  }

  async function create() {
    if (!practice) return;
    const unassigned = entries.filter((_, i) => !(assignment[i]! >= 1 && assignment[i]! <= poolCount)).length;
    if (unassigned > 0) return toastError(t.unassignedCount({ n: unassigned }));
    // The server draws no empty pool and numbers the others without it: each pool offered gets a fencer, so each is
    // created under the name it was offered as.
    const empty = labels.findIndex((_, p) => !entries.some((_, i) => assignment[i] === p + 1));
    if (empty >= 0) return toastError(t.emptyPool({ pool: labels[empty]! }));
    const body = { method: 'manual' as const, entries: entries.map((e, i) => ({ ...toRequestEntry(e), pool: assignment[i] })), lang: locale.get() };
    await submit(practice, () => call(client.practices[':practiceId'].pools.generate.$post({ param: { practiceId: practice.id }, json: body })));
  }

  return (
    <div className="mx-auto max-w-2xl space-y-5">
      <div>
        <Link to={paths.practiceSetup} className="text-sm text-sky-700 hover:underline">{t.back}</Link>
        <h1 className="mt-2 text-2xl font-bold">{t.title}</h1>
      </div>
      <div className="w-40">
        <label className="label" htmlFor="manual-pool-count">{t.poolCount}</label>
        <select id="manual-pool-count" className="input" value={poolCount} onChange={(e) => setPoolCount(Number(e.target.value))}>
          {Array.from({ length: maxPoolsFor(entries.length) - MIN_POOLS + 1 }, (_, i) => i + MIN_POOLS).map((n) => (
            <option key={n} value={n}>{n}</option>
          ))}
        </select>
      </div>
      <ul className="card divide-y divide-slate-100">
        {entries.map((e, i) => (
          <li key={i} className="flex items-center justify-between gap-3 px-4 py-2">
            <span className="font-medium">{e.name}</span>
            <select aria-label={t.poolFor({ name: e.name })} className="input w-40" value={assignment[i] ?? 0} onChange={(ev) => setAssignment((a) => ({ ...a, [i]: Number(ev.target.value) }))}>
              <option value={0}>{t.unassigned}</option>
              {labels.map((label, p) => (
                <option key={p} value={p + 1}>{label}</option>
              ))}
            </select>
          </li>
        ))}
      </ul>
      <div className="flex justify-end">
        <button type="button" className="btn-primary" disabled={busy} onClick={create}>{t.create}</button>
      </div>
    </div>
  );
}
