import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { CUSTOMERS_KEY, getCustomer, type CustomerRow } from '../../api/customers';
import { Modal } from '../../components/Modal';
import { LoadingState } from '../../components/QueryStates';
import { formatDate, formatPrice } from '../../lib/format';
import { createLogger } from '../../lib/logger';
import { STATUS_BADGE as ORDER_STATUS_BADGE } from '../orders/orderRules';
import {
  cityLabel,
  CUSTOMER_MESSAGES as MSG,
  displayName,
  latestOrders,
  MODAL_ORDERS,
  STATUS_LABELS,
  TYPE_LABELS,
} from './customerRules';

const logger = createLogger('customers');

interface CustomerDetailsModalProps {
  /** The row the admin opened; orders and wishlist are read fresh from the server. */
  customer: CustomerRow;
  onClose(): void;
  onDelete(): void;
}

/** The customer details dialog: account, purchase summary and the 5 latest orders. */
export function CustomerDetailsModal({ customer, onClose, onDelete }: CustomerDetailsModalProps) {
  const detail = useQuery({
    queryKey: [...CUSTOMERS_KEY, 'detail', customer._id],
    queryFn: ({ signal }) => getCustomer(customer._id, signal),
    staleTime: 0,
  });

  useEffect(() => {
    if (detail.error) logger.error('Could not load the customer details', detail.error);
  }, [detail.error]);

  const current = detail.data ?? customer;
  const orders = detail.data ? latestOrders(detail.data.orders) : [];

  return (
    <Modal open onClose={onClose} title={displayName(current)} size="large">
      <div className="detail-grid">
        <section aria-labelledby="customer-account">
          <h3 id="customer-account" className="card-title">
            Account
          </h3>
          <dl>
            <dt>Username</dt>
            <dd>{current.username}</dd>
            <dt>Email</dt>
            <dd>{current.email}</dd>
            <dt>Phone</dt>
            <dd>{current.phone || MSG.notSpecified}</dd>
            <dt>Company</dt>
            <dd>{current.companyName || MSG.notSpecified}</dd>
            <dt>City</dt>
            <dd>{cityLabel(current.city)}</dd>
            <dt>Customer since</dt>
            <dd>{formatDate(current.createdAt)}</dd>
            <dt>Type</dt>
            <dd>{TYPE_LABELS[current.type]}</dd>
            <dt>Status</dt>
            <dd>{STATUS_LABELS[current.status]}</dd>
          </dl>
        </section>
        <section aria-labelledby="customer-purchases">
          <h3 id="customer-purchases" className="card-title">
            Purchase Summary
          </h3>
          <dl>
            <dt>Total Orders</dt>
            <dd>{current.totalOrders}</dd>
            <dt>Total Spent</dt>
            <dd>{formatPrice(current.totalSpent)}</dd>
            <dt>Last Order</dt>
            <dd>{current.lastOrderDate ? formatDate(current.lastOrderDate) : MSG.noOrdersYet}</dd>
            <dt>Wishlist Items</dt>
            <dd>{detail.data ? detail.data.wishlistCount : '—'}</dd>
          </dl>
        </section>
      </div>

      <section aria-labelledby="customer-recent-orders" className="card-section">
        <h3 id="customer-recent-orders" className="card-title">
          Last {MODAL_ORDERS} Orders
        </h3>
        {detail.isPending ? (
          <LoadingState label="Loading orders..." />
        ) : orders.length === 0 ? (
          <p className="field-hint">{MSG.noOrdersYet}</p>
        ) : (
          <table className="data-table">
            <thead>
              <tr>
                <th scope="col">Order ID</th>
                <th scope="col">Date</th>
                <th scope="col">Status</th>
                <th scope="col">Amount</th>
              </tr>
            </thead>
            <tbody>
              {orders.map((order) => (
                <tr key={order._id}>
                  <td>{order.displayId}</td>
                  <td>{formatDate(order.createdAt)}</td>
                  <td>
                    <span className={`badge ${ORDER_STATUS_BADGE[order.orderStatus] ?? ''}`}>
                      {order.orderStatus}
                    </span>
                  </td>
                  <td>{formatPrice(order.totalAmount)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>

      <div className="modal-actions">
        <Link className="btn btn-secondary" to={`/customers/${customer._id}`}>
          View Full Profile
        </Link>
        <button type="button" className="btn btn-danger" onClick={onDelete}>
          Delete Customer
        </button>
      </div>
    </Modal>
  );
}
