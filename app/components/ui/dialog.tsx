import * as RadixDialog from '@radix-ui/react-dialog';
import { useEffect, useRef, type ReactNode } from 'react';

interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  children: ReactNode;
  wide?: boolean;
}

/**
 * Gives focus back to what had it when the dialog opened (the grid cell, the button), once the dialog
 * closes or its screen removes it: a keyboard user carries on where they were, not at the top of the page.
 */
function useFocusReturn(open: boolean) {
  const returnTo = useRef<HTMLElement | null>(null);
  if (open && returnTo.current === null && typeof document !== 'undefined' && document.activeElement instanceof HTMLElement) {
    returnTo.current = document.activeElement;
  }
  useEffect(() => {
    const restore = () => {
      const target = returnTo.current;
      returnTo.current = null;
      // After Radix has finished closing (it may move focus to the body on the way out).
      if (target) requestAnimationFrame(() => target.isConnected && target.focus());
    };
    if (!open) restore();
    return () => {
      if (open) restore();
    };
  }, [open]);
}

/** A modal dialog (Radix): focus trapped, Escape closes, focus returns where it was, titled for screen readers. */
export function Dialog({ open, onOpenChange, title, description, children, wide }: DialogProps) {
  useFocusReturn(open);
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
        <RadixDialog.Content
          className={`fixed left-1/2 top-1/2 z-50 max-h-[90vh] w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-lg bg-white p-5 shadow-xl ${
            wide ? 'max-w-2xl' : 'max-w-md'
          }`}
          onCloseAutoFocus={(e) => e.preventDefault()}
        >
          <RadixDialog.Title className="text-lg font-semibold">{title}</RadixDialog.Title>
          {description ? (
            <RadixDialog.Description className="mt-1 text-sm text-slate-600">{description}</RadixDialog.Description>
          ) : (
            <RadixDialog.Description className="sr-only">{title}</RadixDialog.Description>
          )}
          <div className="mt-4">{children}</div>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
