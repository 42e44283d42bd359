import { Link } from 'react-router';
import { useCart } from '../../cart/CartContext';
import { CartIcon } from '@shop/web-kit/icons';
import { HERO, REASONS } from '../../content/home';
import { BRAND_INFO, CATEGORIES } from '../../content/shop';
import { Executives } from './Executives';
import { OrderTimeline } from './OrderTimeline';
import { Statistics } from './Statistics';

/** The floating cart button belongs to the home page only (storefront spec, section 2). */
function FloatingCart() {
  const { count } = useCart();
  return (
    <Link
      to="/cart"
      className="floating-cart"
      aria-label={`Cart, ${count} ${count === 1 ? 'item' : 'items'}`}
    >
      <CartIcon width={26} height={26} />
      {count > 0 && (
        <span className="badge" aria-hidden="true">
          {count > 99 ? '99+' : count}
        </span>
      )}
    </Link>
  );
}

export default function HomePage() {
  return (
    <>
      <section className="hero" aria-labelledby="hero-title">
        <div className="container">
          <h1 id="hero-title">{HERO.title}</h1>
          <p className="hero-lead">{HERO.lead}</p>
          <div className="brand-showcase">
            {BRAND_INFO.map((brand) => (
              <article key={brand.slug} className={`brand-card brand-${brand.slug}`}>
                <h2>{brand.label}</h2>
                <p className="brand-tagline">{brand.tagline}</p>
                <p>{brand.description}</p>
                <ul>
                  {brand.highlights.map((h) => (
                    <li key={h}>{h}</li>
                  ))}
                </ul>
                <Link to={`/products/${brand.slug}`} className="btn btn-primary">
                  Shop {brand.label}
                </Link>
              </article>
            ))}
          </div>
        </div>
      </section>

      <Executives />
      <Statistics />

      <section className="section why" aria-labelledby="why-title">
        <div className="container">
          <h2 id="why-title" className="section-title">
            Why choose us
          </h2>
          <ul className="why-grid">
            {REASONS.map((reason) => (
              <li key={reason.title}>
                <h3>{reason.title}</h3>
                <p>{reason.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="section categories" aria-labelledby="categories-title">
        <div className="container">
          <h2 id="categories-title" className="section-title">
            Shop by category
          </h2>
          <ul className="category-grid">
            {CATEGORIES.map((category) => (
              <li key={category.value}>
                <Link
                  to={`/products?category=${category.value}`}
                  className={`category-card cat-${category.value.toLowerCase()}`}
                >
                  <span className="category-name">{category.label}</span>
                  <span className="category-blurb">{category.blurb}</span>
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <OrderTimeline />
      <FloatingCart />
    </>
  );
}
