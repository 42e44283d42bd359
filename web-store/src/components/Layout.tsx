import { useContext, useEffect, useRef, useState } from 'react';
import {
  Outlet,
  PrefetchPageLinks,
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
 * reloads the document when a page's code cannot be fetched, which offline shows nothing).
 */
const PREFETCHED_PAGES = ['/products', '/cart'];
const PREFETCH_AFTER_LOAD_MS = 1_000;

function PrefetchPages() {
  // Only where React Router's framework serves the app, not in the component tests' memory router.
  const framework = useContext(FrameworkContext);
  const [due, setDue] = useState(false);
  useEffect(() => {
    if (!framework) return;
    let timer: number | undefined;
    const later = () => (timer = window.setTimeout(() => setDue(true), PREFETCH_AFTER_LOAD_MS));
    if (document.readyState === 'complete') later();
    else window.addEventListener('load', later, { once: true });
    return () => {
      window.removeEventListener('load', later);
      window.clearTimeout(timer);
    };
  }, [framework]);
  return due ? PREFETCHED_PAGES.map((page) => <PrefetchPageLinks key={page} page={page} />) : null;
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
