import { Suspense, useEffect, useState, type MouseEvent } from 'react';
import { Link, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { failureMessage } from '../api/client';
import { useAdminAuth } from '../auth/AdminAuthContext';
import { useConfirm } from '../components/ConfirmProvider';
import { HomeIcon, MenuIcon, SignOutIcon } from '@shop/web-kit/icons';
import { ErrorBanner, LoadingState } from '@shop/web-kit/QueryStates';
import { UNSAVED_CHANGES_MESSAGE, useUnsavedChanges } from '../components/UnsavedChanges';
import { useKeyboardFocusInView } from '../hooks/useKeyboardFocusInView';
import { isActive, NAV_ITEMS, pageLabel } from './navigation';

export const LAYOUT_MESSAGES = {
  signOut: 'Are you sure you want to sign out?',
  backToSite: 'Leave admin panel and go back to the site?',
  loading: 'Loading admin panel...',
  /** The default when the stored session's admin cannot be fetched. */
  sessionFailed: 'Failed to load the admin panel',
} as const;

/** The storefront is a separate app: reaching it is a full page load. */
export function goToSite() {
  window.location.assign('/');
}

/** The admin layout (back-office spec, section 2): sidebar, header and the current page. */
export function AdminLayout() {
  const { admin, loading, sessionError, sessionExpired, retrySession, logout } = useAdminAuth();
  const { isDirty, setDirty } = useUnsavedChanges();
  const confirm = useConfirm();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [sidebarOpen, setSidebarOpen] = useState(false);
  useKeyboardFocusInView();

  useEffect(() => {
    setSidebarOpen(false);
  }, [pathname]);

  useEffect(() => {
    if (!loading && !admin && !sessionError)
      navigate(sessionExpired ? '/login?session=expired' : '/login', { replace: true });
  }, [loading, admin, sessionError, sessionExpired, navigate]);

  // No answer about the stored session (a lost connection, a server error) is not a signed-out
  // admin: the page says what failed and keeps the token for Retry.
  if (!admin && sessionError) {
    return (
      <div className="admin-loading">
        <ErrorBanner
          message={failureMessage(sessionError, LAYOUT_MESSAGES.sessionFailed)}
          onRetry={retrySession}
        />
      </div>
    );
  }
  if (loading || !admin) {
    return (
      <div className="admin-loading">
        <LoadingState label={LAYOUT_MESSAGES.loading} />
      </div>
    );
  }

  const goTo = async (event: MouseEvent<HTMLAnchorElement>, path: string) => {
    if (!isDirty || event.metaKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    if (!(await confirm(UNSAVED_CHANGES_MESSAGE, { title: 'Unsaved changes', confirmLabel: 'Leave page' })))
      return;
    setDirty(false);
    navigate(path);
  };

  const backToSite = async () => {
    if (await confirm(LAYOUT_MESSAGES.backToSite, { title: 'Back to Site', confirmLabel: 'Go to site' }))
      goToSite();
  };

  const signOut = async () => {
    if (
      !(await confirm(LAYOUT_MESSAGES.signOut, { title: 'Sign Out', confirmLabel: 'Sign Out', danger: true }))
    )
      return;
    setDirty(false);
    await logout();
    navigate('/login', { replace: true });
  };

  const label = pageLabel(pathname);

  return (
    <div className={`admin-shell${sidebarOpen ? ' sidebar-open' : ''}`}>
      <a href="#admin-main" className="skip-link">
        Skip to content
      </a>
      <aside id="admin-sidebar" className="sidebar" aria-label="Admin sidebar">
        <div className="sidebar-brand">
          <span className="sidebar-logo" aria-hidden="true">
            MS
          </span>
          <span className="sidebar-label">Admin Panel</span>
        </div>

        <nav className="sidebar-section" aria-labelledby="sidebar-nav-heading">
          <h2 id="sidebar-nav-heading" className="sidebar-heading">
            NAVIGATION
          </h2>
          <ul>
            {NAV_ITEMS.map((item) => {
              const active = isActive(item, pathname);
              return (
                <li key={item.path}>
                  <Link
                    to={item.path}
                    className={`sidebar-link${active ? ' active' : ''}`}
                    aria-current={active ? 'page' : undefined}
                    title={item.label}
                    onClick={(event) => void goTo(event, item.path)}
                  >
                    <item.icon />
                    <span className="sidebar-label">{item.label}</span>
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>

        <div className="sidebar-section" role="group" aria-labelledby="sidebar-actions-heading">
          <h2 id="sidebar-actions-heading" className="sidebar-heading">
            QUICK ACTIONS
          </h2>
          <ul>
            <li>
              <button
                type="button"
                className="sidebar-link"
                title="Back to Site"
                onClick={() => void backToSite()}
              >
                <HomeIcon />
                <span className="sidebar-label">Back to Site</span>
              </button>
            </li>
            <li>
              <button type="button" className="sidebar-link" title="Sign Out" onClick={() => void signOut()}>
                <SignOutIcon />
                <span className="sidebar-label">Sign Out</span>
              </button>
            </li>
          </ul>
        </div>

        <footer className="sidebar-footer">
          <span className="avatar" aria-hidden="true">
            {admin.email.charAt(0).toUpperCase()}
          </span>
          <span className="sidebar-label sidebar-account">
            <span className="sidebar-account-role">Signed in as Admin</span>
            <span className="sidebar-account-email">{admin.email}</span>
          </span>
        </footer>
      </aside>
      <button
        type="button"
        className="sidebar-backdrop"
        aria-label="Close menu"
        tabIndex={-1}
        onClick={() => setSidebarOpen(false)}
      />

      <div className="admin-main-column">
        <header className="admin-header">
          <button
            type="button"
            className="icon-button sidebar-toggle"
            aria-label={sidebarOpen ? 'Collapse menu' : 'Expand menu'}
            aria-expanded={sidebarOpen}
            aria-controls="admin-sidebar"
            onClick={() => setSidebarOpen((open) => !open)}
          >
            <MenuIcon />
          </button>
          <nav aria-label="Breadcrumb" className="breadcrumb">
            <span>Admin Panel</span>
            <span aria-hidden="true"> / </span>
            <span aria-current="page">{label}</span>
          </nav>
          <p className="admin-welcome">Welcome back, Admin</p>
          <button
            type="button"
            className="btn btn-secondary btn-small"
            aria-label="Back to Site"
            onClick={() => void backToSite()}
          >
            <HomeIcon />
            <span>Back to Site</span>
          </button>
        </header>
        <main id="admin-main" className="admin-content" tabIndex={-1}>
          <Suspense fallback={<LoadingState />}>
            <Outlet />
          </Suspense>
        </main>
      </div>
    </div>
  );
}
