import type { StorefrontSettings } from '@shop/proto';
import { useState, type ReactNode } from 'react';
import { Links, Meta, Scripts, useLoaderData, useRouteError, type MetaFunction } from 'react-router';
import { createLogger } from '@shop/web-kit/logger';
import { createQueryClient } from '@shop/web-kit/query';
import { fetchPublicSettings } from './api/settings';
import { PUBLIC_SETTINGS_KEY } from './cart/shippingTerms';
import { Layout as SiteFrame } from './components/Layout';
import { useNonce } from './nonce';
import { AppProviders } from './providers';
import { browserQueryClient } from './queryClient';
import { publicOrigin } from './seo/env.server';
import { seoSite, seoSiteOf } from './seo/site';
import './styles.css';

const logger = createLogger('root');

/**
 * What every page's head and frame need: the site for the head (PUBLIC_URL and the business as
 * its owner set it) and the public settings the footer shows, read once with the page.
 */
export async function loader() {
  let settings: StorefrontSettings | null = null;
  try {
    settings = await fetchPublicSettings();
  } catch (error) {
    // The shop's own details stand in (content/shop.ts); the browser asks again.
    logger.warn('The public settings could not be read for the page', error);
  }
  return { seo: seoSite(publicOrigin(), settings), settings };
}

/** The settings stay as the page was served; screens that need them fresh ask on their own. */
export const shouldRevalidate = () => false;

/** The head of a page that failed before its own route could name it. */
export const meta: MetaFunction = ({ matches }) => [{ title: seoSiteOf(matches).name }];

/** The document: its head from the routes' meta, the page, and the scripts that hydrate it. */
export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  return (
    <html lang="en-IN">
      <head>
        <meta charSet="UTF-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1f3a5f" />
        <link rel="icon" type="image/svg+xml" href="/logo.svg" />
        <Meta />
        <Links />
      </head>
      <body>
        <div id="root">{children}</div>
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  const { settings } = useLoaderData<typeof loader>();
  // One cache per page request on the server; the browser keeps one for the whole visit, which the
  // routes' client loaders share. The settings the server read are in it before the first render,
  // so the footer hydrates as it was served and is not asked for again.
  const [client] = useState(() => {
    const cache = import.meta.env.SSR ? createQueryClient() : browserQueryClient();
    if (settings && cache.getQueryData(PUBLIC_SETTINGS_KEY) === undefined)
      cache.setQueryData(PUBLIC_SETTINGS_KEY, settings);
    return cache;
  });
  return (
    <AppProviders client={client}>
      <SiteFrame />
    </AppProviders>
  );
}

/** A failure no page caught (the frame itself failed): said plainly, with a way back. */
export function ErrorBoundary() {
  const error = useRouteError();
  logger.error('The storefront failed to render', error);
  return (
    <main id="main" className="container page narrow">
      <h1>Something went wrong</h1>
      <p>This page could not be shown. Please try again.</p>
      <p>
        <a href="/">Go to home</a>
      </p>
    </main>
  );
}
