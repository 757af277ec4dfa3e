/**
 * The practice screens whose capabilities come with later issues (pools, tableau, teams). Until then each
 * shows the state that is true for a practice without pools: the spec's empty texts where they apply.
 */
function Empty({ title, text }: { title?: string; text: string }) {
  return (
    <div className="card p-10 text-center">
      {title && <h2 className="text-lg font-semibold">{title}</h2>}
      <p className="mt-1 text-sm text-slate-600">{text}</p>
    </div>
  );
}

export function PoolsScreen() {
  return <Empty title="No pools yet" text="Pool setup and the live score grid are not available in this version yet." />;
}

export function PoolResultsScreen() {
  return <Empty text="No athletes found in any pool tables." />;
}

export function TableauScreen() {
  return <Empty title="No bracket yet" text="Complete pool matches to generate the elimination bracket." />;
}

export function FinalResultsScreen() {
  return <Empty text="No bracket results available yet. Complete matches in the Olympic Tableau to see final rankings." />;
}

export function TeamsScreen() {
  return <Empty title="No teams yet" text="Team building and the relay sheet are not available in this version yet." />;
}
