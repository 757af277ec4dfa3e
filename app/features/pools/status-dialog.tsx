import type { PoolPlayer } from '../../../core/api';
import { STATUS_LABEL, type PlayerStatus } from '../../../core/fencing/withdrawal';
import { Dialog } from '../../components/ui/dialog';

interface StatusDialogProps {
  player: PoolPlayer;
  onOpenChange: (open: boolean) => void;
  onChoose: (status: PlayerStatus | null) => void;
}

const CHOICES: { status: PlayerStatus | null; label: string; help: string }[] = [
  { status: 'withdrawn', label: 'Withdrawn (injury)', help: 'Their bouts are annulled for everyone; ranked after everyone who completes the pools (Did Not Finish).' },
  { status: 'excluded', label: 'Excluded', help: 'Their bouts are annulled as if they had not taken part; not classified.' },
  { status: null, label: 'Fencing', help: 'Back in the pool with every bout they fenced (possible until the tableau starts).' },
];

/** A fencer's row menu (issue 14): withdrawn, excluded, or fencing again (FIE o.74). */
export function StatusDialog({ player, onOpenChange, onChoose }: StatusDialogProps) {
  return (
    <Dialog open onOpenChange={onOpenChange} title={`${player.name}: ${player.status ? STATUS_LABEL[player.status] : 'fencing'}`}>
      <ul className="space-y-2">
        {CHOICES.filter((c) => c.status !== player.status).map((c) => (
          <li key={c.label}>
            <button type="button" className="w-full rounded-md border border-slate-200 p-3 text-left hover:border-slate-900" onClick={() => onChoose(c.status)}>
              <span className="block font-medium">{c.label}</span>
              <span className="text-sm text-slate-600">{c.help}</span>
            </button>
          </li>
        ))}
      </ul>
      <div className="mt-4 flex justify-end">
        <button type="button" className="btn-secondary" onClick={() => onOpenChange(false)}>Cancel</button>
      </div>
    </Dialog>
  );
}
