import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode, RefObject } from 'react';

interface ModalProps {
  open: boolean;
  onClose(): void;
  title: string;
  /** Read by assistive technology; hidden visually when the title says enough. */
  description?: string;
  children: ReactNode;
  size?: 'small' | 'medium' | 'large';
  /** A modal stacked on another (e.g. the customization modal over the product form). */
  nested?: boolean;
  /** Where the focus goes on opening; the first focusable element otherwise. */
  initialFocus?: RefObject<HTMLElement | null>;
}

/**
 * Every dialog of the back office: focus stays inside while open, Escape and a click on the
 * overlay close it, and focus returns to what opened it.
 */
export function Modal({
  open,
  onClose,
  title,
  description,
  children,
  size = 'medium',
  nested = false,
  initialFocus,
}: ModalProps) {
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className={`modal-overlay${nested ? ' modal-overlay-nested' : ''}`} />
        <Dialog.Content
          className={`modal modal-${size}${nested ? ' modal-nested' : ''}`}
          {...(description ? {} : { 'aria-describedby': undefined })}
          onOpenAutoFocus={(event) => {
            if (!initialFocus?.current) return;
            event.preventDefault();
            initialFocus.current.focus();
          }}
        >
          <header className="modal-header">
            <Dialog.Title className="modal-title">{title}</Dialog.Title>
            <Dialog.Close className="icon-button" aria-label="Close">
              ×
            </Dialog.Close>
          </header>
          {description ? (
            <Dialog.Description className="modal-description">{description}</Dialog.Description>
          ) : null}
          <div className="modal-body">{children}</div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
