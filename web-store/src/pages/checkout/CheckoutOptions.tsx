import {
  CASH_ON_DELIVERY,
  DEFAULT_PAYMENT_METHOD,
  SHIPPING_METHOD_LABELS,
  SHIPPING_METHODS,
  type ShippingMethod,
} from '@shop/proto';
import { useId } from 'react';
import { formatPrice } from '@shop/web-kit/format';
import type { CashOnDelivery } from './checkoutRules';

export const PAYMENT_METHODS = [
  {
    value: DEFAULT_PAYMENT_METHOD,
    label: 'Pay online with Razorpay',
    hint: 'Credit and debit cards, UPI and net banking',
  },
  {
    value: CASH_ON_DELIVERY,
    label: 'Cash on delivery',
    hint: 'Pay in cash when your order arrives',
  },
] as const;

/** A price as a delivery option shows it: Free, or the amount. */
export const shippingPriceText = (price: number) => (price === 0 ? 'Free' : formatPrice(price));

/** Standard and Express as radio cards, each with what it would cost this order once that is known. */
export function DeliveryOptions({
  value,
  prices,
  onChange,
}: {
  value: ShippingMethod;
  prices: Record<ShippingMethod, number> | undefined;
  onChange(method: ShippingMethod): void;
}) {
  const id = useId();
  return (
    <section className="checkout-card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Delivery method</h2>
      <fieldset className="payment-options">
        <legend className="visually-hidden">Choose how your order is delivered</legend>
        {SHIPPING_METHODS.map((method) => (
          <label key={method} className={value === method ? 'payment-option chosen' : 'payment-option'}>
            <input
              type="radio"
              name={`${id}-method`}
              value={method}
              checked={value === method}
              onChange={() => onChange(method)}
            />
            <span className="option-text">
              <strong>{SHIPPING_METHOD_LABELS[method]}</strong>
              {prices && <span className="option-price">{shippingPriceText(prices[method])}</span>}
            </span>
          </label>
        ))}
      </fieldset>
    </section>
  );
}

/**
 * Online payment, and cash on delivery while the shop offers it: over the limit it stays listed,
 * disabled, with the reason beside it.
 */
export function PaymentOptions({
  value,
  cod,
  onChange,
}: {
  value: string;
  cod: CashOnDelivery;
  onChange(method: string): void;
}) {
  const id = useId();
  const methods = PAYMENT_METHODS.filter((m) => m.value !== CASH_ON_DELIVERY || cod.offered);
  return (
    <section className="checkout-card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Payment method</h2>
      <fieldset className="payment-options">
        <legend className="visually-hidden">Choose how to pay</legend>
        {methods.map((method) => {
          const unavailable = method.value === CASH_ON_DELIVERY && cod.offered && !cod.allowed ? cod : null;
          const classes = ['payment-option'];
          if (value === method.value) classes.push('chosen');
          if (unavailable) classes.push('unavailable');
          return (
            <label key={method.value} className={classes.join(' ')}>
              <input
                type="radio"
                name={`${id}-method`}
                value={method.value}
                checked={value === method.value}
                disabled={Boolean(unavailable)}
                aria-describedby={unavailable ? `${id}-${method.value}-reason` : undefined}
                onChange={() => onChange(method.value)}
              />
              <span>
                <strong>{method.label}</strong>
                <span className="muted"> {method.hint}</span>
                {unavailable && (
                  <span id={`${id}-${method.value}-reason`} className="option-reason">
                    {unavailable.reason}
                  </span>
                )}
              </span>
            </label>
          );
        })}
      </fieldset>
    </section>
  );
}
