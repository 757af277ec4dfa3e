import { useTexts } from '../../i18n/common';
import { useAtomValue } from 'jotai';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Link } from '../../components/link';
import { call, client } from '../../lib/api';
import { paths } from '../../lib/paths';
import { guestAtom } from '../../state/guest';
import { sessionAtom, signOutLocally } from '../../state/session';
import { toast, toastError } from '../../state/toasts';
import { onDemand } from '../../components/ui/lazy';
import { LanguagePicker } from '../../i18n/language-picker';
import { params } from '@nanostores/i18n';
import { i18n } from '../../i18n';

const messages = i18n('account-menu', {
  guest: params('Guest · {name}'),
  signedOut: 'Signed out successfully!',
  signOutFailed: 'Failed to sign out. Please try again.',
  account: 'My Account',
  backup: 'Back up my data',
  restore: 'Restore a backup…',
  signOut: 'Sign Out',
});

const backup = () => import('./backup-dialog');
// The feedback dialog (and Radix) loads the first time it opens: not part of a screen's first paint (issue 29).
const FeedbackDialog = onDemand(() => import('./feedback-dialog').then((m) => m.FeedbackDialog));
const RestoreDialog = onDemand(() => backup().then((m) => m.RestoreDialog));
const PasswordDialog = onDemand(() => import('./password-dialog').then((m) => m.PasswordDialog));

/** A guest sees who they are in the room and picks their language; no coach controls (SPEC §6). */
function GuestChip() {
  const t = useTexts(messages);
  const guest = useAtomValue(guestAtom);
  if (guest.status !== 'active') return null;
  return (
    <div className="flex items-center gap-3">
      <LanguagePicker className="hidden sm:inline-flex" />
      <span className="rounded-full bg-violet-100 px-3 py-1 text-sm text-violet-900" data-testid="guest-chip">
        {guest.session.guest_name ? t.guest({ name: guest.session.guest_name }) : t.aGuest}
      </span>
    </div>
  );
}

/** Share Feedback, the user's email, and My Account (My Athletes, Sign Out). */
export function AccountMenu() {
  const t = useTexts(messages);
  const session = useAtomValue(sessionAtom);
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [feedbackOpen, setFeedbackOpen] = useState(false);
  const [restoreOpen, setRestoreOpen] = useState(false);
  const [passwordOpen, setPasswordOpen] = useState(false);
  const menuRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const close = (e: MouseEvent) => {
      if (!menuRef.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', close);
    return () => document.removeEventListener('mousedown', close);
  }, [open]);

  if (session.status !== 'signed-in') return <GuestChip />;

  async function signOut() {
    setOpen(false);
    try {
      await call(client.auth.signout.$post());
      signOutLocally();
      toast({ title: t.signedOut });
      navigate(paths.auth);
    } catch {
      toastError(t.signOutFailed);
    }
  }

  return (
    <div className="flex items-center gap-2">
      <button type="button" className="btn-ghost hidden sm:inline-flex" onClick={() => setFeedbackOpen(true)}>
        {t.shareFeedback}
      </button>
      <span className="hidden max-w-48 truncate text-sm text-slate-600 md:inline" data-testid="user-email">
        {session.user.email}
      </span>
      <div className="relative" ref={menuRef}>
        <button type="button" className="btn-secondary" aria-haspopup="menu" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
          {t.account}
        </button>
        {open && (
          <div role="menu" className="absolute right-0 z-40 mt-2 w-48 rounded-md border border-slate-200 bg-white py-1 shadow-lg">
            <p className="truncate px-3 py-2 text-xs text-slate-500 md:hidden">{session.user.email}</p>
            <button type="button" role="menuitem" className="block w-full px-3 py-2 text-left text-sm hover:bg-slate-100 sm:hidden" onClick={() => { setOpen(false); setFeedbackOpen(true); }}>
              {t.shareFeedback}
            </button>
            <Link role="menuitem" to={paths.athletes} className="block px-3 py-2 text-sm hover:bg-slate-100" onClick={() => setOpen(false)}>
              {t.myAthletes}
            </Link>
            <Link role="menuitem" to={paths.days} className="block px-3 py-2 text-sm hover:bg-slate-100" onClick={() => setOpen(false)}>
              {t.competitionDays}
            </Link>
            <button type="button" role="menuitem" className="block w-full px-3 py-2 text-left text-sm hover:bg-slate-100" onClick={() => { setOpen(false); void backup().then((m) => m.downloadBackup()); }}>
              {t.backup}
            </button>
            <button type="button" role="menuitem" className="block w-full px-3 py-2 text-left text-sm hover:bg-slate-100" onClick={() => { setOpen(false); setRestoreOpen(true); }}>
              {t.restore}
            </button>
            <button type="button" role="menuitem" className="block w-full px-3 py-2 text-left text-sm hover:bg-slate-100" onClick={() => { setOpen(false); setPasswordOpen(true); }}>
              {t.changePassword}
            </button>
            <div className="border-t border-slate-200 px-3 py-2"><LanguagePicker /></div>
            <button type="button" role="menuitem" className="block w-full px-3 py-2 text-left text-sm hover:bg-slate-100" onClick={signOut}>
              {t.signOut}
            </button>
          </div>
        )}
      </div>
      {feedbackOpen && <FeedbackDialog open={feedbackOpen} onOpenChange={setFeedbackOpen} />}
      {restoreOpen && <RestoreDialog open={restoreOpen} onOpenChange={setRestoreOpen} />}
      {passwordOpen && <PasswordDialog open={passwordOpen} onOpenChange={setPasswordOpen} />}
    </div>
  );
}
