// Issue 33's figures in bench/results.json and in the printed table: each run is kept under its label
// (BENCH_LABEL, e.g. `before` and `after`) beside the others, and every row shows the labels side by side
// (before → after), its goal judged on the last of them.

const GOALS = {
  loopback: { cache: 'warm', ms: 300, text: 'warm ≤ 300 ms' },
  'slow mobile': { cache: 'cold', ms: 2500, text: 'cold ≤ 2500 ms' },
};

/** Labels in the order they are read: before first, after next, any other after them. */
const ordered = (labels) => Object.keys(labels).sort((a, b) => rank(a) - rank(b));
const rank = (l) => (l === 'before' ? 0 : l === 'after' ? 1 : 2);

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const timeOf = (f) => (f.median === null ? f.failed : `${f.median} ms`);

/** Side by side: `before 1200 → after 250` (each label's value, or what stopped it). */
function across(labels, valueOf) {
  return ordered(labels).map((l) => `${l} ${valueOf(labels[l]) ?? '—'}`).join(' → ');
}

const find = (run, fencers, page, profile) => run.pages.find((p) => p.fencers === fencers && p.page === page && (p.cannotBuild || p.profile === profile));

/** The value of one page at one size in one profile, as a row cell. */
function cell(run, fencers, page, profile, show) {
  const f = find(run, fencers, page, profile);
  if (!f) return null;
  if (f.cannotBuild) return `cannot be built (${f.cannotBuild.step})`;
  return show(f);
}

/** The table's rows for every label in `issue33.labels`. */
export function issue33Rows(issue33) {
  const labels = issue33.labels;
  const last = labels[ordered(labels).at(-1)];
  const sizes = [...new Set(Object.values(labels).flatMap((r) => r.pages.map((p) => p.fencers)))].sort((a, b) => a - b);
  const pages = [...new Set(Object.values(labels).flatMap((r) => r.pages.map((p) => p.page)))];
  const rows = [];
  for (const page of pages) {
    for (const fencers of sizes) {
      for (const [profile, goal] of Object.entries(GOALS)) {
        const lastFigure = find(last, fencers, page, profile);
        const judged = lastFigure && !lastFigure.cannotBuild ? lastFigure[goal.cache].median : null;
        rows.push({
          figure: `issue 33: ${page}, ${fencers} fencers, ${profile}: rows shown, cold / warm (median)`,
          value: across(labels, (r) => cell(r, fencers, page, profile, (f) => `${timeOf(f.cold)} / ${timeOf(f.warm)}${f.warm.serviceWorker === false ? ' (warm without a service worker)' : ''} (${f.cold.rows ?? 0} rows)`)),
          goal: goal.text,
          met: judged === null ? 'NO' : judged <= goal.ms ? 'yes' : 'NO',
        });
      }
      rows.push({
        figure: `issue 33: ${page}, ${fencers} fencers: bytes of a cold / warm load`,
        value: across(labels, (r) =>
          cell(r, fencers, page, 'loopback', (f) => {
            const b = f.cold.bytes;
            if (!b) return timeOf(f.cold);
            return `${kb(b.total)} (JS ${kb(b.js)}, CSS ${kb(b.css)}, HTML ${kb(b.html)}, API ${kb(b.api)}, socket ${kb(b.ws)}) / ${f.warm.bytes ? kb(f.warm.bytes.total) : '—'}`;
          }),
        ),
        goal: '',
        met: '',
      });
    }
    // Growth from the smallest to the largest event against the growth of the rows drawn.
    const [small, big] = [sizes[0], sizes.at(-1)];
    if (small === big) continue;
    for (const [profile, goal] of Object.entries(GOALS)) {
      const growth = (r) => {
        const a = find(r, small, page, profile);
        const b = find(r, big, page, profile);
        if (!a || !b || a.cannotBuild || b.cannotBuild || !a[goal.cache].median || !b[goal.cache].median) return null;
        return { time: b[goal.cache].median / a[goal.cache].median, rows: (b[goal.cache].rows || 1) / (a[goal.cache].rows || 1) };
      };
      const g = growth(last);
      rows.push({
        figure: `issue 33: ${page}, ${small} → ${big} fencers, ${profile} ${goal.cache}: growth of time vs rows drawn`,
        value: across(labels, (r) => {
          const x = growth(r);
          return x && `${x.time.toFixed(2)}x time for ${x.rows.toFixed(1)}x rows`;
        }),
        goal: '≤ rows ratio',
        met: g ? (g.time <= g.rows ? 'yes' : 'NO') : 'NO',
      });
    }
  }
  return rows;
}

/** results.json's `issue33` with this run under `label`, every other label kept as it was. */
export function mergeIssue33(previous, label, run) {
  const issue33 = { labels: { ...previous?.labels, [label]: run } };
  issue33.table = issue33Rows(issue33);
  return issue33;
}
