import { SHIPPING_METHOD_LABELS, type ProductCustomizationOptionView } from '@shop/proto';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { fetchOrder, type Order } from '../../api/account';
import { isApiFailure } from '../../api/client';
import { CUSTOMIZATION_LIBRARY_KEY, fetchCustomizationLibrary } from '../../api/customizations';
import { withVerifiedPayment } from '../../api/verifiedPayments';
import { useSignedInPage } from '../../auth/useSignedInPage';
import { describeCustomization } from '../../cart/customizationSummary';
import { OrderDocuments } from '../../components/OrderDocuments';
import {
  isCashOnDeliveryOrder,
  orderPaymentLabel,
  paymentMethodLabel,
  shortOrderId,
  StatusBadge,
} from '../../components/OrderStatus';
import { ErrorState, LoadingState } from '@shop/web-kit/QueryStates';
import { formatDate, formatPrice } from '@shop/web-kit/format';
import { SummaryLines } from './SummaryLines';
import './checkout.css';

export const CONFIRMATION_ERRORS = {
  notFound: 'Order not found',
  forbidden: 'You do not have permission to view this order',
  failed: 'Failed to load order details',
} as const;

/**
 * A payment just made may take a moment to reach the order, and its invoice (or receipt) a moment
 * more, as the order service issues it once it has recorded the payment: the page looks again a
 * few times.
 */
const PAYMENT_POLL_MS = 2000;
const PAYMENT_POLL_LIMIT = 15;

/** True while the order waits for something the server is about to record: its payment, or its paid order's invoice. */
function settling(order: Order): boolean {
  const { status } = order.paymentDetails;
  if (status === 'pending') return !isCashOnDeliveryOrder(order);
  return status === 'paid' && (order.documents ?? []).length === 0;
}

function errorText(error: unknown): string {
  if (isApiFailure(error) && error.status === 404) return CONFIRMATION_ERRORS.notFound;
  if (isApiFailure(error) && error.status === 403) return CONFIRMATION_ERRORS.forbidden;
  return CONFIRMATION_ERRORS.failed;
}

export default function ConfirmationPage() {
  const { orderId = '' } = useParams();
  const { user, instead } = useSignedInPage();
  const order = useQuery({
    queryKey: ['order', orderId],
    queryFn: ({ signal }) => fetchOrder(orderId, signal),
    enabled: Boolean(user),
    select: withVerifiedPayment,
    // A cash-on-delivery order stays pending until it is delivered: nothing to wait for there.
    refetchInterval: (query) =>
      query.state.data && settling(query.state.data) && query.state.dataUpdateCount < PAYMENT_POLL_LIMIT
        ? PAYMENT_POLL_MS
        : false,
  });
  // A failed read of the library leaves the options named by their ids: the order still shows.
  const names = useQuery({
    queryKey: CUSTOMIZATION_LIBRARY_KEY,
    queryFn: ({ signal }) => fetchCustomizationLibrary(signal),
    enabled: choosesOptions(order.data),
    staleTime: 5 * 60_000,
  });

  if (!user) return instead;
  if (order.isPending || (names.isPending && choosesOptions(order.data)))
    return <LoadingState label="Loading your order..." />;
  if (order.isError) {
    const message = errorText(order.error);
    return (
      <section className="container page narrow">
        <h1>Order details</h1>
        {message === CONFIRMATION_ERRORS.failed ? (
          <ErrorState message={message} onRetry={() => void order.refetch()} />
        ) : (
          <p className="notice notice-error" role="alert">
            {message}
          </p>
        )}
        <Link to="/products" className="btn btn-primary">
          Continue Shopping
        </Link>
      </section>
    );
  }
  return <Confirmation order={order.data} options={names.data} />;
}

/** True when a line names options by their ids, which the customization library turns into words. */
function choosesOptions(order: Order | undefined): boolean {
  return Boolean(
    order?.products.some((line) => Object.keys(line.customization?.dynamicCustomizations ?? {}).length > 0),
  );
}

function Confirmation({ order, options }: { order: Order; options?: ProductCustomizationOptionView[] }) {
  const payment = orderPaymentLabel(order);
  const cashOnDelivery = isCashOnDeliveryOrder(order);
  const paid = order.paymentDetails.status === 'paid';
  const payOnDelivery = cashOnDelivery && order.paymentDetails.status === 'pending';
  const payable = !cashOnDelivery && ['pending', 'failed'].includes(order.paymentDetails.status);
  const address = order.shippingAddress;

  return (
    <section className="container page confirmation-page">
      <div className="confirmation-head">
        <h1>{paid || payOnDelivery ? 'Thank you for your order!' : 'Your order'}</h1>
        <p>
          Order <strong>#{shortOrderId(order._id)}</strong> placed on{' '}
          <time dateTime={order.createdAt}>{formatDate(new Date(order.createdAt))}</time>
        </p>
      </div>
      <dl className="confirmation-status">
        <div>
          <dt>Order status</dt>
          <dd>
            <StatusBadge status={order.orderStatus} />
          </dd>
        </div>
        <div>
          <dt>Payment status</dt>
          <dd>
            <StatusBadge status={order.paymentDetails.status} label={payment.label} tone={payment.tone} />
          </dd>
        </div>
        <div>
          <dt>Payment method</dt>
          <dd>{paymentMethodLabel(order)}</dd>
        </div>
        <div>
          <dt>Delivery</dt>
          <dd>{SHIPPING_METHOD_LABELS[order.shippingMethod] ?? SHIPPING_METHOD_LABELS.standard}</dd>
        </div>
        {order.trackingNumber && (
          <div>
            <dt>Tracking number</dt>
            <dd>{order.trackingNumber}</dd>
          </div>
        )}
        {order.estimatedDelivery && (
          <div>
            <dt>Estimated delivery</dt>
            <dd>{formatDate(new Date(order.estimatedDelivery))}</dd>
          </div>
        )}
      </dl>
      {payOnDelivery && order.orderStatus !== 'Cancelled' && (
        <p className="notice notice-info">Pay {formatPrice(order.totalAmount)} when your order arrives.</p>
      )}
      {payable && (
        <p className="notice notice-info">
          This order is waiting for payment.{' '}
          <Link to={`/payment?orderId=${encodeURIComponent(order._id)}`}>Pay now</Link>
        </p>
      )}
      <div className="checkout-layout">
        <section className="checkout-card" aria-labelledby="confirmation-items">
          <h2 id="confirmation-items">Items</h2>
          <SummaryLines
            lines={order.products.map((line, index) => ({
              key: `${line.productId}-${index}`,
              name: line.name || line.product.name,
              quantity: line.quantity,
              details: describeCustomization(line.customization, options),
              lineTotal: line.lineTotal,
            }))}
          />
          <dl className="summary-totals">
            <div>
              <dt>Subtotal</dt>
              <dd>{formatPrice(order.subtotal)}</dd>
            </div>
            {order.discountAmount > 0 && (
              <div className="discount">
                <dt>Coupon ({order.coupon})</dt>
                <dd>−{formatPrice(order.discountAmount)}</dd>
              </div>
            )}
            <div>
              <dt>Shipping</dt>
              <dd>{order.shipping === 0 ? 'Free' : formatPrice(order.shipping)}</dd>
            </div>
            <div>
              <dt>GST ({order.taxRate}%)</dt>
              <dd>{formatPrice(order.tax)}</dd>
            </div>
            <div className="total">
              <dt>Total</dt>
              <dd>{formatPrice(order.totalAmount)}</dd>
            </div>
          </dl>
        </section>
        <section className="checkout-card" aria-labelledby="confirmation-address">
          <h2 id="confirmation-address">Delivery address</h2>
          <address>
            <p>
              <strong>{address.fullName || address.name}</strong>
            </p>
            <p>{address.street}</p>
            <p>
              {address.city}, {address.state} {address.pinCode}
            </p>
            <p>{address.country}</p>
            <p>Phone: {address.phone}</p>
          </address>
          {order.gstin && (
            <>
              <h3 className="confirmation-subhead">GST invoice to</h3>
              <p className="confirmation-buyer">
                {order.companyName && (
                  <>
                    <strong>{order.companyName}</strong>
                    <br />
                  </>
                )}
                GSTIN: {order.gstin}
              </p>
            </>
          )}
          {order.documents?.length > 0 && (
            <>
              <h3 className="confirmation-subhead">Documents</h3>
              <OrderDocuments orderId={order._id} documents={order.documents} />
            </>
          )}
        </section>
      </div>
      <div className="actions">
        <Link to="/products" className="btn btn-secondary">
          Continue Shopping
        </Link>
        <Link to="/account" state={{ section: 'orders' }} className="btn btn-primary">
          View My Orders
        </Link>
      </div>
    </section>
  );
}
