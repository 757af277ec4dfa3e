import { i18n, useStore } from '../../i18n';

const messages = i18n('spinner', {
  loading: 'Loading...',
});

/** The centred spinner shown while a state loads (SPEC §2: 'Loading...'). */
export function Spinner({ text }: { text?: string }) {
  const t = useStore(messages);
  return (
    <div className="flex min-h-[50vh] flex-col items-center justify-center gap-3" role="status">
      <div className="h-8 w-8 animate-spin rounded-full border-4 border-slate-300 border-t-slate-900" />
      <p className="text-sm text-slate-600">{text ?? t.loading}</p>
    </div>
  );
}
