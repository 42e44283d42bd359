import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { failureMessage, isApiFailure } from '../../api/client';
import { CUSTOMERS_KEY, deactivateCustomer, getCustomer, type CustomerDetail } from '../../api/customers';
import { useConfirm } from '../../components/ConfirmProvider';
import { DataTable } from '../../components/DataTable';
import { Page } from '../../components/Page';
import { EmptyState, LoadingState } from '@shop/web-kit/QueryStates';
import { TitledSection } from '../../components/TitledSection';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';
import { useLoggedError } from '../../hooks/useLoggedError';
import { formatDate } from '@shop/web-kit/format';
import { formatPrice } from '../../lib/format';
import { createLogger } from '@shop/web-kit/logger';
import { OrderStatusBadge } from '../orders/OrderStatusBadge';
import { CUSTOMER_MESSAGES as MSG, displayName } from './customerRules';

const logger = createLogger('admin:customers');

/** One customer's page (back-office spec, section 2: customer detail). */
export default function CustomerDetailPage() {
  const { id = '' } = useParams();
  const customer = useQuery({
    queryKey: [...CUSTOMERS_KEY, 'detail', id],
    queryFn: ({ signal }) => getCustomer(id, signal),
    staleTime: 0,
  });

  useDocumentTitle('Customer details');
  useLoggedError(logger, customer.error, `Could not load customer ${id}`);

  let body;
  if (customer.isPending) body = <LoadingState label="Loading customer..." />;
  else if (customer.isError) {
    body =
      isApiFailure(customer.error) && customer.error.status === 404 ? (
        <EmptyState title={MSG.notFound} />
      ) : (
        <div className="banner banner-error" role="alert">
          Error: {failureMessage(customer.error, MSG.fetchFailed)}
        </div>
      );
  } else body = <CustomerDetails customer={customer.data} />;

  return (
    <Page
      title={customer.data ? displayName(customer.data) : 'Customer details'}
      back={
        <Link className="back-link" to="/customers">
          ← Back to Customers
        </Link>
      }
    >
      {body}
    </Page>
  );
}

function CustomerDetails({ customer }: { customer: CustomerDetail }) {
  const confirm = useConfirm();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);

  const deactivate = async () => {
    const confirmed = await confirm(MSG.confirmDeactivate, {
      title: 'Deactivate customer',
      confirmLabel: 'Deactivate',
      danger: true,
    });
    if (!confirmed) return;
    setBusy(true);
    try {
      await deactivateCustomer(customer._id);
    } catch (error) {
      logger.error(`Could not deactivate customer ${customer._id}`, error);
      window.alert(`Error: ${failureMessage(error, MSG.deactivateFailed)}`);
      setBusy(false);
      return;
    }
    await queryClient.invalidateQueries({ queryKey: CUSTOMERS_KEY });
    window.alert(MSG.deactivated);
    navigate('/customers');
  };

  return (
    <>
      <div className="card card-section">
        <div className="section-toolbar">
          <h2 className="card-title">Account</h2>
          {customer.isActive ? null : <span className="badge badge-danger">Deactivated</span>}
        </div>
        <dl className="detail-grid detail-list">
          <div>
            <dt>Username</dt>
            <dd>{customer.username}</dd>
          </div>
          <div>
            <dt>Email</dt>
            <dd>{customer.email}</dd>
          </div>
          <div>
            <dt>Joined</dt>
            <dd>{formatDate(customer.createdAt)}</dd>
          </div>
          <div>
            <dt>Admin</dt>
            <dd>{customer.isAdmin ? 'Yes' : 'No'}</dd>
          </div>
        </dl>
      </div>

      <TitledSection title="Order History" className="card card-section">
        {customer.orders.length === 0 ? (
          <p className="field-hint">{MSG.noOrdersYet}</p>
        ) : (
          <DataTable label="Order history" columns={['Order ID', 'Date', 'Status', 'Items', 'Amount']}>
            {customer.orders.map((order) => (
              <tr key={order._id}>
                <td>
                  <Link to={`/orders/${order._id}`}>{order.displayId}</Link>
                </td>
                <td>{formatDate(order.createdAt)}</td>
                <td>
                  <OrderStatusBadge status={order.orderStatus} />
                </td>
                <td>{order.items.reduce((sum, item) => sum + item.quantity, 0)}</td>
                <td>{formatPrice(order.totalAmount)}</td>
              </tr>
            ))}
          </DataTable>
        )}
      </TitledSection>

      <div className="detail-columns">
        <TitledSection title="Wishlist" className="card card-section">
          {customer.wishlist.length === 0 ? (
            <p className="field-hint">The wishlist is empty</p>
          ) : (
            <ul className="plain-list" aria-label="Wishlist">
              {customer.wishlist.map((entry) => (
                <li key={entry._id}>
                  <span>{entry.name ?? 'Product no longer available'}</span>
                  {entry.price !== null ? <strong>{formatPrice(entry.price)}</strong> : null}
                </li>
              ))}
            </ul>
          )}
        </TitledSection>

        <TitledSection title="Addresses" className="card card-section">
          {customer.addresses.length === 0 ? (
            <p className="field-hint">No saved addresses</p>
          ) : (
            <ul className="plain-list" aria-label="Addresses">
              {customer.addresses.map((address) => (
                <li key={address._id}>
                  <address>
                    <strong>{address.name}</strong>
                    {address.isDefault ? <span className="badge badge-info">Default</span> : null}
                    <br />
                    {address.street}, {address.city}, {address.state} {address.pinCode}, {address.country}
                    {address.phone ? (
                      <>
                        <br />
                        {address.phone}
                      </>
                    ) : null}
                  </address>
                </li>
              ))}
            </ul>
          )}
        </TitledSection>
      </div>

      <TitledSection title="Deactivate Customer" className="card card-section danger-zone">
        <p className="field-hint">The customer can no longer sign in. Their orders stay on record.</p>
        <div className="section-actions">
          <button
            type="button"
            className="btn btn-danger"
            disabled={busy || !customer.isActive}
            onClick={() => void deactivate()}
          >
            {busy ? 'Deactivating...' : 'Deactivate Customer'}
          </button>
        </div>
      </TitledSection>
    </>
  );
}
