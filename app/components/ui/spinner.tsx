/** The centred spinner shown while a state loads (SPEC §2: 'Loading...'). */
export function Spinner({ text = 'Loading...' }: { text?: string }) {
  return (
    <div className="flex min-h-[50vh] flex-col items-center justify-center gap-3" role="status">
      <div className="h-8 w-8 animate-spin rounded-full border-4 border-slate-300 border-t-slate-900" />
      <p className="text-sm text-slate-600">{text}</p>
    </div>
  );
}
