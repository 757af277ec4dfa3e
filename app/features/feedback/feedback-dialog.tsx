import { useAtomValue } from 'jotai';
import { useState, type FormEvent } from 'react';
import { apiPaths, type FeedbackType } from '../../../core/api';
import { parseForm } from '../../lib/forms';
import { Dialog } from '../../components/ui/dialog';
import { toast, toastError } from '../../components/ui/toast';
import { api } from '../../lib/api';
import { sessionAtom } from '../../state/session';

const TYPES: { value: FeedbackType; label: string }[] = [
  { value: 'report_issue', label: 'Report an issue' },
  { value: 'suggest_feature', label: 'Suggest a feature' },
];

/** SPEC §2 Feedback dialog: a type and a message, sent by signed-in coaches. */
export function FeedbackDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (o: boolean) => void }) {
  const session = useAtomValue(sessionAtom);
  const [type, setType] = useState<FeedbackType | null>(null);
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (session.status !== 'signed-in') return toastError('You must be logged in to submit feedback.');
    const parsed = await parseForm('feedbackSchema', { feedback_type: type ?? undefined, message });
    if (!parsed.ok) return toastError(parsed.error);
    setBusy(true);
    try {
      await api('POST', apiPaths.feedback, parsed.data);
      toast({ title: 'Success', description: "Thank you for your feedback! We'll review it soon." });
      setType(null);
      setMessage('');
      onOpenChange(false);
    } catch {
      toastError('Failed to submit feedback. Please try again.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Share Feedback" description="Tell us what went wrong or what would help.">
      <form className="space-y-4" onSubmit={submit} noValidate>
        <fieldset>
          <legend className="label">Type</legend>
          <div className="flex flex-wrap gap-3">
            {TYPES.map((t) => (
              <label key={t.value} className="flex items-center gap-2 text-sm">
                <input type="radio" name="feedback_type" value={t.value} checked={type === t.value} onChange={() => setType(t.value)} />
                {t.label}
              </label>
            ))}
          </div>
        </fieldset>
        <div>
          <label className="label" htmlFor="feedback-message">Message</label>
          <textarea id="feedback-message" className="input min-h-28" value={message} maxLength={2000} onChange={(e) => setMessage(e.target.value)} />
        </div>
        <div className="flex justify-end gap-2">
          <button type="button" className="btn-secondary" onClick={() => onOpenChange(false)}>Cancel</button>
          <button type="submit" className="btn-primary" disabled={busy}>Submit</button>
        </div>
      </form>
    </Dialog>
  );
}
