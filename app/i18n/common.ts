import { count, params } from '@nanostores/i18n';
import type { ReadableAtom } from 'nanostores';
import { i18n, useStore } from '.';
import type { LiveStatus } from '../lib/live-socket';

/**
 * Every text two screens share (issue 27), translated once: a component's own texts come with them
 * (`useTexts(messages)`), so "Cancel" is one key in each catalog, not twelve, and "Pools" one, not three.
 * A component's own key of the same name wins, so a shared key is named for its text (`teamN`, not `team`).
 * Fencing's own words (rounds, stages, statuses) live in ./fencing-terms instead.
 */
export const common = i18n('common', {
  // A live connection's state: a practice's screens, the coach's day and the hall board.
  statusLive: 'live',
  statusConnecting: 'connecting…',
  statusReconnecting: 'reconnecting…',
  statusOffline: 'offline',
  cancel: 'Cancel',
  save: 'Save',
  // The account's password: the sign-up and reset forms, and the account menu's Change password.
  changePassword: 'Change password',
  newPassword: 'New password',
  minLength: 'At least 8 characters.',
  delete: 'Delete',
  print: 'Print',
  exportCsv: 'Export CSV',
  success: 'Success',
  backToTournament: '← Back to Tournament',
  noAthletesSelected: 'No athletes selected',
  tbd: 'TBD',
  loadAthletesFailed: 'Failed to load athletes',
  unreadableFile: 'This file could not be read.',
  boardQr: 'QR code of the live board',
  goPractices: 'Go to practices',
  invalidRoom: 'Invalid room code or room is not accessible',
  copied: 'Copied!',
  liveBoard: 'Live board',
  team: 'Team',
  individual: 'Individual',
  athletes: 'Athletes',
  pools: 'Pools',
  poolResults: 'Pool Results',
  tableau: 'Tableau',
  fencers: 'Fencers',
  finalResults: 'Final Results',
  practice: 'Practice',
  removeName: params('Remove {name}'),
  remove: 'Remove',
  weapon: 'Weapon',
  boutOrder: 'Bout order',
  fencingNow: 'Fencing now',
  onDeck: 'On deck',
  annulled: 'annulled',
  referee: 'Referee',
  // Who joined with no name: said in the viewer's language, never stored (a guest's name is theirs, or none).
  aGuest: 'Guest',
  actions: 'Actions',
  waitingToSync: ', waiting to sync',
  waitingSync: 'Waiting to sync',
  liveResults: 'Live results',
  fencer: 'Fencer',
  rank: 'Rank',
  athlete: 'Athlete',
  pool: 'Pool',
  player: 'Player',
  stage: 'Stage',
  back: 'Back',
  refereeName: params('Referee: {name}'),
  period: params('Period {n}'),
  rest: 'Rest',
  extraMinute: 'Extra minute',
  priorityName: params('Priority: {name}'),
  shareFeedback: 'Share Feedback',
  myAthletes: 'My Athletes',
  athleteCount: count({ one: '{count} athlete', other: '{count} athletes' }),
  date: 'Date',
  rating: 'Rating',
  usafRating: 'USA Fencing rating',
  edit: 'Edit',
  bouts: 'Bouts',
  linkFailed: 'Failed to link the entry',
  link: 'Link',
  winRate: 'Win %',
  club: 'Club',
  deleteName: params('Delete {name}'),
  error: 'Error',
  unexpected: 'An unexpected error occurred.',
  nameStatus: params('{name}: {status}'),
  createPool: 'Create Pool',
  loadingPools: 'Loading pool data...',
  notShared: 'The coach has not shared any pools yet. They appear here the moment they do.',
  setUpPools: 'Set up pools',
  selectAthletes: 'Please select athletes or add names manually.',
  poolCount: 'Number of pools',
  unassigned: 'Unassigned',
  poolsGenerated: 'Pools generated successfully',
  generateFailed: 'Failed to generate pools',
  selectAthletesOrNames: 'Please select athletes or add names manually',
  poolDivision: 'Pool division',
  randomSplit: 'Random split',
  generatePools: 'Generate Pools',
  newPractice: 'New Practice',
  placesFenced: 'Places fenced out',
  teamSizesTitle: 'Invalid Team Sizes',
  teamSizes: 'Each team must have 3 or 4 members',
  teamN: params('Team {n}'),
  teamPools: 'Team pools',
  competitionDays: 'Competition days',
  // A team fencer who came in as the reserve (issue 58): the relay sheet and the athlete's team matches.
  reserveTag: 'reserve',
  // The USA Fencing ratings columns of the final results (issue 58): on screen and on the printed sheet.
  ratingBefore: 'Rating before',
  ratingEarned: 'Rating earned',
  // A team match's sheet (issue 58): the line-up's substitutions, on screen and on paper; a match's result.
  substitutions: 'Substitutions',
  result: 'Result',
});

/** A guest's name as the screens show it: theirs, or "Guest" in the viewer's language when they gave none. */
export function guestName(t: ReturnType<typeof common.get>, name: string): string {
  return name || t.aGuest;
}

/** A live connection's state as every screen says it (a closed socket is being reopened). */
export function liveStatusText(t: ReturnType<typeof common.get>, status: LiveStatus): string {
  const key = ({ live: 'statusLive', connecting: 'statusConnecting', reconnecting: 'statusReconnecting', offline: 'statusOffline', closed: 'statusReconnecting' } as const)[status];
  return t[key];
}

/** A component's own texts and the common ones, in the viewer's language. */
export function useTexts<T extends object>(messages: ReadableAtom<T>): T & ReturnType<typeof common.get> {
  return { ...useStore(common), ...useStore(messages) };
}

/** The type of a component's own texts with the common ones (a prop that passes them down). */
export type TextsOf<M extends ReadableAtom<object>> = ReturnType<M['get']> & ReturnType<typeof common.get>;

/** The same outside React (actions, toasts): a component's own texts and the common ones, as they are now. */
export function textsOf<T extends object>(messages: ReadableAtom<T>): T & ReturnType<typeof common.get> {
  return { ...common.get(), ...messages.get() };
}
