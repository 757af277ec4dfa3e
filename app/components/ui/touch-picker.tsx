import { useTexts } from '../../i18n/common';
import { Dialog } from './dialog';
import { i18n } from '../../i18n';

const messages = i18n('touch-picker', {
  touches: 'Touches',
  clear: 'Clear',
});

interface TouchPickerProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  max: number;
  value: number | null;
  onPick: (value: number | null) => void;
}

/** One touch score, 0..max, picked with a single tap (SPEC §9: the team sheet picker goes to 20). */
export function TouchPicker({ open, onOpenChange, title, max, value, onPick }: TouchPickerProps) {
  const t = useTexts(messages);
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={title} wide={max > 5}>
      <div role="group" aria-label={t.touches} className="flex flex-wrap gap-1.5">
        {Array.from({ length: max + 1 }, (_, n) => (
          <button
            key={n}
            type="button"
            aria-pressed={value === n}
            className={`h-11 min-w-11 rounded-md border text-base font-semibold ${value === n ? 'border-slate-900 bg-slate-900 text-white' : 'border-slate-300 bg-white hover:bg-slate-100'}`}
            onClick={() => onPick(n)}
          >
            {n}
          </button>
        ))}
      </div>
      <div className="mt-4 flex justify-between">
        <button type="button" className="btn-ghost text-red-700" disabled={value === null} onClick={() => onPick(null)}>{t.clear}</button>
        <button type="button" className="btn-secondary" onClick={() => onOpenChange(false)}>{t.cancel}</button>
      </div>
    </Dialog>
  );
}
