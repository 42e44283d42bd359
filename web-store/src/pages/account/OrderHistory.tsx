import { pictureUrlFor } from '@shop/proto';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { ACCOUNT_ERRORS, fetchMyOrders, type Order } from '../../api/account';
import { connectionProblem } from '../../api/client';
import { CART_ERRORS } from '../../api/cart';
import { useCart } from '../../cart/CartContext';
import { OrderDocuments } from '../../components/OrderDocuments';
import { isRefundStatus, paymentStatusLabel, shortOrderId, StatusBadge } from '../../components/OrderStatus';
import { EmptyState, ErrorState, LoadingState } from '@shop/web-kit/QueryStates';
import { formatAmount, formatDate } from '@shop/web-kit/format';
import { alertFailure } from '../../lib/notify';

/** The history previews this many products of each order (storefront spec, section 9). */
export const PREVIEW_PRODUCTS = 3;
export const ITEMS_ADDED = 'Items added to cart';

export function OrderHistory({ onTrack }: { onTrack(orderId: string): void }) {
  const orders = useQuery({
    queryKey: ['account', 'orders'],
    queryFn: ({ signal }) => fetchMyOrders(signal),
    refetchOnMount: 'always',
  });

  return (
    <>
      <h2>Order History</h2>
      {orders.isPending ? (
        <LoadingState />
      ) : orders.isError ? (
        <ErrorState
          message={connectionProblem(orders.error) ?? ACCOUNT_ERRORS.load}
          onRetry={() => void orders.refetch()}
        />
      ) : orders.data.length === 0 ? (
        <EmptyState title="No orders yet">
          <p>Start shopping to see your orders here</p>
          <Link to="/products" className="btn btn-primary">
            Browse products
          </Link>
        </EmptyState>
      ) : (
        <ul className="order-cards">
          {orders.data.map((order) => (
            <li key={order._id}>
              <OrderCard order={order} onTrack={onTrack} />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

function OrderCard({ order, onTrack }: { order: Order; onTrack(orderId: string): void }) {
  const { addItem } = useCart();
  const [busy, setBusy] = useState(false);
  const shown = order.products.slice(0, PREVIEW_PRODUCTS);
  const more = order.products.length - shown.length;

  /** Adds every product of the order again, each with its quantity and customization. */
  const reorder = async () => {
    setBusy(true);
    try {
      for (const line of order.products) {
        await addItem(
          {
            ...line.product,
            _id: line.productId || line.product._id,
            brand: line.product.brand ?? undefined,
          },
          line.quantity,
          line.customization,
        );
      }
      window.alert(ITEMS_ADDED);
    } catch (error) {
      alertFailure(error, CART_ERRORS.add);
    } finally {
      setBusy(false);
    }
  };

  return (
    <article className="order-card" aria-label={`Order ${shortOrderId(order._id)}`}>
      <header className="order-card-head">
        <div>
          <h3>Order #{shortOrderId(order._id)}</h3>
          <p className="muted">
            Placed on <time dateTime={order.createdAt}>{formatDate(new Date(order.createdAt))}</time>
          </p>
        </div>
        <StatusBadge status={order.orderStatus} />
        {isRefundStatus(order.paymentDetails.status) && (
          <StatusBadge
            status={order.paymentDetails.status}
            {...paymentStatusLabel(order.paymentDetails.status)}
          />
        )}
        <p className="order-total">{formatAmount(order.totalAmount)}</p>
      </header>
      <ul className="order-products">
        {shown.map((line, index) => (
          <li key={`${line.productId}-${index}`}>
            <img
              // 48 px: the smallest stored width, not the 1200 px an order's line holds.
              src={pictureUrlFor(line.image ?? line.product.images[0] ?? '/logo.svg', 96)}
              alt=""
              width={48}
              height={48}
              loading="lazy"
            />
            <span>{line.name || line.product.name}</span>
            <span className="muted">Qty: {line.quantity}</span>
          </li>
        ))}
      </ul>
      {more > 0 && (
        <p className="muted">
          +{more} more item{more === 1 ? '' : 's'}
        </p>
      )}
      <OrderDocuments orderId={order._id} documents={order.documents ?? []} />
      <div className="order-actions">
        <button type="button" className="btn btn-secondary" disabled={busy} onClick={() => void reorder()}>
          Reorder
        </button>
        <button type="button" className="btn btn-secondary" onClick={() => onTrack(order._id)}>
          Track Order
        </button>
        <Link to={`/confirmation/${encodeURIComponent(order._id)}`} className="btn-link">
          View Details
        </Link>
      </div>
    </article>
  );
}
