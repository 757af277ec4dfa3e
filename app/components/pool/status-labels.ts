import { i18n } from '../../i18n';

/** A fencer's status in the pools (o.74) as the grid, its menu and the toasts name it. */
export const statusMessages = i18n('player-status', {
  withdrawn: 'Withdrawn',
  excluded: 'Excluded',
  fencing: 'fencing',
});
