import { Link } from 'react-router';
import { BRAND_INFO, CATEGORIES, SHOP } from '../content/shop';
import { telHref, useShopContact } from '../content/useShopContact';
import { NewsletterForm } from './NewsletterForm';

export function Footer() {
  const year = new Date().getFullYear();
  const contact = useShopContact();
  return (
    <footer className="site-footer">
      <div className="container footer-grid">
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact">Contact us</h2>
          <address>
            <p>
              <strong>{contact.name}</strong>
            </p>
            <p>{contact.address}</p>
            <p>
              Phone: <a href={telHref(contact.phone)}>{contact.phone}</a>
            </p>
            <p>
              E-mail: <a href={`mailto:${contact.email}`}>{contact.email}</a>
            </p>
            {contact.gstNumber && <p>GSTIN: {contact.gstNumber}</p>}
            <p>{SHOP.hours}</p>
          </address>
        </section>
        <section aria-labelledby="footer-shop">
          <h2 id="footer-shop">Shop</h2>
          <ul>
            <li>
              <Link to="/products">All Products</Link>
            </li>
            {BRAND_INFO.map((brand) => (
              <li key={brand.slug}>
                <Link to={`/products/${brand.slug}`}>{brand.label}</Link>
              </li>
            ))}
            {CATEGORIES.slice(0, 3).map((category) => (
              <li key={category.value}>
                <Link to={`/products?category=${category.value}`}>{category.label}</Link>
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="footer-help">
          <h2 id="footer-help">Help</h2>
          <ul>
            <li>
              <Link to="/account">My Account</Link>
            </li>
            <li>
              <Link to="/terms">Terms &amp; Conditions</Link>
            </li>
            <li>
              <Link to="/privacy">Privacy Policy</Link>
            </li>
          </ul>
          <h2 id="footer-social">Follow us</h2>
          <ul className="social" aria-labelledby="footer-social">
            {SHOP.social.map((link) => (
              <li key={link.name}>
                <a href={link.href} target="_blank" rel="noopener noreferrer">
                  {link.name}
                </a>
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="footer-newsletter">
          <h2 id="footer-newsletter">Newsletter</h2>
          <NewsletterForm />
        </section>
      </div>
      <p className="container copyright">
        © {year} {contact.name}. Prices in Indian rupees, inclusive of applicable taxes unless stated.
      </p>
    </footer>
  );
}
