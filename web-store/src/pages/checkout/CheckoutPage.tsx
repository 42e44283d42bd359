import {
  DEFAULT_PAYMENT_METHOD,
  normalizeGstin,
  ORDER_MESSAGES,
  SHIPPING_METHOD_LABELS,
  type AddressInput,
  type ShippingMethod,
} from '@shop/proto';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { addAddress, fetchAddresses, type Address } from '../../api/account';
import { failureMessage, isApiFailure } from '../../api/client';
import {
  CHECKOUT_ERRORS,
  fetchQuote,
  placeOrder,
  type OrderLineInput,
  type ShippingAddressInput,
} from '../../api/orders';
import type { User } from '../../api/auth';
import { useAuth } from '../../auth/AuthContext';
import { useRefreshUserOnReturn } from '../../auth/useRefreshUserOnReturn';
import { useSignedInPage } from '../../auth/useSignedInPage';
import { useCart } from '../../cart/CartContext';
import { describeCustomization } from '../../cart/customizationSummary';
import { PUBLIC_SETTINGS_KEY, usePublicSettings } from '../../cart/shippingTerms';
import { AddressCard, ADDRESSES_KEY } from '../../components/address/AddressCard';
import { AddressFormModal } from '../../components/address/AddressFormModal';
import { ErrorState, LoadingState } from '@shop/web-kit/QueryStates';
import { ResendVerification } from '../../components/ResendVerification';
import { formatPrice } from '@shop/web-kit/format';
import { createLogger } from '@shop/web-kit/logger';
import { SummaryLines } from './SummaryLines';
import { localId } from '../../lib/id';
import { alertFailure } from '../../lib/notify';
import { DeliveryOptions, PaymentOptions } from './CheckoutOptions';
import {
  cashOnDelivery,
  emailVerificationRefusal,
  gstFieldRefusals,
  gstInvoiceProblems,
  isCashOnDelivery,
  shippingPrices,
  type GstField,
  type GstInvoiceInput,
} from './checkoutRules';
import { GstInvoiceFields } from './GstInvoiceFields';
import './checkout.css';

const logger = createLogger('checkout');

export function toShippingAddress(address: Address, user: Pick<User, 'email'>): ShippingAddressInput {
  return {
    fullName: address.name,
    phone: address.phone,
    email: user.email || null,
    street: address.street,
    city: address.city,
    state: address.state,
    pinCode: address.pinCode,
    country: address.country,
  };
}

/**
 * Checkout (storefront spec, section 2): the delivery address, the delivery method, the payment
 * method, an optional GST invoice and a coupon, with the server's quote as the summary. An order
 * paid online goes on to the payment screen; a cash-on-delivery order is placed as it is and goes
 * straight to its confirmation.
 */
export default function CheckoutPage() {
  const { user, instead } = useSignedInPage();
  const cart = useCart();
  // A cash-on-delivery order empties the cart as it leaves for its confirmation: that must not
  // send the shopper back to the cart on the way.
  const [placedOrderId, setPlacedOrderId] = useState<string | null>(null);

  if (!user) return instead;
  if (placedOrderId) return <Navigate to={`/confirmation/${encodeURIComponent(placedOrderId)}`} replace />;
  if (cart.status === 'loading') return <LoadingState label="Loading your cart..." />;
  if (cart.status === 'error') {
    return (
      <section className="container page">
        <h1>Checkout</h1>
        <ErrorState message={failureMessage(cart.error, CHECKOUT_ERRORS.proceed)} onRetry={cart.reload} />
      </section>
    );
  }
  const lines: OrderLineInput[] = cart.lines
    .filter((line) => line.available)
    .map((line) => ({ product: line.productId, quantity: line.quantity, customization: line.customization }));
  if (lines.length === 0) return <Navigate to="/cart" replace />;
  return <Checkout user={user} lines={lines} onPlacedWithoutPayment={setPlacedOrderId} />;
}

/** What the server refused of the GST fields, and the values it refused: shown until they change. */
interface GstRefusal {
  problems: Partial<Record<GstField, string>>;
  values: GstInvoiceInput;
  state: string | undefined;
}

function Checkout({
  user,
  lines,
  onPlacedWithoutPayment,
}: {
  user: User;
  lines: OrderLineInput[];
  onPlacedWithoutPayment(orderId: string): void;
}) {
  const id = useId();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { updateUser } = useAuth();
  // The code applied in the cart carries over; applying another here replaces it (one at a time).
  const { lines: cartLines, promoCode: coupon, setPromoCode: setCoupon, clear: clearCart } = useCart();
  const [chosenAddress, setChosenAddress] = useState<string | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [shippingMethod, setShippingMethod] = useState<ShippingMethod>('standard');
  const [chosenPayment, setChosenPayment] = useState<string>(DEFAULT_PAYMENT_METHOD);
  const [wantsInvoice, setWantsInvoice] = useState(false);
  const [gst, setGst] = useState<GstInvoiceInput>({ gstin: '', companyName: user.companyName ?? '' });
  const [gstTouched, setGstTouched] = useState<Partial<Record<GstField, boolean>>>({});
  const [gstRefusal, setGstRefusal] = useState<GstRefusal | null>(null);
  const [couponText, setCouponText] = useState('');
  const [checkingCoupon, setCheckingCoupon] = useState(false);
  const [placing, setPlacing] = useState(false);
  // After a first Place Order, what stops the order shows, and goes as soon as it no longer holds.
  const [attempted, setAttempted] = useState(false);
  const [unverified, setUnverified] = useState<string | null>(null);
  // One key per distinct order: a retried submit of the same order cannot place it twice.
  const idempotency = useRef<{ signature: string; key: string } | null>(null);
  const gstInputs = {
    gstin: useRef<HTMLInputElement>(null),
    companyName: useRef<HTMLInputElement>(null),
  };

  const settings = usePublicSettings();
  const addresses = useQuery({ queryKey: ADDRESSES_KEY, queryFn: ({ signal }) => fetchAddresses(signal) });
  const list = useMemo(() => addresses.data ?? [], [addresses.data]);
  const selected =
    list.find((a) => a._id === chosenAddress) ??
    (chosenAddress ? undefined : (list.find((a) => a.isDefault) ?? list[0]));

  const quote = useQuery({
    queryKey: ['checkout-quote', lines, coupon, shippingMethod],
    queryFn: ({ signal }) => fetchQuote(lines, coupon, 'checkout', shippingMethod, signal),
    placeholderData: keepPreviousData,
  });
  // The server no longer takes the code (expired, used up): say so and price the order without it.
  useEffect(() => {
    if (!coupon || !isApiFailure(quote.error) || quote.error.message !== ORDER_MESSAGES.invalidCoupon) return;
    alertFailure(quote.error, CHECKOUT_ERRORS.coupon);
    setCoupon(null);
  }, [coupon, quote.error, setCoupon]);

  const summary = quote.data;
  const cod = cashOnDelivery(settings.data, summary?.totalAmount);
  // Over the limit (or once the shop stops offering it) cash on delivery gives way to paying online.
  const paymentMethod =
    isCashOnDelivery(chosenPayment) && !(cod.offered && cod.allowed) ? DEFAULT_PAYMENT_METHOD : chosenPayment;

  // The refusal stands until the customer's address is verified: looked at again on their return
  // from the mail, the notice goes once the server says so.
  useRefreshUserOnReturn(unverified !== null);
  useEffect(() => {
    if (user.emailVerified === true) setUnverified(null);
  }, [user.emailVerified]);

  const gstProblems = useMemo(() => {
    if (!wantsInvoice) return {};
    const problems = gstInvoiceProblems(gst, selected?.state);
    const shown: Partial<Record<GstField, string>> = {};
    for (const field of ['gstin', 'companyName'] as const) {
      if (problems[field] && (attempted || gstTouched[field])) shown[field] = problems[field];
    }
    const refusal = gstRefusal;
    if (
      refusal &&
      refusal.values.gstin === gst.gstin &&
      refusal.values.companyName === gst.companyName &&
      refusal.state === selected?.state
    )
      return { ...refusal.problems, ...shown };
    return shown;
  }, [wantsInvoice, gst, selected?.state, attempted, gstTouched, gstRefusal]);
  const addressProblem = attempted && !selected ? ORDER_MESSAGES.noAddress : null;

  const applyCoupon = async (event: FormEvent) => {
    event.preventDefault();
    const code = couponText.trim().toUpperCase();
    if (!code) return;
    setCheckingCoupon(true);
    try {
      const checked = await fetchQuote(lines, code, 'checkout', shippingMethod);
      queryClient.setQueryData(['checkout-quote', lines, checked.coupon, shippingMethod], checked);
      setCoupon(checked.coupon);
      setCouponText('');
    } catch (error) {
      alertFailure(error, CHECKOUT_ERRORS.coupon);
    } finally {
      setCheckingCoupon(false);
    }
  };

  const saveAddress = async (input: AddressInput) => {
    try {
      const updated = await addAddress(input);
      updateUser(updated);
      const before = new Set(list.map((a) => a._id));
      const added = updated.addresses?.find((a) => !before.has(a._id));
      await queryClient.invalidateQueries({ queryKey: ADDRESSES_KEY });
      if (added) setChosenAddress(added._id);
      setFormOpen(false);
    } catch (error) {
      alertFailure(error, CHECKOUT_ERRORS.address);
      throw error;
    }
  };

  /** Shows why the server refused the order where it belongs: beside the field, the button, or in an alert. */
  const refused = (error: unknown, method: string) => {
    const verification = emailVerificationRefusal(error);
    if (verification) {
      setUnverified(verification);
      // The server has the last word: a session that said verified is out of date.
      if (user.emailVerified !== false) updateUser({ ...user, emailVerified: false });
      return;
    }
    const problems = gstFieldRefusals(error);
    const first = (['gstin', 'companyName'] as const).find((field) => problems[field]);
    if (wantsInvoice && first) {
      setGstRefusal({ problems, values: gst, state: selected?.state });
      gstInputs[first].current?.focus();
      return;
    }
    // Cash on delivery refused: the shop's settings have changed since they were read.
    if (isCashOnDelivery(method)) void queryClient.invalidateQueries({ queryKey: PUBLIC_SETTINGS_KEY });
    alertFailure(error, CHECKOUT_ERRORS.order);
  };

  const place = async () => {
    setAttempted(true);
    if (!selected) return;
    if (wantsInvoice) {
      const problems = gstInvoiceProblems(gst, selected.state);
      const first = (['gstin', 'companyName'] as const).find((field) => problems[field]);
      if (first) {
        gstInputs[first].current?.focus();
        return;
      }
    }
    const order = {
      products: lines,
      shippingAddress: toShippingAddress(selected, user),
      coupon,
      shippingMethod,
      paymentMethod,
      gstin: wantsInvoice ? normalizeGstin(gst.gstin) : null,
      companyName: wantsInvoice ? gst.companyName.trim() : null,
    };
    const signature = JSON.stringify(order);
    if (idempotency.current?.signature !== signature) idempotency.current = { signature, key: localId() };
    setPlacing(true);
    try {
      const placed = await placeOrder(order, idempotency.current.key);
      // The order has used the code: it is not offered to the next one.
      setCoupon(null);
      if (isCashOnDelivery(placed.paymentDetails.paymentMethod)) {
        onPlacedWithoutPayment(placed._id);
        // The server empties the cart of a cash-on-delivery order itself; this keeps the page in step.
        clearCart().catch((error: unknown) =>
          logger.warn('The cart could not be cleared after a cash-on-delivery order', error),
        );
        return;
      }
      navigate(`/payment?orderId=${encodeURIComponent(placed._id)}`, { state: { orderId: placed._id } });
    } catch (error) {
      refused(error, order.paymentMethod);
    } finally {
      setPlacing(false);
    }
  };

  const optionsOf = (productId: string) =>
    cartLines.find((l) => l.productId === productId)?.product.customizations;

  return (
    <section className="container page checkout-page">
      <h1>Checkout</h1>
      <div className="checkout-layout">
        <div className="checkout-steps">
          <section className="checkout-card" aria-labelledby={`${id}-address`}>
            <div className="section-head">
              <h2 id={`${id}-address`}>Delivery address</h2>
              <button type="button" className="btn btn-secondary" onClick={() => setFormOpen(true)}>
                Add New Address
              </button>
            </div>
            {addresses.isPending ? (
              <LoadingState label="Loading addresses..." />
            ) : addresses.isError ? (
              <ErrorState
                message={failureMessage(addresses.error, CHECKOUT_ERRORS.proceed)}
                onRetry={() => void addresses.refetch()}
              />
            ) : list.length === 0 ? (
              <p>No saved addresses yet. Add one to continue.</p>
            ) : (
              <fieldset className="address-options">
                <legend className="visually-hidden">Choose a delivery address</legend>
                {list.map((address) => (
                  <label
                    key={address._id}
                    className={selected?._id === address._id ? 'address-option chosen' : 'address-option'}
                  >
                    <input
                      type="radio"
                      name={`${id}-address`}
                      value={address._id}
                      checked={selected?._id === address._id}
                      onChange={() => setChosenAddress(address._id)}
                    />
                    <span>
                      <AddressCard address={address} />
                    </span>
                  </label>
                ))}
              </fieldset>
            )}
          </section>

          <DeliveryOptions
            value={shippingMethod}
            prices={shippingPrices(settings.data, summary?.subtotal)}
            onChange={setShippingMethod}
          />

          <PaymentOptions value={paymentMethod} cod={cod} onChange={setChosenPayment} />

          <GstInvoiceFields
            wanted={wantsInvoice}
            onWantedChange={setWantsInvoice}
            values={gst}
            onChange={(field, value) =>
              setGst((current) => ({ ...current, [field]: field === 'gstin' ? value.toUpperCase() : value }))
            }
            onBlur={(field) => setGstTouched((current) => ({ ...current, [field]: true }))}
            problems={gstProblems}
            inputs={gstInputs}
          />
        </div>

        <aside className="checkout-summary" aria-labelledby={`${id}-summary`} aria-busy={quote.isFetching}>
          <h2 id={`${id}-summary`}>Order summary</h2>
          {quote.isPending ? (
            <LoadingState label="Pricing your order..." />
          ) : quote.isError && !summary ? (
            <ErrorState
              message={failureMessage(quote.error, CHECKOUT_ERRORS.proceed)}
              onRetry={() => void quote.refetch()}
            />
          ) : summary ? (
            <>
              <SummaryLines
                lines={summary.products.map((line, index) => ({
                  key: `${line.productId}-${index}`,
                  name: line.name,
                  quantity: line.quantity,
                  details: describeCustomization(line.customization, optionsOf(line.productId)),
                  lineTotal: line.lineTotal,
                }))}
              />
              <dl className="summary-totals">
                <div>
                  <dt>Subtotal</dt>
                  <dd>{formatPrice(summary.subtotal)}</dd>
                </div>
                {summary.discountAmount > 0 && (
                  <div className="discount">
                    <dt>
                      Coupon ({summary.coupon}, {summary.couponPercent}% off)
                    </dt>
                    <dd>−{formatPrice(summary.discountAmount)}</dd>
                  </div>
                )}
                <div>
                  <dt>Shipping</dt>
                  <dd>{summary.shipping === 0 ? 'Free' : formatPrice(summary.shipping)}</dd>
                </div>
                <div>
                  <dt>GST ({summary.taxRate}%)</dt>
                  <dd>{formatPrice(summary.tax)}</dd>
                </div>
                <div className="total">
                  <dt>Total</dt>
                  <dd>{formatPrice(summary.totalAmount)}</dd>
                </div>
              </dl>
              <p className="summary-delivery muted">
                {SHIPPING_METHOD_LABELS[summary.shippingMethod ?? shippingMethod]}
              </p>
            </>
          ) : null}

          {coupon ? (
            <p className="coupon-applied">
              Coupon <strong>{coupon}</strong> applied.{' '}
              <button type="button" className="btn-link" onClick={() => setCoupon(null)}>
                Remove coupon
              </button>
            </p>
          ) : (
            <form className="promo-form" onSubmit={(e) => void applyCoupon(e)}>
              <label htmlFor={`${id}-coupon`}>Coupon code</label>
              <div className="promo-row">
                <input
                  id={`${id}-coupon`}
                  value={couponText}
                  autoComplete="off"
                  maxLength={50}
                  onChange={(e) => setCouponText(e.target.value)}
                />
                <button
                  type="submit"
                  className="btn btn-secondary"
                  disabled={checkingCoupon || !couponText.trim()}
                >
                  Apply
                </button>
              </div>
            </form>
          )}

          {addressProblem && (
            <p className="notice notice-error" role="alert">
              {addressProblem}
            </p>
          )}
          {unverified && (
            <div className="notice notice-error verification-refusal">
              <p role="alert">{unverified}</p>
              <ResendVerification email={user.email} />
            </div>
          )}
          {summary && isCashOnDelivery(paymentMethod) && (
            <p className="muted cod-note">
              You pay {formatPrice(summary.totalAmount)} in cash when your order arrives.
            </p>
          )}
          <button
            type="button"
            className="btn btn-primary btn-block"
            disabled={placing || !summary}
            onClick={() => void place()}
          >
            {placing ? 'Placing order...' : 'Place Order'}
          </button>
        </aside>
      </div>
      <AddressFormModal
        open={formOpen}
        address={null}
        onClose={() => setFormOpen(false)}
        onSave={saveAddress}
      />
    </section>
  );
}
