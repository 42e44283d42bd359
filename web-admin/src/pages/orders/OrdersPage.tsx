import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { ADMIN_ORDERS_PAGE_SIZE, REVENUE_COUNTS } from '@shop/proto';
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
import { DataTable } from '../../components/DataTable';
import { SearchFilter, SelectFilter } from '../../components/Filters';
import { Page } from '../../components/Page';
import { Pager } from '../../components/Pager';
import { EmptyState, ErrorBanner, LoadingState } from '@shop/web-kit/QueryStates';
import { SummaryCards } from '../../components/SummaryCards';
import { useDebouncedValue } from '@shop/web-kit/useDebouncedValue';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';
import { downloadText } from '@shop/web-kit/download';
import { formatDate } from '@shop/web-kit/format';
import { displayOrderId, formatPrice } from '../../lib/format';
import { createLogger } from '@shop/web-kit/logger';
import { OrderDetailsModal } from './OrderDetailsModal';
import { OrderStatusBadge } from './OrderStatusBadge';
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
  STATUS_FILTERS,
  type DateFilter,
  type StatusFilter,
} from './orderRules';

const logger = createLogger('admin:orders');

const COLUMNS = ['Order ID', 'Customer', 'Date', 'Status', 'Payment', 'Amount', 'Actions'];

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

  useDocumentTitle('Orders');

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
    <Page
      title="Orders"
      subtitle="Track, process and fulfil customer orders"
      actions={
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
      }
    >
      {orders.isError && !bannerDismissed ? (
        <ErrorBanner
          message={MSG.loadFailed}
          onRetry={() => void orders.refetch()}
          onDismiss={() => setBannerDismissed(true)}
        />
      ) : null}

      <SummaryCards
        label="Order summary"
        cards={[
          ['Total Orders', summary ? String(summary.totalOrders) : '—'],
          ['Total Revenue', summary ? formatPrice(summary.totalRevenue) : '—', REVENUE_COUNTS],
          ['Pending', summary ? String(summary.pending) : '—'],
          ['Processing', summary ? String(summary.processing) : '—'],
        ]}
      />

      <div className="card">
        <div className="filters">
          <SearchFilter
            label="Search orders"
            placeholder="Search by order ID, customer name or email"
            value={searchText}
            onChange={setSearchText}
          />
          <SelectFilter label="Status" value={status} options={STATUS_FILTERS} onChange={setStatus} />
          <SelectFilter label="Date" value={dateFilter} options={DATE_FILTERS} onChange={setDateFilter} />
        </div>

        {orders.isPending ? (
          <LoadingState label="Loading orders..." />
        ) : rows.length === 0 ? (
          <EmptyState title={filtered ? MSG.noMatches : MSG.noOrders} />
        ) : (
          <>
            <DataTable label="Order list" columns={COLUMNS}>
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
                      <OrderStatusBadge status={order.orderStatus} />
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
            </DataTable>
            <Pager
              text={pagerText(reply?.page ?? page, reply?.pages ?? 1, reply?.total ?? 0)}
              page={page}
              pages={reply?.pages ?? 1}
              onPageChange={setPage}
            />
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
    </Page>
  );
}
