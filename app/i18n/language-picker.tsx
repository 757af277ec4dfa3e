import { useId } from 'react';
import { i18n, LANGUAGES, setLanguage, useLanguage, useStore, type Language } from '.';

const messages = i18n('language-picker', { label: 'Language' });

/** Each language in its own words, whatever the screen's language. */
const NAMES: Record<Language, string> = { en: 'English', fr: 'Français', es: 'Español', it: 'Italiano', de: 'Deutsch' };

/** The app's language on this device: in the account menu, on the guest join page and on the live board. */
export function LanguagePicker({ className = '' }: { className?: string }) {
  const t = useStore(messages);
  const language = useLanguage();
  const id = useId();
  return (
    <span className={`inline-flex items-center gap-2 text-sm ${className}`}>
      <label htmlFor={id} className="text-slate-600">{t.label}</label>
      <select id={id} data-testid="language-picker" data-keep="language" className="rounded-md border border-slate-300 bg-white px-2 py-1 text-sm" value={language} onChange={(e) => void setLanguage(e.target.value as Language)}>
        {LANGUAGES.map((l) => (
          <option key={l} value={l} lang={l}>{NAMES[l]}</option>
        ))}
      </select>
    </span>
  );
}
