import type { ReadableAtom } from 'nanostores';
import { i18n, useStore } from '.';

/**
 * The words every screen shares (issue 27), translated once: a component's own texts come with them
 * (`useTexts(messages)`), so "Cancel" is one key in each catalog, not twelve.
 */
export const common = i18n('common', {
  cancel: 'Cancel',
  save: 'Save',
  delete: 'Delete',
  print: 'Print',
  exportCsv: 'Export CSV',
  success: 'Success',
  backToTournament: '← Back to Tournament',
  noAthletesSelected: 'No athletes selected',
  tbd: 'TBD',
});

/** A component's own texts and the common ones, in the viewer's language. */
export function useTexts<T extends object>(messages: ReadableAtom<T>): T & ReturnType<typeof common.get> {
  return { ...useStore(common), ...useStore(messages) };
}

/** The same outside React (actions, toasts): a component's own texts and the common ones, as they are now. */
export function textsOf<T extends object>(messages: ReadableAtom<T>): T & ReturnType<typeof common.get> {
  return { ...common.get(), ...messages.get() };
}
