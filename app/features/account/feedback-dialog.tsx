import { useTexts } from '../../i18n/common';
import { useAtomValue } from 'jotai';
import { useState, type FormEvent } from 'react';
import type { FeedbackType } from '../../../core/contracts/account';
import { parseForm } from '../../lib/forms';
import { Dialog } from '../../components/ui/dialog';
import { toast, toastError } from '../../state/toasts';
import { call, client } from '../../lib/api';
import { sessionAtom } from '../../state/session';
import { i18n } from '../../i18n';

const messages = i18n('feedback-dialog', {
  report: 'Report an issue',
  suggest: 'Suggest a feature',
  mustLogIn: 'You must be logged in to submit feedback.',
  thanks: 'Thank you for your feedback! We\'ll review it soon.',
  failed: 'Failed to submit feedback. Please try again.',
  description: 'Tell us what went wrong or what would help.',
  type: 'Type',
  message: 'Message',
  submit: 'Submit',
});

const TYPES: { value: FeedbackType; label: 'report' | 'suggest' }[] = [
  { value: 'report_issue', label: 'report' },
  { value: 'suggest_feature', label: 'suggest' },
];

/** SPEC §2 Feedback dialog: a type and a message, sent by signed-in coaches. */
export function FeedbackDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (o: boolean) => void }) {
  const t = useTexts(messages);
  const session = useAtomValue(sessionAtom);
  const [type, setType] = useState<FeedbackType | null>(null);
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (session.status !== 'signed-in') return toastError(t.mustLogIn);
    const parsed = await parseForm('feedbackSchema', { feedback_type: type ?? undefined, message });
    if (!parsed.ok) return toastError(parsed.error);
    setBusy(true);
    try {
      await call(client.feedback.$post({ json: parsed.data }));
      toast({ title: t.success, description: t.thanks });
      setType(null);
      setMessage('');
      onOpenChange(false);
    } catch {
      toastError(t.failed);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={t.shareFeedback} description={t.description}>
      <form className="space-y-4" onSubmit={submit} noValidate>
        <fieldset>
          <legend className="label">{t.type}</legend>
          <div className="flex flex-wrap gap-3">
            {TYPES.map((kind) => (
              <label key={kind.value} className="flex items-center gap-2 text-sm">
                <input type="radio" name="feedback_type" value={kind.value} checked={type === kind.value} onChange={() => setType(kind.value)} />
                {t[kind.label]}
              </label>
            ))}
          </div>
        </fieldset>
        <div>
          <label className="label" htmlFor="feedback-message">{t.message}</label>
          <textarea id="feedback-message" className="input min-h-28" value={message} maxLength={2000} onChange={(e) => setMessage(e.target.value)} />
        </div>
        <div className="flex justify-end gap-2">
          <button type="button" className="btn-secondary" onClick={() => onOpenChange(false)}>{t.cancel}</button>
          <button type="submit" className="btn-primary" disabled={busy}>{t.submit}</button>
        </div>
      </form>
    </Dialog>
  );
}
