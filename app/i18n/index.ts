import { createI18n, type ComponentsJSON, type I18n } from '@nanostores/i18n';
import { useSyncExternalStore } from 'react';
import { atom, type ReadableAtom } from 'nanostores';
import type { Locale as DateLocale } from 'date-fns';

/**
 * The app's languages (issue 17). English is the base: its texts live beside the components that show them
 * (`i18n('component', { key: 'English' })`), so an English page loads no catalog at all; the other languages
 * are JSON catalogs under ./locales, each loaded on demand with its date-fns locale.
 */
export const LANGUAGES = ['en', 'fr', 'es', 'it', 'de'] as const;
export type Language = (typeof LANGUAGES)[number];

const STORAGE_KEY = 'lang';

/** The language of a BCP 47 tag ('fr-CA' → 'fr'), if the app speaks it. */
export function languageOf(tag: string | null | undefined): Language | undefined {
  const base = tag?.trim().toLowerCase().split(/[-_]/)[0];
  return (LANGUAGES as readonly string[]).includes(base ?? '') ? (base as Language) : undefined;
}

function stored(): Language | undefined {
  try {
    return languageOf(localStorage.getItem(STORAGE_KEY));
  } catch {
    return undefined;
  }
}

function remember(language: Language) {
  try {
    localStorage.setItem(STORAGE_KEY, language);
  } catch {
    // Private mode without storage: the choice lasts as long as the page.
  }
}

/** The visitor's languages as their browser sent them, while the worker renders their page (`renderIn`). */
let visitorTags: readonly string[] | null = null;

const browserLanguages = (): readonly string[] =>
  visitorTags ?? (typeof navigator === 'undefined' ? [] : navigator.languages?.length ? navigator.languages : [navigator.language]);

/** `?lang=` first (and remembered), then this device's choice, then the browser's languages, then English. */
export function initialLanguage(search = typeof location === 'undefined' ? '' : location.search): Language {
  const asked = languageOf(new URLSearchParams(search).get('lang'));
  if (asked) {
    remember(asked);
    return asked;
  }
  return stored() ?? browserLanguages().map(languageOf).find((l) => l !== undefined) ?? 'en';
}

/** The current language. Change it with `setLanguage`, which loads the catalog first. */
export const locale = atom<Language>(initialLanguage());

/** Each language but English: its catalog and its date-fns locale, one chunk loaded on demand. */
// Vite's glob; the worker's render of the live board (issue 29) has none and renders English.
const languages = (() => {
  try {
    return import.meta.glob<{ catalog: ComponentsJSON; dateLocale: DateLocale }>('./locales/*.ts');
  } catch {
    return {};
  }
})();

let dateLocale: DateLocale | undefined;
/** Each language's catalog once it is here: the texts of components, and the server's messages (`errors`). */
const catalogs = new Map<Language, ComponentsJSON>();

/** A catalog arrived (loaded, or given to the worker's render): the library's cache and ours hold it. */
function keep(language: Language, catalog: ComponentsJSON) {
  catalogs.set(language, catalog);
  // The library's cache holds each language's components (its type says translations).
  (i18n.cache as Record<string, unknown>)[language] = catalog;
}

/** A language's whole catalog, if it is loaded (English has none: its texts are in the code). */
export const catalogOf = (language: Language): ComponentsJSON | undefined => catalogs.get(language);

const loaded = new Map<Language, Promise<{ catalog: ComponentsJSON; dateLocale: DateLocale }>>();

/** A language's catalog and date locale, loaded once (a failed load is tried again next time). */
function load(language: Exclude<Language, 'en'>) {
  let done = loaded.get(language);
  if (!done) {
    done = languages[`./locales/${language}.ts`]!().then((module) => {
      keep(language, module.catalog);
      return module;
    });
    done.catch(() => loaded.delete(language));
    loaded.set(language, done);
  }
  return done;
}

export const i18n: I18n<Language> = createI18n(locale, {
  get: async (code): Promise<ComponentsJSON> => (code === 'en' ? {} : (await load(code)).catalog),
});

async function apply(language: Language) {
  dateLocale = language === 'en' ? undefined : (await load(language)).dateLocale;
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

/** Loads the starting language before the first paint, so a French coach never sees English flash by. */
export const ready = (): Promise<void> => apply(locale.get()).catch(() => {
  // The catalog could not load (offline and never cached): English rather than nothing.
  locale.set('en');
  return apply('en');
});

/** Switches the app's language on this device: loads it, then every screen redraws in it. */
export async function setLanguage(language: Language) {
  await apply(language);
  remember(language);
  locale.set(language);
}

/**
 * A store's value in a component, redrawn when it changes: React's own subscription to an outside store
 * (what @nanostores/react adds on top, keyed listening, we never use; 0.3 KB less on every first load).
 */
export function useStore<T>(store: ReadableAtom<T>): T {
  return useSyncExternalStore(store.listen, store.get, store.get);
}

/** The language the screen is in; a component that formats without texts of its own redraws on a change. */
export const useLanguage = () => useStore(locale);

/**
 * The worker's render of a page (a live board, issue 29; a coach's screen, issue 33; app/ssr) in a visitor's
 * language: its catalog and date locale given (the worker has no chunks to load), the language set for the
 * render, and the visitor's own language tags (their Accept-Language: 'de-CH' writes 0.50, 'de' 0,50) for the
 * numbers and dates the page will write the same way; nothing remembered.
 */
export function renderIn(language: Language, given?: { catalog: ComponentsJSON; dateLocale: DateLocale }, tags: readonly string[] = []) {
  visitorTags = tags;
  if (language !== 'en' && given) keep(language, given.catalog);
  dateLocale = language === 'en' || !given ? undefined : given.dateLocale;
  locale.set(language === 'en' || given ? language : 'en');
}

/** The date-fns locale of the current language (undefined for English, date-fns' own default). */
export const currentDateLocale = () => dateLocale;

/** The browser's own tag for the current language ('fr-CA', 'en-GB'): its 12/24-hour clock and conventions. */
export function intlLocale(): string {
  const language = locale.get();
  return browserLanguages().find((tag) => languageOf(tag) === language) ?? language;
}

/**
 * One Intl formatter per language and kind, made once: building one costs far more than using it, and a
 * grid formats a ratio on every row each time a result arrives.
 */
const formatters = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();
function formatter<F extends Intl.NumberFormat | Intl.DateTimeFormat>(kind: string, make: (tag: string) => F): F {
  const tag = intlLocale();
  const key = `${tag} ${kind}`;
  let made = formatters.get(key) as F | undefined;
  if (!made) formatters.set(key, (made = make(tag)));
  return made;
}

/** A number in the current language's notation (0,50 in French and German). */
export const formatNumber = (n: number, fractionDigits: number) =>
  formatter(`n${fractionDigits}`, (tag) => new Intl.NumberFormat(tag, { minimumFractionDigits: fractionDigits, maximumFractionDigits: fractionDigits })).format(n);

/** A clock time in the viewer's language, 12/24-hour convention and time zone. */
export const formatTime = (date: Date) => formatter('time', (tag) => new Intl.DateTimeFormat(tag, { hour: 'numeric', minute: '2-digit' })).format(date);

/** The keys of a component's plain texts (no placeholders): what a table of labels may name. */
export type TextKey<M extends { get(): object }> = { [K in keyof ReturnType<M['get']>]: ReturnType<M['get']>[K] extends string ? K : never }[keyof ReturnType<M['get']>];

/** A share (0–1) as a whole percentage in the current language ("62%", "62 %"). */
export const formatPercent = (share: number) => formatter('%', (tag) => new Intl.NumberFormat(tag, { style: 'percent', maximumFractionDigits: 0 })).format(share);
