import { i18n, useStore } from '../../i18n';
import { termMessages } from '../../i18n/fencing-terms';

/** A fencer's status in the pools (o.74) as the grid, its menu and the toasts name it. */
export const statusMessages = i18n('player-status', {
  fencing: 'fencing',
});

/** The three statuses' names: fencing is the grid's own word, withdrawn and excluded are fencing terms. */
const namesOf = (own: ReturnType<typeof statusMessages.get>, terms: ReturnType<typeof termMessages.get>) => ({ ...own, withdrawn: terms.withdrawn, excluded: terms.excluded });
export type StatusNames = ReturnType<typeof namesOf>;

/** The statuses' names now (a toast). */
export const statusNames = (): StatusNames => namesOf(statusMessages.get(), termMessages.get());
/** The statuses' names for a component: redraws when the language changes. */
export const useStatusNames = (): StatusNames => namesOf(useStore(statusMessages), useStore(termMessages));
