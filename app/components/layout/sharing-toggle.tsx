import type { Practice } from '../../../core/contracts/practices';
import { call, client } from '../../lib/api';
import { usePracticeChange } from './practice-change';
import { i18n, useStore } from '../../i18n';

const messages = i18n('sharing-toggle', {
  off: 'Guest access off',
  on: 'Guest access on',
  offText: 'Guests and live boards were disconnected.',
  onText: 'Guests can join with the room code; it turns itself off after hours without a score.',
  failed: 'Failed to change guest access',
  label: 'Guest access',
});

/**
 * The coach turns guest access (and the live board) on or off; off ends every guest session at once. On,
 * it turns itself off after hours without a score (the server's GUEST_IDLE_HOURS).
 */
export function SharingToggle({ practice }: { practice: Practice }) {
  const t = useStore(messages);
  const { busy, change } = usePracticeChange();
  const on = practice.allow_guest_access;
  const toggle = () =>
    change(() => call(client.practices[':practiceId'].sharing.$post({ param: { practiceId: practice.id }, json: { enabled: !on } })), { title: on ? t.off : t.on, description: on ? t.offText : t.onText }, t.failed);
  return (
    <div className="flex items-center gap-2 text-sm">
      <button type="button" role="switch" aria-checked={on} aria-label={t.label} disabled={busy} onClick={toggle}
        className="relative flex h-6 w-11 items-center touch-manipulation">
        {/* The track and knob are drawn inside a button that may be taller (44 px on touch screens). */}
        <span aria-hidden className={`absolute inset-x-0 top-1/2 h-6 -translate-y-1/2 rounded-full transition-colors ${on ? 'bg-green-600' : 'bg-slate-300'}`} />
        <span aria-hidden className={`absolute top-1/2 h-5 w-5 -translate-y-1/2 rounded-full bg-white shadow transition-all ${on ? 'left-[1.375rem]' : 'left-0.5'}`} />
      </button>
      <span className="text-slate-700">{t.label}</span>
    </div>
  );
}
