import { useState } from 'react';
import { useNavigate } from 'react-router';
import { params } from '@nanostores/i18n';
import type { Practice } from '../../../core/contracts/practices';
import { sameNameKey as nameKey } from '../../../core/names';
import { TEAM_MAX, TEAM_MIN } from '../../../core/fencing/teams';
import { i18n } from '../../i18n';
import { useTexts } from '../../i18n/common';
import { localMessage } from '../../lib/form-rules';
import { call, client, errorMessage } from '../../lib/api';
import { paths } from '../../lib/paths';
import { ROSTER_FILE_MAX } from '../../lib/roster-file';
import { toast, toastError } from '../../state/toasts';
import { applyTeams } from '../../state/teams';

const messages = i18n('team-file', {
  button: 'Teams from a file',
  help: 'An FIE or French federation team file (XML): its teams and their fencers, who join the roster.',
  created: params('{teams} teams from the file, {fencers} fencers'),
  sizes: params('{team} has {n} fencers: a team has 3 or 4'),
  noTeams: 'This file holds no teams',
  twice: params('{name} is in this file twice: one person per name'),
  badRow: params('{name}: {reason}'),
  failed: 'The teams could not be made from this file',
});

class TeamFileProblem extends Error {}

/**
 * "Teams from a file" on Build teams (issue 30): a team file (a federation's `BaseCompetitionParEquipes`, an
 * FIE or BellePoule `CompetitionParEquipes`) brings its teams into the practice's setup. Its fencers join the
 * roster first (the roster import: those already there are kept), then the teams are made by hand as the
 * file groups them, in its order. Teams are numbered in Piste; the file's names are not kept.
 */
export function TeamFileButton({ practice }: { practice: Practice }) {
  const t = useTexts(messages);
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);

  async function read(file: File) {
    setBusy(true);
    try {
      if (file.size > ROSTER_FILE_MAX) throw new TeamFileProblem(t.failed);
      const { decodeXml, readFieTeams, FieFormatError } = await import('../../../core/interop/fie-xml');
      let teams;
      try {
        teams = readFieTeams(decodeXml(new Uint8Array(await file.arrayBuffer())));
      } catch (e) {
        throw new TeamFileProblem(e instanceof FieFormatError ? localMessage(e.message) : t.failed);
      }
      if (teams.length === 0) throw new TeamFileProblem(t.noTeams);
      const odd = teams.find((team) => team.members.length < TEAM_MIN || team.members.length > TEAM_MAX);
      if (odd) throw new TeamFileProblem(t.sizes({ team: odd.name, n: odd.members.length }));
      // One person per name: a name twice in the file (two namesakes, or one fencer in two teams) is refused
      // before anything is written, as the roster would hold one athlete for both.
      const seen = new Set<string>();
      const twice = teams.flatMap((team) => team.members).find((m) => seen.size === seen.add(nameKey(m.name)).size);
      if (twice) throw new TeamFileProblem(t.twice({ name: twice.name }));
      const bad = teams.flatMap((team) => team.members).find((m) => m.error);
      if (bad) throw new TeamFileProblem(t.badRow({ name: bad.name, reason: localMessage(bad.error!) }));
      const members = teams.flatMap((team) => team.members);
      await call(client.athletes.import.$post({ json: { athletes: members } }));
      const roster = await call(client.athletes.$get());
      const idOf = new Map(roster.map((a) => [nameKey(a.name), a.id]));
      const entries = teams.flatMap((team, n) => team.members.map((m) => ({ athlete_id: idOf.get(nameKey(m.name))!, team: n + 1 })));
      const made = await call(client.practices[':practiceId'].teams.$post({ param: { practiceId: practice.id }, json: { method: 'manual', teams: teams.length, entries } }));
      applyTeams(practice.id, made);
      toast({ title: t.success, description: t.created({ teams: teams.length, fencers: members.length }) });
      navigate(paths.teamPoolSetup);
    } catch (e) {
      toastError(e instanceof TeamFileProblem ? e.message : errorMessage(e, t.failed));
    } finally {
      setBusy(false);
    }
  }

  return (
    <label className={`btn-secondary cursor-pointer ${busy ? 'pointer-events-none opacity-60' : ''}`} title={t.help}>
      {t.button}
      <input
        type="file"
        accept=".xml,application/xml,text/xml"
        className="sr-only"
        aria-describedby="team-file-help"
        disabled={busy}
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) void read(file);
        }}
      />
      <span id="team-file-help" className="sr-only">{t.help}</span>
    </label>
  );
}
