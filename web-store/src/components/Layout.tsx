import { Suspense, useEffect } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { clientBridge } from '../api/client';
import { useAuth } from '../auth/AuthContext';
import { Footer } from './Footer';
import { Header } from './Header';
import { PageErrorBoundary } from './PageErrorBoundary';
import { LoadingState } from '@shop/web-kit/QueryStates';

/** The route scroll position resets to the top on every route change (spec, section 2). */
function ScrollToTop() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}

/** Lets the request client navigate inside the app and end the in-memory session on a 401. */
function ApiBridge() {
  const navigate = useNavigate();
  const { endSession } = useAuth();
  useEffect(() => {
    clientBridge.navigate = (path) => {
      // The back office is a separate app: reaching it needs a full page load.
      if (path.startsWith('/admin2009')) window.location.assign(path);
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
        <PageErrorBoundary path={pathname}>
          <Suspense fallback={<LoadingState />}>
            <Outlet />
          </Suspense>
        </PageErrorBoundary>
      </main>
      <Footer />
    </>
  );
}
