import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi } from '../../test/mockApi';
import { renderApp } from '../../test/renderApp';

const NEUTRAL = 'If that e-mail is registered, a reset link is on its way.';

async function submit(email: string) {
  const u = userEvent.setup();
  const button = await screen.findByRole('button', { name: 'Send reset link' });
  if (email) await u.type(screen.getByLabelText('Email'), email);
  await u.click(button);
}

describe('the forgot-password page', () => {
  it("requires the e-mail: 'Email is required' and no call", async () => {
    const api = mockApi({});
    renderApp('/forgot-password');
    await submit('');
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(api.calls('POST /auth/forgot-password')).toHaveLength(0);
  });

  it("refuses an address that is not an e-mail with 'Please enter a valid email'", async () => {
    const api = mockApi({});
    renderApp('/forgot-password');
    await submit('asha-at-example');
    expect(await screen.findByText('Please enter a valid email')).toBeInTheDocument();
    expect(api.calls('POST /auth/forgot-password')).toHaveLength(0);
  });

  it('sends the e-mail and shows the neutral message in place of the form', async () => {
    const api = mockApi({
      'POST /auth/forgot-password': () => ({ data: { success: true, message: NEUTRAL } }),
    });
    renderApp('/forgot-password');
    await submit('asha@example.in');
    expect(await screen.findByText(NEUTRAL)).toHaveAttribute('role', 'status');
    expect(api.calls('POST /auth/forgot-password')[0].body).toEqual({ email: 'asha@example.in' });
    expect(screen.queryByRole('button', { name: 'Send reset link' })).toBeNull();
  });

  it("shows the server's reason when the request fails", async () => {
    mockApi({
      'POST /auth/forgot-password': () => ({
        status: 400,
        data: { success: false, status: 400, message: 'Please enter a valid email' },
      }),
    });
    renderApp('/forgot-password');
    await submit('asha@example.in');
    expect(await screen.findByRole('alert')).toHaveTextContent('Please enter a valid email');
  });

  it("falls back to 'Failed to send reset link' when the server gives no message", async () => {
    mockApi({ 'POST /auth/forgot-password': () => ({ status: 400, data: {} }) });
    renderApp('/forgot-password');
    await submit('asha@example.in');
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to send reset link');
  });

  it('links back to sign in', async () => {
    mockApi({});
    renderApp('/forgot-password');
    expect(await screen.findByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
  });
});
