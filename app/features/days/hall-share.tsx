import { useRef, useState } from 'react';
import type { Day, DaySnapshot } from '../../../core/contracts/days';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { call, client } from '../../lib/api';
import { paths } from '../../lib/paths';
import { toast } from '../../state/toasts';
import { useTexts } from '../../i18n/common';
import { i18n } from '../../i18n';
import { useDayWrite } from './day-write';

const messages = i18n('hall-share', {
  title: 'Hall board',
  share: 'Share the hall board',
  shareHint: 'Anyone with the link sees every event’s pools on their pistes, live; nobody can score from it.',
  copyLink: 'Copy hall board link',
  linkCopied: 'Hall board link copied',
  newLink: 'New hall board link',
  confirmTitle: 'Change the hall board link?',
  confirmText: 'The current hall board link stops working at once; screens showing it must be sent the new link.',
  confirmLabel: 'Change the link',
  failed: 'Failed to change the hall board',
  tvView: 'Open the TV view',
});

/** The day's hall board: shared or not, its read-only link with Copy, and a new link (the old one stops). */
export function HallShare({ day, apply }: { day: Day; apply: (s: DaySnapshot) => void }) {
  const t = useTexts(messages);
  const { busy, run } = useDayWrite(apply);
  const [confirm, setConfirm] = useState(false);
  const path = paths.hall(day.board_id);
  const share = (board_shared: boolean) => run(() => call(client.days[':dayId'].$patch({ param: { dayId: day.id }, json: { board_shared } })), t.failed);
  const linkRef = useRef<HTMLAnchorElement>(null);
  // The Clipboard API (lib/clipboard's fallback would make the practice screens' first load carry it apart);
  // where the browser refuses it, the link is selected for the coach to copy by hand.
  async function copyLink() {
    try {
      await navigator.clipboard.writeText(`${location.origin}${path}`);
      toast({ title: t.copied, description: t.linkCopied });
    } catch {
      if (linkRef.current) getSelection()?.selectAllChildren(linkRef.current);
    }
  }
  const rotate = () => run(() => call(client.days[':dayId'].board.$post({ param: { dayId: day.id } })), t.failed);

  return (
    <section className="card space-y-3 p-4" aria-labelledby="hall-share-title">
      <h2 id="hall-share-title" className="text-lg font-semibold">{t.title}</h2>
      <label className="flex items-center gap-2 font-medium">
        <input type="checkbox" checked={day.board_shared} disabled={busy} onChange={(e) => void share(e.target.checked)} />
        {t.share}
      </label>
      <p className="text-sm text-slate-600">{t.shareHint}</p>
      {day.board_shared && (
        <div className="flex flex-wrap items-center gap-2 text-sm" data-testid="hall-link">
          <a ref={linkRef} href={path} target="_blank" rel="noreferrer" className="font-medium text-sky-700 hover:underline" data-testid="hall-url">
            {location.origin}{path}
          </a>
          <a href={`${path}/tv`} target="_blank" rel="noreferrer" className="font-medium text-sky-700 hover:underline" data-testid="hall-tv-url">
            {t.tvView}
          </a>
          <button
            type="button"
            className="btn-secondary px-2 py-1"
            onClick={() => void copyLink()}
          >
            {t.copyLink}
          </button>
          <button type="button" className="btn-secondary px-2 py-1" disabled={busy} onClick={() => setConfirm(true)}>{t.newLink}</button>
        </div>
      )}
      <ConfirmDialog open={confirm} onOpenChange={setConfirm} title={t.confirmTitle} message={t.confirmText} confirmLabel={t.confirmLabel} onConfirm={() => void rotate()} />
    </section>
  );
}
