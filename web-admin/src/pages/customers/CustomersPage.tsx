import { REVENUE_COUNTS } from '@shop/proto';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { CUSTOMERS_KEY, deactivateCustomer, listCustomers, type CustomerRow } from '../../api/customers';
import { useConfirm } from '../../components/ConfirmProvider';
import { DataTable } from '../../components/DataTable';
import { SearchFilter, SelectFilter } from '../../components/Filters';
import { EyeIcon, MailIcon, PhoneIcon } from '@shop/web-kit/icons';
import { Page } from '../../components/Page';
import { Pager } from '../../components/Pager';
import { EmptyState, LoadingState } from '@shop/web-kit/QueryStates';
import { SummaryCards } from '../../components/SummaryCards';
import { useToast } from '../../components/ToastProvider';
import { useDebouncedValue } from '@shop/web-kit/useDebouncedValue';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';
import { useLoggedError } from '../../hooks/useLoggedError';
import { formatDate } from '@shop/web-kit/format';
import { formatPrice, formatRevenue } from '../../lib/format';
import { createLogger } from '@shop/web-kit/logger';
import { SEARCH_DEBOUNCE_MS } from '../orders/orderRules';
import { CustomerDetailsModal } from './CustomerDetailsModal';
import {
  cityLabel,
  CUSTOMER_MESSAGES as MSG,
  customersPagerText,
  displayName,
  initials,
  STATUS_BADGE,
  STATUS_FILTERS,
  STATUS_LABELS,
  TYPE_FILTERS,
  TYPE_LABELS,
  type StatusFilter,
  type TypeFilter,
} from './customerRules';

const logger = createLogger('admin:customers');

const COLUMNS = ['Customer', 'Type', 'Location', 'Orders', 'Total Spent', 'Last Order', 'Status', 'Actions'];

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

  useDocumentTitle('Customers');

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

  // List failures are logged only (back-office spec, section 8).
  useLoggedError(logger, customers.error, 'Could not load customers');

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
    <Page title="Customers" subtitle="Accounts, what they buy and how recently">
      <SummaryCards
        label="Customer summary"
        cards={[
          ['Total Customers', summary ? String(summary.total) : '—'],
          ['Business', summary ? String(summary.business) : '—'],
          ['Individual', summary ? String(summary.individual) : '—'],
          ['VIP', summary ? String(summary.vip) : '—'],
          ['Total Revenue', summary ? formatRevenue(summary.totalRevenue) : '—', REVENUE_COUNTS],
        ]}
      />

      <div className="card">
        <div className="filters">
          <SearchFilter
            label="Search customers"
            placeholder="Search by name, email, phone or company"
            value={searchText}
            onChange={setSearchText}
          />
          <SelectFilter label="Type" value={type} options={TYPE_FILTERS} onChange={setType} />
          <SelectFilter label="Status" value={status} options={STATUS_FILTERS} onChange={setStatus} />
        </div>

        {customers.isPending ? (
          <LoadingState label="Loading customers..." />
        ) : rows.length === 0 ? (
          <EmptyState title={filtered ? MSG.noMatches : MSG.noCustomers} />
        ) : (
          <>
            <DataTable label="Customer list" columns={COLUMNS}>
              {rows.map((customer) => (
                <CustomerTableRow
                  key={customer._id}
                  customer={customer}
                  onView={() => setSelected(customer)}
                />
              ))}
            </DataTable>
            {reply && reply.pages > 1 ? (
              <Pager
                text={customersPagerText(reply.page, reply.pages, reply.total)}
                page={page}
                pages={reply.pages}
                onPageChange={setPage}
              />
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
    </Page>
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
