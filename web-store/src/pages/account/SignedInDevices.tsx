import { MESSAGES } from '@shop/proto';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import {
  listSignedInDevices,
  SESSIONS_KEY,
  signOutDevice,
  signOutEverywhere,
  type SignedInDevice,
} from '../../api/sessions';
import { alertFailure } from '../../lib/notify';
import './signedInDevices.css';

export const DEVICES_TEXT = {
  loadFailed: 'Failed to load your signed-in devices',
  signOutFailed: 'Failed to sign the device out',
  signOutEverywhereFailed: 'Failed to sign out of all devices',
  confirmSignOutEverywhere: 'Sign out of all devices, this one too?',
} as const;

const dateTime = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'short' });

/** "Last used" is approximate (the server hears of use in batches): minutes are as fine as it gets. */
export function lastUsedText(lastUsedAt: string, now = Date.now()): string {
  const minutes = Math.floor((now - Date.parse(lastUsedAt)) / 60_000);
  if (minutes < 2) return 'Active now';
  if (minutes < 60) return `${minutes} minutes ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} hour${hours === 1 ? '' : 's'} ago`;
  const days = Math.floor(hours / 24);
  if (days < 30) return `${days} day${days === 1 ? '' : 's'} ago`;
  return dateTime.format(new Date(lastUsedAt));
}

/**
 * The devices signed in to the account (Settings): each can be signed out, or all of them at once,
 * after which `onSignedOut` signs this device out here too.
 */
export function SignedInDevices({ onSignedOut }: { onSignedOut(): void }) {
  const id = useId();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<string | null>(null);
  const devices = useQuery({
    queryKey: SESSIONS_KEY,
    queryFn: ({ signal }) => listSignedInDevices(signal),
    // Another device may have signed in or out since: every visit asks again.
    refetchOnMount: 'always',
  });

  const signOut = async (device: SignedInDevice) => {
    setBusy(device.id);
    try {
      await signOutDevice(device.id);
      window.alert(MESSAGES.deviceSignedOut);
    } catch (error) {
      alertFailure(error, DEVICES_TEXT.signOutFailed);
    } finally {
      setBusy(null);
      await queryClient.invalidateQueries({ queryKey: SESSIONS_KEY });
    }
  };

  const signOutAll = async () => {
    if (!window.confirm(DEVICES_TEXT.confirmSignOutEverywhere)) return;
    setBusy('all');
    try {
      await signOutEverywhere();
    } catch (error) {
      setBusy(null);
      alertFailure(error, DEVICES_TEXT.signOutEverywhereFailed);
      return;
    }
    onSignedOut();
    window.alert(MESSAGES.signedOutEverywhere);
  };

  return (
    <section className="settings-card signed-in-devices" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>Signed-in devices</h3>
      {devices.isPending ? (
        <p>Loading devices...</p>
      ) : devices.isError ? (
        <p role="alert">
          {DEVICES_TEXT.loadFailed}{' '}
          <button type="button" className="btn-link" onClick={() => void devices.refetch()}>
            Try again
          </button>
        </p>
      ) : (
        <ul className="device-list">
          {devices.data.map((device) => (
            <li key={device.id} className="device">
              <div>
                <strong>{device.device}</strong>
                {device.current ? <span className="badge">This device</span> : null}
                <p className="device-times">
                  Last used: {lastUsedText(device.lastUsedAt)} · Signed in{' '}
                  {dateTime.format(new Date(device.createdAt))}
                </p>
              </div>
              {device.current ? null : (
                <button
                  type="button"
                  className="btn btn-secondary"
                  disabled={busy !== null}
                  aria-label={`Sign out ${device.device}, last used ${lastUsedText(device.lastUsedAt)}`}
                  onClick={() => void signOut(device)}
                >
                  Sign out
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      <button
        type="button"
        className="btn btn-danger"
        disabled={busy !== null}
        onClick={() => void signOutAll()}
      >
        Sign out of all devices
      </button>
    </section>
  );
}
