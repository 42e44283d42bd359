import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeCart, makeUser, signedIn } from '../../test/fixtures';
import { mockApi, type Handler } from '../../test/mockApi';
import { currentLocation, renderApp } from '../../test/renderApp';
import { accountApi } from '../account/testSupport';

const VERIFIED = 'Your e-mail address is verified';
const EXPIRED = 'This verification link has expired. Please ask for a new one.';

const page = () => screen.getByRole('heading', { name: 'Verify your e-mail address' }).parentElement!;

const verifiedReply: Handler = () => ({
  data: { success: true, message: VERIFIED, user: makeUser({ emailVerified: true }) },
});

describe('the e-mail verification page', () => {
  it("verifies the address with the token from the link and says 'Your e-mail address is verified'", async () => {
    const api = mockApi({ 'POST /auth/verify-email': verifiedReply });
    renderApp('/verify-email?token=tok-123');
    expect(await screen.findByText(VERIFIED)).toBeInTheDocument();
    expect(within(page()).getByRole('status')).toHaveTextContent(VERIFIED);
    expect(api.calls('POST /auth/verify-email')).toHaveLength(1);
    expect(api.calls('POST /auth/verify-email')[0].body).toEqual({ token: 'tok-123' });
    expect(screen.getByRole('link', { name: 'Continue shopping' })).toHaveAttribute('href', '/products');
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
  });

  it('leads a signed-in customer on to My Account, where the banner has gone', async () => {
    accountApi({ 'POST /auth/verify-email': verifiedReply }, makeUser({ emailVerified: false }));
    renderApp('/verify-email?token=tok-123');
    expect(await screen.findByText(VERIFIED)).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('link', { name: 'Go to My Account' }));
    await waitFor(() => expect(currentLocation()).toBe('/account'));
    expect(await screen.findByRole('heading', { name: 'Account Overview' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'E-mail verification' })).toBeNull();
  });

  it("shows the server's refusal and, to a signed-in customer, a resend button", async () => {
    const api = mockApi({
      ...signedIn(makeUser({ emailVerified: false })),
      'GET /cart': () => ({ data: { cart: makeCart([]) } }),
      'POST /auth/verify-email': () => ({ status: 400, data: { message: EXPIRED } }),
      'POST /auth/verify-email/resend': () => ({
        data: { success: true, message: 'We sent a new verification link to asha@example.in' },
      }),
    });
    renderApp('/verify-email?token=old');
    expect(await screen.findByRole('alert')).toHaveTextContent(EXPIRED);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Resend verification link' }));
    await waitFor(() =>
      expect(within(page()).getByRole('status')).toHaveTextContent(
        'We sent a new verification link to asha@example.in',
      ),
    );
    expect(api.calls('POST /auth/verify-email/resend')).toHaveLength(1);
  });

  it('asks a visitor whose link failed to sign in for a new one', async () => {
    mockApi({ 'POST /auth/verify-email': () => ({ status: 400, data: { message: EXPIRED } }) });
    renderApp('/verify-email?token=old');
    expect(await screen.findByRole('alert')).toHaveTextContent(EXPIRED);
    expect(screen.queryByRole('button', { name: 'Resend verification link' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
  });

  it('says a link without a token is invalid, without asking the server', async () => {
    const api = mockApi({});
    renderApp('/verify-email');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This verification link is invalid or has expired',
    );
    expect(api.calls('POST /auth/verify-email')).toHaveLength(0);
  });
});
