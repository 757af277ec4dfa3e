import { atom, useAtomValue, useSetAtom } from 'jotai';
import { getDefaultStore } from 'jotai';
import { i18n, useStore } from '../../i18n';

const messages = i18n('toast', {
  error: 'Error',
  dismiss: 'Dismiss',
});

export interface Toast {
  id: number;
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
}

const toastsAtom = atom<Toast[]>([]);
let nextId = 1;
const TOAST_MS = 5000;

/** Shows a toast (SPEC §8: title plus description; errors use the destructive variant). */
export function toast(t: Omit<Toast, 'id'>) {
  const store = getDefaultStore();
  const id = nextId++;
  store.set(toastsAtom, (list) => [...list.slice(-3), { ...t, id }]);
  setTimeout(() => store.set(toastsAtom, (list) => list.filter((x) => x.id !== id)), TOAST_MS);
}

/** An error toast titled 'Error' unless told otherwise. */
export function toastError(description: string, title = messages.get().error) {
  toast({ title, description, variant: 'destructive' });
}

export function Toaster() {
  const text = useStore(messages);
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
