import { databaseUrl } from '@shop/kit';
import { MESSAGES } from '@shop/proto';
import { Client } from 'pg';
import { Backend, startBackend } from '../harness/backend';
import { FakeGoogle, GoogleAccount, startFakeGoogle } from '../harness/fake-google';
import { api } from '../harness/http';
import { adminToken } from './catalog-support';

jest.setTimeout(60_000);

const PUBLIC_URL = 'http://shop.test:8080';
const STORE_CALLBACK = `${PUBLIC_URL}/auth/google/callback`;

/** A browser's trip: the store's Google button, Google's consent page, and back; answers where it lands. */
interface Trip {
  /** The store page the shopper is finally sent to. */
  landing: URL;
  /** Where the gateway first sent the browser (Google's consent page). */
  consent: URL;
}

describe('Google sign-in (GET /api/auth/google and its callback)', () => {
  let google: FakeGoogle;
  let backend: Backend;
  let http: ReturnType<typeof api>;
  let users: Client;
  let seq = 0;

  beforeAll(async () => {
    google = await startFakeGoogle();
    backend = await startBackend({
      services: ['user'],
      env: { ...google.env, PUBLIC_URL },
    });
    users = new Client({ connectionString: databaseUrl(backend.env.DATABASE_URL, backend.databases.user) });
    await users.connect();
    http = api(backend.url);
  });
  afterAll(async () => {
    await users?.end();
    await backend?.stop();
    await google?.close();
  });

  const account = (overrides: Partial<GoogleAccount> = {}): GoogleAccount => {
    seq += 1;
    return {
      sub: `1076915035000615071${seq}`,
      email: `meera.iyer${seq}@gmail.com`,
      email_verified: true,
      name: 'Meera Iyer',
      picture: `https://lh3.googleusercontent.com/a/meera${seq}`,
      ...overrides,
    };
  };

  /** Follows the redirects a browser would, carrying the gateway's cookie, and stops at the store. */
  async function signInWithGoogle(
    options: { tamper?: (callback: URL) => void; dropCookie?: boolean } = {},
  ): Promise<Trip> {
    const start = await fetch(`${backend.url}/api/auth/google`, { redirect: 'manual' });
    expect(start.status).toBe(302);
    const consent = new URL(start.headers.get('location')!);
    const cookie = (start.headers.get('set-cookie') ?? '').split(';')[0];
    const atGoogle = await fetch(consent, { redirect: 'manual' });
    expect(atGoogle.status).toBe(302);
    // Google sends the browser to the registered redirect URI (PUBLIC_URL's); here the gateway under test answers it.
    const back = new URL(atGoogle.headers.get('location')!);
    const callback = new URL(`${backend.url}/api/auth/google/callback${back.search}`);
    options.tamper?.(callback);
    const returned = await fetch(callback, {
      redirect: 'manual',
      headers: options.dropCookie ? {} : { cookie },
    });
    expect(returned.status).toBe(302);
    expect(returned.headers.get('cache-control')).toBe('no-store');
    return { consent, landing: new URL(returned.headers.get('location')!) };
  }

  const landedWithToken = (trip: Trip): string => {
    expect(`${trip.landing.origin}${trip.landing.pathname}`).toBe(STORE_CALLBACK);
    const token = trip.landing.searchParams.get('token');
    expect(token).toBeTruthy();
    return token!;
  };

  const landedWithError = (trip: Trip, error = 'sign_in_failed') => {
    expect(`${trip.landing.origin}${trip.landing.pathname}`).toBe(STORE_CALLBACK);
    expect(trip.landing.searchParams.get('token')).toBeNull();
    expect(trip.landing.searchParams.get('error')).toBe(error);
  };

  it('says Google sign-in is offered when the gateway has a Google client', async () => {
    expect((await http.get('/auth/providers')).body).toEqual({ success: true, google: true });
  });

  it('sends the shopper to Google with the client id, redirect URI, OpenID scopes and a state bound to a cookie', async () => {
    const start = await fetch(`${backend.url}/api/auth/google`, { redirect: 'manual' });
    expect(start.status).toBe(302);
    const consent = new URL(start.headers.get('location')!);
    expect(`${consent.origin}${consent.pathname}`).toBe(google.env.GOOGLE_AUTHORIZATION_URL);
    expect(Object.fromEntries(consent.searchParams)).toEqual({
      response_type: 'code',
      client_id: google.env.GOOGLE_CLIENT_ID,
      redirect_uri: `${PUBLIC_URL}/api/auth/google/callback`,
      scope: 'openid email profile',
      state: expect.stringMatching(/^[A-Za-z0-9_-]{32}$/),
      prompt: 'select_account',
    });
    const cookie = start.headers.get('set-cookie')!;
    expect(cookie).toContain(`shop_google_state=${consent.searchParams.get('state')}`);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Path=\/api\/auth\/google/);
  });

  it("registers a new customer from the Google account, its address verified by Google, and returns the store's callback page with a working token", async () => {
    const meera = account();
    google.nextChoice(meera);
    const token = landedWithToken(await signInWithGoogle());

    const me = await http.get('/auth/me', token);
    expect(me.status).toBe(200);
    expect(me.body.user ?? me.body).toMatchObject({
      email: meera.email,
      username: meera.email.split('@')[0],
      name: 'Meera Iyer',
      profilePic: meera.picture,
      emailVerified: true,
    });
    const { rows } = await users.query(`SELECT google_id, last_login FROM users WHERE email = $1`, [
      meera.email,
    ]);
    expect(rows).toEqual([{ google_id: meera.sub, last_login: expect.any(Date) }]);
    // The code was traded with the client's secret and the same redirect URI.
    const exchange = google.tokenRequests.at(-1)!;
    expect(exchange.get('grant_type')).toBe('authorization_code');
    expect(exchange.get('redirect_uri')).toBe(`${PUBLIC_URL}/api/auth/google/callback`);
  });

  it('signs the same Google account into the same customer the next time', async () => {
    const ravi = account({ name: 'Ravi Menon' });
    google.nextChoice(ravi);
    const first = await http.get('/auth/me', landedWithToken(await signInWithGoogle()));
    google.nextChoice({ ...ravi, email: ravi.email.toUpperCase() });
    const second = await http.get('/auth/me', landedWithToken(await signInWithGoogle()));
    expect((second.body.user ?? second.body)._id).toBe((first.body.user ?? first.body)._id);
    const { rows } = await users.query(`SELECT count(*)::int AS n FROM users WHERE google_id = $1`, [
      ravi.sub,
    ]);
    expect(rows[0].n).toBe(1);
  });

  it("links a customer who registered with a password to the Google account with the same verified e-mail, keeping the customer's own name and counting the address as verified", async () => {
    seq += 1;
    const email = `kavya${seq}@gmail.com`;
    const username = `kavya_${seq}`;
    const registered = await http.post('/auth/register', { username, email, password: 'Kavya@2025' });
    expect(registered.status).toBe(201);
    expect(registered.body.user.emailVerified).toBe(false);
    await http.put('/auth/me', { name: 'Kavya R.' }, registered.body.token);

    google.nextChoice(account({ email, name: 'Kavya Raman' }));
    const me = await http.get('/auth/me', landedWithToken(await signInWithGoogle()));
    expect(me.body.user ?? me.body).toMatchObject({
      _id: registered.body.user._id,
      username,
      name: 'Kavya R.',
      emailVerified: true,
    });
    // The password still works too.
    expect((await http.post('/auth/login', { identifier: email, password: 'Kavya@2025' })).status).toBe(200);
  });

  it("picks a free username when the e-mail's name part is already taken", async () => {
    seq += 1;
    const taken = `arjun${seq}`;
    expect(
      (
        await http.post('/auth/register', {
          username: taken,
          email: `arjun${seq}@example.com`,
          password: 'Arjun@2025',
        })
      ).status,
    ).toBe(201);
    google.nextChoice(account({ email: `${taken}@gmail.com` }));
    const me = await http.get('/auth/me', landedWithToken(await signInWithGoogle()));
    expect((me.body.user ?? me.body).username).toBe(`${taken}2`);
  });

  it('sends the shopper back with error=access_denied when they cancel on Google', async () => {
    google.nextChoice('deny');
    landedWithError(await signInWithGoogle(), 'access_denied');
  });

  it('refuses a return whose state does not match the cookie of the browser that started (login CSRF)', async () => {
    google.nextChoice(account());
    landedWithError(
      await signInWithGoogle({
        tamper: (url) => url.searchParams.set('state', 'forged-state-forged-state-forged'),
      }),
    );
    google.nextChoice(account());
    landedWithError(await signInWithGoogle({ dropCookie: true }));
  });

  it('refuses a code Google does not know, without creating anyone', async () => {
    const before = (await users.query(`SELECT count(*)::int AS n FROM users`)).rows[0].n;
    google.nextChoice(account());
    landedWithError(
      await signInWithGoogle({ tamper: (url) => url.searchParams.set('code', 'made-up-code') }),
    );
    expect((await users.query(`SELECT count(*)::int AS n FROM users`)).rows[0].n).toBe(before);
  });

  it('refuses a Google account whose e-mail Google has not verified', async () => {
    const unverified = account({ email_verified: false });
    google.nextChoice(unverified);
    landedWithError(await signInWithGoogle());
    expect((await users.query(`SELECT 1 FROM users WHERE email = $1`, [unverified.email])).rowCount).toBe(0);
    expect(MESSAGES.googleEmailUnverified).toBe('Your Google account has no verified e-mail address');
  });

  it('refuses a deactivated customer', async () => {
    const nisha = account();
    google.nextChoice(nisha);
    const token = landedWithToken(await signInWithGoogle());
    const me = await http.get('/auth/me', token);
    const admin = adminToken();
    const deactivated = await http.delete(`/admin2009/customers/${(me.body.user ?? me.body)._id}`, admin);
    expect(deactivated.status).toBe(200);

    google.nextChoice(nisha);
    landedWithError(await signInWithGoogle());
  });
});
