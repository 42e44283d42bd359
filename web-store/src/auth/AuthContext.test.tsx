import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AxiosError } from 'axios';
import { mockApi, type MockReply } from '../test/mockApi';
import { currentLocation, renderApp } from '../test/renderApp';

const user = { _id: 'u1', id: 'u1', username: 'asha', email: 'asha@example.in', wishlist: [], addresses: [] };

describe('the customer session', () => {
  it('fetches the user for a stored token on load, sending it as a Bearer header', async () => {
    localStorage.setItem('token', 'jwt-1');
    const api = mockApi({ 'GET /auth/me': () => ({ data: { success: true, user } }) });
    renderApp('/terms');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(await within(nav).findByRole('link', { name: 'My Account' })).toBeInTheDocument();
    expect(api.calls('GET /auth/me')[0].headers.get('Authorization')).toBe('Bearer jwt-1');
  });

  it('keeps the token when the session check fails without a 401, and the page says what failed', async () => {
    localStorage.setItem('token', 'jwt-1');
    let answer: MockReply = { status: 503, data: {} };
    const api = mockApi({ 'GET /auth/me': () => answer });
    renderApp('/account');
    expect(await screen.findByText('Token authentication failed')).toBeInTheDocument();
    expect(window.alert).toHaveBeenCalledWith('Server error. Please try again later.');
    expect(localStorage.getItem('token')).toBe('jwt-1');
    expect(currentLocation()).toBe('/account');

    answer = { data: { success: true, user } };
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Account Overview' })).toBeInTheDocument();
    expect(api.calls('GET /auth/me')).toHaveLength(2);
  });

  it('shows the user it last saw at once, and keeps them when the connection fails', async () => {
    localStorage.setItem('token', 'jwt-1');
    localStorage.setItem('user', JSON.stringify(user));
    mockApi({
      'GET /auth/me': (config) => {
        throw new AxiosError('Network Error', AxiosError.ERR_NETWORK, config, {});
      },
    });
    renderApp('/terms');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'My Account' })).toBeInTheDocument();
    await waitFor(() =>
      expect(window.alert).toHaveBeenCalledWith(
        'Unable to connect to server. Please check your internet connection and try again.',
      ),
    );
    expect(within(nav).getByRole('link', { name: 'My Account' })).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBe('jwt-1');
  });

  it('sends an expired session to /login?session=expired', async () => {
    localStorage.setItem('token', 'jwt-old');
    mockApi({ 'GET /auth/me': () => ({ status: 401, data: { message: 'Unauthorized' } }) });
    renderApp('/terms');
    await waitFor(() => expect(currentLocation()).toBe('/login?session=expired'));
    expect(localStorage.getItem('token')).toBeNull();
    expect(await screen.findByText('Your session has expired. Please sign in again.')).toBeInTheDocument();
  });

  it('sends a signed-in page whose session the server refuses to /login?session=expired with its message', async () => {
    localStorage.setItem('token', 'jwt-old');
    localStorage.setItem('user', JSON.stringify(user));
    mockApi({
      'GET /auth/me': () => ({ status: 401, data: { message: 'Unauthorized' } }),
      'GET /auth/stats': () => ({ status: 401, data: { message: 'Unauthorized' } }),
    });
    renderApp('/account');
    await waitFor(() => expect(currentLocation()).toBe('/login?session=expired'));
    expect(await screen.findByText('Your session has expired. Please sign in again.')).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
  });

  it('brings a shopper whose session expired on /account back to /account once they sign in again', async () => {
    localStorage.setItem('token', 'jwt-old');
    localStorage.setItem('user', JSON.stringify(user));
    let expired = true;
    mockApi({
      'GET /auth/me': () =>
        expired ? { status: 401, data: { message: 'Unauthorized' } } : { data: { success: true, user } },
      'GET /auth/stats': () =>
        expired
          ? { status: 401, data: { message: 'Unauthorized' } }
          : { data: { success: true, stats: { totalOrders: 0, totalSpent: 0, wishlistCount: 0 } } },
      'POST /auth/login': () => {
        expired = false;
        return { data: { success: true, token: 'jwt-new', user } };
      },
    });
    renderApp('/account');
    await waitFor(() => expect(currentLocation()).toBe('/login?session=expired'));
    const u = userEvent.setup();
    await u.type(await screen.findByLabelText('Email or username'), 'asha');
    await u.type(screen.getByLabelText('Password'), 'Secret#123');
    await u.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(currentLocation()).toBe('/account'));
  });

  it('a 403 goes to the 403 page', async () => {
    localStorage.setItem('token', 'jwt-1');
    mockApi({ 'GET /auth/me': () => ({ status: 403, data: { message: 'Forbidden' } }) });
    renderApp('/terms');
    await waitFor(() => expect(currentLocation()).toBe('/403'));
  });

  it('keeps the guest cart when a session expires', async () => {
    localStorage.setItem('token', 'jwt-old');
    localStorage.setItem(
      'cart',
      JSON.stringify([{ _id: 'l1', product: { _id: 'p1', name: 'Mug', price: 199 }, quantity: 1 }]),
    );
    mockApi({ 'GET /auth/me': () => ({ status: 401, data: {} }) });
    renderApp('/terms');
    await waitFor(() => expect(currentLocation()).toBe('/login?session=expired'));
    expect(JSON.parse(localStorage.getItem('cart')!)).toHaveLength(1);
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByLabelText('1 items in cart')).toBeInTheDocument();
  });
});
