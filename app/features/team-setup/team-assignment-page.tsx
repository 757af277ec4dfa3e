import { useAtomValue } from 'jotai';
import type { CreateTeamsBody } from '../../../core/validation';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { apiPaths, type Team } from '../../../core/api';
import { assignTeams, TEAM_MAX, TEAM_MESSAGES, teamCount, validTeamSizes } from '../../../core/fencing/teams';
import { toast, toastError } from '../../components/ui/toast';
import { api, ApiError } from '../../lib/api';
import { paths } from '../../paths';
import { sessionAtom } from '../../state/session';
import { useCurrentPractice } from '../../state/practices';
import { setupSelectionAtom, toRequestEntry } from '../../state/setup-selection';
import { applyTeams } from '../../state/teams';
import { EmptyState } from '../../components/empty-state';

/**
 * /manual-team-assignment (ceil(n/4) teams) and /single-match (two teams for one match): each athlete
 * picks a team; a team leaves the other selectors once it has 4 members.
 */
export function TeamAssignmentPage({ singleMatch = false }: { singleMatch?: boolean }) {
  const practice = useCurrentPractice();
  const session = useAtomValue(sessionAtom);
  const entries = useAtomValue(setupSelectionAtom);
  const navigate = useNavigate();
  const [teamOf, setTeamOf] = useState<Record<number, number>>({});
  const [busy, setBusy] = useState(false);
  const count = singleMatch ? 2 : teamCount(entries.length);

  if (entries.length === 0) {
    return <EmptyState title="No athletes selected" text="Please select athletes or add names manually." to={paths.teamPracticeSetup} action="Go to team setup" />;
  }

  const sizes = Array.from({ length: count }, (_, t) => Object.values(teamOf).filter((n) => n === t + 1).length);

  async function save() {
    if (!practice) return toastError('No practice selected');
    if (session.status !== 'signed-in') return toastError('Not authenticated');
    const { groups, unassigned } = assignTeams(entries.map((_, i) => i), (i) => teamOf[i], count);
    if (unassigned > 0) return toastError(TEAM_MESSAGES.incomplete.description, TEAM_MESSAGES.incomplete.title);
    if (!validTeamSizes(groups.map((g) => g.length))) return toastError(TEAM_MESSAGES.sizes.description, TEAM_MESSAGES.sizes.title);
    setBusy(true);
    try {
      const body = { method: 'manual', teams: count, entries: entries.map((e, i) => ({ ...toRequestEntry(e), team: teamOf[i] })) } satisfies CreateTeamsBody;
      applyTeams(practice.id, await api<Team[]>('POST', apiPaths.teams(practice.id), body));
      toast({ title: 'Success', description: 'Teams created and saved successfully' });
      navigate(singleMatch ? paths.teams : paths.teamPoolSetup);
    } catch (e) {
      toastError(e instanceof ApiError && e.status === 400 ? e.message : 'Failed to save teams');
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="mx-auto max-w-2xl space-y-5">
      <div>
        <Link to={paths.teamPracticeSetup} className="text-sm text-sky-700 hover:underline">← Back to team setup</Link>
        <h1 className="mt-2 text-2xl font-bold">{singleMatch ? 'Single match: two teams' : 'Assign athletes to teams'}</h1>
        <p className="text-sm text-slate-600">
          {count} teams of 3 or 4 · {sizes.map((n, t) => `Team ${t + 1}: ${n}`).join(' · ')}
        </p>
      </div>
      <ul className="card divide-y divide-slate-100">
        {entries.map((e, i) => (
          <li key={i} className="flex items-center justify-between gap-3 px-4 py-2">
            <span className="font-medium">{e.name}</span>
            <select aria-label={`Team for ${e.name}`} className="input w-40" value={teamOf[i] ?? 0} onChange={(ev) => setTeamOf((a) => ({ ...a, [i]: Number(ev.target.value) }))}>
              <option value={0}>Unassigned</option>
              {Array.from({ length: count }, (_, t) => t + 1)
                // SPEC §2: a team option disappears once it has 4 members (unless it is this athlete's own).
                .filter((t) => teamOf[i] === t || sizes[t - 1]! < TEAM_MAX)
                .map((t) => (
                  <option key={t} value={t}>Team {t}</option>
                ))}
            </select>
          </li>
        ))}
      </ul>
      <div className="flex justify-end">
        <button type="button" className="btn-primary" disabled={busy} onClick={save}>Save Teams</button>
      </div>
    </div>
  );
}
