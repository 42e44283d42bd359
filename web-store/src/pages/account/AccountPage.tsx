import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { needsEmailVerification } from '../../api/auth';
import { useAuth } from '../../auth/AuthContext';
import { useRefreshUserOnReturn } from '../../auth/useRefreshUserOnReturn';
import { useSignedInPage } from '../../auth/useSignedInPage';
import { ResendVerification } from '../../components/ResendVerification';
import { AccountManagement } from './AccountManagement';
import { Addresses } from './Addresses';
import { Faqs } from './Faqs';
import { displayName, isSection, SIDEBAR, type SectionKey } from './sections';
import { OrderHistory } from './OrderHistory';
import { Overview } from './Overview';
import { Settings } from './Settings';
import { TrackOrder } from './TrackOrder';
import { Wishlist } from './Wishlist';
import './account.css';

export default function AccountPage({ section: routeSection }: { section?: SectionKey }) {
  const { logout } = useAuth();
  const { user, instead } = useSignedInPage();
  const location = useLocation();
  const navigate = useNavigate();
  const requested = (location.state as { section?: unknown } | null)?.section;
  const [section, setSection] = useState<SectionKey>(
    isSection(requested) ? requested : (routeSection ?? 'overview'),
  );
  const [trackId, setTrackId] = useState('');
  // Signing out leaves for the home page, not for the login page a signed-out visitor is sent to.
  const [signingOut, setSigningOut] = useState(false);
  useEffect(() => {
    if (isSection(requested)) setSection(requested);
  }, [requested, location.key]);
  const unverified = needsEmailVerification(user);
  useRefreshUserOnReturn(unverified);

  if (!user) return signingOut ? null : instead;

  const signOut = () => {
    setSigningOut(true);
    logout();
    navigate('/');
  };

  const go = (next: SectionKey) => setSection(next);
  const track = (orderId: string) => {
    setTrackId(orderId);
    setSection('track');
  };
  const label = SIDEBAR.find((s) => s.key === section)?.label ?? 'Account Management';

  return (
    <div className="container account-page">
      <h1 className="visually-hidden">My Account</h1>
      <aside className="account-sidebar" aria-label="My Account">
        <div className="account-user">
          <span className="avatar" aria-hidden="true">
            {displayName(user).charAt(0).toUpperCase()}
          </span>
          <div>
            <p className="account-name">{displayName(user)}</p>
            <p className="account-email">{user.email}</p>
          </div>
        </div>
        <nav aria-label="Account sections">
          <ul>
            {SIDEBAR.map((item) => (
              <li key={item.key}>
                <button
                  type="button"
                  aria-current={section === item.key ? 'page' : undefined}
                  onClick={() => go(item.key)}
                >
                  {item.label}
                </button>
              </li>
            ))}
          </ul>
        </nav>
        <button type="button" className="btn btn-secondary btn-block" onClick={signOut}>
          Sign Out
        </button>
      </aside>
      <section className="account-content" aria-label={label}>
        {unverified && (
          <div className="notice notice-info verify-banner" role="region" aria-label="E-mail verification">
            <p>
              Please verify your e-mail address to place orders. We sent a link to{' '}
              <strong>{user.email}</strong>.
            </p>
            <ResendVerification email={user.email} label="Resend link" />
          </div>
        )}
        {section === 'overview' && <Overview user={user} onNavigate={go} />}
        {section === 'orders' && <OrderHistory onTrack={track} />}
        {section === 'wishlist' && <Wishlist />}
        {section === 'addresses' && <Addresses />}
        {section === 'track' && <TrackOrder initialId={trackId} />}
        {section === 'faqs' && <Faqs />}
        {section === 'settings' && (
          <Settings user={user} onManageAccount={() => go('account')} onSignOut={signOut} />
        )}
        {section === 'account' && <AccountManagement onSignOut={signOut} />}
      </section>
    </div>
  );
}
