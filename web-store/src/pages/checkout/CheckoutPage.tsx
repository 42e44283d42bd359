import { DEFAULT_PAYMENT_METHOD, ORDER_MESSAGES, type AddressInput } from '@shop/proto';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
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
import { useSignedInPage } from '../../auth/useSignedInPage';
import { useCart } from '../../cart/CartContext';
import { describeCustomization } from '../../cart/customizationSummary';
import { AddressCard, ADDRESSES_KEY } from '../../components/address/AddressCard';
import { AddressFormModal } from '../../components/address/AddressFormModal';
import { ErrorState, LoadingState } from '../../components/QueryStates';
import { usePageTitle } from '../../hooks/usePageTitle';
import { formatPrice } from '../../lib/format';
import { SummaryLines } from './SummaryLines';
import { localId } from '../../lib/id';
import { alertFailure } from '../../lib/notify';
import './checkout.css';

export const PAYMENT_METHODS = [
  {
    value: DEFAULT_PAYMENT_METHOD,
    label: 'Pay online with Razorpay',
    hint: 'Credit and debit cards, UPI and net banking',
  },
] as const;

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
 * Checkout (storefront spec, section 2): the delivery address, the payment method, a coupon and
 * the server's quote as the summary. Placing the order leads to the payment screen.
 */
export default function CheckoutPage() {
  usePageTitle('Checkout');
  const { user, instead } = useSignedInPage();
  const cart = useCart();

  if (!user) return instead;
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
  return <Checkout user={user} lines={lines} />;
}

function Checkout({ user, lines }: { user: User; lines: OrderLineInput[] }) {
  const id = useId();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { updateUser } = useAuth();
  // The code applied in the cart carries over; applying another here replaces it (one at a time).
  const { lines: cartLines, promoCode: coupon, setPromoCode: setCoupon } = useCart();
  const [chosenAddress, setChosenAddress] = useState<string | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [paymentMethod, setPaymentMethod] = useState<string>(DEFAULT_PAYMENT_METHOD);
  const [couponText, setCouponText] = useState('');
  const [checkingCoupon, setCheckingCoupon] = useState(false);
  const [placing, setPlacing] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  // One key per distinct order: a retried submit of the same order cannot place it twice.
  const idempotency = useRef<{ signature: string; key: string } | null>(null);

  const addresses = useQuery({ queryKey: ADDRESSES_KEY, queryFn: ({ signal }) => fetchAddresses(signal) });
  const list = useMemo(() => addresses.data ?? [], [addresses.data]);
  const selected =
    list.find((a) => a._id === chosenAddress) ??
    (chosenAddress ? undefined : (list.find((a) => a.isDefault) ?? list[0]));

  const quote = useQuery({
    queryKey: ['checkout-quote', lines, coupon],
    queryFn: ({ signal }) => fetchQuote(lines, coupon, 'checkout', signal),
    placeholderData: keepPreviousData,
  });
  // The server no longer takes the code (expired, used up): say so and price the order without it.
  useEffect(() => {
    if (!coupon || !isApiFailure(quote.error) || quote.error.message !== ORDER_MESSAGES.invalidCoupon) return;
    alertFailure(quote.error, CHECKOUT_ERRORS.coupon);
    setCoupon(null);
  }, [coupon, quote.error, setCoupon]);

  const applyCoupon = async (event: FormEvent) => {
    event.preventDefault();
    const code = couponText.trim().toUpperCase();
    if (!code) return;
    setCheckingCoupon(true);
    try {
      const checked = await fetchQuote(lines, code, 'checkout');
      queryClient.setQueryData(['checkout-quote', lines, checked.coupon], checked);
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

  const place = async () => {
    setProblem(null);
    if (!selected) {
      setProblem(ORDER_MESSAGES.noAddress);
      return;
    }
    const order = {
      products: lines,
      shippingAddress: toShippingAddress(selected, user),
      coupon,
      paymentMethod,
    };
    const signature = JSON.stringify(order);
    if (idempotency.current?.signature !== signature) idempotency.current = { signature, key: localId() };
    setPlacing(true);
    try {
      const placed = await placeOrder(order, idempotency.current.key);
      // The order has used the code: it is not offered to the next one.
      setCoupon(null);
      navigate(`/payment?orderId=${encodeURIComponent(placed._id)}`, { state: { orderId: placed._id } });
    } catch (error) {
      alertFailure(error, CHECKOUT_ERRORS.order);
    } finally {
      setPlacing(false);
    }
  };

  const summary = quote.data;
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

          <section className="checkout-card" aria-labelledby={`${id}-payment`}>
            <h2 id={`${id}-payment`}>Payment method</h2>
            <fieldset className="payment-options">
              <legend className="visually-hidden">Choose how to pay</legend>
              {PAYMENT_METHODS.map((method) => (
                <label key={method.value} className="payment-option">
                  <input
                    type="radio"
                    name={`${id}-method`}
                    value={method.value}
                    checked={paymentMethod === method.value}
                    onChange={() => setPaymentMethod(method.value)}
                  />
                  <span>
                    <strong>{method.label}</strong>
                    <span className="muted"> {method.hint}</span>
                  </span>
                </label>
              ))}
            </fieldset>
          </section>
        </div>

        <aside className="checkout-summary" aria-labelledby={`${id}-summary`}>
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

          {problem && (
            <p className="notice notice-error" role="alert">
              {problem}
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
