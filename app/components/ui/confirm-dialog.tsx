import { common } from '../../i18n/common';
import { useStore } from '../../i18n';
import { Dialog } from './dialog';

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
  const t = useStore(common);
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
