import { useTexts } from '../i18n/common';
import { Link } from './link';
import { i18n } from '../i18n';

const messages = i18n('empty-state', {
  title: 'No Practice Selected',
  text: 'Please select or create a practice first.',
});

/** A centred card that says what is missing and links to where it is made. */
export function EmptyState({ title, text, to, action }: { title: string; text: string; to: string; action: string }) {
  return (
    <div className="card p-8 text-center">
      <h1 className="text-lg font-semibold">{title}</h1>
      <p className="mt-1 text-sm text-slate-600">{text}</p>
      <Link to={to} className="btn-primary mt-4">{action}</Link>
    </div>
  );
}

/** SPEC §8: 'No Practice Selected' / 'Please select or create a practice first.' */
export function NoPracticeSelected() {
  const t = useTexts(messages);
  return <EmptyState title={t.title} text={t.text} to="/practices" action={t.goPractices} />;
}
