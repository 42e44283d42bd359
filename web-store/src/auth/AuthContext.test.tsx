import { screen, waitFor, within } from '@testing-library/react';
import { mockApi } from '../test/mockApi';
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

  it('removes the token when the user cannot be fetched', async () => {
    localStorage.setItem('token', 'jwt-1');
    mockApi({ 'GET /auth/me': () => ({ status: 404, data: { message: 'User not found' } }) });
    renderApp('/terms');
    await waitFor(() => expect(localStorage.getItem('token')).toBeNull());
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Sign In' })).toBeInTheDocument();
  });

  it('sends an expired session to /login?session=expired', async () => {
    localStorage.setItem('token', 'jwt-old');
    mockApi({ 'GET /auth/me': () => ({ status: 401, data: { message: 'Unauthorized' } }) });
    renderApp('/terms');
    await waitFor(() => expect(currentLocation()).toBe('/login?session=expired'));
    expect(localStorage.getItem('token')).toBeNull();
    expect(await screen.findByText('Your session has expired. Please sign in again.')).toBeInTheDocument();
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
