import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi } from '../../test/mockApi';
import { currentLocation, renderApp } from '../../test/renderApp';

const user = {
  _id: 'u1',
  id: 'u1',
  username: 'asha',
  email: 'asha@example.in',
  wishlist: ['p1', 'p2'],
  addresses: [],
};
const productsReply = {
  data: { success: true, products: [], total: 0, page: 1, hasMore: false, nextCursor: null },
};

async function fillAndSubmit(identifier: string, password: string) {
  const u = userEvent.setup();
  const submit = await screen.findByRole('button', { name: 'Sign In' });
  if (identifier) await u.type(screen.getByLabelText('Email or username'), identifier);
  if (password) await u.type(screen.getByLabelText('Password'), password);
  await u.click(submit);
  return u;
}

describe('the login page', () => {
  it('asks for the identifier and the password before calling the server', async () => {
    const api = mockApi({});
    renderApp('/login');
    await fillAndSubmit('', '');
    expect(await screen.findByText('Please enter your email or username')).toBeInTheDocument();
    expect(screen.getByText('Please enter your password')).toBeInTheDocument();
    expect(api.calls('POST /auth/login')).toHaveLength(0);
  });

  it('signs in with identifier and password, keeps the token and goes home', async () => {
    const api = mockApi({ 'POST /auth/login': () => ({ data: { success: true, token: 'jwt-1', user } }) });
    renderApp('/login');
    await fillAndSubmit('asha@example.in', 'Secret#123');
    await waitFor(() => expect(currentLocation()).toBe('/'));
    expect(api.calls('POST /auth/login')[0].body).toEqual({
      identifier: 'asha@example.in',
      password: 'Secret#123',
    });
    expect(localStorage.getItem('token')).toBe('jwt-1');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'My Account' })).toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Sign In' })).toBeNull();
    expect(within(nav).getByLabelText('2 saved items')).toBeInTheDocument();
  });

  it('returns to the page that asked for a login', async () => {
    mockApi({
      'POST /auth/login': () => ({ data: { success: true, token: 'jwt-1', user } }),
      'GET /products': () => productsReply,
    });
    renderApp({ pathname: '/login', state: { from: { pathname: '/products/ms', search: '?sort=newest' } } });
    await fillAndSubmit('asha', 'Secret#123');
    await waitFor(() => expect(currentLocation()).toBe('/products/ms?sort=newest'));
  });

  it("shows the server's reason for a refused login and stays on the page", async () => {
    mockApi({
      'POST /auth/login': () => ({
        status: 401,
        data: { success: false, status: 401, message: 'Invalid email/username or password' },
      }),
    });
    renderApp('/login');
    await fillAndSubmit('asha', 'wrong-password');
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email/username or password');
    expect(currentLocation()).toBe('/login');
    expect(localStorage.getItem('token')).toBeNull();
  });

  it("falls back to 'Login failed' when the server gives no message", async () => {
    mockApi({ 'POST /auth/login': () => ({ status: 400, data: {} }) });
    renderApp('/login');
    await fillAndSubmit('asha', 'whatever1');
    expect(await screen.findByRole('alert')).toHaveTextContent('Login failed');
  });

  it('tells a shopper whose session expired to sign in again', async () => {
    mockApi({});
    renderApp('/login?session=expired');
    expect(await screen.findByText('Your session has expired. Please sign in again.')).toBeInTheDocument();
  });

  it('shows an error query parameter once and removes it from the address', async () => {
    mockApi({});
    renderApp('/login?error=Google%20authentication%20failed.%20Please%20try%20again.&session=expired');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Google authentication failed. Please try again.',
    );
    await waitFor(() => expect(currentLocation()).toBe('/login?session=expired'));
    expect(screen.getByRole('alert')).toHaveTextContent('Google authentication failed. Please try again.');
  });

  it('does not repeat arbitrary text from the address bar', async () => {
    mockApi({});
    renderApp('/login?error=Call%20this%20number%20to%20unlock');
    expect(await screen.findByRole('alert')).toHaveTextContent('Sign-in failed. Please try again.');
  });

  it('shows and hides the password', async () => {
    mockApi({});
    renderApp('/login');
    const u = userEvent.setup();
    const password = await screen.findByLabelText('Password');
    expect(password).toHaveAttribute('type', 'password');
    await u.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    await u.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password).toHaveAttribute('type', 'password');
  });

  it('remembers the identifier for next time when asked to', async () => {
    mockApi({ 'POST /auth/login': () => ({ data: { success: true, token: 'jwt-1', user } }) });
    renderApp('/login');
    const u = userEvent.setup();
    await u.type(await screen.findByLabelText('Email or username'), 'asha');
    await u.type(screen.getByLabelText('Password'), 'Secret#123');
    await u.click(screen.getByLabelText('Remember me'));
    await u.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(localStorage.getItem('rememberedIdentifier')).toBe('asha'));
  });

  it('links to forgot password and sign up', async () => {
    mockApi({});
    renderApp('/login');
    expect(await screen.findByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/register');
  });

  it('offers Google sign-in when the server has it configured', async () => {
    mockApi({ 'GET /auth/providers': () => ({ data: { success: true, google: true } }) });
    renderApp('/login');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Continue with Google' })).toBeEnabled());
    expect(screen.queryByText('Google sign-in is unavailable')).toBeNull();
  });

  it("disables the Google button and says 'Google sign-in is unavailable' when it is not configured", async () => {
    mockApi({ 'GET /auth/providers': () => ({ data: { success: true, google: false } }) });
    renderApp('/login');
    const button = await screen.findByRole('button', { name: 'Google sign-in is unavailable' });
    expect(button).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Continue with Google' })).toBeNull();
  });

  it('says Google sign-in is unavailable when the server cannot tell which providers it has', async () => {
    mockApi({});
    renderApp('/login');
    expect(await screen.findByRole('button', { name: 'Google sign-in is unavailable' })).toBeDisabled();
  });

  it('confirms a password reset handed over by the reset page', async () => {
    mockApi({});
    renderApp({
      pathname: '/login',
      state: { notice: 'Your password has been reset. Please sign in with your new password.' },
    });
    expect(
      await screen.findByText('Your password has been reset. Please sign in with your new password.'),
    ).toHaveClass('notice');
  });

  it('sends a signed-in shopper away from the login page', async () => {
    localStorage.setItem('token', 'jwt-1');
    mockApi({ 'GET /auth/me': () => ({ data: { success: true, user } }) });
    renderApp('/login');
    await waitFor(() => expect(currentLocation()).toBe('/'));
  });
});
