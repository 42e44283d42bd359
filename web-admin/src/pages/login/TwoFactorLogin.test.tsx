import { screen, waitFor } from '@testing-library/react';
import { mockApi, type RecordedCall } from '../../test/mockApi';
import { ADMIN, renderAdmin } from '../../test/renderApp';

const location = () => screen.getByTestId('location').textContent;

const QR_CODE =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const RECOVERY_CODES = [
  'abcd-efgh-jkmn',
  'pqrs-tuvw-xyz2',
  '3456-789a-bcde',
  'fghj-kmnp-qrst',
  'uvwx-yz23-4567',
  '89ab-cdef-ghjk',
  'mnpq-rstu-vwxy',
  'z234-5678-9abc',
  'defg-hjkm-npqr',
  'stuv-wxyz-2345',
];
const WRONG_CODE = 'That code is not correct. Please check your authenticator app and try again.';

const enrolChallenge = {
  success: true,
  twoFactor: 'enrol',
  challenge: 'enrol-challenge',
  otpauthUrl: `otpauth://totp/MS%20%26%20Jaksh:owner%40msjaksh.in?secret=${SECRET}&issuer=MS%20%26%20Jaksh`,
  qrCode: QR_CODE,
  secret: SECRET,
};

async function signInWithPassword(user: ReturnType<typeof renderAdmin>['user']) {
  await user.type(await screen.findByLabelText('Email'), 'owner@msjaksh.in');
  await user.type(screen.getByLabelText('Password'), 'S3cret!pass');
  await user.click(screen.getByRole('button', { name: 'Login' }));
}

describe('two-factor sign-in on the admin login', () => {
  describe('the first sign-in: setting up an authenticator app', () => {
    it('shows the QR code and the key to type, takes the first code, then the recovery codes until they are saved', async () => {
      const server = mockApi({
        'POST /admin2009/login': () => ({ data: enrolChallenge }),
        'POST /admin2009/login/two-factor/enrol': ({ body }: RecordedCall) =>
          (body as { code: string }).code === '123456'
            ? { data: { success: true, token: 'enrolled-jwt', admin: ADMIN, recoveryCodes: RECOVERY_CODES } }
            : { status: 401, data: { success: false, status: 401, message: WRONG_CODE, errors: [] } },
      });
      const { user } = renderAdmin('/login', { signedIn: false });
      await signInWithPassword(user);

      expect(await screen.findByRole('heading', { name: 'Set up two-factor sign-in' })).toBeInTheDocument();
      expect(
        screen.getByRole('img', { name: 'QR code to scan with your authenticator app' }),
      ).toHaveAttribute('src', QR_CODE);
      expect(screen.getByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP')).toBeInTheDocument();
      expect(localStorage.getItem('adminToken')).toBeNull();

      const code = screen.getByLabelText('6-digit code');
      expect(code).toHaveAttribute('autocomplete', 'one-time-code');
      expect(code).toHaveAttribute('inputmode', 'numeric');
      await user.click(screen.getByRole('button', { name: 'Verify and sign in' }));
      expect(
        await screen.findByText('Enter the 6-digit code from your authenticator app'),
      ).toBeInTheDocument();
      expect(server.callsTo('POST', '/admin2009/login/two-factor/enrol')).toHaveLength(0);

      await user.type(code, '654321');
      await user.click(screen.getByRole('button', { name: 'Verify and sign in' }));
      expect(await screen.findByRole('alert')).toHaveTextContent(WRONG_CODE);
      expect(location()).toBe('/login');

      await user.clear(code);
      await user.type(code, '123456');
      await user.click(screen.getByRole('button', { name: 'Verify and sign in' }));
      expect(server.callsTo('POST', '/admin2009/login/two-factor/enrol').at(-1)!.body).toEqual({
        challenge: 'enrol-challenge',
        code: '123456',
      });

      expect(await screen.findByRole('heading', { name: 'Save your recovery codes' })).toHaveFocus();
      const list = screen.getByRole('list', { name: 'Recovery codes' });
      for (const recovery of RECOVERY_CODES) expect(list).toHaveTextContent(recovery);
      // Not signed in until the codes are saved: leaving now would lose them.
      const proceed = screen.getByRole('button', { name: 'Continue to the dashboard' });
      expect(proceed).toBeDisabled();
      expect(localStorage.getItem('adminToken')).toBeNull();
      expect(location()).toBe('/login');

      await user.click(screen.getByRole('checkbox', { name: 'I have saved these codes' }));
      await user.click(proceed);
      await waitFor(() => expect(location()).toBe('/dashboard'));
      expect(localStorage.getItem('adminToken')).toBe('enrolled-jwt');
    });
  });

  describe('later sign-ins: a code', () => {
    const verifyChallenge = () => ({
      data: { success: true, twoFactor: 'verify', challenge: 'verify-challenge' },
    });

    it('asks for the 6-digit code after the password and signs in with it', async () => {
      const server = mockApi({
        'POST /admin2009/login': verifyChallenge,
        'POST /admin2009/login/two-factor': () => ({
          data: { success: true, token: 'second-step-jwt', admin: ADMIN },
        }),
      });
      const { user } = renderAdmin('/login', { signedIn: false });
      await signInWithPassword(user);

      expect(await screen.findByRole('heading', { name: 'Two-factor sign-in' })).toBeInTheDocument();
      expect(localStorage.getItem('adminToken')).toBeNull();
      await user.type(screen.getByLabelText('6-digit code'), '246810');
      await user.click(screen.getByRole('button', { name: 'Verify' }));
      await waitFor(() => expect(location()).toBe('/dashboard'));
      expect(server.callsTo('POST', '/admin2009/login/two-factor')[0].body).toEqual({
        challenge: 'verify-challenge',
        code: '246810',
      });
      expect(localStorage.getItem('adminToken')).toBe('second-step-jwt');
    });

    it("takes a recovery code instead, and shows the refusal in the server's words", async () => {
      let answer: 'refuse' | 'accept' = 'refuse';
      const server = mockApi({
        'POST /admin2009/login': verifyChallenge,
        'POST /admin2009/login/two-factor': () =>
          answer === 'refuse'
            ? { status: 401, data: { success: false, status: 401, message: WRONG_CODE, errors: [] } }
            : { data: { success: true, token: 'recovered-jwt', admin: ADMIN } },
      });
      const { user } = renderAdmin('/login', { signedIn: false });
      await signInWithPassword(user);

      await user.click(await screen.findByRole('button', { name: 'Use a recovery code' }));
      const field = screen.getByLabelText('Recovery code');
      await user.type(field, 'abcd-efgh-jkmn');
      await user.click(screen.getByRole('button', { name: 'Sign in' }));
      expect(await screen.findByRole('alert')).toHaveTextContent(WRONG_CODE);
      expect(localStorage.getItem('adminToken')).toBeNull();

      answer = 'accept';
      await user.click(screen.getByRole('button', { name: 'Sign in' }));
      await waitFor(() => expect(location()).toBe('/dashboard'));
      expect(server.callsTo('POST', '/admin2009/login/two-factor').at(-1)!.body).toEqual({
        challenge: 'verify-challenge',
        code: 'abcd-efgh-jkmn',
      });
    });

    it('switches back to the app code, and back to the password', async () => {
      mockApi({ 'POST /admin2009/login': verifyChallenge });
      const { user } = renderAdmin('/login', { signedIn: false });
      await signInWithPassword(user);

      await user.click(await screen.findByRole('button', { name: 'Use a recovery code' }));
      await user.click(screen.getByRole('button', { name: 'Use your authenticator app' }));
      expect(screen.getByLabelText('6-digit code')).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Back to sign in' }));
      expect(await screen.findByRole('heading', { name: 'Admin Login' })).toBeInTheDocument();
      expect(screen.getByLabelText('Email')).toHaveValue('owner@msjaksh.in');
    });
  });
});
