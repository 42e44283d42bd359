import { useEffect, useRef } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
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
    </>
  );
}
