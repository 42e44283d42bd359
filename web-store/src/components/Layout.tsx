import { useContext, useEffect, useRef } from 'react';
import {
  matchRoutes,
  Outlet,
  UNSAFE_DataRouterContext as DataRouterContext,
  UNSAFE_FrameworkContext as FrameworkContext,
  useLocation,
  useNavigate,
} from 'react-router';
import { clientBridge } from '../api/client';
import { useAuth } from '../auth/AuthContext';
import { Footer } from './Footer';
import { Header } from './Header';
import { PageErrorBoundary } from './PageErrorBoundary';

/** The route scroll position resets to the top on every route change (spec, section 2). */
function ScrollToTop() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}

/**
 * Lets the request client navigate inside the app and end the in-memory session on a 401. A
 * shopper sent to sign in again comes back to the page they were on, as from a signed-in page.
 */
function ApiBridge() {
  const navigate = useNavigate();
  const location = useLocation();
  const here = useRef(location);
  const { endSession } = useAuth();
  useEffect(() => {
    here.current = location;
  }, [location]);
  useEffect(() => {
    clientBridge.navigate = (path) => {
      // The back office is a separate app: reaching it needs a full page load.
      if (path.startsWith('/admin2009')) window.location.assign(path);
      else if (path.startsWith('/login')) navigate(path, { state: { from: here.current } });
      else navigate(path);
    };
    clientBridge.onSessionExpired = (scope) => {
      if (scope === 'customer') endSession();
    };
  }, [navigate, endSession]);
  return null;
}

/**
 * The list and the cart, which the header opens from every page: their code is fetched once the
 * page has loaded, so they open at once, and still open when the connection drops (React Router
 * reloads the document when a page's code cannot be fetched, which offline shows nothing). Fetched,
 * not run: React Router's PrefetchPageLinks runs a page's modules to read their links and renders
 * the links, the page's last long task on a phone's CPU (Lighthouse's Time to Interactive); a
 * `modulepreload` puts the module in the browser's module map, where the navigation finds it.
 */
const PREFETCHED_PAGES = ['/products', '/cart'];
const PREFETCH_AFTER_LOAD_MS = 1_000;

function PrefetchPages() {
  // Only where React Router's framework serves the app, not in the component tests' memory router.
  const framework = useContext(FrameworkContext);
  const dataRouter = useContext(DataRouterContext);
  useEffect(() => {
    if (!framework || !dataRouter) return;
    const prefetch = () => {
      const links = new Map<string, HTMLLinkElement>();
      for (const page of PREFETCHED_PAGES) {
        for (const match of matchRoutes(dataRouter.router.routes, page) ?? []) {
          const route = framework.manifest.routes[match.route.id];
          if (!route) continue;
          for (const href of [route.module, ...(route.imports ?? [])]) links.set(href, preloadLink(href, 'modulepreload'));
          for (const href of route.css ?? []) links.set(href, preloadLink(href, 'prefetch', 'style'));
        }
      }
      document.head.append(...links.values());
    };
    let timer: number | undefined;
    const later = () => (timer = window.setTimeout(prefetch, PREFETCH_AFTER_LOAD_MS));
    if (document.readyState === 'complete') later();
    else window.addEventListener('load', later, { once: true });
    return () => {
      window.removeEventListener('load', later);
      window.clearTimeout(timer);
    };
  }, [framework, dataRouter]);
  return null;
}

function preloadLink(href: string, rel: string, as?: string): HTMLLinkElement {
  const link = document.createElement('link');
  link.rel = rel;
  link.href = href;
  if (as) link.as = as;
  return link;
}

export function Layout() {
  const { pathname } = useLocation();
  return (
    <>
      <ScrollToTop />
      <ApiBridge />
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <Header />
      <main id="main" tabIndex={-1}>
        {/* No Suspense around the page: it is in the server's first flush, whole, which a browser
            without JavaScript shows as it is (a suspended part would wait for a script). */}
        <PageErrorBoundary path={pathname}>
          <Outlet />
        </PageErrorBoundary>
      </main>
      <Footer />
      <PrefetchPages />
    </>
  );
}
