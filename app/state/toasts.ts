// The toasts on screen (SPEC §8), as state: anything may show one (a screen, the write queue, the live
// connection); components/ui/toast draws them.
import { atom, getDefaultStore } from 'jotai';
import { i18n } from '../i18n';
import { common } from '../i18n/common';

export const toastMessages = i18n('toast', {
  dismiss: 'Dismiss',
});

export interface Toast {
  id: number;
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
}

export const toastsAtom = atom<Toast[]>([]);
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
export function toastError(description: string, title = common.get().error) {
  toast({ title, description, variant: 'destructive' });
}
