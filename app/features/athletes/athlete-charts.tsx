import { useTexts } from '../../i18n/common';
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { formatPracticeDate } from '../../lib/dates';
import { i18n, intlLocale } from '../../i18n';

const messages = i18n('athlete-charts', {
  nothing: 'Nothing to show in this period.',
  indicator: 'Indicator per practice',
});

/**
 * The athlete page's charts (issue 16), drawn with uPlot: small (about 20 KB gzip), fast on a phone, and
 * loaded only with this chunk, so no other screen carries it. Each chart is a picture for the eye; the
 * same numbers are in a table for screen readers beside it.
 */

export interface ChartPoint {
  /** YYYY-MM-DD */
  date: string;
  value: number;
  label: string;
}

const DAY = 86_400;
/** A chart's day on its axis, in the viewer's language. */
const dayLabel = () => new Intl.DateTimeFormat(intlLocale(), { month: 'short', day: 'numeric', timeZone: 'UTC' });
// At the day's start, where the axis marks the day: a point sits on its date's label.
const seconds = (date: string) => Date.parse(`${date}T00:00:00Z`) / 1000;

/** Points on the same day are spread over it, so a practice with several bouts draws each. */
function xs(points: ChartPoint[]): number[] {
  const out: number[] = [];
  points.forEach((p, i) => {
    const sameDayBefore = points.slice(0, i).filter((q) => q.date === p.date).length;
    out.push(seconds(p.date) + (sameDayBefore * DAY) / 24);
  });
  return out;
}

function LineChart({ points, title, color, zeroLine, testId }: { points: ChartPoint[]; title: string; color: string; zeroLine?: boolean; testId: string }) {
  const t = useTexts(messages);
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (!el || points.length === 0) return;
    const width = () => Math.max(240, el.clientWidth);
    const plot = new uPlot(
      {
        width: width(),
        height: 220,
        legend: { show: false },
        cursor: { drag: { x: false, y: false } },
        // At least a day either side of the points: one day alone (or one practice's many bouts) still has a
        // day's mark under it and one each side, where an empty range would have none or 1 January's.
        scales: { x: { time: true, range: (_u, min, max) => (max - min < DAY ? [min - DAY, min + 2 * DAY] : [min, max]) } },
        // Practice dates are calendar days: whole days on the axis, in UTC like the dates themselves.
        tzDate: (ts) => uPlot.tzDate(new Date(ts * 1e3), 'Etc/UTC'),
        axes: [
          {
            stroke: '#475569', grid: { stroke: '#e2e8f0' }, space: 70, incrs: [DAY, 7 * DAY, 28 * DAY, 91 * DAY, 365 * DAY],
            values: (_u, splits) => splits.map((s) => dayLabel().format(new Date(s * 1000))),
          },
          { stroke: '#475569', grid: { stroke: '#e2e8f0' }, size: 48 },
        ],
        series: [
          {},
          { label: title, stroke: color, width: 2, points: { show: true, size: 6, fill: color } },
          ...(zeroLine ? [{ label: '0', stroke: '#94a3b8', width: 1, dash: [4, 4], points: { show: false } }] : []),
        ],
      },
      [xs(points), points.map((p) => p.value), ...(zeroLine ? [points.map(() => 0)] : [])] as uPlot.AlignedData,
      el,
    );
    const resize = new ResizeObserver(() => plot.setSize({ width: width(), height: 220 }));
    resize.observe(el);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [points, title, color, zeroLine]);
  return (
    <figure className="card p-4" data-testid={testId}>
      <figcaption className="font-semibold">{title}</figcaption>
      {points.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">{t.nothing}</p>
      ) : (
        <>
          <div ref={box} className="mt-2 w-full" aria-hidden="true" />
          {/* In a clipped box: a table is never narrower than its text, and one left to itself would widen a phone's page. */}
          <div className="sr-only">
            <table>
              <caption>{title}</caption>
              <thead>
                <tr><th scope="col">{t.date}</th><th scope="col">{t.practice}</th><th scope="col">{title}</th></tr>
              </thead>
              <tbody>
                {points.map((p, i) => (
                  <tr key={i}><td>{formatPracticeDate(p.date)}</td><td>{p.label}</td><td>{p.value}</td></tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </figure>
  );
}

/** The indicator of each practice and the rating after each rated bout, over time. */
export function AthleteCharts({ indicator, rating }: { indicator: ChartPoint[]; rating: ChartPoint[] }) {
  const t = useTexts(messages);
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <LineChart points={indicator} title={t.indicator} color="#0369a1" zeroLine testId="indicator-chart" />
      <LineChart points={rating} title={t.rating} color="#b45309" testId="rating-chart" />
    </div>
  );
}
