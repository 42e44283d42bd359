import * as Dialog from '@radix-ui/react-dialog';
import { createContext, useCallback, useContext, useRef, useState, type ReactNode } from 'react';

export interface ConfirmOptions {
  title?: string;
  confirmLabel?: string;
  cancelLabel?: string;
  /** Styles the confirm button as destructive. */
  danger?: boolean;
}

interface PendingConfirm extends ConfirmOptions {
  message: string;
}

type Confirm = (message: string, options?: ConfirmOptions) => Promise<boolean>;

const ConfirmContext = createContext<Confirm | null>(null);

/**
 * The back office's confirm dialog, asked from anywhere as `await confirm(message)`. Cancel,
 * Escape and a click outside all answer false: the pending action is discarded.
 */
export function ConfirmProvider({ children }: { children: ReactNode }) {
  const [pending, setPending] = useState<PendingConfirm | null>(null);
  const resolver = useRef<((answer: boolean) => void) | null>(null);

  const confirm = useCallback<Confirm>((message, options = {}) => {
    resolver.current?.(false);
    setPending({ message, ...options });
    return new Promise<boolean>((resolve) => {
      resolver.current = resolve;
    });
  }, []);

  const answer = (value: boolean) => {
    resolver.current?.(value);
    resolver.current = null;
    setPending(null);
  };

  return (
    <ConfirmContext.Provider value={confirm}>
      {children}
      <Dialog.Root open={pending !== null} onOpenChange={(open) => !open && answer(false)}>
        <Dialog.Portal>
          <Dialog.Overlay className="modal-overlay modal-overlay-confirm" />
          <Dialog.Content className="modal modal-small modal-confirm" role="alertdialog">
            <Dialog.Title className="modal-title">{pending?.title ?? 'Please confirm'}</Dialog.Title>
            <Dialog.Description className="confirm-message">{pending?.message}</Dialog.Description>
            <div className="modal-actions">
              <button type="button" className="btn btn-secondary" onClick={() => answer(false)}>
                {pending?.cancelLabel ?? 'Cancel'}
              </button>
              <button
                type="button"
                className={`btn ${pending?.danger ? 'btn-danger' : 'btn-primary'}`}
                onClick={() => answer(true)}
              >
                {pending?.confirmLabel ?? 'Confirm'}
              </button>
            </div>
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    </ConfirmContext.Provider>
  );
}

export function useConfirm(): Confirm {
  const confirm = useContext(ConfirmContext);
  if (!confirm) throw new Error('useConfirm must be used inside ConfirmProvider');
  return confirm;
}
