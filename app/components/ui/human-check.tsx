import { useEffect, useRef, useState } from 'react';
import type { Challenge } from '../../lib/challenge';
import { i18n, useLanguage, useStore } from '../../i18n';

const messages = i18n('human-check', {
  label: 'Verify you are human',
  passed: 'Verified',
  failed: 'Verification failed. Try again later.',
  standin: 'Local stand-in for Cloudflare Turnstile',
  unavailable: 'The check could not load. Check your connection and try again.',
});

/** Turnstile's documented test site key that always blocks: the stand-in fails it, as Turnstile would. */
const BLOCKING_TEST_KEY = '2x00000000000000000000AB';
/** The token Turnstile's test site keys produce. */
const DUMMY_TOKEN = 'XXXX.DUMMY.TOKEN.XXXX';
const SCRIPT = 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit';

interface TurnstileApi {
  render(el: HTMLElement, options: Record<string, unknown>): string;
  remove(id: string): void;
}
declare global {
  interface Window {
    turnstile?: TurnstileApi;
  }
}

let loading: Promise<TurnstileApi> | null = null;
/** Turnstile's script, loaded once, the first time a check is shown (never on a screen that needs none). */
function loadTurnstile(): Promise<TurnstileApi> {
  loading ??= new Promise<TurnstileApi>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = SCRIPT;
    script.async = true;
    script.onload = () => (window.turnstile ? resolve(window.turnstile) : reject(new Error('turnstile')));
    script.onerror = () => {
      loading = null;
      reject(new Error('turnstile'));
    };
    document.head.appendChild(script);
  });
  return loading;
}

/**
 * The human check the lookup limiter asks for (issue 25): Cloudflare Turnstile's widget, or on a machine
 * with no internet (local runs, tests) a stand-in that answers as Turnstile's test keys do. `onToken` gets a
 * token to send once with the retried request.
 */
export default function HumanCheck({ challenge, onToken }: { challenge: Challenge; onToken: (token: string) => void }) {
  return challenge.standin ? <StandIn siteKey={challenge.siteKey} onToken={onToken} /> : <Turnstile siteKey={challenge.siteKey} onToken={onToken} />;
}

function StandIn({ siteKey, onToken }: { siteKey: string; onToken: (token: string) => void }) {
  const t = useStore(messages);
  const [state, setState] = useState<'idle' | 'passed' | 'failed'>('idle');
  function verify() {
    if (state !== 'idle') return;
    const passes = siteKey !== BLOCKING_TEST_KEY;
    setState(passes ? 'passed' : 'failed');
    if (passes) onToken(DUMMY_TOKEN);
  }
  return (
    <div className="rounded border border-slate-300 bg-slate-50 p-3" data-testid="human-check">
      <button type="button" role="checkbox" aria-checked={state === 'passed'} onClick={verify} className="flex min-h-11 items-center gap-3 font-medium">
        <span aria-hidden className={`flex h-6 w-6 items-center justify-center rounded border-2 ${state === 'passed' ? 'border-emerald-700 bg-emerald-700 text-white' : 'border-slate-500 bg-white'}`}>
          {state === 'passed' ? '✓' : ''}
        </span>
        {state === 'passed' ? t.passed : t.label}
      </button>
      {state === 'failed' && <p role="alert" className="mt-2 text-sm text-red-700">{t.failed}</p>}
      <p className="mt-1 text-xs text-slate-600">{t.standin}</p>
    </div>
  );
}

function Turnstile({ siteKey, onToken }: { siteKey: string; onToken: (token: string) => void }) {
  const t = useStore(messages);
  const language = useLanguage();
  const box = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  const latest = useRef(onToken);
  latest.current = onToken;
  useEffect(() => {
    let id: string | null = null;
    let api: TurnstileApi | null = null;
    let live = true;
    loadTurnstile().then(
      (turnstile) => {
        if (!live || !box.current) return;
        api = turnstile;
        id = turnstile.render(box.current, {
          sitekey: siteKey,
          language,
          callback: (token: string) => latest.current(token),
          'error-callback': () => setFailed(true),
        });
      },
      () => live && setFailed(true),
    );
    return () => {
      live = false;
      if (api && id) api.remove(id);
    };
  }, [siteKey, language]);
  return (
    <div data-testid="human-check">
      <div ref={box} />
      {failed && <p role="alert" className="mt-2 text-sm text-red-700">{t.unavailable}</p>}
    </div>
  );
}
