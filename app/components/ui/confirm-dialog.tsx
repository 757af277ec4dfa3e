import { Dialog } from './dialog';
import { i18n, useStore } from '../../i18n';

const messages = i18n('confirm-dialog', {
  delete: 'Delete',
  cancel: 'Cancel',
});

interface ConfirmProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  message: string;
  confirmLabel?: string;
  onConfirm: () => void;
}

/** Asks before a destructive action. */
export function ConfirmDialog({ open, onOpenChange, title, message, confirmLabel, onConfirm }: ConfirmProps) {
  const t = useStore(messages);
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={title} description={message}>
      <div className="flex justify-end gap-2">
        <button type="button" className="btn-secondary" onClick={() => onOpenChange(false)}>
          {t.cancel}
        </button>
        <button
          type="button"
          className="btn-danger"
          onClick={() => {
            onOpenChange(false);
            onConfirm();
          }}
        >
          {confirmLabel ?? t.delete}
        </button>
      </div>
    </Dialog>
  );
}
