import fastifyStatic from '@fastify/static';
import { Controller, Get, Inject, NotFoundException, Req, Res, Type } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { SkipThrottle } from '@nestjs/throttler';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { existsSync, readFileSync } from 'node:fs';
import { Agent, request as httpRequest, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import { join } from 'node:path';
import { WHOLE_PAGE_HEADER } from '@shop/proto';
import { sendReplyBytes } from '../common/reply-bytes';
import type { GatewayConfig } from '../config/gateway-config';
import { KeptPage, RenderedPage, StorefrontPageCache } from './storefront-page-cache';

const ADMIN_PREFIX = '/admin2009/';

const adminBuilt = (config: GatewayConfig) => existsSync(join(config.WEB_ADMIN_DIST, 'index.html'));

/** Hashed assets never change; index.html must always be revalidated so a deploy shows at once. */
function cacheHeaders(reply: FastifyReply, path: string) {
  void reply.header(
    'cache-control',
    path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
  );
}

/** Serves the back office's built files under /admin2009/ (the storefront has its own server). */
export async function registerWebAppFiles(app: NestFastifyApplication, config: GatewayConfig): Promise<void> {
  if (!adminBuilt(config)) return;
  await app.register(fastifyStatic, {
    root: config.WEB_ADMIN_DIST,
    prefix: ADMIN_PREFIX,
    decorateReply: false,
    wildcard: false,
    index: false,
    // The build writes .br and .gz beside each file: sent as they are, never compressed per request.
    preCompressed: true,
    setHeaders: cacheHeaders,
  });
}

/** Headers of one connection, not of the message: a proxy never passes them on (RFC 9110, 7.6.1). */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

function endToEnd(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !HOP_BY_HOP.has(name)));
}

const UNAVAILABLE = 'The shop is not available right now. Please try again in a moment.\n';

/**
 * Asks the storefront's server (WEB_STORE_URL) for the request as it came, with
 * X-Forwarded-For/Proto/Host naming the shopper; resolves with its answer as it starts to arrive.
 */
function storefrontUpstream(config: GatewayConfig) {
  const upstream = new URL(config.WEB_STORE_URL);
  // Connections to the storefront's server are kept and reused; it keeps them longer (65 s).
  const agent = new Agent({ keepAlive: true, keepAliveMsecs: 1_000, maxSockets: 256 });
  return (req: FastifyRequest, extraHeaders: Record<string, string> = {}) =>
    new Promise<IncomingMessage>((resolve, reject) => {
      const incoming = req.raw;
      const chain = [incoming.headers['x-forwarded-for'], incoming.socket.remoteAddress]
        .flat()
        .filter(Boolean);
      const outgoing = httpRequest(
        {
          protocol: upstream.protocol,
          hostname: upstream.hostname,
          port: upstream.port,
          method: incoming.method,
          path: incoming.url,
          agent,
          headers: {
            ...endToEnd(incoming.headers),
            'x-forwarded-for': chain.join(', '),
            'x-forwarded-proto': req.protocol,
            'x-forwarded-host': incoming.headers.host ?? '',
            'x-request-id': String(req.id),
            ...extraHeaders,
          },
        },
        resolve,
      );
      outgoing.on('error', reject);
      // Pages are GET and HEAD (the route below): there is no body to pass on.
      outgoing.end();
    });
}

/** The whole of an answer, for a page that may be kept. */
function wholePage(answer: IncomingMessage): Promise<RenderedPage> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    answer.on('data', (chunk: Buffer) => chunks.push(chunk));
    answer.on('end', () =>
      resolve({
        status: answer.statusCode ?? 502,
        headers: endToEnd(answer.headers),
        body: Buffer.concat(chunks),
      }),
    );
    answer.on('error', reject);
  });
}

/** A page the gateway may keep: a GET of a page's address, not a file and not React Router's data. */
const mayBeKept = (req: FastifyRequest, path: string) => req.method === 'GET' && !/\.[a-z0-9]+$/i.test(path);

/**
 * The storefront's pages, as its server renders them, for a one-URL run. No rule of the shop's is
 * applied here. A page's address is answered from StorefrontPageCache (rendered once, sent to every
 * shopper until what it shows changes); anything else streams back as it is rendered.
 */
function storefrontPages(config: GatewayConfig, cache: StorefrontPageCache) {
  const ask = storefrontUpstream(config);
  const unavailable = (req: FastifyRequest, reply: FastifyReply, err: unknown) => {
    req.log.warn({ err }, 'the storefront server did not answer');
    if (reply.sent) return reply;
    return reply
      .code(502)
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(UNAVAILABLE);
  };
  return async (req: FastifyRequest, reply: FastifyReply, path: string) => {
    if (!mayBeKept(req, path)) {
      try {
        const answer = await ask(req);
        return reply
          .code(answer.statusCode ?? 502)
          .headers(endToEnd(answer.headers))
          .send(answer);
      } catch (err) {
        return unavailable(req, reply, err);
      }
    }
    let page: KeptPage | RenderedPage;
    try {
      page = await cache.page(req.url, async () => wholePage(await ask(req, { [WHOLE_PAGE_HEADER]: '1' })));
    } catch (err) {
      return unavailable(req, reply, err);
    }
    if ('bytes' in page) {
      return sendReplyBytes(
        req,
        reply.code(200).headers(page.headers),
        page.bytes,
        page.cacheControl,
        page.contentType,
      );
    }
    const headers = { ...page.headers };
    delete headers['content-length'];
    return reply.code(page.status).headers(headers).send(page.body);
  };
}

/**
 * The pages' fallback, as a controller so it runs after every real route has had its turn: the
 * back office's index.html under /admin2009/, and every other page from the storefront's server.
 */
export function createWebAppsController(config: GatewayConfig): Type<unknown> {
  const adminIndex = adminBuilt(config) ? readFileSync(join(config.WEB_ADMIN_DIST, 'index.html')) : undefined;

  @ApiExcludeController()
  @SkipThrottle()
  @Controller()
  class WebAppsController {
    private readonly storefront: ReturnType<typeof storefrontPages>;

    constructor(@Inject(StorefrontPageCache) cache: StorefrontPageCache) {
      this.storefront = storefrontPages(config, cache);
    }

    @Get('*')
    page(@Req() req: FastifyRequest, @Res() reply: FastifyReply) {
      const path = req.url.split('?')[0];
      // API calls and uploads that do not exist are real 404s, not pages.
      if (/^\/(api|uploads|health)(\/|$)/.test(path)) throw new NotFoundException(`Cannot GET ${path}`);
      if (path.startsWith(ADMIN_PREFIX) || `${path}/` === ADMIN_PREFIX) {
        if (!adminIndex || /\.[a-z0-9]+$/i.test(path)) throw new NotFoundException(`Cannot GET ${path}`);
        return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(adminIndex);
      }
      return this.storefront(req, reply, path);
    }
  }
  return WebAppsController;
}
