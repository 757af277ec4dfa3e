import { useTexts } from '../../i18n/common';
import { useState, type FormEvent } from 'react';
import type { TableauFormat } from '../../../core/contracts/tableau';
import { MAX_PERCENT, MIN_PERCENT, MIN_TOP, type Cut } from '../../../core/fencing/cut';
import { Dialog } from '../../components/ui/dialog';
import { toast, toastError } from '../../state/toasts';
import { ApiError, call, client } from '../../lib/api';
import { applyBracket } from '../../state/bracket';
import { i18n } from '../../i18n';
import { useTerms } from '../../i18n/fencing-terms';

const messages = i18n('format-dialog', {
  saved: 'Format saved',
  savedText: 'The tableau follows it.',
  failed: 'Failed to save the format. Please try again.',
  title: 'Tableau format',
  who: 'Who goes on to the tableau',
  theTop: 'The top',
  topCount: 'Number of fencers who go on',
  fencers: 'fencers',
  topPercent: 'Percentage of fencers who go on',
  tied: 'Fencers tied exactly at the line',
  tiedAll: 'all go through (no barrage)',
  tiedBarrage: 'fence a barrage for the places left',
  tiedHelp: 'The others are eliminated after the pools. A barrage is a small pool of the tied fencers, bouts to 5 touches.',
  thirdShared: '3rd place shared',
  thirdBout: '3rd-place bout',
  places58: 'Fence for places 5–8',
  startedPlaces: 'The tableau has started: the places fenced out can change only after a redraw.',
  startedCut: 'The tableau has started. A new cut changes who goes on: the tableau keeps its results until you redraw it.',
  changeCut: 'Change the cut',
  save: 'Save format',
});

interface FormatDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  practiceId: string;
  format: TableauFormat;
  /** The tableau has its first score: the bouts for places are fixed, and a new cut leaves it stale. */
  started: boolean;
  /** A barrage at the cut may be asked for (an individual event). */
  barrage: boolean;
}

/**
 * Issue 14: who goes on to the tableau (everyone, the top N, the top P %; ties at the line all go through)
 * and the places fenced out (a bout for 3rd, a 5–8 table).
 */
export function FormatDialog({ open, onOpenChange, practiceId, format, started, barrage }: FormatDialogProps) {
  const t = useTexts(messages);
  const terms = useTerms();
  const [kind, setKind] = useState<Cut['kind']>(format.cut.kind);
  const [top, setTop] = useState(format.cut.kind === 'top' ? String(format.cut.value) : '8');
  const [percent, setPercent] = useState(format.cut.kind === 'percent' ? String(format.cut.value) : '70');
  const [thirdPlace, setThirdPlace] = useState(format.third_place);
  const [places58, setPlaces58] = useState(format.places_5_8);
  const [ties, setTies] = useState(format.ties ?? 'all');
  // Mounted when opened (the tableau page renders it only then), so its state starts from the saved format.
  const [busy, setBusy] = useState(false);

  const cut: Cut = kind === 'all' ? { kind } : { kind, value: Number(kind === 'top' ? top : percent) };
  const cutChanged = JSON.stringify(cut) !== JSON.stringify(format.cut);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    try {
      const body: TableauFormat = { cut, third_place: thirdPlace, places_5_8: places58, ties };
      applyBracket(practiceId, await call(client.practices[':practiceId'].bracket.format.$put({ param: { practiceId }, json: body })));
      toast({ title: t.saved, description: t.savedText });
      onOpenChange(false);
    } catch (err) {
      toastError(err instanceof ApiError ? err.message : t.failed);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={t.title}>
      <form onSubmit={submit} className="space-y-4" noValidate>
        <fieldset className="space-y-2">
          <legend className="label">{t.who}</legend>
          <label className="flex items-center gap-2">
            <input type="radio" name="cut" checked={kind === 'all'} onChange={() => setKind('all')} /> {terms.cut({ kind: 'all' })}
          </label>
          <label className="flex flex-wrap items-center gap-2">
            <input type="radio" name="cut" checked={kind === 'top'} onChange={() => setKind('top')} /> {t.theTop}
            <input aria-label={t.topCount} type="number" min={MIN_TOP} className="input w-20" value={top} onFocus={() => setKind('top')} onChange={(e) => setTop(e.target.value)} />
            {t.fencers}
          </label>
          <label className="flex flex-wrap items-center gap-2">
            <input type="radio" name="cut" checked={kind === 'percent'} onChange={() => setKind('percent')} /> {t.theTop}
            <input aria-label={t.topPercent} type="number" min={MIN_PERCENT} max={MAX_PERCENT} className="input w-20" value={percent} onFocus={() => setKind('percent')} onChange={(e) => setPercent(e.target.value)} />
            %
          </label>
        </fieldset>
        {barrage && <fieldset className="space-y-2">
          <legend className="label">{t.tied}</legend>
          <label className="flex items-center gap-2">
            <input type="radio" name="ties" checked={ties === 'all'} onChange={() => setTies('all')} /> {t.tiedAll}
          </label>
          <label className="flex items-center gap-2">
            <input type="radio" name="ties" checked={ties === 'barrage'} onChange={() => setTies('barrage')} /> {t.tiedBarrage}
          </label>
          <p className="text-xs text-slate-600">{t.tiedHelp}</p>
        </fieldset>}
        <fieldset className="space-y-2">
          <legend className="label">{t.placesFenced}</legend>
          <label className="flex items-center gap-2">
            <input type="radio" name="third" checked={thirdPlace === 'shared'} disabled={started} onChange={() => setThirdPlace('shared')} /> {t.thirdShared}
          </label>
          <label className="flex items-center gap-2">
            <input type="radio" name="third" checked={thirdPlace === 'bout'} disabled={started} onChange={() => setThirdPlace('bout')} /> {t.thirdBout}
          </label>
          <label className="flex items-center gap-2">
            <input type="checkbox" checked={places58} disabled={started} onChange={(e) => setPlaces58(e.target.checked)} /> {t.places58}
          </label>
          {started && <p className="text-xs text-slate-600">{t.startedPlaces}</p>}
        </fieldset>
        {started && cutChanged && (
          <p className="rounded-md border border-amber-300 bg-amber-50 p-2 text-sm text-amber-900" role="alert">
            {t.startedCut}
          </p>
        )}
        <div className="flex justify-end gap-2">
          <button type="button" className="btn-secondary" onClick={() => onOpenChange(false)}>{t.cancel}</button>
          <button type="submit" className="btn-primary" disabled={busy}>{started && cutChanged ? t.changeCut : t.save}</button>
        </div>
      </form>
    </Dialog>
  );
}
