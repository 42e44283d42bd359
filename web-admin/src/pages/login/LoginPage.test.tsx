import { screen, waitFor } from '@testing-library/react';
import { mockApi } from '../../test/mockApi';
import { ADMIN, renderAdmin } from '../../test/renderApp';

const location = () => screen.getByTestId('location').textContent;

async function fillIn(user: ReturnType<typeof renderAdmin>['user'], email: string, password: string) {
  await user.type(await screen.findByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password'), password);
}

describe('the admin login', () => {
  it('signs in, keeps the token in adminToken and goes to /admin2009/dashboard', async () => {
    const server = mockApi({
      'POST /admin2009/login': () => ({ data: { success: true, token: 'fresh-admin-jwt', admin: ADMIN } }),
    });
    const { user } = renderAdmin('/login', { signedIn: false });
    await fillIn(user, 'owner@msjaksh.in', 'S3cret!pass');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(location()).toBe('/dashboard'));
    expect(server.callsTo('POST', '/admin2009/login')[0].body).toEqual({
      email: 'owner@msjaksh.in',
      password: 'S3cret!pass',
    });
    expect(localStorage.getItem('adminToken')).toBe('fresh-admin-jwt');
    expect(await screen.findByText('owner@msjaksh.in')).toBeInTheDocument();
  });

  it("reads 'Logging in...' while busy", async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    mockApi({
      'POST /admin2009/login': async () => {
        await gate;
        return { data: { success: true, token: 't', admin: ADMIN } };
      },
    });
    const { user } = renderAdmin('/login', { signedIn: false });
    await fillIn(user, 'owner@msjaksh.in', 'S3cret!pass');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('button', { name: 'Logging in...' })).toBeDisabled();
    release();
    await waitFor(() => expect(location()).toBe('/dashboard'));
  });

  it("shows the server's message when sign-in is refused", async () => {
    mockApi({
      'POST /admin2009/login': () => ({
        status: 401,
        data: { success: false, status: 401, message: 'Invalid email or password', errors: [] },
      }),
    });
    const { user } = renderAdmin('/login', { signedIn: false });
    await fillIn(user, 'owner@msjaksh.in', 'wrong');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password');
    expect(location()).toBe('/login');
    expect(localStorage.getItem('adminToken')).toBeNull();
  });

  it("shows 'Login failed' when the server gives no message", async () => {
    vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    mockApi({ 'POST /admin2009/login': () => ({ status: 400, data: {} }) });
    const { user } = renderAdmin('/login', { signedIn: false });
    await fillIn(user, 'owner@msjaksh.in', 'x');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Login failed');
  });

  it('says the server cannot be reached when no answer comes', async () => {
    vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    mockApi({});
    const { AxiosError } = await import('axios');
    const { api } = await import('../../api/client');
    api.defaults.adapter = async (config) => {
      throw new AxiosError('Network Error', 'ERR_NETWORK', config, {});
    };
    const { user } = renderAdmin('/login', { signedIn: false });
    await fillIn(user, 'owner@msjaksh.in', 'x');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Unable to connect to server. Please check your internet connection and try again.',
    );
  });

  it('shows and hides the password', async () => {
    mockApi({});
    const { user } = renderAdmin('/login', { signedIn: false });
    const password = await screen.findByLabelText('Password');
    expect(password).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password).toHaveAttribute('type', 'password');
  });

  it('checks the fields with the shared rules before calling the server', async () => {
    const server = mockApi({});
    const { user } = renderAdmin('/login', { signedIn: false });
    await user.click(await screen.findByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(server.calls).toHaveLength(0);
  });
});
