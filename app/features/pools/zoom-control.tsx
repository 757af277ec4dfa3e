import { i18n, useStore } from '../../i18n';

const messages = i18n('zoom-control', {
  zoom: 'Zoom',
  out: 'Zoom out',
  level: 'Zoom level',
  in: 'Zoom in',
  reset: 'Reset to 100%',
});

/** SPEC §9 zoom: 50–200, default 100, slider step 5, buttons step 10; the percent label resets to 100. */
export const ZOOM = { min: 50, max: 200, initial: 100, sliderStep: 5, buttonStep: 10 } as const;

export const clampZoom = (z: number) => Math.min(ZOOM.max, Math.max(ZOOM.min, z));

export function ZoomControl({ zoom, onZoom }: { zoom: number; onZoom: (z: number) => void }) {
  const t = useStore(messages);
  return (
    <div className="flex items-center gap-2" role="group" aria-label={t.zoom}>
      <button type="button" className="btn-secondary h-9 w-9 p-0" aria-label={t.out} disabled={zoom <= ZOOM.min} onClick={() => onZoom(clampZoom(zoom - ZOOM.buttonStep))}>
        −
      </button>
      <input
        type="range"
        aria-label={t.level}
        min={ZOOM.min}
        max={ZOOM.max}
        step={ZOOM.sliderStep}
        value={zoom}
        onChange={(e) => onZoom(clampZoom(Number(e.target.value)))}
        className="w-28"
      />
      <button type="button" className="btn-secondary h-9 w-9 p-0" aria-label={t.in} disabled={zoom >= ZOOM.max} onClick={() => onZoom(clampZoom(zoom + ZOOM.buttonStep))}>
        +
      </button>
      <button type="button" className="w-14 text-sm font-medium tabular-nums text-slate-700 hover:underline" title={t.reset} onClick={() => onZoom(ZOOM.initial)}>
        {zoom}%
      </button>
    </div>
  );
}
