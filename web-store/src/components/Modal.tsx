import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import { CloseIcon } from '@shop/web-kit/icons';
import './modal.css';

interface ModalProps {
  open: boolean;
  title: string;
  /** Read out with the title when the dialog opens. */
  description?: ReactNode;
  onClose(): void;
  children?: ReactNode;
  size?: 'small' | 'large';
}

/**
 * A modal dialog: focus stays inside while it is open and returns to the opener after; Escape,
 * the close button and a click on the overlay all cancel it.
 */
export function Modal({ open, title, description, onClose, children, size = 'small' }: ModalProps) {
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="modal-overlay" data-testid="modal-overlay" />
        <Dialog.Content
          className={`modal modal-${size}`}
          {...(description === undefined ? { 'aria-describedby': undefined } : {})}
        >
          <div className="modal-head">
            <Dialog.Title className="modal-title">{title}</Dialog.Title>
            <Dialog.Close className="modal-close" aria-label="Close">
              <CloseIcon />
            </Dialog.Close>
          </div>
          {description !== undefined && (
            <Dialog.Description className="modal-description">{description}</Dialog.Description>
          )}
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  message: ReactNode;
  confirmLabel: string;
  onConfirm(): void;
  onCancel(): void;
  busy?: boolean;
}

/** A yes-or-no question in the shop's own dialog, for removals that deserve a second look. */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel,
  onConfirm,
  onCancel,
  busy,
}: ConfirmDialogProps) {
  return (
    <Modal open={open} title={title} description={message} onClose={onCancel}>
      <div className="modal-actions">
        <button type="button" className="btn btn-secondary" onClick={onCancel}>
          Cancel
        </button>
        <button type="button" className="btn btn-danger" onClick={onConfirm} disabled={busy}>
          {confirmLabel}
        </button>
      </div>
    </Modal>
  );
}
