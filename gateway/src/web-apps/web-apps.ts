import fastifyStatic from '@fastify/static';
import { Controller, Get, NotFoundException, Req, Res, Type } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { SkipThrottle } from '@nestjs/throttler';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { GatewayConfig } from '../config/gateway-config';

interface WebApp {
  prefix: string;
  dist: string;
}

const webApps = (config: GatewayConfig): WebApp[] =>
  [
    { prefix: '/admin2009/', dist: config.WEB_ADMIN_DIST },
    { prefix: '/', dist: config.WEB_STORE_DIST },
  ].filter((app) => existsSync(join(app.dist, 'index.html')));

/** Hashed assets never change; index.html must always be revalidated so a deploy shows at once. */
function cacheHeaders(reply: FastifyReply, path: string) {
  void reply.header('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
}

/** Serves the files of each built app; every other page path falls back to the app's index.html. */
export async function registerWebAppFiles(app: NestFastifyApplication, config: GatewayConfig): Promise<void> {
  for (const { prefix, dist } of webApps(config)) {
    await app.register(fastifyStatic, {
      root: dist,
      prefix,
      decorateReply: false,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each file: sent as they are, never compressed per request.
      preCompressed: true,
      setHeaders: cacheHeaders,
    });
  }
}

/** The single-page-app fallback, as a controller so it runs after every real route has had its turn. */
export function createWebAppsController(config: GatewayConfig): Type<unknown> | undefined {
  const apps = webApps(config).map((app) => ({ ...app, index: readFileSync(join(app.dist, 'index.html')) }));
  if (apps.length === 0) return undefined;

  @ApiExcludeController()
  @SkipThrottle()
  @Controller()
  class WebAppsController {
    @Get('*')
    page(@Req() req: FastifyRequest, @Res() reply: FastifyReply) {
      const path = req.url.split('?')[0];
      const app = apps.find((a) => path.startsWith(a.prefix) || `${path}/` === a.prefix);
      // API calls, uploads and asset files that do not exist are real 404s, not pages.
      if (!app || /^\/(api|uploads|health)(\/|$)/.test(path) || /\.[a-z0-9]+$/i.test(path)) {
        throw new NotFoundException(`Cannot GET ${path}`);
      }
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(app.index);
    }
  }
  return WebAppsController;
}
