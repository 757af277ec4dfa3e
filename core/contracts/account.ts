/** A coach's account and session, and feedback. Shapes shared by the worker's routes and the app (issue 27: contracts by feature). */

export interface User {
  id: string;
  email: string;
  full_name: string;
  email_verified: boolean;
}

export interface SessionInfo {
  user: User | null;
  /** Epoch milliseconds when the access token expires; the app refreshes five minutes before. */
  accessExpiresAt: number | null;
  /**
   * No one signed in, but this browser holds a refresh cookie: worth a refresh. Without it (a guest, a visitor,
   * signed out) the app asks for none, which would only answer 401.
   */
  resumable?: boolean;
}

export type FeedbackType = 'report_issue' | 'suggest_feature';
