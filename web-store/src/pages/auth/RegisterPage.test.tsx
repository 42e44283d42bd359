import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi } from '../../test/mockApi';
import { currentLocation, renderApp } from '../../test/renderApp';

const newUser = {
  _id: 'u9',
  id: 'u9',
  username: 'ravi_k',
  email: 'ravi@example.in',
  wishlist: [],
  addresses: [],
};

async function openForm() {
  renderApp('/register');
  const submit = await screen.findByRole('button', { name: 'Create Account' });
  return { submit, u: userEvent.setup() };
}

async function fill(
  u: ReturnType<typeof userEvent.setup>,
  values: Partial<Record<'username' | 'email' | 'password' | 'confirm', string>>,
) {
  if (values.username) await u.type(screen.getByLabelText('Username'), values.username);
  if (values.email) await u.type(screen.getByLabelText('Email'), values.email);
  if (values.password) await u.type(screen.getByLabelText('Password'), values.password);
  if (values.confirm) await u.type(screen.getByLabelText('Confirm password'), values.confirm);
}

describe('the register page', () => {
  beforeEach(() => mockApi({}));

  it('keeps submit disabled until every field is filled', async () => {
    const { submit, u } = await openForm();
    expect(submit).toBeDisabled();
    await fill(u, { username: 'ravi_k', email: 'ravi@example.in', password: 'Secret#123' });
    expect(submit).toBeDisabled();
    await fill(u, { confirm: 'Secret#123' });
    expect(submit).toBeEnabled();
  });

  it("keeps submit disabled and says 'Passwords do not match' while the passwords differ", async () => {
    const { submit, u } = await openForm();
    await fill(u, {
      username: 'ravi_k',
      email: 'ravi@example.in',
      password: 'Secret#123',
      confirm: 'Secret#124',
    });
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument();
    expect(submit).toBeDisabled();
  });

  it('keeps submit disabled while the password is shorter than 8 characters', async () => {
    const { submit, u } = await openForm();
    await fill(u, { username: 'ravi_k', email: 'ravi@example.in', password: 'Ab#1234', confirm: 'Ab#1234' });
    expect(screen.getByText('Password must be at least 8 characters long')).toBeInTheDocument();
    expect(submit).toBeDisabled();
    await u.type(screen.getByLabelText('Password'), '5');
    await u.type(screen.getByLabelText('Confirm password'), '5');
    expect(submit).toBeEnabled();
  });

  it.each([
    ['abc', 'Poor'],
    ['abcdefgh', 'Medium'],
    ['abcdefG1', 'Strong'],
    ['Abcdef#1', 'Strong'],
  ])('rates the password %s as %s', async (password, label) => {
    const { u } = await openForm();
    await u.type(screen.getByLabelText('Password'), password);
    expect(screen.getByText('Password strength:')).toHaveTextContent(`Password strength: ${label}`);
  });

  it('shows no strength meter for an empty password', async () => {
    await openForm();
    expect(screen.queryByText(/Password strength/)).toBeNull();
  });

  it('registers, keeps the token and goes home', async () => {
    const api = mockApi({
      'POST /auth/register': () => ({ status: 201, data: { success: true, token: 'jwt-9', user: newUser } }),
    });
    const { submit, u } = await openForm();
    await fill(u, {
      username: 'ravi_k',
      email: 'Ravi@Example.in',
      password: 'Secret#123',
      confirm: 'Secret#123',
    });
    await u.click(submit);
    await waitFor(() => expect(currentLocation()).toBe('/'));
    expect(api.calls('POST /auth/register')[0].body).toEqual({
      username: 'ravi_k',
      email: 'ravi@example.in',
      password: 'Secret#123',
    });
    expect(localStorage.getItem('token')).toBe('jwt-9');
  });

  it("lists the server's validation details", async () => {
    mockApi({
      'POST /auth/register': () => ({
        status: 400,
        data: {
          success: false,
          status: 400,
          message: 'Password must contain a symbol',
          error: 'Password must contain a symbol',
          errors: [],
          details: ['Password must contain an uppercase letter', 'Password must contain a symbol'],
        },
      }),
    });
    const { submit, u } = await openForm();
    await fill(u, {
      username: 'ravi_k',
      email: 'ravi@example.in',
      password: 'secret123',
      confirm: 'secret123',
    });
    await u.click(submit);
    const alert = await screen.findByRole('alert');
    const items = Array.from(alert.querySelectorAll('li')).map((li) => li.textContent);
    expect(items).toEqual(['Password must contain an uppercase letter', 'Password must contain a symbol']);
  });

  it("shows the server's message when it sends no details, e.g. an e-mail already registered", async () => {
    mockApi({
      'POST /auth/register': () => ({ status: 409, data: { message: 'Email is already registered' } }),
    });
    const { submit, u } = await openForm();
    await fill(u, {
      username: 'ravi_k',
      email: 'ravi@example.in',
      password: 'Secret#123',
      confirm: 'Secret#123',
    });
    await u.click(submit);
    expect(await screen.findByRole('alert')).toHaveTextContent('Email is already registered');
  });

  it("falls back to 'Registration failed' when the server gives no message", async () => {
    mockApi({ 'POST /auth/register': () => ({ status: 400, data: {} }) });
    const { submit, u } = await openForm();
    await fill(u, {
      username: 'ravi_k',
      email: 'ravi@example.in',
      password: 'Secret#123',
      confirm: 'Secret#123',
    });
    await u.click(submit);
    expect(await screen.findByRole('alert')).toHaveTextContent('Registration failed');
  });

  it('checks the shared rules before calling the server', async () => {
    const api = mockApi({});
    const { submit, u } = await openForm();
    await fill(u, { username: 'r', email: 'not-an-email', password: 'Secret#123', confirm: 'Secret#123' });
    await u.click(submit);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Username must be between 3 and 30 characters');
    expect(alert).toHaveTextContent('Please enter a valid email');
    expect(api.calls('POST /auth/register')).toHaveLength(0);
  });

  it('only announces that Google sign-up is coming soon', async () => {
    const { u } = await openForm();
    await u.click(screen.getByRole('button', { name: 'Sign up with Google' }));
    expect(window.alert).toHaveBeenCalledWith('Google sign-up is coming soon!');
  });

  it('sends a signed-in shopper away from the register page', async () => {
    localStorage.setItem('token', 'jwt-1');
    mockApi({ 'GET /auth/me': () => ({ data: { success: true, user: newUser } }) });
    renderApp('/register');
    await waitFor(() => expect(currentLocation()).toBe('/'));
  });
});
