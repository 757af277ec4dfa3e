import type { InputHTMLAttributes } from 'react';
import { useLanguage } from '../i18n';
import { formatPracticeDate } from '../lib/dates';

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'value' | 'lang'> & { id: string; value: string };

/**
 * A date field in the chosen language (issue 29). Chromium draws `<input type="date">` in the browser's own
 * language and ignores the page's and the field's `lang` (a French coach on an English browser sees
 * 11/22/2026), so the field says its date beside it in the app's language ("22 novembre 2026"), which a
 * screen reader reads with the field. `lang` is set too: the browsers that follow it, and speech, get it right.
 */
export function DateInput({ id, value, className, ...rest }: Props) {
  const language = useLanguage();
  const shown = value ? formatPracticeDate(value) : '';
  return (
    <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
      <input id={id} type="date" lang={language} className={className ?? 'input'} value={value} aria-describedby={shown ? `${id}-shown` : undefined} {...rest} />
      {shown && (
        <span id={`${id}-shown`} className="text-sm text-slate-600" data-testid="date-shown">
          {shown}
        </span>
      )}
    </span>
  );
}
