import { MESSAGES, type SessionView } from '@shop/proto';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Handler } from '../../test/mockApi';
import { currentLocation, renderApp } from '../../test/renderApp';
import { DEVICES_TEXT, lastUsedText } from './SignedInDevices';
import { accountApi } from './testSupport';

const MINUTE = 60_000;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

const laptop: SessionView = {
  id: '11111111-1111-4111-8111-111111111111',
  device: 'Firefox on macOS',
  createdAt: ago(3 * 24 * 60 * MINUTE),
  lastUsedAt: ago(0),
  current: true,
};
const phone: SessionView = {
  id: '22222222-2222-4222-8222-222222222222',
  device: 'Chrome on Android',
  createdAt: ago(10 * 24 * 60 * MINUTE),
  lastUsedAt: ago(5 * 60 * MINUTE),
  current: false,
};

function devicesApi(sessions: () => SessionView[], extra: Record<string, Handler> = {}) {
  const api = accountApi({
    'GET /auth/sessions': () => ({ data: { success: true, sessions: sessions() } }),
    ...extra,
  });
  renderApp('/profile');
  return api;
}

const devices = () => screen.findByRole('region', { name: 'Signed-in devices' });

describe('Settings: signed-in devices', () => {
  it('lists each device with when it was last used, marking this one, which has no sign-out of its own', async () => {
    devicesApi(() => [laptop, phone]);
    const list = await devices();
    await within(list).findByText('Chrome on Android');
    const items = within(list).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Firefox on macOS');
    expect(items[0]).toHaveTextContent('This device');
    expect(items[0]).toHaveTextContent('Last used: Active now');
    expect(within(items[0]).queryByRole('button', { name: /Sign out/ })).toBeNull();
    expect(items[1]).toHaveTextContent('Last used: 5 hours ago');
    expect(
      within(items[1]).getByRole('button', { name: 'Sign out Chrome on Android, last used 5 hours ago' }),
    ).toBeEnabled();
  });

  it('signs another device out, says so and lists the devices again', async () => {
    let signedIn = [laptop, phone];
    const api = devicesApi(() => signedIn, {
      [`DELETE /auth/sessions/${phone.id}`]: () => {
        signedIn = [laptop];
        return { data: { success: true, message: MESSAGES.deviceSignedOut } };
      },
    });
    const list = await devices();
    await userEvent
      .setup()
      .click(await within(list).findByRole('button', { name: /Sign out Chrome on Android/ }));
    await waitFor(() => expect(window.alert).toHaveBeenCalledWith(MESSAGES.deviceSignedOut));
    await waitFor(() => expect(within(list).queryByText('Chrome on Android')).toBeNull());
    expect(api.calls(`DELETE /auth/sessions/${phone.id}`)).toHaveLength(1);
    expect(localStorage.getItem('token')).toBe('jwt-test');
  });

  it("alerts the server's error when a device cannot be signed out", async () => {
    devicesApi(() => [laptop, phone], {
      [`DELETE /auth/sessions/${phone.id}`]: () => ({
        status: 404,
        data: { success: false, message: MESSAGES.sessionNotFound },
      }),
    });
    const list = await devices();
    await userEvent
      .setup()
      .click(await within(list).findByRole('button', { name: /Sign out Chrome on Android/ }));
    await waitFor(() => expect(window.alert).toHaveBeenCalledWith(MESSAGES.sessionNotFound));
  });

  it('signs out of all devices after asking, this one too, and goes home', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    const api = devicesApi(() => [laptop, phone], {
      'POST /auth/logout/all': () => ({ data: { success: true, message: MESSAGES.signedOutEverywhere } }),
    });
    const list = await devices();
    const u = userEvent.setup();
    const everywhere = within(list).getByRole('button', { name: 'Sign out of all devices' });
    await u.click(everywhere);
    expect(confirm).toHaveBeenCalledWith(DEVICES_TEXT.confirmSignOutEverywhere);
    expect(api.calls('POST /auth/logout/all')).toHaveLength(0);

    await u.click(everywhere);
    await waitFor(() => expect(window.alert).toHaveBeenCalledWith(MESSAGES.signedOutEverywhere));
    expect(api.calls('POST /auth/logout/all')[0].headers.Authorization).toBe('Bearer jwt-test');
    await waitFor(() => expect(currentLocation()).toBe('/'));
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('stays signed in and says so when signing out of all devices fails', async () => {
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    devicesApi(() => [laptop, phone], {
      'POST /auth/logout/all': () => ({ status: 400, data: { success: false, message: 'Bad request' } }),
    });
    const list = await devices();
    await userEvent.setup().click(within(list).getByRole('button', { name: 'Sign out of all devices' }));
    await waitFor(() => expect(window.alert).toHaveBeenCalledWith('Bad request'));
    expect(localStorage.getItem('token')).toBe('jwt-test');
    expect(currentLocation()).toBe('/profile');
  });

  it('says when the devices could not be loaded, and tries again', async () => {
    let fail = true;
    devicesApi(() => {
      if (fail) throw new Error('unreachable');
      return [laptop];
    });
    const list = await devices();
    expect(await within(list).findByText(DEVICES_TEXT.loadFailed)).toBeInTheDocument();
    fail = false;
    await userEvent.setup().click(within(list).getByRole('button', { name: 'Try again' }));
    expect(await within(list).findByText('Firefox on macOS')).toBeInTheDocument();
  });
});

describe('lastUsedText', () => {
  const now = Date.parse('2026-03-01T12:00:00Z');
  it('is "Active now" within two minutes, then minutes, hours and days ago, then the date', () => {
    expect(lastUsedText('2026-03-01T11:59:00Z', now)).toBe('Active now');
    expect(lastUsedText('2026-03-01T11:45:00Z', now)).toBe('15 minutes ago');
    expect(lastUsedText('2026-03-01T11:00:00Z', now)).toBe('1 hour ago');
    expect(lastUsedText('2026-02-27T12:00:00Z', now)).toBe('2 days ago');
    expect(lastUsedText('2026-01-01T12:00:00Z', now)).toMatch(/2026/);
  });
});
