import type { ComponentsJSON } from '@nanostores/i18n';
import { i18n, locale } from '.';

/**
 * A server message in the viewer's language (issue 17). The server answers in English with a stable code
 * (core/messages); the catalogs translate each code under `errors`. English, an unknown code or a message
 * without one shows the server's own words. The English table is not loaded here: the screens need only
 * the code.
 */
export function localError(message: string, code?: string | null, params?: Record<string, unknown> | null): string {
  const language = locale.get();
  if (language === 'en' || !code) return message;
  const catalog = (i18n.cache as unknown as Record<string, ComponentsJSON | undefined>)[language];
  const text = catalog?.errors?.[code];
  if (typeof text !== 'string') return message;
  return text.replace(/\{(\w+)\}/g, (all, name: string) => (params && name in params ? String(params[name]) : all));
}

/** The translated message of an answer's body (`{ error, code, params }`), or null when it carries none. */
export function answerError(body: unknown): string | null {
  if (!body || typeof body !== 'object' || typeof (body as { error?: unknown }).error !== 'string') return null;
  const { error, code, params } = body as { error: string; code?: string; params?: Record<string, unknown> };
  return localError(error, code, params);
}
