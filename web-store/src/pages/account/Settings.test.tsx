import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeUser } from '../../test/fixtures';
import type { Handler } from '../../test/mockApi';
import { currentLocation, renderApp } from '../../test/renderApp';
import { deletionConfirmed } from './AccountManagement';
import { accountApi } from './testSupport';

function settingsApi(extra: Record<string, Handler> = {}) {
  const api = accountApi(extra);
  renderApp('/profile');
  return api;
}

const profileForm = () => screen.findByRole('form', { name: 'Update Profile' });
const passwordForm = () => screen.findByRole('form', { name: 'Change Password' });

describe('Settings', () => {
  describe('Update Profile', () => {
    it('is filled with the current profile', async () => {
      settingsApi();
      const form = await profileForm();
      expect(within(form).getByLabelText('Username')).toHaveValue('asha');
      expect(within(form).getByLabelText('Email')).toHaveValue('asha@example.in');
      expect(within(form).getByLabelText('Phone')).toHaveValue('9876543210');
    });

    it("requires username and e-mail: 'Username and email are required'", async () => {
      const api = settingsApi();
      const form = await profileForm();
      const u = userEvent.setup();
      await u.clear(within(form).getByLabelText('Username'));
      await u.click(within(form).getByRole('button', { name: 'Update Profile' }));
      expect(await within(form).findByText('Username and email are required')).toBeInTheDocument();
      expect(api.calls('PUT /auth/me')).toHaveLength(0);
    });

    it("checks the e-mail and the optional phone: 'Please enter a valid email', 'Phone must be exactly 10 digits'", async () => {
      settingsApi();
      const form = await profileForm();
      const u = userEvent.setup();
      const email = within(form).getByLabelText('Email');
      await u.clear(email);
      await u.type(email, 'not-an-email');
      const phone = within(form).getByLabelText('Phone');
      await u.clear(phone);
      await u.type(phone, '12345');
      await u.click(within(form).getByRole('button', { name: 'Update Profile' }));
      expect(await within(form).findByText('Please enter a valid email')).toBeInTheDocument();
      expect(within(form).getByText('Phone must be exactly 10 digits')).toBeInTheDocument();
    });

    it("saves the profile, with an empty phone allowed, and says 'Profile updated successfully'", async () => {
      const api = settingsApi({
        'PUT /auth/me': () => ({
          data: { success: true, user: makeUser({ username: 'asha_r', phone: null }) },
        }),
      });
      const form = await profileForm();
      const u = userEvent.setup();
      const username = within(form).getByLabelText('Username');
      await u.clear(username);
      await u.type(username, 'asha_r');
      await u.clear(within(form).getByLabelText('Phone'));
      await u.click(within(form).getByRole('button', { name: 'Update Profile' }));
      await waitFor(() => expect(window.alert).toHaveBeenCalledWith('Profile updated successfully'));
      expect(api.calls('PUT /auth/me')[0].body).toEqual({
        username: 'asha_r',
        email: 'asha@example.in',
        phone: '',
        profilePic: null,
      });
    });

    it("alerts the server's error, else 'Profile update failed'", async () => {
      let reply = { status: 409, data: { message: 'Username is already taken' } };
      settingsApi({ 'PUT /auth/me': () => reply });
      const form = await profileForm();
      const u = userEvent.setup();
      await u.click(within(form).getByRole('button', { name: 'Update Profile' }));
      await waitFor(() => expect(window.alert).toHaveBeenCalledWith('Username is already taken'));
      reply = { status: 400, data: {} as { message: string } };
      await u.click(within(form).getByRole('button', { name: 'Update Profile' }));
      await waitFor(() => expect(window.alert).toHaveBeenCalledWith('Profile update failed'));
    });
  });

  describe('Change Password', () => {
    async function fill(current: string, next: string, confirm: string) {
      const form = await passwordForm();
      const u = userEvent.setup();
      if (current) await u.type(within(form).getByLabelText('Current password'), current);
      if (next) await u.type(within(form).getByLabelText('New password'), next);
      if (confirm) await u.type(within(form).getByLabelText('Confirm new password'), confirm);
      await u.click(within(form).getByRole('button', { name: 'Change Password' }));
      return form;
    }

    it('requires the current password and a new one of 8 or more characters', async () => {
      const api = settingsApi();
      const form = await fill('', 'short', 'short');
      expect(await within(form).findByText('Current password is required')).toBeInTheDocument();
      expect(within(form).getByText('New password must be at least 8 characters long')).toBeInTheDocument();
      expect(api.calls('PUT /auth/change-password')).toHaveLength(0);
    });

    it("alerts 'Passwords do not match' when the confirmation differs", async () => {
      const api = settingsApi();
      await fill('old-secret', 'new-secret-1', 'new-secret-2');
      await waitFor(() => expect(window.alert).toHaveBeenCalledWith('Passwords do not match'));
      expect(api.calls('PUT /auth/change-password')).toHaveLength(0);
    });

    it("changes the password, says 'Password changed successfully' and stays signed in with the fresh token", async () => {
      const api = settingsApi({
        'PUT /auth/change-password': () => ({
          data: { success: true, message: 'Password changed successfully', token: 'jwt-fresh' },
        }),
      });
      const form = await fill('old-secret', 'new-secret-1', 'new-secret-1');
      await waitFor(() => expect(window.alert).toHaveBeenCalledWith('Password changed successfully'));
      expect(api.calls('PUT /auth/change-password')[0].body).toEqual({
        currentPassword: 'old-secret',
        newPassword: 'new-secret-1',
      });
      expect(within(form).getByLabelText('Current password')).toHaveValue('');
      expect(localStorage.getItem('token')).toBe('jwt-fresh');
      await userEvent
        .setup()
        .click(within(await profileForm()).getByRole('button', { name: 'Update Profile' }));
      await waitFor(() => expect(api.calls('PUT /auth/me')).toHaveLength(1));
      expect(api.calls('PUT /auth/me')[0].headers.Authorization).toBe('Bearer jwt-fresh');
    });

    it("alerts the server's error, else 'Password change failed'", async () => {
      let reply = { status: 400, data: { message: 'Current password is incorrect' } };
      settingsApi({ 'PUT /auth/change-password': () => reply });
      const form = await fill('wrong-one', 'new-secret-1', 'new-secret-1');
      await waitFor(() => expect(window.alert).toHaveBeenCalledWith('Current password is incorrect'));
      reply = { status: 400, data: {} as { message: string } };
      await userEvent.setup().click(within(form).getByRole('button', { name: 'Change Password' }));
      await waitFor(() => expect(window.alert).toHaveBeenCalledWith('Password change failed'));
    });
  });
});

describe('Account Management', () => {
  async function openManagement(
    logout: Handler = () => ({ data: { success: true, message: 'Logged out successfully' } }),
  ) {
    const api = accountApi({ 'POST /auth/logout': logout });
    renderApp({ pathname: '/account', state: { section: 'account' } });
    await screen.findByRole('heading', { name: 'Account Management' });
    return api;
  }

  it('is reached from Settings, not listed in the sidebar', async () => {
    settingsApi();
    await profileForm();
    const sidebar = screen.getByRole('navigation', { name: 'Account sections' });
    expect(within(sidebar).queryByRole('button', { name: /Account Management/i })).toBeNull();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Account management' }));
    expect(await screen.findByRole('heading', { name: 'Account Management' })).toBeInTheDocument();
  });

  it("asks 'Are you sure you want to logout?', then says 'You have been logged out successfully', ends the session on the server and goes home", async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    const api = await openManagement();
    const u = userEvent.setup();
    await u.click(screen.getByRole('button', { name: 'Logout' }));
    expect(confirm).toHaveBeenCalledWith('Are you sure you want to logout?');
    expect(localStorage.getItem('token')).toBe('jwt-test');
    expect(api.calls('POST /auth/logout')).toHaveLength(0);
    await u.click(screen.getByRole('button', { name: 'Logout' }));
    expect(window.alert).toHaveBeenCalledWith('You have been logged out successfully');
    await waitFor(() => expect(currentLocation()).toBe('/'));
    expect(localStorage.getItem('token')).toBeNull();
    await waitFor(() => expect(api.calls('POST /auth/logout')).toHaveLength(1));
    expect(api.calls('POST /auth/logout')[0].headers.Authorization).toBe('Bearer jwt-test');
  });

  it('goes home signed out even when the server says the session had already ended', async () => {
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    const api = await openManagement(() => ({
      status: 401,
      data: { message: 'Your session has ended. Please log in again.' },
    }));
    await userEvent.setup().click(screen.getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(api.calls('POST /auth/logout')).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 20));
    expect(currentLocation()).toBe('/');
  });

  it('accepts "confirm delete" in any case with spaces around, and nothing else', () => {
    expect(deletionConfirmed('confirm delete')).toBe(true);
    expect(deletionConfirmed('  CONFIRM Delete ')).toBe(true);
    expect(deletionConfirmed('confirm  delete')).toBe(false);
    expect(deletionConfirmed('confirm')).toBe(false);
  });

  it("enables Delete Account only for the typed phrase; Enter confirms, then the spec's notices", async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    await openManagement();
    const u = userEvent.setup();
    await u.click(screen.getByRole('button', { name: 'Delete Account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Account' });
    const submit = within(dialog).getByRole('button', { name: 'Delete Account' });
    const input = within(dialog).getByLabelText('Type "confirm delete" to confirm');
    expect(submit).toBeDisabled();
    await u.type(input, 'confirm');
    expect(submit).toBeDisabled();
    await u.type(input, ' DELETE  {Enter}');
    expect(confirm).toHaveBeenCalledWith('Are you sure? This action cannot be undone.');
    expect(window.alert).toHaveBeenCalledWith('Account deletion not implemented yet');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(localStorage.getItem('token')).toBe('jwt-test');
  });

  it('cancels the delete dialog with Escape and with a click on the overlay', async () => {
    const confirm = vi.spyOn(window, 'confirm');
    await openManagement();
    const u = userEvent.setup();
    await u.click(screen.getByRole('button', { name: 'Delete Account' }));
    await screen.findByRole('dialog', { name: 'Delete Account' });
    await u.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await u.click(screen.getByRole('button', { name: 'Delete Account' }));
    await screen.findByRole('dialog', { name: 'Delete Account' });
    await u.click(screen.getByTestId('modal-overlay'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(confirm).not.toHaveBeenCalled();
  });
});
