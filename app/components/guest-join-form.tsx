import { useTexts } from '../i18n/common';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { ROOM_CODE_PATTERN } from '../../core/room-code';
import { ApiError } from '../lib/api';
import { challengeOf, type Challenge } from '../lib/challenge';
import { onDemand } from './ui/lazy';
import { paths } from '../lib/paths';
import { joinRoom } from '../state/guest';
import { toast, toastError } from '../state/toasts';
import { i18n } from '../i18n';

const messages = i18n('guest-join-form', {
  codeFormat: 'Please enter a 6-digit room code',
  joined: 'Joined room successfully!',
  failed: 'Failed to join room',
  roomCode: 'Room code',
  yourName: 'Your name (optional)',
  join: 'Join Room',
  check: 'Many wrong room codes were tried lately. Confirm you are a person, and the room opens.',
});

/** Turnstile's widget (or its local stand-in), loaded only when the limiter asks for a check. */
const HumanCheck = onDemand(() => import('./ui/human-check').then((m) => m.default));

/**
 * Room code (6 digits, digits only) and an optional name; used by /guest-join and the guest mode of /auth,
 * which words its failure differently (SPEC §8).
 */
export function GuestJoinForm({ nameLimit, failure }: { nameLimit: number; failure: 'page' | 'auth' }) {
  const t = useTexts(messages);
  const navigate = useNavigate();
  const [code, setCode] = useState('');
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const [challenge, setChallenge] = useState<Challenge | null>(null);
  async function submit(e?: FormEvent, check?: string) {
    e?.preventDefault();
    if (!ROOM_CODE_PATTERN.test(code)) return toastError(t.codeFormat);
    setBusy(true);
    // A solved check is good for one request: the widget goes, and comes back if the server asks again.
    setChallenge(null);
    try {
      await joinRoom(code, name.trim(), check);
      toast({ title: t.success, description: t.joined });
      navigate(paths.individualPractice);
    } catch (err) {
      const asked = challengeOf(err);
      if (asked) return setChallenge(asked);
      // A wait (429) or a full room (409) says so; every other failure reads the same, so a code's existence never leaks.
      const explained = err instanceof ApiError && (err.status === 429 || err.status === 409);
      if (failure === 'auth' || explained) toastError(err instanceof ApiError ? err.message : t.failed);
      else toastError(t.invalidRoom);
    } finally {
      setBusy(false);
    }
  }
  return (
    <form className="space-y-4" onSubmit={submit} noValidate>
      <div>
        <label className="label" htmlFor="room_code">
          {t.roomCode}
        </label>
        <input
          id="room_code"
          className="input font-mono tracking-widest"
          inputMode="numeric"
          autoComplete="off"
          maxLength={6}
          value={code}
          onChange={(e) => setCode(e.target.value.replace(/\D/g, '').slice(0, 6))}
        />
      </div>
      <div>
        <label className="label" htmlFor="guest_name">
          {t.yourName}
        </label>
        <input id="guest_name" className="input" maxLength={nameLimit} value={name} onChange={(e) => setName(e.target.value)} />
      </div>
      {challenge && (
        <div className="space-y-2">
          <p role="status" className="text-sm text-slate-700">{t.check}</p>
          <HumanCheck challenge={challenge} onToken={(token) => void submit(undefined, token)} />
        </div>
      )}
      <button type="submit" className="btn-primary w-full" disabled={busy || challenge !== null}>
        {t.join}
      </button>
    </form>
  );
}
