import { randomBytes } from 'node:crypto';
import { createServer, IncomingMessage, Server } from 'node:http';
import { AddressInfo } from 'node:net';

/** A Google account as Google's OpenID Connect userinfo endpoint describes it. */
export interface GoogleAccount {
  sub: string;
  email: string;
  email_verified: boolean;
  name?: string;
  picture?: string;
}

export interface FakeGoogle {
  /** The gateway's GOOGLE_* settings that point it at this stand-in. */
  env: Record<string, string>;
  /** The account the next visitor "chooses" on the consent page, or 'deny' to press Cancel. */
  nextChoice(choice: GoogleAccount | 'deny'): void;
  /** Every token request the gateway made, to check what it sent. */
  tokenRequests: URLSearchParams[];
  close(): Promise<void>;
}

export const GOOGLE_CLIENT = { id: 'shop-test.apps.googleusercontent.com', secret: 'test-google-secret' };

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString();
}

/**
 * Google's three OAuth 2.0 endpoints as the authorization-code flow uses them (consent page,
 * token, userinfo), strict about the client id, secret, redirect URI and single-use codes as
 * Google is, so the gateway's whole sign-in runs over real HTTP on a machine without internet.
 */
export async function startFakeGoogle(): Promise<FakeGoogle> {
  let choice: GoogleAccount | 'deny' = 'deny';
  const codes = new Map<string, { account: GoogleAccount; redirectUri: string }>();
  const accessTokens = new Map<string, GoogleAccount>();
  const tokenRequests: URLSearchParams[] = [];

  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://google.test');
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    };
    if (req.method === 'GET' && url.pathname === '/o/oauth2/v2/auth') {
      const q = url.searchParams;
      if (
        q.get('client_id') !== GOOGLE_CLIENT.id ||
        q.get('response_type') !== 'code' ||
        !q.get('redirect_uri')
      ) {
        return json(400, { error: 'invalid_request' });
      }
      const back = new URL(q.get('redirect_uri')!);
      if (q.get('state')) back.searchParams.set('state', q.get('state')!);
      if (choice === 'deny') {
        back.searchParams.set('error', 'access_denied');
      } else {
        const code = randomBytes(12).toString('hex');
        codes.set(code, { account: choice, redirectUri: q.get('redirect_uri')! });
        back.searchParams.set('code', code);
      }
      res.writeHead(302, { location: back.toString() }).end();
      return;
    }
    if (req.method === 'POST' && url.pathname === '/token') {
      const form = new URLSearchParams(await readBody(req));
      tokenRequests.push(form);
      const grant = codes.get(form.get('code') ?? '');
      codes.delete(form.get('code') ?? '');
      const clientOk =
        form.get('client_id') === GOOGLE_CLIENT.id && form.get('client_secret') === GOOGLE_CLIENT.secret;
      if (!clientOk) return json(401, { error: 'invalid_client' });
      if (
        !grant ||
        form.get('grant_type') !== 'authorization_code' ||
        form.get('redirect_uri') !== grant.redirectUri
      ) {
        return json(400, { error: 'invalid_grant' });
      }
      const accessToken = randomBytes(16).toString('hex');
      accessTokens.set(accessToken, grant.account);
      return json(200, {
        access_token: accessToken,
        token_type: 'Bearer',
        expires_in: 3599,
        scope: 'openid email profile',
      });
    }
    if (req.method === 'GET' && url.pathname === '/v1/userinfo') {
      const account = accessTokens.get((req.headers.authorization ?? '').replace(/^Bearer /, ''));
      return account ? json(200, account) : json(401, { error: 'invalid_token' });
    }
    json(404, { error: 'not_found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    env: {
      GOOGLE_CLIENT_ID: GOOGLE_CLIENT.id,
      GOOGLE_CLIENT_SECRET: GOOGLE_CLIENT.secret,
      GOOGLE_AUTHORIZATION_URL: `${base}/o/oauth2/v2/auth`,
      GOOGLE_TOKEN_URL: `${base}/token`,
      GOOGLE_USERINFO_URL: `${base}/v1/userinfo`,
    },
    nextChoice: (next) => {
      choice = next;
    },
    tokenRequests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
