/** SPEC §9 zoom: 50–200, default 100, slider step 5, buttons step 10; the percent label resets to 100. */
export const ZOOM = { min: 50, max: 200, initial: 100, sliderStep: 5, buttonStep: 10 } as const;

export const clampZoom = (z: number) => Math.min(ZOOM.max, Math.max(ZOOM.min, z));

export function ZoomControl({ zoom, onZoom }: { zoom: number; onZoom: (z: number) => void }) {
  return (
    <div className="flex items-center gap-2" role="group" aria-label="Zoom">
      <button type="button" className="btn-secondary h-9 w-9 p-0" aria-label="Zoom out" disabled={zoom <= ZOOM.min} onClick={() => onZoom(clampZoom(zoom - ZOOM.buttonStep))}>
        −
      </button>
      <input
        type="range"
        aria-label="Zoom level"
        min={ZOOM.min}
        max={ZOOM.max}
        step={ZOOM.sliderStep}
        value={zoom}
        onChange={(e) => onZoom(clampZoom(Number(e.target.value)))}
        className="w-28"
      />
      <button type="button" className="btn-secondary h-9 w-9 p-0" aria-label="Zoom in" disabled={zoom >= ZOOM.max} onClick={() => onZoom(clampZoom(zoom + ZOOM.buttonStep))}>
        +
      </button>
      <button type="button" className="w-14 text-sm font-medium tabular-nums text-slate-700 hover:underline" title="Reset to 100%" onClick={() => onZoom(ZOOM.initial)}>
        {zoom}%
      </button>
    </div>
  );
}
