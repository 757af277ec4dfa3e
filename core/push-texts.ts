/**
 * The words of a push (issue 28: a followed fencer is called): the server writes them, in the language the
 * follower's page was in when they followed, because a notification shows whatever it carries (the service
 * worker that shows it has no catalogs). The app's five languages.
 */
export const PUSH_LANGUAGES = ['en', 'fr', 'es', 'it', 'de'] as const;
export type PushLanguage = (typeof PUSH_LANGUAGES)[number];

const CALLED: Record<PushLanguage, (piste: string) => string> = {
  en: (piste) => `Called to piste ${piste}`,
  fr: (piste) => `Appel en piste ${piste}`,
  es: (piste) => `Llamada a la pista ${piste}`,
  it: (piste) => `Chiamata in pedana ${piste}`,
  de: (piste) => `Aufruf auf Bahn ${piste}`,
};

const REFEREE: Record<PushLanguage, (name: string) => string> = {
  en: (name) => `referee ${name}`,
  fr: (name) => `arbitre ${name}`,
  es: (name) => `árbitro ${name}`,
  it: (name) => `arbitro ${name}`,
  de: (name) => `Kampfrichter ${name}`,
};

export const pushLanguage = (lang: string): PushLanguage => (PUSH_LANGUAGES as readonly string[]).includes(lang) ? (lang as PushLanguage) : 'en';

/** A call's notification: "Called to piste 3", then who fences, the event and the referee. */
export function callPush(lang: string, call: { piste: string; names: (string | null)[]; event: string; referee: string | null }) {
  const l = pushLanguage(lang);
  const who = call.names.map((n) => n ?? '…').join(' – ');
  return { title: CALLED[l](call.piste), body: [who, call.event, call.referee ? REFEREE[l](call.referee) : null].filter(Boolean).join(' · ') };
}
