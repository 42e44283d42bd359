import type { StorefrontSettings } from '@shop/proto';
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import type { Product } from '../../api/types';
import { usePublicSettings } from '../../cart/shippingTerms';
import { brandLabel } from '../../content/shop';
import { cashOnDeliveryTerms } from '../../content/useShopContact';
import { formatPrice } from '@shop/web-kit/format';

/**
 * The shipping tab's promises (storefront spec, section 9), as the shop's settings keep them: the
 * express cost, and cash on delivery only while checkout offers it (up to its limit).
 */
export function shippingFacts(settings: StorefrontSettings | undefined): string[] {
  const cashOnDelivery = cashOnDeliveryTerms(settings);
  return [
    'Standard delivery: 3-5 business days',
    `Express delivery: 1-2 business days${settings ? `, ${formatPrice(settings.expressShippingCost)}` : ''}`,
    ...(cashOnDelivery ? [cashOnDelivery] : []),
    'Returns accepted within 7 days of delivery',
  ];
}

const TABS = [
  { key: 'description', label: 'Description' },
  { key: 'specifications', label: 'Specifications' },
  { key: 'shipping', label: 'Shipping' },
] as const;

type TabKey = (typeof TABS)[number]['key'];

function specifications(product: Product): [string, string][] {
  const rows: [string, string | null | undefined][] = [
    ['SKU', product.sku],
    ['Brand', brandLabel(product.brand)],
    ['Category', product.category],
    ['Weight', product.weight ? `${product.weight} g` : null],
    [
      'Dimensions',
      product.dimensions
        ? `${product.dimensions.length} × ${product.dimensions.width} × ${product.dimensions.height} cm`
        : null,
    ],
    ['Available sizes', product.availableSizes.join(', ')],
    ['Turnaround time', product.turnaroundTime],
    ['Tags', product.tags.join(', ')],
  ];
  return rows.filter((row): row is [string, string] => Boolean(row[1]));
}

/** Description, specifications and shipping, as tabs that arrow keys move between. */
export function ProductTabs({ product }: { product: Product }) {
  const id = useId();
  const [current, setCurrent] = useState<TabKey>('description');
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);

  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    const next = (index + step + TABS.length) % TABS.length;
    setCurrent(TABS[next].key);
    buttons.current[next]?.focus();
  };

  const specs = specifications(product);
  const settings = usePublicSettings().data;

  return (
    <section className="product-tabs">
      <div role="tablist" aria-label="Product information">
        {TABS.map((tab, index) => (
          <button
            key={tab.key}
            ref={(el) => {
              buttons.current[index] = el;
            }}
            type="button"
            role="tab"
            id={`${id}-${tab.key}-tab`}
            aria-selected={current === tab.key}
            aria-controls={`${id}-${tab.key}-panel`}
            tabIndex={current === tab.key ? 0 : -1}
            onClick={() => setCurrent(tab.key)}
            onKeyDown={(e) => onKeyDown(e, index)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div
        role="tabpanel"
        id={`${id}-${current}-panel`}
        aria-labelledby={`${id}-${current}-tab`}
        tabIndex={0}
        className="tab-panel"
      >
        {current === 'description' && <p className="description">{product.description}</p>}
        {current === 'specifications' &&
          (specs.length > 0 ? (
            <dl className="spec-list">
              {specs.map(([term, detail]) => (
                <div key={term}>
                  <dt>{term}</dt>
                  <dd>{detail}</dd>
                </div>
              ))}
            </dl>
          ) : (
            <p>No specifications listed.</p>
          ))}
        {current === 'shipping' && (
          <ul className="shipping-facts">
            {shippingFacts(settings).map((fact) => (
              <li key={fact}>{fact}</li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
