/**
 * The practice screens whose capabilities come with later issues (tableau, teams). Until then each shows
 * the spec's empty state, which is what a practice without a bracket or teams has.
 */
function Empty({ title, text }: { title?: string; text: string }) {
  return (
    <div className="card p-10 text-center">
      {title && <h2 className="text-lg font-semibold">{title}</h2>}
      <p className="mt-1 text-sm text-slate-600">{text}</p>
    </div>
  );
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
