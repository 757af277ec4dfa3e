import { useTexts } from '../../i18n/common';
import { useEffect, useState, type ReactNode } from 'react';
import { Dialog } from './dialog';
import type { Bout } from '../../../core/fencing/bout-result';
import { cardsOfFencer, type SideCards } from '../../../core/fencing/bout-cards';
import { CardMarks } from '../referee/card-marks';
import { params } from '@nanostores/i18n';
import { i18n } from '../../i18n';

const messages = i18n('score-picker', {
  score: params('{name} score'),
  priority: 'Priority',
  priorityHint: 'Equal scores count as a victory for both. Won on priority (optional):',
  // A tableau match needs a winner (SPEC §4: a tie means no winner): without priority, nobody goes through.
  priorityHintTableau: 'At equal scores nobody goes through, unless one fencer won on priority:',
  clear: 'Clear result',
});

export interface ScoreSide {
  id: string;
  name: string;
}

interface ScorePickerProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  left: ScoreSide;
  right: ScoreSide;
  max: number;
  /** The bout as entered, left fencer first; at equal scores `priority_id` is the fencer who won on priority, if given. */
  onSave: (bout: Bout) => void;
  /** Shown when the bout already has a result: clears both cells. */
  onClear?: () => void;
  /** The bout's saved result, if any: the cards its referee gave (issue 29) show beside each name. */
  saved?: Parameters<typeof cardsOfFencer>[0];
  /** A tableau match: equal scores decide nothing (a pool bout's count as a victory for both). */
  knockout?: boolean;
  /** Shown under the buttons: the bout's score changes, for the coach (issue 58). */
  footer?: ReactNode;
}

function ScoreRow({ side, max, value, onPick, cards }: { side: ScoreSide; max: number; value: number | null; onPick: (n: number) => void; cards?: SideCards }) {
  const t = useTexts(messages);
  return (
    <div role="group" aria-label={t.score({ name: side.name })} className="space-y-2">
      <p className="flex items-center gap-2 text-sm font-semibold">{side.name}<CardMarks side={cards} /></p>
      <div className="flex flex-wrap gap-1.5">
        {Array.from({ length: max + 1 }, (_, n) => (
          <button
            key={n}
            type="button"
            aria-pressed={value === n}
            className={`h-11 min-w-11 rounded-md border text-base font-semibold ${
              value === n ? 'border-slate-900 bg-slate-900 text-white' : 'border-slate-300 bg-white hover:bg-slate-100'
            }`}
            onClick={() => onPick(n)}
          >
            {n}
          </button>
        ))}
      </div>
    </div>
  );
}

/**
 * SPEC §2 score dialog: whole numbers 0..max for each fencer, both reset on every open, Save enabled once
 * both are chosen; wider when the maximum is above 5. At equal scores an optional priority winner.
 */
export function ScorePicker({ open, onOpenChange, title, left, right, max, onSave, onClear, saved, knockout = false, footer }: ScorePickerProps) {
  const t = useTexts(messages);
  const [l, setL] = useState<number | null>(null);
  const [r, setR] = useState<number | null>(null);
  const [priority, setPriority] = useState<string | null>(null);

  useEffect(() => {
    if (open) {
      setL(null);
      setR(null);
      setPriority(null);
    }
  }, [open]);

  const tie = l !== null && l === r;
  const both = l !== null && r !== null;

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={title} wide={max > 5}>
      <div className="space-y-4">
        <ScoreRow side={left} max={max} value={l} onPick={setL} cards={saved && cardsOfFencer(saved, left.id)} />
        <ScoreRow side={right} max={max} value={r} onPick={setR} cards={saved && cardsOfFencer(saved, right.id)} />
        {tie && (
          <div role="group" aria-label={t.priority} className="space-y-2 rounded-md bg-amber-50 p-3">
            <p className="text-sm">{knockout ? t.priorityHintTableau : t.priorityHint}</p>
            <div className="flex flex-wrap gap-2">
              {[left, right].map((side) => (
                <button
                  key={side.id}
                  type="button"
                  aria-pressed={priority === side.id}
                  className={priority === side.id ? 'btn-primary' : 'btn-secondary'}
                  onClick={() => setPriority(priority === side.id ? null : side.id)}
                >
                  {side.name}
                </button>
              ))}
            </div>
          </div>
        )}
        <div className="flex flex-wrap justify-end gap-2">
          {onClear && (
            <button type="button" className="btn-ghost mr-auto text-red-700" onClick={onClear}>
              {t.clear}
            </button>
          )}
          <button type="button" className="btn-secondary" onClick={() => onOpenChange(false)}>
            {t.cancel}
          </button>
          <button
            type="button"
            className="btn-primary"
            disabled={!both}
            onClick={() => both && onSave({ player1_id: left.id, player2_id: right.id, score1: l, score2: r, priority_id: tie ? priority : null })}
          >
            {t.save}
          </button>
        </div>
        {footer}
      </div>
    </Dialog>
  );
}
