import { useState, type FormEvent } from 'react';
import { ROOM_CODE_PATTERN } from '../../core/room-code';
import { toastError } from './ui/toast';

/** Room code (6 digits, digits only) and an optional name; used by /guest-join and the guest mode of /auth. */
export function GuestJoinForm({ nameLimit }: { nameLimit: number }) {
  const [code, setCode] = useState('');
  const [name, setName] = useState('');
  function submit(e: FormEvent) {
    e.preventDefault();
    if (!ROOM_CODE_PATTERN.test(code)) return toastError('Please enter a 6-digit room code');
    // Guest sessions are not built yet (see the guests issue): say so plainly instead of pretending.
    toastError('Joining a practice by room code is not available yet.', 'Failed to join room');
  }
  return (
    <form className="space-y-4" onSubmit={submit} noValidate>
      <div>
        <label className="label" htmlFor="room_code">
          Room code
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
          Your name (optional)
        </label>
        <input id="guest_name" className="input" maxLength={nameLimit} value={name} onChange={(e) => setName(e.target.value)} />
      </div>
      <button type="submit" className="btn-primary w-full">
        Join Room
      </button>
    </form>
  );
}
