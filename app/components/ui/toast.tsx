import { useAtomValue, useSetAtom } from 'jotai';
import { useStore } from '../../i18n';
import { toastMessages, toastsAtom } from '../../state/toasts';

export function Toaster() {
  const text = useStore(toastMessages);
  const toasts = useAtomValue(toastsAtom);
  const set = useSetAtom(toastsAtom);
  return (
    <div className="pointer-events-none fixed inset-x-0 bottom-0 z-[100] flex flex-col items-center gap-2 p-4 sm:items-end">
      {toasts.map((t) => (
        <div
          key={t.id}
          role={t.variant === 'destructive' ? 'alert' : 'status'}
          data-testid="toast"
          className={`pointer-events-auto w-full max-w-sm rounded-lg border p-4 shadow-lg ${
            t.variant === 'destructive' ? 'border-red-700 bg-red-600 text-white' : 'border-slate-200 bg-white text-slate-900'
          }`}
        >
          <div className="flex items-start justify-between gap-3">
            <div>
              <p className="text-sm font-semibold">{t.title}</p>
              {t.description && <p className="mt-1 text-sm opacity-90">{t.description}</p>}
            </div>
            <button
              type="button"
              aria-label={text.dismiss}
              className="text-sm opacity-70 hover:opacity-100"
              onClick={() => set((list) => list.filter((x) => x.id !== t.id))}
            >
              ✕
            </button>
          </div>
        </div>
      ))}
    </div>
  );
}
