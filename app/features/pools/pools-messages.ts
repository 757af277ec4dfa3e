import { params } from '@nanostores/i18n';
import { i18n } from '../../i18n';

/** The pools screen's texts, shared by its management controls (in place, or in the phone's pool menu). */
export const messages = i18n('pools-screen', {
  loadFailed: 'Failed to load tournament data',
  welcome: 'Welcome to Pools!',
  welcomeText: 'Get started by creating your first pool. You can add players and manage tournament matches easily.',
  fromTeams: 'Set up pools from teams',
  fromAthletes: 'Set up pools from athletes',
  nameEmpty: 'Player name cannot be empty',
  newPool: 'New Pool',
  rename: 'Rename',
  deletePool: 'Delete Pool',
  print: 'Print pool sheets',
  playerName: 'Player name',
  addPlaceholder: 'Add an athlete to this pool',
  add: 'Add',
  noAthletes: 'This pool has no athletes yet. Add the first one above.',
  // A guest's or a spectator's: they add nobody.
  noAthletesYet: 'This pool has no athletes yet.',
  howTo: 'How to use',
  /** {v} and {d}: the result letters of `resultLetter` (issue 32), the ones the grid's heads and cells show. */
  help1: params('Click a cell to enter the bout between the row athlete and the column athlete. A cell reads {v} or {d} followed by the row athlete’s touches: {v}3 is a victory with 3 touches, {d}2 a defeat with 2.'),
  help2: 'Victories, defeats, ratio, touches scored and received and the indicator are computed automatically.',
  help3: 'Remove an athlete from the pool with the trash icon.',
  vs: params('{a} vs {b}'),
  deleteTitle: 'Delete pool?',
  deleteText: 'Are you sure you want to delete this pool? This action cannot be undone.',
  removeTitle: 'Remove athlete?',
  removeText: params('Remove {name} from {pool}? Their bouts in this pool are deleted too.'),
  nameRequired: 'Name is required',
  latecomers: 'Latecomers',
  absent: 'Absent at the draw:',
  arrivedLabel: params('{name} arrived: add to the smallest pool'),
  arrived: params('{name} arrived'),
  latecomerName: 'Latecomer name',
  latecomer: 'Latecomer',
  addSmallest: 'Add to smallest pool',
  menu: 'Pool menu',
  menuTitle: 'Pool tools',
  menuText: 'Manage this pool, its athletes and latecomers, the zoom and the pool sheets.',
  // A guest's menu holds no management.
  menuTextGuest: 'The zoom and the pool sheets.',
});
