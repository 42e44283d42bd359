import { FACTORY_SETTINGS, type SettingsReply, type SettingsView } from '@shop/proto';
import { act, screen, waitFor, within } from '@testing-library/react';
import { mockApi, type RecordedCall } from '../../test/mockApi';
import { ADMIN, renderAdmin } from '../../test/renderApp';

const MASK = '••••••••7f3a';

function stored(overrides: Partial<SettingsView> = {}): SettingsView {
  // The factory defaults carry no key secret: it is write-only.
  return {
    ...FACTORY_SETTINGS,
    businessName: 'MS & Jaksh',
    businessEmail: 'hello@msjaksh.in',
    razorpayKeyId: 'rzp_test_Abc123XYZ',
    razorpayKeySecret: MASK,
    razorpayKeySecretSet: true,
    ...overrides,
  };
}

const reply = (settings: SettingsView, message?: string): SettingsReply => ({
  success: true,
  settings,
  updatedAt: '2025-06-30T12:00:00.000Z',
  ...(message ? { message } : {}),
});

type Routes = Parameters<typeof mockApi>[0];

function server(settings = stored(), routes: Routes = {}) {
  return mockApi({
    'GET /admin2009/profile': () => ({ data: { success: true, admin: ADMIN } }),
    'GET /admin2009/settings': () => ({ data: reply(settings) }),
    'PATCH /admin2009/settings': (call: RecordedCall) => {
      const body = call.body as Record<string, unknown>;
      const { razorpayKeySecret, ...rest } = body;
      return {
        data: reply(
          {
            ...settings,
            ...(rest as Partial<SettingsView>),
            razorpayKeySecret:
              razorpayKeySecret === MASK ? MASK : `••••••••${String(razorpayKeySecret).slice(-4)}`,
          },
          'Settings updated successfully',
        ),
      };
    },
    ...routes,
  });
}

async function openTab(user: ReturnType<typeof renderAdmin>['user'], name: string) {
  await user.click(await screen.findByRole('tab', { name }));
}

const saveButton = () =>
  screen.getByRole('button', { name: /Save All Settings|Saving...|Saved Successfully/ });

describe('the settings screen', () => {
  it('has the six tabs: Business, Payments, Inventory, Notifications, Security and System', async () => {
    server();
    renderAdmin('/settings');
    const tabs = await screen.findByRole('tablist', { name: 'Settings sections' });
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((t) => t.textContent),
    ).toEqual(['Business', 'Payments', 'Inventory', 'Notifications', 'Security', 'System']);
    expect(screen.getByRole('tab', { name: 'Business' })).toHaveAttribute('aria-selected', 'true');
  });

  it('shows the business, shipping and tax settings with the spec defaults', async () => {
    server();
    renderAdmin('/settings');
    expect(await screen.findByLabelText('Business Name')).toHaveValue('MS & Jaksh');
    expect(screen.getByLabelText('Business Email')).toHaveValue('hello@msjaksh.in');
    expect(screen.getByLabelText('Business Phone')).toHaveValue('');
    expect(screen.getByLabelText('Business Address')).toHaveValue('');
    expect(screen.getByLabelText('GST Number')).toHaveValue('');
    expect(screen.getByLabelText('Free Shipping Threshold (₹)')).toHaveValue(2000);
    expect(screen.getByLabelText('Standard Shipping Cost (₹)')).toHaveValue(100);
    expect(screen.getByLabelText('Express Shipping Cost (₹)')).toHaveValue(200);
    expect(screen.getByLabelText('Default Tax Rate (%)')).toHaveValue(18);
    expect(screen.getByRole('switch', { name: 'Apply tax to shipping' })).toBeChecked();
  });

  it('uses the spec default for a setting the server leaves out', async () => {
    const partial = stored();
    delete (partial as Partial<SettingsView>).expressShippingCost;
    server(partial);
    renderAdmin('/settings');
    expect(await screen.findByLabelText('Express Shipping Cost (₹)')).toHaveValue(200);
  });

  it('shows the key secret only masked and the gateway mode as Test or Live', async () => {
    server();
    const { user } = renderAdmin('/settings');
    await openTab(user, 'Payments');
    expect(screen.getByLabelText('Razorpay Key ID')).toHaveValue('rzp_test_Abc123XYZ');
    const secret = screen.getByLabelText('Razorpay Key Secret');
    expect(secret).toHaveValue(MASK);
    expect(secret).toHaveAttribute('type', 'password');
    const live = screen.getByRole('switch', { name: 'Live payments' });
    expect(live).not.toBeChecked();
    expect(live.closest('.toggle-row')).toHaveTextContent('Test');
    await user.click(live);
    expect(live.closest('.toggle-row')).toHaveTextContent('Live');
  });

  it('shows the auto-reorder quantity only while auto-reorder is on', async () => {
    server();
    const { user } = renderAdmin('/settings');
    await openTab(user, 'Inventory');
    expect(screen.getByLabelText('Low Stock Threshold')).toHaveValue(10);
    const reorder = screen.getByRole('switch', { name: 'Auto-reorder' });
    expect(reorder).not.toBeChecked();
    expect(screen.queryByLabelText('Auto-reorder Quantity')).not.toBeInTheDocument();
    await user.click(reorder);
    expect(screen.getByLabelText('Auto-reorder Quantity')).toHaveValue(50);
  });

  it('shows the notification switches, all on by default', async () => {
    server();
    const { user } = renderAdmin('/settings');
    await openTab(user, 'Notifications');
    for (const name of [
      'Email notifications',
      'Order notifications',
      'Inventory alerts',
      'Customer updates',
    ]) {
      expect(screen.getByRole('switch', { name })).toBeChecked();
    }
  });

  it('shows the security settings with the strong-password hint', async () => {
    server();
    const { user } = renderAdmin('/settings');
    await openTab(user, 'Security');
    expect(screen.getByLabelText('Session Timeout (minutes)')).toHaveValue(30);
    expect(screen.getByLabelText('Max Login Attempts')).toHaveValue(5);
    expect(screen.getByRole('switch', { name: 'Require strong passwords' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Require strong passwords' })).toHaveAccessibleDescription(
      'Strong passwords need at least 8 characters with uppercase, lowercase, numbers and symbols.',
    );
    expect(screen.getByRole('switch', { name: 'Two-factor authentication' })).not.toBeChecked();
  });

  it('signs every browser of the admin account out after asking, this one too, and goes to sign-in', async () => {
    const api = server(stored(), {
      'POST /admin2009/logout/all': () => ({ data: { success: true, message: 'Signed out of all devices' } }),
      // This browser's session ended with the others: its own sign-out is refused.
      'POST /admin2009/logout': () => ({ status: 401, data: { success: false, message: 'Your session has ended. Please log in again.' } }),
    });
    const { user } = renderAdmin('/settings');
    await openTab(user, 'Security');
    expect(screen.getByText(/Staff share the admin account/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Sign out of all devices' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('Sign out every browser signed in to the admin account, this one too?');
    await user.click(within(dialog).getByRole('button', { name: 'Sign out' }));

    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/login/));
    expect(api.callsTo('POST', '/admin2009/logout/all')).toHaveLength(1);
    expect(localStorage.getItem('adminToken')).toBeNull();
  });

  it('keeps every session when signing out of all devices is cancelled or fails', async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    const api = server(stored(), {
      'POST /admin2009/logout/all': () => ({ status: 400, data: { success: false, message: 'Bad request' } }),
    });
    const { user } = renderAdmin('/settings');
    await openTab(user, 'Security');
    await user.click(screen.getByRole('button', { name: 'Sign out of all devices' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancel' }));
    expect(api.callsTo('POST', '/admin2009/logout/all')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Sign out of all devices' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith('Failed to sign out of all devices'));
    expect(localStorage.getItem('adminToken')).toBe('admin-jwt');
    expect(screen.getByTestId('location')).toHaveTextContent('/settings');
  });

  it("shows a 'Site Offline' badge while maintenance mode is on", async () => {
    server();
    const { user } = renderAdmin('/settings');
    await openTab(user, 'System');
    expect(screen.getByRole('switch', { name: 'Allow registrations' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Require email verification' })).toBeChecked();
    const maintenance = screen.getByRole('switch', { name: 'Maintenance mode' });
    expect(maintenance).not.toBeChecked();
    expect(screen.queryByText('Site Offline')).not.toBeInTheDocument();
    await user.click(maintenance);
    expect(screen.getByText('Site Offline')).toBeInTheDocument();
  });

  it('only confirms and alerts for Clear All Cache and Reset to Defaults, with no call', async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    const api = server();
    const { user } = renderAdmin('/settings');
    await openTab(user, 'System');
    const before = api.calls.length;
    await user.click(screen.getByRole('button', { name: 'Clear All Cache' }));
    const first = await screen.findByRole('alertdialog');
    expect(first).toHaveTextContent('Are you sure you want to clear all cache?');
    await user.click(within(first).getByRole('button', { name: 'Clear' }));
    await waitFor(() => expect(alert).toHaveBeenCalledTimes(1));
    await user.click(screen.getByRole('button', { name: 'Reset to Defaults' }));
    const second = await screen.findByRole('alertdialog');
    expect(second).toHaveTextContent('Are you sure you want to reset all settings to their defaults?');
    await user.click(within(second).getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(alert).toHaveBeenCalledTimes(2));
    expect(api.calls.length).toBe(before);
  });

  it("saves every setting with numbers as numbers, then shows 'Saved Successfully' for 3 seconds", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const api = server();
      const { user } = renderAdmin('/settings');
      const threshold = await screen.findByLabelText('Free Shipping Threshold (₹)');
      await user.clear(threshold);
      await user.type(threshold, '1500');
      await openTab(user, 'Security');
      await user.clear(screen.getByLabelText('Max Login Attempts'));
      await user.type(screen.getByLabelText('Max Login Attempts'), '7');
      await user.click(saveButton());
      expect(await screen.findByRole('button', { name: 'Saved Successfully' })).toBeInTheDocument();
      const [patch] = api.callsTo('PATCH', '/admin2009/settings');
      const body = patch.body as Record<string, unknown>;
      expect(body).toMatchObject({
        freeShippingThreshold: 1500,
        standardShippingCost: 100,
        expressShippingCost: 200,
        defaultTaxRate: 18,
        lowStockThreshold: 10,
        autoReorderQuantity: 50,
        sessionTimeout: 30,
        maxLoginAttempts: 7,
        applyTaxToShipping: true,
        businessName: 'MS & Jaksh',
        razorpayKeySecret: MASK,
      });
      expect(Object.keys(body).sort()).toEqual(
        [...Object.keys(FACTORY_SETTINGS), 'razorpayKeySecret'].sort(),
      );
      act(() => void vi.advanceTimersByTime(2900));
      expect(screen.getByRole('button', { name: 'Saved Successfully' })).toBeInTheDocument();
      act(() => void vi.advanceTimersByTime(200));
      expect(await screen.findByRole('button', { name: 'Save All Settings' })).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });

  it("shows 'Saving...' while the settings are saved", async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    server(stored(), {
      'PATCH /admin2009/settings': async () => {
        await gate;
        return { data: reply(stored()) };
      },
    });
    const { user } = renderAdmin('/settings');
    await screen.findByLabelText('Business Name');
    await user.click(saveButton());
    expect(await screen.findByRole('button', { name: 'Saving...' })).toBeDisabled();
    release();
    expect(await screen.findByRole('button', { name: 'Saved Successfully' })).toBeInTheDocument();
  });

  it('replaces the key secret only when a new one is typed', async () => {
    const api = server();
    const { user } = renderAdmin('/settings');
    await openTab(user, 'Payments');
    const secret = screen.getByLabelText('Razorpay Key Secret');
    await user.clear(secret);
    await user.type(secret, 'new_secret_9c2d');
    await user.click(saveButton());
    await screen.findByRole('button', { name: 'Saved Successfully' });
    expect(
      (api.callsTo('PATCH', '/admin2009/settings')[0].body as { razorpayKeySecret: string })
        .razorpayKeySecret,
    ).toBe('new_secret_9c2d');
    expect(screen.getByLabelText('Razorpay Key Secret')).toHaveValue('••••••••9c2d');
  });

  it("alerts 'Failed to update settings' when the save fails, showing the server's reason by the field", async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    server(stored(), {
      'PATCH /admin2009/settings': () => ({
        status: 400,
        data: {
          success: false,
          status: 400,
          message: 'Enter the Razorpay key id before switching payments to live',
          errors: [
            {
              field: 'razorpayKeyId',
              message: 'Enter the Razorpay key id before switching payments to live',
            },
          ],
        },
      }),
    });
    const { user } = renderAdmin('/settings');
    await screen.findByLabelText('Business Name');
    await user.click(saveButton());
    await waitFor(() => expect(alert).toHaveBeenCalledWith('Failed to update settings'));
    expect(screen.getByRole('tab', { name: 'Payments' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByLabelText('Razorpay Key ID')).toHaveAccessibleDescription(
      'Enter the Razorpay key id before switching payments to live',
    );
    expect(screen.getByRole('button', { name: 'Save All Settings' })).toBeEnabled();
  });

  it('checks the settings before sending them, with the server messages', async () => {
    const api = server();
    const { user } = renderAdmin('/settings');
    await openTab(user, 'Security');
    await user.clear(screen.getByLabelText('Session Timeout (minutes)'));
    await user.type(screen.getByLabelText('Session Timeout (minutes)'), '2');
    await openTab(user, 'Business');
    await user.click(saveButton());
    expect(await screen.findByRole('tab', { name: 'Security' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByLabelText('Session Timeout (minutes)')).toHaveAccessibleDescription(
      'Session timeout must be a whole number of minutes from 5 to 1440',
    );
    expect(api.callsTo('PATCH', '/admin2009/settings')).toHaveLength(0);
  });

  it('asks before leaving the screen with unsaved changes', async () => {
    server();
    const { user } = renderAdmin('/settings');
    await user.type(await screen.findByLabelText('Business Name'), ' Ltd');
    await user.click(screen.getByRole('link', { name: 'Orders' }));
    expect(await screen.findByRole('alertdialog')).toHaveTextContent(
      'Please ensure that you have no unsaved changes.',
    );
  });
});
