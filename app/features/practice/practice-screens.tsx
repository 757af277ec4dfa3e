/**
 * The Teams screen arrives with team practices (issue: teams); until then it says so plainly.
 */
function Empty({ title, text }: { title?: string; text: string }) {
  return (
    <div className="card p-10 text-center">
      {title && <h2 className="text-lg font-semibold">{title}</h2>}
      <p className="mt-1 text-sm text-slate-600">{text}</p>
    </div>
  );
}

export function TeamsScreen() {
  return <Empty title="No teams yet" text="Team building and the relay sheet are not available in this version yet." />;
}
