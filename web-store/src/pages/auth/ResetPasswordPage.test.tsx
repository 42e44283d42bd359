import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeCart, makeUser } from '../../test/fixtures';
import { mockApi } from '../../test/mockApi';
import { emptyStats } from '../account/testSupport';
import { currentLocation, renderApp } from '../../test/renderApp';

const DONE = 'Your password has been reset. You are now signed in.';
const INVALID = 'This reset link is invalid or has expired.';

async function fill(password: string, confirm: string) {
  const u = userEvent.setup();
  await u.type(await screen.findByLabelText('New password'), password);
  if (confirm) await u.type(screen.getByLabelText('Confirm new password'), confirm);
  return u;
}

describe('the reset-password page', () => {
  it('sets the new password with the token from the link, signs in with the fresh token and goes to the account', async () => {
    const api = mockApi({
      'POST /auth/reset-password': () => ({
        data: {
          success: true,
          message: 'Your password has been reset. Please sign in with your new password.',
          token: 'jwt-fresh',
          user: makeUser(),
        },
      }),
      'GET /auth/stats': () => ({ data: { success: true, stats: emptyStats } }),
      'GET /cart': () => ({ data: { success: true, cart: makeCart([]) } }),
    });
    renderApp('/reset-password?token=tok-123');
    const u = await fill('Fresh#Start9', 'Fresh#Start9');
    await u.click(screen.getByRole('button', { name: 'Set new password' }));
    await waitFor(() => expect(currentLocation()).toBe('/account'));
    expect(api.calls('POST /auth/reset-password')[0].body).toEqual({
      token: 'tok-123',
      password: 'Fresh#Start9',
    });
    expect(window.alert).toHaveBeenCalledWith(DONE);
    expect(localStorage.getItem('token')).toBe('jwt-fresh');
    expect(await screen.findByRole('heading', { name: 'My Account' })).toBeInTheDocument();
  });

  it("says 'Passwords do not match' and keeps submit disabled until they do", async () => {
    mockApi({});
    renderApp('/reset-password?token=tok-123');
    const u = await fill('Fresh#Start9', 'Fresh#Start8');
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Set new password' })).toBeDisabled();
    await u.clear(screen.getByLabelText('Confirm new password'));
    await u.type(screen.getByLabelText('Confirm new password'), 'Fresh#Start9');
    expect(screen.queryByText('Passwords do not match')).toBeNull();
    expect(screen.getByRole('button', { name: 'Set new password' })).toBeEnabled();
  });

  it('asks for at least 8 characters', async () => {
    mockApi({});
    renderApp('/reset-password?token=tok-123');
    await fill('Ab#1', 'Ab#1');
    expect(screen.getByText('Password must be at least 8 characters long')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Set new password' })).toBeDisabled();
  });

  it('shows the strength meter of the register page', async () => {
    mockApi({});
    renderApp('/reset-password?token=tok-123');
    const u = await fill('abc', '');
    expect(screen.getByText('Poor')).toBeInTheDocument();
    await u.type(screen.getByLabelText('New password'), '1');
    expect(screen.getByText('Medium')).toBeInTheDocument();
    await u.type(screen.getByLabelText('New password'), 'DEFG#');
    expect(screen.getByText('Strong')).toBeInTheDocument();
  });

  it("lists the server's password rules when it refuses the new password", async () => {
    mockApi({
      'POST /auth/reset-password': () => ({
        status: 400,
        data: {
          success: false,
          status: 400,
          message: 'Password must contain an uppercase letter',
          details: ['Password must contain an uppercase letter', 'Password must contain a symbol'],
        },
      }),
    });
    renderApp('/reset-password?token=tok-123');
    const u = await fill('freshstart9', 'freshstart9');
    await u.click(screen.getByRole('button', { name: 'Set new password' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Password must contain an uppercase letter');
    expect(alert).toHaveTextContent('Password must contain a symbol');
    expect(currentLocation()).toBe('/reset-password?token=tok-123');
  });

  it('says an invalid or expired link is so and offers a new one', async () => {
    mockApi({
      'POST /auth/reset-password': () => ({
        status: 400,
        data: { success: false, status: 400, message: INVALID },
      }),
    });
    renderApp('/reset-password?token=used');
    const u = await fill('Fresh#Start9', 'Fresh#Start9');
    await u.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(INVALID);
    expect(screen.getByRole('link', { name: 'Send a new link' })).toHaveAttribute('href', '/forgot-password');
  });

  it("falls back to 'Password reset failed' when the server gives no message", async () => {
    mockApi({ 'POST /auth/reset-password': () => ({ status: 400, data: {} }) });
    renderApp('/reset-password?token=tok-123');
    const u = await fill('Fresh#Start9', 'Fresh#Start9');
    await u.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Password reset failed');
  });

  it('without a token in the link, says it is invalid and offers a new one', async () => {
    const api = mockApi({});
    renderApp('/reset-password');
    expect(await screen.findByRole('alert')).toHaveTextContent(INVALID);
    expect(screen.getByRole('link', { name: 'Send a new link' })).toHaveAttribute('href', '/forgot-password');
    expect(api.requests.filter((r) => r.url === '/auth/reset-password')).toHaveLength(0);
  });
});
