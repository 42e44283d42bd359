import { createReadableStreamFromReadable } from '@react-router/node';
import { isbot } from 'isbot';
import { randomBytes } from 'node:crypto';
import { PassThrough } from 'node:stream';
import { renderToPipeableStream } from 'react-dom/server';
import { ServerRouter, type EntryContext } from 'react-router';
import { WHOLE_PAGE_HEADER } from '@shop/proto';
import { createLogger } from '@shop/web-kit/logger';
import { pageContentSecurityPolicy } from '../server/content-security-policy';
import { scriptsAfterFirstPaintStream } from '../server/scripts-after-first-paint';
import { NonceContext } from './nonce';

/** How long a page's deferred parts may stream before the render gives up on them. */
export const streamTimeout = 5_000;

const logger = createLogger('render');

/**
 * Every page as a stream: the shell as soon as it is ready, for shoppers; the whole page at once
 * for crawlers (isbot), which may not wait for the rest, and for the gateway when it keeps the page
 * for every shopper (WHOLE_PAGE_HEADER). Each page gets its own nonce for its
 * inline scripts, and the policy that allows them. Its scripts start after its first frame
 * (server/scripts-after-first-paint.ts).
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
) {
  const nonce = randomBytes(16).toString('base64');
  responseHeaders.set('Content-Security-Policy', pageContentSecurityPolicy(nonce));
  responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
  // Browsers and proxies ask again each time: only the gateway keeps a page, and only until the
  // catalog's or the settings' events drop it (storefront-page-cache.ts).
  if (!responseHeaders.has('Cache-Control')) responseHeaders.set('Cache-Control', 'no-cache');
  if (request.method.toUpperCase() === 'HEAD')
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });

  const userAgent = request.headers.get('user-agent');
  const whole = request.headers.has(WHOLE_PAGE_HEADER) || (userAgent !== null && isbot(userAgent));
  const readyOption = whole ? 'onAllReady' : 'onShellReady';

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    let timeout: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1_000);
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceContext.Provider>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeout);
              timeout = undefined;
              callback();
            },
          });
          pipe(body);
          resolve(
            new Response(createReadableStreamFromReadable(body.pipe(scriptsAfterFirstPaintStream())), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // An error before the shell is rejected above and logged by React Router.
          if (shellRendered) logger.error('A page failed while streaming', error);
        },
      },
    );
  });
}
