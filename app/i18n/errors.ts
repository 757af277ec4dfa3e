import type { ComponentsJSON } from '@nanostores/i18n';
import { catalogOf, i18n, locale } from '.';

/**
 * A server message in the viewer's language (issue 17). The server answers in English with a stable code
 * (core/messages); the catalogs translate each code under `errors`. English, an unknown code or a message
 * without one shows the server's own words. The English table is not loaded here: the screens need only
 * the code.
 */
export function localError(message: string, code?: string | null, params?: Record<string, unknown> | null): string {
  const language = locale.get();
  if (language === 'en' || !code) return message;
  const catalog = catalogOf(language);
  const text = catalog?.errors?.[code];
  if (typeof text !== 'string') return message;
  const value = (name: string) => (name === 'label' && typeof params?.label === 'string' ? fieldLabel(catalog!, params.label) : String(params![name]));
  return text.replace(/\{(\w+)\}/g, (all, name: string) => (params && name in params ? value(name) : all));
}

/**
 * The field a server message names (`{label}`: "Pool name must be at most 100 characters") as the screen
 * names it in the viewer's language: the field's own label where a screen has one, else this file's word.
 */
const SCREEN_LABELS: Record<string, [string, string]> = {
  'Athlete name': ['athletes-page', 'name'],
  'Day name': ['new-day-dialog', 'name'],
  'Full name': ['auth-page', 'fullName'],
  Name: ['roster-import-dialog', 'name'],
  Note: ['print-view', 'note'],
  'Player name': ['pools-screen', 'playerName'],
  'Pool name': ['pool-name-dialog', 'name'],
  'Practice name': ['new-practice-dialog', 'name'],
  Club: ['common', 'club'],
  Licence: ['athlete-edit-dialog', 'licence'],
  Feedback: ['feedback-dialog', 'message'],
  Password: ['auth-page', 'password'],
  Venue: ['field-labels', 'venue'],
  'Each name': ['field-labels', 'eachName'],
  'Piste name': ['field-labels', 'pisteName'],
  'Your name': ['field-labels', 'yourName'],
  Region: ['field-labels', 'region'],
};

// The labels no screen shows as such (English here; the catalogs translate them under 'field-labels').
i18n('field-labels', { eachName: 'Each name', pisteName: 'Piste name', yourName: 'Your name', region: 'Region', venue: 'Venue' });

function fieldLabel(catalog: ComponentsJSON, label: string): string {
  const [component, key] = SCREEN_LABELS[label] ?? [];
  const word = component && key ? catalog[component]?.[key] : undefined;
  return typeof word === 'string' ? word : label;
}

/** The translated message of an answer's body (`{ error, code, params }`), or null when it carries none. */
export function answerError(body: unknown): string | null {
  if (!body || typeof body !== 'object' || typeof (body as { error?: unknown }).error !== 'string') return null;
  const { error, code, params } = body as { error: string; code?: string; params?: Record<string, unknown> };
  return localError(error, code, params);
}
