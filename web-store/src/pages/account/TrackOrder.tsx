import { ESTIMATED_DELIVERY_DAYS } from '@shop/proto';
import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { ACCOUNT_ERRORS, fetchOrder } from '../../api/account';
import { failureMessage } from '../../api/client';
import { shortOrderId, StatusBadge } from '../../components/OrderStatus';
import { LoadingState } from '@shop/web-kit/QueryStates';
import { formatAmount, formatDate } from '@shop/web-kit/format';

export const TRACK_TEXT = { empty: 'Please enter an order ID' } as const;

/** The timeline shows only the first three statuses (storefront spec, section 2). */
export const TIMELINE = ['Processing', 'Shipped', 'Delivered'] as const;

/** "Estimated Delivery" is today plus 7 days (storefront spec, section 9). */
export function estimatedDelivery(today: Date): Date {
  const date = new Date(today);
  date.setDate(date.getDate() + ESTIMATED_DELIVERY_DAYS);
  return date;
}

export function TrackOrder({ initialId }: { initialId: string }) {
  const id = useId();
  const [typed, setTyped] = useState(initialId);
  const [orderId, setOrderId] = useState(initialId.trim());
  const order = useQuery({
    queryKey: ['account', 'track', orderId],
    queryFn: ({ signal }) => fetchOrder(orderId, signal),
    enabled: Boolean(orderId),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const wanted = typed.trim();
    if (!wanted) {
      window.alert(TRACK_TEXT.empty);
      return;
    }
    if (wanted === orderId) void order.refetch();
    else setOrderId(wanted);
  };

  const data = order.data;
  const current = data ? TIMELINE.indexOf(data.orderStatus as (typeof TIMELINE)[number]) : -1;

  return (
    <>
      <h2>Track Your Order</h2>
      <form className="track-form" onSubmit={submit} noValidate>
        <label htmlFor={`${id}-order`}>Order ID</label>
        <div className="track-row">
          <input
            id={`${id}-order`}
            value={typed}
            placeholder="Enter your order ID"
            autoComplete="off"
            onChange={(e) => setTyped(e.target.value)}
          />
          <button type="submit" className="btn btn-primary">
            Track
          </button>
        </div>
      </form>
      {orderId && order.isFetching && !data && <LoadingState label="Finding your order..." />}
      {order.isError && (
        <p className="notice notice-error" role="alert">
          {failureMessage(order.error, ACCOUNT_ERRORS.order)}
        </p>
      )}
      {data && !order.isError && (
        <section className="track-result" aria-label={`Order ${shortOrderId(data._id)}`}>
          <dl className="track-facts">
            <div>
              <dt>Order</dt>
              <dd>#{shortOrderId(data._id)}</dd>
            </div>
            <div>
              <dt>Status</dt>
              <dd>
                <StatusBadge status={data.orderStatus} />
              </dd>
            </div>
            <div>
              <dt>Total</dt>
              <dd>{formatAmount(data.totalAmount)}</dd>
            </div>
            {data.trackingNumber && (
              <div>
                <dt>Tracking number</dt>
                <dd>{data.trackingNumber}</dd>
              </div>
            )}
            <div>
              <dt>Estimated Delivery</dt>
              <dd>{formatDate(estimatedDelivery(new Date()))}</dd>
            </div>
          </dl>
          <ol className="track-timeline">
            {TIMELINE.map((step, index) => (
              <li
                key={step}
                className={index < current ? 'done' : index === current ? 'current' : 'upcoming'}
                aria-current={index === current ? 'step' : undefined}
              >
                <span className="track-dot" aria-hidden="true" />
                <span className="track-step">{step}</span>
                {index === current && (
                  <time dateTime={data.updatedAt}>{formatDate(new Date(data.updatedAt))}</time>
                )}
              </li>
            ))}
          </ol>
        </section>
      )}
    </>
  );
}
