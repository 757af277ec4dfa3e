import { useState, type ReactNode } from 'react';
import type { Practice } from '../../../core/contracts/practices';
import { copyText } from '../../lib/clipboard';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { toast } from '../../state/toasts';
import { usePracticeChange } from './practice-change';
import { i18n, useStore } from '../../i18n';

const messages = i18n('secret-chip', {
  copy: 'Copy',
});

interface SecretChipProps {
  /** What the chip shows: the code itself, or a link. */
  children: ReactNode;
  testId: string;
  copy: { value: string; label: string; toast: { title: string; description: string } };
  /** Replaces the secret on the server (the old one stops working) and answers with the practice. */
  rotate: {
    label: string;
    button: string;
    confirm: { title: string; message: string; label: string };
    call: () => Promise<Practice>;
    done: { title: string; description: string };
    failure: string;
  };
}

/** A practice secret in the header (room code, board link) with Copy and a confirmed New action. */
export function SecretChip({ children, testId, copy, rotate }: SecretChipProps) {
  const t = useStore(messages);
  const [confirm, setConfirm] = useState(false);

  const { change } = usePracticeChange();
  const replace = () => change(rotate.call, rotate.done, rotate.failure);

  return (
    <div className="flex items-center gap-1 rounded-full border border-slate-300 bg-white py-1 pl-3 pr-1 text-sm" data-testid={testId}>
      {children}
      <button
        type="button"
        className="btn-ghost px-2 py-1"
        aria-label={copy.label}
        onClick={async () => {
          await copyText(copy.value);
          toast(copy.toast);
        }}
      >
        {t.copy}
      </button>
      {/* The accessible name starts with the visible text (WCAG 2.5.3: speech users say what they see). */}
      <button type="button" className="btn-ghost px-2 py-1" onClick={() => setConfirm(true)}>
        {rotate.button}
        <span className="sr-only">: {rotate.label}</span>
      </button>
      <ConfirmDialog
        open={confirm}
        onOpenChange={setConfirm}
        title={rotate.confirm.title}
        message={rotate.confirm.message}
        confirmLabel={rotate.confirm.label}
        onConfirm={replace}
      />
    </div>
  );
}
