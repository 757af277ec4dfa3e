/**
 * Every message the server answers with (and the few the rules of core/ raise while reading a file), by a
 * stable code (issue 17): the server still answers in English (`error`) and adds the code (`code`) and its
 * values (`params`), which the app shows in the viewer's language.
 * A message's `{name}` parts are the values. Change a message here and where it is thrown together; never a code.
 */
export const ERROR_MESSAGES = {
  request_body_valid_json: 'Request body must be valid JSON',
  idempotency_key_header_8_64: 'The Idempotency-Key header must be 8 to 64 letters, digits, - or _',
  request_too_large_most_kb: 'The request is too large (at most {maxsize} KB)',
  not_found: 'Not found',
  something_went_wrong_on_our: 'Something went wrong on our side. Please try again.',
  server_busy: 'The server is busy for a moment. Try again in a few seconds.',
  not_authenticated: 'Not authenticated',
  not_found_2: '{what} not found',
  practice_has_too_many_live: 'This practice has too many live screens open. Try again later.',
  too_many_live_screens_are: 'Too many live screens are open from your network. Close some and reload.',
  too_many_own_screens: 'You have too many live screens open on this practice. Close some and reload.',
  link_session_no_longer_valid: 'This link or session is no longer valid.',
  guests_cannot_do_it_needs: 'Guests cannot do this: it needs the coach’s account',
  cross_site_request_refused: 'Cross-site request refused',
  requests_that_change_data_sent: 'Requests that change data must be sent as JSON',
  guest_session_has_ended_join: 'Your guest session has ended. Join again with the room code.',
  too_many_attempts_try_again: 'Too many attempts, try again in {seconds} seconds',
  challenge_required: 'Please confirm you are a person to continue',
  pool_holds_most_fencers: 'A pool holds at most {max_pool_size} fencers',
  failed_generate_unique_practice_room: 'Failed to generate unique practice room code',
  room_already_has_most_guests: 'This room already has the most guests it takes. Ask the coach to remove guests who have left.',
  expected_websocket_upgrade: 'Expected a websocket upgrade',
  say_which_practice_board_watch: 'Say which practice or board to watch',
  invalid_login_credentials: 'Invalid login credentials',
  session_expired_sign_again: 'Session expired, please sign in again',
  reset_link_invalid_has_expired: 'The reset link is invalid or has expired',
  both_fencers_belong_pool: 'Both fencers must belong to this pool',
  tableau_has_started_pools_can: 'The tableau has started: the pools can no longer change. Reset the tableau first.',
  someone_else_changed_bout_meanwhile: 'Someone else changed this bout meanwhile. The grid shows their result: enter yours again to replace it.',
  draw_pools_first_latecomer_joins: 'Draw the pools first: a latecomer joins the smallest pool.',
  every_pool_already_holds_fencers: 'Every pool already holds {max_pool_size} fencers.',
  athlete_already_has_entry_pool: 'This athlete already has an entry in this pool.',
  someone_else_changed_relay_meanwhile: 'Someone else changed this relay meanwhile. The sheet shows their touches: enter yours again to replace them.',
  relay_not_found: 'Relay not found',
  logged_submit_feedback: 'You must be logged in to submit feedback.',
  only_coaches_can_send_feedback: 'Only coaches can send feedback.',
  match_changed_while_score_was: 'This match changed while the score was being entered. The tableau now shows its current state.',
  someone_else_changed_match_meanwhile: 'Someone else changed this match meanwhile. The tableau shows their result: enter yours again to replace it.',
  complete_pool_matches_generate_elimination: 'Complete pool matches to generate the elimination bracket.',
  cut_keeps_fencers_but_only: 'The cut keeps {kept} fencers, but only {classified} are in the pools',
  tableau_has_started_bouts_places: 'The tableau has started: the bouts for places can no longer change. Reset the tableau first.',
  most_characters: '{label} must be at most {max} characters',
  cannot_contain_control_characters: '{label} cannot contain control characters',
  backup_damaged: 'This backup is damaged: {detail}',
  email_required: 'Email is required',
  email_most_254_characters: 'Email must be at most 254 characters',
  enter_valid_email_address: 'Please enter a valid email address',
  provide_either_email_phone_number: 'You must provide either an email or phone number and a password.',
  password_most_characters: 'Password must be at most {password_max} characters',
  password_required: 'Password is required',
  password_should_least_characters: 'Password should be at least {password_min} characters.',
  full_name_required: 'Full name is required',
  date_calendar_date_yyyy_mm: 'Date must be a calendar date (YYYY-MM-DD)',
  choose_practice_type: 'Please choose a practice type',
  practice_name_required: 'Practice name is required',
  club_most_characters: 'Club must be at most {name_max} characters',
  ranking_whole_number: 'Ranking must be a whole number',
  ranking_between_1: 'Ranking must be between 1 and {ranking_max}',
  athlete_name_required: 'Athlete name is required',
  there_nothing_import: 'There is nothing to import',
  most_athletes_can_imported_once: 'At most {import_max} athletes can be imported at once',
  note_cannot_empty: 'Note cannot be empty',
  select_feedback_type: 'Please select a feedback type.',
  enter_feedback_message: 'Please enter your feedback message.',
  pool_name_required: 'Pool name is required',
  player_name_cannot_empty: 'Player name cannot be empty',
  scores_whole_numbers_0_more: 'Scores must be whole numbers of 0 or more',
  required: '{what} is required',
  fencer_cannot_fence_themselves: 'A fencer cannot fence themselves',
  priority_can_only_go_one: 'Priority can only go to one of the two fencers, at equal scores',
  select_athletes_add_names_manually: 'Please select athletes or add names manually',
  athlete_was_selected_more_than: 'An athlete was selected more than once: each fencer can be placed only once',
  names_cannot_empty: 'Names cannot be empty',
  each_fencer_athlete_roster_typed: 'Each fencer is an athlete of the roster or a typed name',
  choose_how_divide_pools: 'Choose how to divide the pools',
  pool_count_whole_number_from: 'Pool count must be a whole number from 2 to 10',
  most_fencers_once: 'At most {max_generated} fencers at once',
  status_withdrawn_excluded_none: 'Status must be withdrawn, excluded or none',
  name_required: 'Name is required',
  cut_keep_whole_number_fencers: 'The cut must keep a whole number of fencers, at least 2',
  cut_keep_whole_percentage_from: 'The cut must keep a whole percentage from 1 to 100',
  choose_who_goes_on_tableau: 'Choose who goes on to the tableau: everyone, the top N or the top P %',
  third_place_shared_fenced: 'Third place is shared or fenced',
  fencing_places_5_8_on: 'Fencing for places 5–8 is on or off',
  round_whole_number: 'Round must be a whole number',
  position_whole_number: 'Position must be a whole number',
  choose_how_distribute_athletes: 'Choose how to distribute the athletes',
  choose_how_divide_teams: 'Choose how to divide the teams',
  pool_count_whole_number: 'Pool count must be a whole number',
  touch_scores_whole_numbers_from: 'Touch scores must be whole numbers from 0 to 20',
  touch_score_cannot_negative: 'A touch score cannot be negative',
  enter_6_digit_room_code: 'Please enter a 6-digit room code',
  name_most_characters: 'Your name must be at most {guest_name_max} characters',
  say_whether_guest_access_on: 'Say whether guest access is on or off',
  scores_whole_numbers_from_0: 'Scores must be whole numbers from 0 to {max}',
  invalid_room_code_room_not: 'Invalid room code or room is not accessible',
  live_board_link_not_valid: 'This live board link is not valid, or the practice is not shared right now',
  assign_all_athletes_pools_athlete: 'Please assign all athletes to pools. {n} athlete(s) unassigned.',
  pool_holds_most_fencers_choose: 'A pool holds at most {max_pool_size} fencers: choose more pools',
  random_split_needs_least_4: 'A random split needs at least 4 teams',
  pool_count_whole_number_from_2: 'Pool count must be a whole number from 2 to {max}',
  cannot_do: 'You cannot do this',
  say_which_version_result_replaces: 'Say which version of the {what} this result replaces',
  assign_all_athletes_teams: 'Please assign all athletes to teams',
  team_3_or_4_members: 'Each team must have 3 or 4 members',
  create_teams_first: 'Please create teams first',
  room_code_changed: 'The coach changed the room code. Join again with the new code.',
  guest_access_turned_off: 'The coach turned off guest access.',
  board_link_changed: 'The coach changed the live board link.',
  removed_from_room: 'The coach removed you from the room.',
  guest_access_idle: 'Guest access ended: no scores were entered for a while.',
  left_guest_pools: 'You have left the guest pools',
  practice_deleted: 'This practice was deleted.',
  weapon_fixed: 'The weapon can no longer change: a bout of this practice has a result.',
  choose_weapon: 'Choose épée, foil or sabre',
  referee_team_bouts: 'Referee mode scores individual bouts; team matches are scored relay by relay.',
  referee_already_fenced: 'This bout already has a result. Open it in the grid to change it.',
  referee_not_ready: 'This match has no two fencers yet.',
  referee_scratched: 'A fencer of this bout has withdrawn or been excluded.',
  referee_not_holder: 'Another referee view holds this bout now. Open it again to see who.',
  referee_invalid_state: 'This score or clock cannot belong to this bout.',
  referee_out_of_sequence: 'This step does not follow the last one this bout received. Open the bout again to continue.',
  referee_against_rules: 'These hits or cards break the rules of this bout: nothing follows a black card, and a second yellow is a red.',
  referee_held: '{name} is refereeing this bout. Ask them to hand it over.',
  referee_view: 'Say which referee view this is',
  referee_bout: 'Say which bout to referee',
  referee_duty_fencer: 'The referee must be another fencer of this pool who still fences.',
  tableau_changed_by_someone_else: 'The tableau was being changed by someone else. Please try again.',
  request_body_json_object: 'The request body must be a JSON object',
  field_missing_or_not_valid: '{field} is missing or not valid',
  athletes_must_be_list: 'athletes must be a list',
  athlete_id_athlete_or_null: 'athlete_id must be an athlete or null',
  xml_not_well_formed: 'This file is not well-formed XML (line {line}: {detail})',
  not_fie_competition_file: 'This is not an FIE competition file (no CompetitionIndividuelle or CompetitionParEquipes)',
  day_name_required: 'Day name is required',
  hall_board_shared_flag: 'Say whether the hall board is shared',
  piste_name_required: 'Piste name is required',
  day_pistes_most: 'A day has at most {max_pistes} pistes',
  day_piste_names_unique: 'Two pistes cannot share a name',
  day_events_most: 'A day groups at most {max_events} events',
  practice_in_other_day: 'This practice is already part of another day. Take it out of that day first.',
  piste_in_use: 'A pool is fencing on piste {name}. Remove the piste once its pool is done.',
  day_needs_pistes: 'Add the day’s pistes first: the pools need somewhere to fence.',
  pool_started_stays: 'This pool has started: it stays on its piste.',
  say_which_piste: 'Say which piste',
  say_which_referee: 'Say which referee',
  day_referees_most: 'A day has at most {max_referees} referees',
  day_start_time: 'Start time must be HH:MM',
  day_bout_minutes: 'A bout takes from 1 to 60 minutes',
  call_step: 'Say what happens to this call',
  call_moved: 'This call has moved on meanwhile: the screen shows where it stands.',
  hall_board_not_valid: 'This hall board link is not valid, or the day is not shared right now',
  push_subscription_invalid: 'This phone’s notification subscription is not one this server can use',
  pushes_off: 'Notifications are not set up on this server',
  day_follows_full: 'This day has as many followers as it takes. Watch the hall board instead.',
  guests_call_flag: 'Say whether guests may take the call steps',
  guests_call_off: 'The coach has not let guests take the call steps of this day.',
  guests_on_piste_only: 'Guests may mark fencers on piste; only the coach cancels a call.',
} as const;

export type ErrorCode = keyof typeof ERROR_MESSAGES;
export interface DescribedError {
  code: ErrorCode;
  /** The values of the message's `{name}` parts, as they read in the English message. */
  params: Record<string, string>;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const entries = Object.entries(ERROR_MESSAGES) as [ErrorCode, string][];
const EXACT = new Map(entries.map(([code, message]) => [message, code]));
const PATTERNS = entries
  .filter(([, message]) => message.includes('{'))
  .map(([code, message]) => ({
    code,
    names: [...message.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!),
    pattern: new RegExp(`^${message.split(/\{\w+\}/).map(escape).join('(.+?)')}$`),
  }));

/** The code (and values) of an English message of the server's, or null for a message it does not list. */
export function describeError(message: string): DescribedError | null {
  const exact = EXACT.get(message);
  if (exact) return { code: exact, params: {} };
  for (const { code, names, pattern } of PATTERNS) {
    const m = pattern.exec(message);
    if (m) return { code, params: Object.fromEntries(names.map((name, i) => [name, m[i + 1]!])) };
  }
  return null;
}

/** An answer's error: the English message, and its code and values when the message is listed. */
export function errorBody(message: string): { error: string; code?: ErrorCode; params?: Record<string, string> } {
  const described = describeError(message);
  return described ? { error: message, code: described.code, ...(Object.keys(described.params).length ? { params: described.params } : {}) } : { error: message };
}
