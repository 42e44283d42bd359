import { screen, waitFor } from '@testing-library/react';
import { mockApi } from '../../test/mockApi';
import { currentLocation, renderApp } from '../../test/renderApp';

const user = { _id: 'u1', id: 'u1', username: 'asha', email: 'asha@example.in', wishlist: [], addresses: [] };

describe('the Google sign-in callback', () => {
  it("signs in with the token it receives and goes home, saying 'Authenticating with Google...' meanwhile", async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const api = mockApi({
      'GET /auth/me': async () => {
        await gate;
        return { data: { success: true, user } };
      },
    });
    renderApp('/auth/google/callback?token=jwt-g');
    expect(await screen.findByText('Authenticating with Google...')).toBeInTheDocument();
    release();
    await waitFor(() => expect(currentLocation()).toBe('/'));
    expect(localStorage.getItem('token')).toBe('jwt-g');
    expect(api.calls('GET /auth/me')[0].headers.get('Authorization')).toBe('Bearer jwt-g');
  });

  it('sends a provider error to the login page with its message', async () => {
    mockApi({});
    renderApp('/auth/google/callback?error=access_denied');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Google authentication failed. Please try again.',
    );
    await waitFor(() => expect(currentLocation()).toBe('/login'));
  });

  it('says no token was received when there is none', async () => {
    mockApi({});
    renderApp('/auth/google/callback');
    expect(await screen.findByRole('alert')).toHaveTextContent('No authentication token received.');
  });

  it('says authentication failed when the token does not sign in', async () => {
    mockApi({ 'GET /auth/me': () => ({ status: 400, data: { message: 'Invalid token' } }) });
    renderApp('/auth/google/callback?token=bad');
    expect(await screen.findByRole('alert')).toHaveTextContent('Authentication failed. Please try again.');
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('tells a shopper who is signed in already that Google refused, on the callback page, with a way on', async () => {
    localStorage.setItem('token', 'jwt-held');
    localStorage.setItem('user', JSON.stringify(user));
    mockApi({ 'GET /auth/me': () => ({ data: { success: true, user } }) });
    renderApp('/auth/google/callback?error=access_denied');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Google authentication failed. Please try again.',
    );
    expect(screen.getByRole('link', { name: 'Continue shopping' })).toHaveAttribute('href', '/');
    expect(currentLocation()).toBe('/auth/google/callback?error=access_denied');
  });
});
