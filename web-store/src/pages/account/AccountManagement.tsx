import { useId, useState, type FormEvent } from 'react';
import { Modal } from '../../components/Modal';

export const ACCOUNT_TEXT = {
  confirmLogout: 'Are you sure you want to logout?',
  loggedOut: 'You have been logged out successfully',
  confirmPhrase: 'confirm delete',
  confirmDelete: 'Are you sure? This action cannot be undone.',
  deletionUnavailable: 'Account deletion not implemented yet',
} as const;

/** The typed text must equal "confirm delete", ignoring case and surrounding spaces. */
export function deletionConfirmed(typed: string): boolean {
  return typed.trim().toLowerCase() === ACCOUNT_TEXT.confirmPhrase;
}

/** Logout (asked first) and Delete Account; `onSignOut` signs out and goes home. */
export function AccountManagement({ onSignOut }: { onSignOut(): void }) {
  const id = useId();
  const [deleting, setDeleting] = useState(false);
  const [typed, setTyped] = useState('');

  const onLogout = () => {
    if (!window.confirm(ACCOUNT_TEXT.confirmLogout)) return;
    onSignOut();
    window.alert(ACCOUNT_TEXT.loggedOut);
  };

  const close = () => {
    setDeleting(false);
    setTyped('');
  };

  // Deleting an account makes no call: the spec's flow ends in this notice (section 8).
  const onDelete = (event: FormEvent) => {
    event.preventDefault();
    if (!deletionConfirmed(typed)) return;
    close();
    if (window.confirm(ACCOUNT_TEXT.confirmDelete)) window.alert(ACCOUNT_TEXT.deletionUnavailable);
  };

  return (
    <>
      <h2>Account Management</h2>
      <div className="settings-grid">
        <div className="settings-card">
          <h3>Logout</h3>
          <p>Sign out of your account on this device.</p>
          <button type="button" className="btn btn-secondary" onClick={onLogout}>
            Logout
          </button>
        </div>
        <div className="settings-card danger-zone">
          <h3>Delete Account</h3>
          <p>Permanently delete your account, orders history and saved addresses.</p>
          <button type="button" className="btn btn-danger" onClick={() => setDeleting(true)}>
            Delete Account
          </button>
        </div>
      </div>
      <Modal
        open={deleting}
        title="Delete Account"
        description="This permanently deletes your account. Type confirm delete to continue."
        onClose={close}
      >
        <form onSubmit={onDelete}>
          <div className="field">
            <label htmlFor={`${id}-confirm`}>Type &quot;confirm delete&quot; to confirm</label>
            <input
              id={`${id}-confirm`}
              value={typed}
              autoComplete="off"
              autoFocus
              onChange={(e) => setTyped(e.target.value)}
            />
          </div>
          <div className="modal-actions">
            <button type="button" className="btn btn-secondary" onClick={close}>
              Cancel
            </button>
            <button type="submit" className="btn btn-danger" disabled={!deletionConfirmed(typed)}>
              Delete Account
            </button>
          </div>
        </form>
      </Modal>
    </>
  );
}
