import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { ADMIN_ORDERS_PAGE_SIZE, ORDER_STATUSES, type OrderStatus } from '@shop/proto';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import {
  exportOrders,
  getOrder,
  listOrders,
  ORDERS_KEY,
  processOrders,
  type AdminOrder,
} from '../../api/orders';
import { ActionMenu } from '../../components/ActionMenu';
import { SearchIcon } from '../../components/icons';
import { EmptyState, ErrorBanner, LoadingState } from '../../components/QueryStates';
import { useDebouncedValue } from '../../hooks/useDebouncedValue';
import { downloadText } from '../../lib/download';
import { displayOrderId, formatDate, formatPrice } from '../../lib/format';
import { createLogger } from '../../lib/logger';
import { OrderDetailsModal } from './OrderDetailsModal';
import {
  customerEmail,
  customerName,
  DATE_FILTERS,
  dateRange,
  ORDER_MESSAGES_UI as MSG,
  PAYMENT_BADGE,
  pagerText,
  paymentLabel,
  processedMessage,
  SEARCH_DEBOUNCE_MS,
  STATUS_BADGE,
  type DateFilter,
} from './orderRules';

const logger = createLogger('orders');

type StatusFilter = 'all' | OrderStatus;

/** The orders screen (back-office spec, section 2). */
export default function OrdersPage() {
  const queryClient = useQueryClient();
  const [searchText, setSearchText] = useState('');
  const search = useDebouncedValue(searchText.trim(), SEARCH_DEBOUNCE_MS);
  const [status, setStatus] = useState<StatusFilter>('all');
  const [dateFilter, setDateFilter] = useState<DateFilter>('all');
  const [page, setPage] = useState(1);
  const [bannerDismissed, setBannerDismissed] = useState(false);
  const [selected, setSelected] = useState<{ order: AdminOrder; focusStatus: boolean } | null>(null);
  const [working, setWorking] = useState<'process' | 'export' | null>(null);
  // /orders/{id} (linked from a customer's order history) opens that order's details.
  const { id: routedId } = useParams();
  const navigate = useNavigate();
  const routed = useQuery({
    queryKey: [...ORDERS_KEY, 'detail', routedId],
    queryFn: ({ signal }) => getOrder(routedId!, signal),
    enabled: Boolean(routedId),
  });

  useEffect(() => {
    document.title = 'Orders | Admin Panel';
  }, []);

  // A new search or filter starts again from the first page.
  useEffect(() => setPage(1), [search, status, dateFilter]);

  const filters = useMemo(
    () => ({
      search: search || undefined,
      status: status === 'all' ? undefined : status,
      ...dateRange(dateFilter),
    }),
    [search, status, dateFilter],
  );
  const filtered = Boolean(filters.search || filters.status || dateFilter !== 'all');

  const orders = useQuery({
    queryKey: [...ORDERS_KEY, 'list', filters, page],
    queryFn: ({ signal }) => listOrders({ ...filters, page, limit: ADMIN_ORDERS_PAGE_SIZE }, signal),
    placeholderData: keepPreviousData,
    // New orders arrive all the time: coming back to the screen always asks again.
    refetchOnMount: 'always',
  });

  useEffect(() => {
    // A failure to load the linked order is logged only, like any order details.
    if (routed.error) logger.error(`Could not load order ${routedId}`, routed.error);
  }, [routed.error, routedId]);

  const shown = selected ?? (routedId && routed.data ? { order: routed.data, focusStatus: false } : null);
  const closeDetails = () => {
    setSelected(null);
    if (routedId) navigate('/orders');
  };

  useEffect(() => {
    if (orders.error) {
      logger.error('Could not load orders', orders.error);
      setBannerDismissed(false);
    }
  }, [orders.error, orders.errorUpdatedAt]);

  const reply = orders.data;
  const rows = reply?.orders ?? [];
  const summary = reply?.summary;

  const process = async () => {
    setWorking('process');
    try {
      const count = await processOrders();
      window.alert(processedMessage(count));
    } catch (error) {
      logger.error('Could not process orders', error);
      window.alert(MSG.processFailed);
    } finally {
      setWorking(null);
      void queryClient.invalidateQueries({ queryKey: ORDERS_KEY });
    }
  };

  const exportCsv = async () => {
    setWorking('export');
    try {
      const { csv, filename } = await exportOrders(filters);
      downloadText(csv, filename);
    } catch (error) {
      logger.error('Could not export orders', error);
    } finally {
      setWorking(null);
    }
  };

  return (
    <section className="page" aria-labelledby="orders-heading">
      <header className="page-header">
        <div>
          <h1 id="orders-heading">Orders</h1>
          <p className="page-subtitle">Track, process and fulfil customer orders</p>
        </div>
        <div className="page-actions">
          <button
            type="button"
            className="btn btn-secondary"
            disabled={working !== null}
            onClick={() => void exportCsv()}
          >
            {working === 'export' ? 'Exporting...' : 'Export Orders'}
          </button>
          <button
            type="button"
            className="btn btn-primary"
            disabled={working !== null}
            onClick={() => void process()}
          >
            {working === 'process' ? 'Processing...' : 'Process Orders'}
          </button>
        </div>
      </header>

      {orders.isError && !bannerDismissed ? (
        <ErrorBanner
          message={MSG.loadFailed}
          onRetry={() => void orders.refetch()}
          onDismiss={() => setBannerDismissed(true)}
        />
      ) : null}

      <dl className="summary-cards" aria-label="Order summary">
        <SummaryCard label="Total Orders" value={summary ? String(summary.totalOrders) : '—'} />
        <SummaryCard label="Total Revenue" value={summary ? formatPrice(summary.totalRevenue) : '—'} />
        <SummaryCard label="Pending" value={summary ? String(summary.pending) : '—'} />
        <SummaryCard label="Processing" value={summary ? String(summary.processing) : '—'} />
      </dl>

      <div className="card">
        <div className="filters">
          <label className="search">
            <SearchIcon />
            <span className="visually-hidden">Search orders</span>
            <input
              type="search"
              placeholder="Search by order ID, customer name or email"
              value={searchText}
              onChange={(event) => setSearchText(event.target.value)}
            />
          </label>
          <label>
            <span className="visually-hidden">Status</span>
            <select value={status} onChange={(event) => setStatus(event.target.value as StatusFilter)}>
              <option value="all">All Statuses</option>
              {ORDER_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </select>
          </label>
          <label>
            <span className="visually-hidden">Date</span>
            <select value={dateFilter} onChange={(event) => setDateFilter(event.target.value as DateFilter)}>
              {DATE_FILTERS.map((d) => (
                <option key={d.value} value={d.value}>
                  {d.label}
                </option>
              ))}
            </select>
          </label>
        </div>

        {orders.isPending ? (
          <LoadingState label="Loading orders..." />
        ) : rows.length === 0 ? (
          <EmptyState title={filtered ? MSG.noMatches : MSG.noOrders} />
        ) : (
          <>
            <div className="table-wrap">
              <table className="data-table">
                <thead>
                  <tr>
                    <th scope="col">Order ID</th>
                    <th scope="col">Customer</th>
                    <th scope="col">Date</th>
                    <th scope="col">Status</th>
                    <th scope="col">Payment</th>
                    <th scope="col">Amount</th>
                    <th scope="col">Actions</th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((order) => {
                    const id = displayOrderId(order._id);
                    const payment = paymentLabel(order.paymentDetails?.status);
                    return (
                      <tr key={order._id}>
                        <td>
                          <strong>{id}</strong>
                        </td>
                        <td>
                          <div>{customerName(order)}</div>
                          <div className="product-cell-description">{customerEmail(order)}</div>
                        </td>
                        <td>{formatDate(order.createdAt)}</td>
                        <td>
                          <span className={`badge ${STATUS_BADGE[order.orderStatus] ?? ''}`}>
                            {order.orderStatus}
                          </span>
                        </td>
                        <td>
                          <span className={`badge ${PAYMENT_BADGE[payment]}`}>{payment}</span>
                        </td>
                        <td>{formatPrice(order.totalAmount)}</td>
                        <td>
                          <ActionMenu
                            label={`Actions for ${id}`}
                            actions={[
                              {
                                label: 'View Details',
                                onSelect: () => setSelected({ order, focusStatus: false }),
                              },
                              { label: 'Edit Order', onSelect: () => window.alert(MSG.editNotImplemented) },
                              {
                                label: 'View & Update Status',
                                onSelect: () => setSelected({ order, focusStatus: true }),
                              },
                            ]}
                          />
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
            <nav className="pager" aria-label="Pagination">
              <p>{pagerText(reply?.page ?? page, reply?.pages ?? 1, reply?.total ?? 0)}</p>
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
                  disabled={page >= (reply?.pages ?? 1)}
                  onClick={() => setPage((p) => p + 1)}
                >
                  Next
                </button>
              </div>
            </nav>
          </>
        )}
      </div>

      {shown ? (
        <OrderDetailsModal
          key={shown.order._id}
          order={shown.order}
          focusStatus={shown.focusStatus}
          onClose={closeDetails}
        />
      ) : null}
    </section>
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
