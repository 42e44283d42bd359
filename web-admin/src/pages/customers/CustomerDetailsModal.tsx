import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { CUSTOMERS_KEY, getCustomer, type CustomerRow } from '../../api/customers';
import { DataTable } from '../../components/DataTable';
import { Modal } from '../../components/Modal';
import { LoadingState } from '@shop/web-kit/QueryStates';
import { TitledSection } from '../../components/TitledSection';
import { useLoggedError } from '../../hooks/useLoggedError';
import { formatDate } from '@shop/web-kit/format';
import { formatPrice } from '../../lib/format';
import { createLogger } from '@shop/web-kit/logger';
import { OrderStatusBadge } from '../orders/OrderStatusBadge';
import {
  cityLabel,
  CUSTOMER_MESSAGES as MSG,
  displayName,
  latestOrders,
  MODAL_ORDERS,
  STATUS_LABELS,
  TYPE_LABELS,
} from './customerRules';

const logger = createLogger('admin:customers');

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

  useLoggedError(logger, detail.error, 'Could not load the customer details');

  const current = detail.data ?? customer;
  const orders = detail.data ? latestOrders(detail.data.orders) : [];

  return (
    <Modal open onClose={onClose} title={displayName(current)} size="large">
      <div className="detail-grid">
        <TitledSection title="Account" level="h3">
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
        </TitledSection>
        <TitledSection title="Purchase Summary" level="h3">
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
        </TitledSection>
      </div>

      <TitledSection title={`Last ${MODAL_ORDERS} Orders`} level="h3" className="card-section">
        {detail.isPending ? (
          <LoadingState label="Loading orders..." />
        ) : orders.length === 0 ? (
          <p className="field-hint">{MSG.noOrdersYet}</p>
        ) : (
          <DataTable label={`Last ${MODAL_ORDERS} orders`} columns={['Order ID', 'Date', 'Status', 'Amount']}>
            {orders.map((order) => (
              <tr key={order._id}>
                <td>{order.displayId}</td>
                <td>{formatDate(order.createdAt)}</td>
                <td>
                  <OrderStatusBadge status={order.orderStatus} />
                </td>
                <td>{formatPrice(order.totalAmount)}</td>
              </tr>
            ))}
          </DataTable>
        )}
      </TitledSection>

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
