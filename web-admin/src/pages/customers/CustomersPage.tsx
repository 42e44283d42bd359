import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { CUSTOMER_STATUSES, CUSTOMER_TYPES, type CustomerStatus, type CustomerType } from '@shop/proto';
import { useEffect, useMemo, useState } from 'react';
import { CUSTOMERS_KEY, deactivateCustomer, listCustomers, type CustomerRow } from '../../api/customers';
import { useConfirm } from '../../components/ConfirmProvider';
import { EyeIcon, MailIcon, PhoneIcon, SearchIcon } from '../../components/icons';
import { EmptyState, LoadingState } from '../../components/QueryStates';
import { useToast } from '../../components/ToastProvider';
import { useDebouncedValue } from '../../hooks/useDebouncedValue';
import { formatDate, formatPrice, formatRevenue } from '../../lib/format';
import { createLogger } from '../../lib/logger';
import { SEARCH_DEBOUNCE_MS } from '../orders/orderRules';
import { CustomerDetailsModal } from './CustomerDetailsModal';
import {
  cityLabel,
  CUSTOMER_MESSAGES as MSG,
  customersPagerText,
  displayName,
  initials,
  STATUS_BADGE,
  STATUS_LABELS,
  TYPE_LABELS,
} from './customerRules';

const logger = createLogger('customers');

type TypeFilter = 'all' | CustomerType;
type StatusFilter = 'all' | CustomerStatus;

/** The customers screen (back-office spec, section 2). */
export default function CustomersPage() {
  const queryClient = useQueryClient();
  const confirm = useConfirm();
  const toast = useToast();
  const [searchText, setSearchText] = useState('');
  const search = useDebouncedValue(searchText.trim(), SEARCH_DEBOUNCE_MS);
  const [type, setType] = useState<TypeFilter>('all');
  const [status, setStatus] = useState<StatusFilter>('all');
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<CustomerRow | null>(null);
  // Deleted customers leave the list at once; the account is deactivated when the undo time is over.
  const [pendingDeletes, setPendingDeletes] = useState<ReadonlySet<string>>(new Set());

  useEffect(() => {
    document.title = 'Customers | Admin Panel';
  }, []);

  useEffect(() => setPage(1), [search, type, status]);

  const filters = useMemo(
    () => ({
      search: search || undefined,
      type: type === 'all' ? undefined : type,
      status: status === 'all' ? undefined : status,
    }),
    [search, type, status],
  );
  const filtered = Boolean(filters.search || filters.type || filters.status);

  const customers = useQuery({
    queryKey: [...CUSTOMERS_KEY, 'list', filters, page],
    queryFn: ({ signal }) => listCustomers({ ...filters, page }, signal),
    placeholderData: keepPreviousData,
  });

  useEffect(() => {
    // List failures are logged only (back-office spec, section 8).
    if (customers.error) logger.error('Could not load customers', customers.error);
  }, [customers.error]);

  const reply = customers.data;
  const summary = reply?.summary;
  const rows = (reply?.customers ?? []).filter((customer) => !pendingDeletes.has(customer._id));

  const setPending = (id: string, pending: boolean) =>
    setPendingDeletes((ids) => {
      const next = new Set(ids);
      if (pending) next.add(id);
      else next.delete(id);
      return next;
    });

  const remove = async (customer: CustomerRow) => {
    const confirmed = await confirm(MSG.confirmDelete, {
      title: 'Delete customer',
      confirmLabel: 'Delete',
      danger: true,
    });
    if (!confirmed) return;
    setSelected(null);
    setPending(customer._id, true);
    toast.showUndo({
      message: `Customer "${displayName(customer)}" deleted`,
      onUndo: () => setPending(customer._id, false),
      onExpire: async () => {
        try {
          await deactivateCustomer(customer._id);
          await queryClient.invalidateQueries({ queryKey: CUSTOMERS_KEY });
        } catch (error) {
          logger.error(`Could not delete customer ${customer._id}`, error);
        }
        setPending(customer._id, false);
      },
    });
  };

  return (
    <section className="page" aria-labelledby="customers-heading">
      <header className="page-header">
        <div>
          <h1 id="customers-heading">Customers</h1>
          <p className="page-subtitle">Accounts, what they buy and how recently</p>
        </div>
      </header>

      <dl className="summary-cards" aria-label="Customer summary">
        <SummaryCard label="Total Customers" value={summary ? String(summary.total) : '—'} />
        <SummaryCard label="Business" value={summary ? String(summary.business) : '—'} />
        <SummaryCard label="Individual" value={summary ? String(summary.individual) : '—'} />
        <SummaryCard label="VIP" value={summary ? String(summary.vip) : '—'} />
        <SummaryCard label="Total Revenue" value={summary ? formatRevenue(summary.totalRevenue) : '—'} />
      </dl>

      <div className="card">
        <div className="filters">
          <label className="search">
            <SearchIcon />
            <span className="visually-hidden">Search customers</span>
            <input
              type="search"
              placeholder="Search by name, email, phone or company"
              value={searchText}
              onChange={(event) => setSearchText(event.target.value)}
            />
          </label>
          <label>
            <span className="visually-hidden">Type</span>
            <select value={type} onChange={(event) => setType(event.target.value as TypeFilter)}>
              <option value="all">All Types</option>
              {CUSTOMER_TYPES.map((t) => (
                <option key={t} value={t}>
                  {TYPE_LABELS[t]}
                </option>
              ))}
            </select>
          </label>
          <label>
            <span className="visually-hidden">Status</span>
            <select value={status} onChange={(event) => setStatus(event.target.value as StatusFilter)}>
              <option value="all">All Statuses</option>
              {CUSTOMER_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {STATUS_LABELS[s]}
                </option>
              ))}
            </select>
          </label>
        </div>

        {customers.isPending ? (
          <LoadingState label="Loading customers..." />
        ) : rows.length === 0 ? (
          <EmptyState title={filtered ? MSG.noMatches : MSG.noCustomers} />
        ) : (
          <>
            <div className="table-wrap">
              <table className="data-table">
                <thead>
                  <tr>
                    <th scope="col">Customer</th>
                    <th scope="col">Type</th>
                    <th scope="col">Location</th>
                    <th scope="col">Orders</th>
                    <th scope="col">Total Spent</th>
                    <th scope="col">Last Order</th>
                    <th scope="col">Status</th>
                    <th scope="col">Actions</th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((customer) => (
                    <CustomerTableRow
                      key={customer._id}
                      customer={customer}
                      onView={() => setSelected(customer)}
                    />
                  ))}
                </tbody>
              </table>
            </div>
            {reply && reply.pages > 1 ? (
              <nav className="pager" aria-label="Pagination">
                <p>{customersPagerText(reply.page, reply.pages, reply.total)}</p>
                <div className="page-actions">
                  <button
                    type="button"
                    className="btn btn-secondary btn-small"
                    disabled={page <= 1}
                    onClick={() => setPage((p) => p - 1)}
                  >
                    Previous
                  </button>
                  <button
                    type="button"
                    className="btn btn-secondary btn-small"
                    disabled={page >= reply.pages}
                    onClick={() => setPage((p) => p + 1)}
                  >
                    Next
                  </button>
                </div>
              </nav>
            ) : null}
          </>
        )}
      </div>

      {selected ? (
        <CustomerDetailsModal
          key={selected._id}
          customer={selected}
          onClose={() => setSelected(null)}
          onDelete={() => void remove(selected)}
        />
      ) : null}
    </section>
  );
}

function CustomerTableRow({ customer, onView }: { customer: CustomerRow; onView(): void }) {
  const name = displayName(customer);
  return (
    <tr>
      <td>
        <div className="product-cell">
          <span className="avatar" aria-hidden="true">
            {initials(customer)}
          </span>
          <div>
            <div className="product-cell-name">{name}</div>
            <div className="product-cell-description">{customer.email}</div>
            {customer.companyName ? (
              <div className="product-cell-description">{customer.companyName}</div>
            ) : null}
          </div>
        </div>
      </td>
      <td>{TYPE_LABELS[customer.type]}</td>
      <td>{cityLabel(customer.city)}</td>
      <td>{customer.totalOrders}</td>
      <td>{formatPrice(customer.totalSpent)}</td>
      <td>{customer.lastOrderDate ? formatDate(customer.lastOrderDate) : MSG.noOrdersYet}</td>
      <td>
        <span className={`badge ${STATUS_BADGE[customer.status]}`}>{STATUS_LABELS[customer.status]}</span>
        {customer.isActive ? null : <span className="badge badge-danger">Deactivated</span>}
      </td>
      <td>
        <div className="row-actions">
          <button type="button" className="icon-button" aria-label={`View ${name}`} onClick={onView}>
            <EyeIcon />
          </button>
          <a className="icon-button" href={`mailto:${customer.email}`} aria-label={`Email ${name}`}>
            <MailIcon />
          </a>
          {customer.phone ? (
            <a className="icon-button" href={`tel:${customer.phone}`} aria-label={`Call ${name}`}>
              <PhoneIcon />
            </a>
          ) : null}
        </div>
      </td>
    </tr>
  );
}

function SummaryCard({ label, value }: { label: string; value: string }) {
  return (
    <div className="card summary-card">
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}
