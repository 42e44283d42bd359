import { useEffect, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { useAuth } from '../auth/AuthContext';
import { useCart } from '../cart/CartContext';
import { CartIcon, CloseIcon, HeartIcon, MenuIcon, UserIcon } from '@shop/web-kit/icons';
import { SearchBox } from './SearchBox';

function Badge({ count, label }: { count: number; label: string }) {
  if (count <= 0) return null;
  return (
    <span className="badge" aria-label={`${count} ${label}`}>
      {count > 99 ? '99+' : count}
    </span>
  );
}

export function Header() {
  const { user, sessionError } = useAuth();
  // A session the server could not be asked about is still the shopper's: My Account says what failed.
  const signedIn = Boolean(user) || Boolean(sessionError);
  const { count } = useCart();
  const { pathname } = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const wishlistCount = user?.wishlist?.length ?? 0;

  useEffect(() => setMenuOpen(false), [pathname]);

  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setMenuOpen(false);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  return (
    <header className="site-header">
      <div className="container header-inner">
        <Link to="/" className="logo" aria-label="MS & Jaksh home">
          <img src="/logo.svg" alt="" width={36} height={36} />
          <span>
            MS <span className="logo-amp">&amp;</span> Jaksh
          </span>
        </Link>
        <SearchBox />
        <button
          type="button"
          className="menu-toggle"
          aria-expanded={menuOpen}
          aria-controls="site-nav"
          onClick={() => setMenuOpen((open) => !open)}
        >
          {menuOpen ? <CloseIcon /> : <MenuIcon />}
          <span className="visually-hidden">{menuOpen ? 'Close menu' : 'Open menu'}</span>
        </button>
        <nav id="site-nav" aria-label="Main" className={menuOpen ? 'site-nav open' : 'site-nav'}>
          <NavLink to="/products" end>
            All Products
          </NavLink>
          <NavLink to="/wishlist">
            <HeartIcon />
            <span>Wishlist</span>
            <Badge count={wishlistCount} label="saved items" />
          </NavLink>
          <NavLink to="/cart">
            <CartIcon />
            <span>Cart</span>
            <Badge count={count} label="items in cart" />
          </NavLink>
          {signedIn ? (
            <NavLink to="/account">
              <UserIcon />
              <span>My Account</span>
            </NavLink>
          ) : (
            <NavLink to="/login">
              <UserIcon />
              <span>Sign In</span>
            </NavLink>
          )}
        </nav>
      </div>
    </header>
  );
}
