import { useTexts } from '../../i18n/common';
import { useState } from 'react';
import type { PoolPlayer } from '../../../core/contracts/pools';
import type { PlayerStatus } from '../../../core/fencing/withdrawal';
import { useStatusNames } from '../../components/pool/status-labels';
import { nameIndex } from '../../../core/names';
import { Dialog } from '../../components/ui/dialog';
import { useRoster } from '../../state/roster';
import { params } from '@nanostores/i18n';
import { i18n, type TextKey } from '../../i18n';

const messages = i18n('status-dialog', {
  withdrawn: 'Withdrawn (injury)',
  withdrawnHelp: 'Their bouts are annulled for everyone; ranked after everyone who completes the pools (Did Not Finish).',
  excludedHelp: 'Their bouts are annulled as if they had not taken part; not classified.',
  fencing: 'Fencing',
  fencingHelp: 'Back in the pool with every bout they fenced (possible until the tableau starts).',
  rosterAthlete: 'Roster athlete',
  linked: params('Linked to {name}: this entry\'s bouts count in their history.'),
  notLinked: 'Not linked: this entry’s bouts count in no athlete’s history.',
  linkTo: 'Link to roster athlete…',
  choose: 'Choose an athlete',
  sameName: params('{name} (same name)'),
  possibleName: params('{name} (possibly: spelled differently)'),
  unlink: 'Unlink',
});

interface StatusDialogProps {
  player: PoolPlayer;
  onOpenChange: (open: boolean) => void;
  onChoose: (status: PlayerStatus | null) => void;
  /** Issue 16: link the entry to a roster athlete (null unlinks). */
  onLink: (athlete: { id: string; name: string } | null) => void;
}

type Key = TextKey<typeof messages>;

/** Each choice; excluded is named by the fencing term (no label of its own). */
const CHOICES: { status: PlayerStatus | null; label?: Key; help: Key }[] = [
  { status: 'withdrawn', label: 'withdrawn', help: 'withdrawnHelp' },
  { status: 'excluded', help: 'excludedHelp' },
  { status: null, label: 'fencing', help: 'fencingHelp' },
];

/**
 * One identity per fencer (issue 16): the roster athlete this entry is, chosen from the roster, an athlete of
 * the same name offered first; its bouts, pool and tableau, then count in that athlete's history.
 */
function RosterLink({ player, onLink }: Pick<StatusDialogProps, 'player' | 'onLink'>) {
  const t = useTexts(messages);
  const roster = useRoster().data;
  // Issue 32: the same name (core/names.ts) is preselected; a name differing only by accents is offered first, not chosen.
  const found = roster ? nameIndex(roster)(player.name) : null;
  const suggested = found?.match ?? null;
  const [choice, setChoice] = useState<string>('');
  const picked = choice || (found?.kind === 'same' ? found.match.id : '');
  if (!roster) return null;
  const linked = roster.find((a) => a.id === player.athlete_id) ?? null;
  const others = roster.filter((a) => a.id !== suggested?.id);
  return (
    <section className="mt-4 border-t border-slate-200 pt-3" aria-labelledby="roster-link-title">
      <h3 id="roster-link-title" className="font-medium">{t.rosterAthlete}</h3>
      <p className="text-sm text-slate-600" data-testid="roster-link">
        {linked ? t.linked({ name: linked.name }) : t.notLinked}
      </p>
      {roster.length > 0 && (
        <div className="mt-2 flex flex-wrap items-end gap-2">
          <div className="min-w-48 flex-1">
            <label className="label" htmlFor="link-athlete">{t.linkTo}</label>
            <select id="link-athlete" className="input" value={picked} onChange={(e) => setChoice(e.target.value)}>
              <option value="">{t.choose}</option>
              {found && <option value={found.match.id}>{found.kind === 'same' ? t.sameName({ name: found.match.name }) : t.possibleName({ name: found.match.name })}</option>}
              {others.map((a) => <option key={a.id} value={a.id}>{a.name}</option>)}
            </select>
          </div>
          <button type="button" className="btn-primary" disabled={!picked || picked === linked?.id} onClick={() => onLink(roster.find((a) => a.id === picked)!)}>{t.link}</button>
          {linked && <button type="button" className="btn-secondary" onClick={() => onLink(null)}>{t.unlink}</button>}
        </div>
      )}
    </section>
  );
}

/** A fencer's row menu (issue 14): withdrawn, excluded, or fencing again (FIE o.74); and (issue 16) the roster link. */
export function StatusDialog({ player, onOpenChange, onChoose, onLink }: StatusDialogProps) {
  const status = useStatusNames();
  const t = useTexts(messages);
  return (
    <Dialog open onOpenChange={onOpenChange} title={t.nameStatus({ name: player.name, status: player.status ? status[player.status] : status.fencing })}>
      <ul className="space-y-2">
        {CHOICES.filter((c) => c.status !== player.status).map((c) => (
          <li key={c.status ?? 'fencing'}>
            <button type="button" className="w-full rounded-md border border-slate-200 p-3 text-left hover:border-slate-900" onClick={() => onChoose(c.status)}>
              <span className="block font-medium">{c.label ? t[c.label] : status.excluded}</span>
              <span className="text-sm text-slate-600">{t[c.help]}</span>
            </button>
          </li>
        ))}
      </ul>
      <RosterLink player={player} onLink={onLink} />
      <div className="mt-4 flex justify-end">
        <button type="button" className="btn-secondary" onClick={() => onOpenChange(false)}>{t.cancel}</button>
      </div>
    </Dialog>
  );
}
