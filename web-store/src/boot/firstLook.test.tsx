import { render } from '@testing-library/react';
import { HERO } from '../content/home';
import { useFirstLookEnd } from '../hooks/useFirstLookEnd';
import { PICTURE_SIZES } from '../lib/pictures';
import { readFilters } from '../pages/products/filters';
import { makeProduct } from '../test/fixtures';
import { dismissFirstLook, FIRST_LOOK_ID, paintFirstLook } from './firstLook';

const picture = (n: number) => `/uploads/products/${n.toString(16).padStart(16, '0')}-1200.webp`;
const look = () => document.getElementById(FIRST_LOOK_ID);

// The look is in the page as soon as it is painted; its promise (pictures loaded) is not waited for:
// jsdom loads no pictures.
describe("a page's first look, painted before the app's script has arrived", () => {
  afterEach(dismissFirstLook);

  it("shows home's opening words and the two brands, hidden from assistive technology and out of reach", () => {
    void paintFirstLook({ page: 'home' });
    expect(look()).toHaveAttribute('aria-hidden', 'true');
    expect(look()).toHaveAttribute('inert');
    expect(look()?.querySelector('h1')).toHaveTextContent(HERO.title);
    expect(look()?.querySelector('.hero-lead')).toHaveTextContent(HERO.lead);
    expect([...look()!.querySelectorAll('.brand-card h2')].map((h) => h.textContent)).toEqual([
      'MS',
      'Jaksh',
    ]);
    expect(look()?.querySelector('a[href], button:not([tabindex])')).toBeNull();
  });

  it("shows the product's picture at the gallery's width, its name and price, in the page's classes", async () => {
    const mug = makeProduct(1, { name: 'Steel <b>Mug</b>', brand: 'ms', price: 1299, images: [picture(1)] });
    void paintFirstLook({ page: 'product', reply: { success: true, product: mug } });
    const main = look()?.querySelector('.product-page .gallery-main img');
    expect(main).toHaveAttribute('sizes', PICTURE_SIZES.gallery);
    expect(main?.getAttribute('srcset')).toContain('-800.webp 800w');
    expect(main).toHaveAttribute('fetchpriority', 'high');
    // A name is text, never markup.
    expect(look()?.querySelector('.product-info h1')).toHaveTextContent('Steel <b>Mug</b>');
    expect(look()?.querySelector('.product-info .price')).toHaveTextContent('₹1,299');
    expect(look()?.querySelector('.breadcrumb [aria-current="page"]')).toHaveTextContent('Steel <b>Mug</b>');
  });

  it("shows the list's heading, brand, search, sort, filters, count and first cards as the page will", async () => {
    const products = [1, 2, 3, 4, 5].map((n) => makeProduct(n, { images: [picture(n)] }));
    const filters = readFilters(new URLSearchParams('?search=mug&sort=price-desc'), 'jaksh');
    void paintFirstLook({ page: 'products', filters, reply: { products, total: 31 }, cards: 4 });
    expect(look()?.querySelector('h1')).toHaveTextContent('Jaksh products');
    expect(look()?.querySelector('.brand-pills [aria-current="page"]')).toHaveTextContent('Jaksh');
    expect(look()?.querySelector('.search-field input')).toHaveValue('mug');
    expect(look()?.querySelector('.products-toolbar select')).toHaveTextContent('Price: high to low');
    expect(look()?.querySelector('.filter-toggle')).toHaveTextContent('Filters (2)');
    expect([...look()!.querySelectorAll('.chips .chip')].map((chip) => chip.textContent)).toEqual([
      'Brand: Jaksh ×',
      'Search: "mug" ×',
    ]);
    expect(look()?.querySelector('.results-count')).toHaveTextContent('Showing 5 of 31 products');
    const cards = [...look()!.querySelectorAll('.product-card')];
    expect(cards.map((card) => card.querySelector('.product-name')?.textContent)).toEqual([
      'Product 1',
      'Product 2',
      'Product 3',
      'Product 4',
    ]);
    expect(cards[0].querySelector('picture source[type="image/avif"]')).toHaveAttribute(
      'sizes',
      PICTURE_SIZES.listCard,
    );
  });

  it('is not painted over an app that is already there', () => {
    const root = document.body.appendChild(document.createElement('div'));
    root.id = 'root';
    root.append(document.createElement('main'));
    void paintFirstLook({ page: 'home' });
    expect(look()).toBeNull();
    root.remove();
  });

  it("goes once the app's page is on screen, and when the page goes before that", async () => {
    function Page({ shown }: { shown: boolean }) {
      useFirstLookEnd(shown);
      return null;
    }
    void paintFirstLook({ page: 'home' });
    const page = render(<Page shown={false} />);
    await new Promise((resolve) => requestAnimationFrame(resolve));
    expect(look()).not.toBeNull();
    page.rerender(<Page shown />);
    await vi.waitFor(() => expect(look()).toBeNull());

    void paintFirstLook({ page: 'home' });
    render(<Page shown={false} />).unmount();
    expect(look()).toBeNull();
  });
});
