/** Every client route (SPEC §2) and how to link to it. */
export const paths = {
  auth: '/auth',
  guestJoin: '/guest-join',
  guestJoinCode: (code: string) => `/guest-join/${encodeURIComponent(code)}`,
  home: '/',
  practices: '/practices',
  individualPractice: '/individual-practice',
  teamPractice: '/team-practice',
  practiceSetup: '/practice-setup',
  manualPoolAssignment: '/manual-pool-assignment',
  teamPracticeSetup: '/team-practice-setup',
  manualTeamAssignment: '/manual-team-assignment',
  singleMatch: '/single-match',
  teamPoolSetup: '/team-pool-setup',
  athletes: '/athletes',
  athlete: (id: string) => `/athletes/${encodeURIComponent(id)}`,
  poolResults: '/pool-results',
  tableau: '/tableau',
  finalResults: '/final-results',
  teams: '/teams',
  days: '/days',
  day: (id: string) => `/days/${encodeURIComponent(id)}`,
  hall: (boardId: string) => `/hall/${encodeURIComponent(boardId)}`,
} as const;

export function practiceHome(type: 'individual' | 'team') {
  return type === 'team' ? paths.teamPractice : paths.individualPractice;
}
