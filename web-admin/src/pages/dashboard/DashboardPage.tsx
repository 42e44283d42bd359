import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { DashboardReply } from '@shop/proto';
import { useId, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from 'recharts';
import { DASHBOARD_KEY, fetchDashboard, fetchPreviousMonth, type TrendFilter } from '../../api/dashboard';
import { listOrders, ORDERS_KEY, type AdminOrder } from '../../api/orders';
import { fetchSettings, SETTINGS_KEY } from '../../api/settings';
import { ChartFigure } from '../../components/ChartFigure';
import { Page } from '../../components/Page';
import { EmptyState, ErrorBanner, LoadingState } from '@shop/web-kit/QueryStates';
import { SlicesPie } from '../../components/SlicesPie';
import { TitledSection } from '../../components/TitledSection';
import { useCountUp } from '../../hooks/useCountUp';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';
import { useLoggedError } from '../../hooks/useLoggedError';
import { displayOrderId, formatPrice } from '../../lib/format';
import { createLogger } from '@shop/web-kit/logger';
import { relativeTime } from '../../lib/relativeTime';
import { OrderStatusBadge } from '../orders/OrderStatusBadge';
import {
  categorySlices,
  DASHBOARD_MESSAGES as MSG,
  growthText,
  isLowStat,
  metricCards,
  MONTHS,
  RECENT_ORDERS_QUERY,
  recentCustomer,
  topProductName,
  trendBars,
  type MetricCard,
} from './dashboardRules';

const logger = createLogger('admin:dashboard');

/** The dashboard (back-office spec, section 2). */
export default function DashboardPage() {
  useDocumentTitle('Dashboard');

  // Orders and customers arrive all the time: every visit asks again, showing the figures of the
  // last visit meanwhile, marked as refreshing.
  const dashboard = useQuery({
    queryKey: [...DASHBOARD_KEY, 'current'],
    queryFn: ({ signal }) => fetchDashboard(undefined, signal),
    refetchOnMount: 'always',
  });
  const previous = useQuery({
    queryKey: [...DASHBOARD_KEY, 'previous_month'],
    queryFn: ({ signal }) => fetchPreviousMonth(signal),
    refetchOnMount: 'always',
  });
  const recent = useQuery({
    queryKey: [...ORDERS_KEY, 'list', 'recent'],
    queryFn: ({ signal }) => listOrders(RECENT_ORDERS_QUERY, signal),
    refetchOnMount: 'always',
  });
  // Only for the GSTIN warning: a failed read leaves the dashboard as it is.
  const settings = useQuery({ queryKey: SETTINGS_KEY, queryFn: ({ signal }) => fetchSettings(signal) });
  const queries = [dashboard, previous, recent];
  const failed = queries.filter((query) => query.isError);
  const refreshing = queries.every((query) => query.data) && queries.some((query) => query.isFetching);

  useLoggedError(logger, dashboard.error, 'Could not load the dashboard');
  useLoggedError(logger, previous.error, "Could not load last month's figures");
  useLoggedError(logger, recent.error, 'Could not load the recent orders');
  useLoggedError(logger, settings.error, 'Could not load the settings for the GSTIN warning');

  return (
    <Page
      title="Dashboard"
      subtitle={
        <>
          How the shop is doing today
          {refreshing ? (
            <span className="refreshing-note" role="status">
              Refreshing…
            </span>
          ) : null}
        </>
      }
      actions={
        <button type="button" className="btn btn-primary">
          Generate Report
        </button>
      }
    >
      {settings.data && !settings.data.gstNumber.trim() ? (
        <div className="banner banner-warning" role="note" aria-label="GSTIN missing">
          <span>{MSG.gstinMissing}</span>
          <Link to="/settings">Add your GSTIN in Settings</Link>
        </div>
      ) : null}
      {failed.length > 0 ? (
        <ErrorBanner
          message={MSG.loadFailed}
          onRetry={() => failed.forEach((query) => void query.refetch())}
        />
      ) : !dashboard.data || !previous.data || !recent.data ? (
        <LoadingState label="Loading dashboard..." />
      ) : (
        <DashboardContent
          data={dashboard.data}
          cards={metricCards(dashboard.data, previous.data)}
          recentOrders={recent.data.orders}
        />
      )}
    </Page>
  );
}

function DashboardContent({
  data,
  cards,
  recentOrders,
}: {
  data: DashboardReply;
  cards: MetricCard[];
  recentOrders: AdminOrder[];
}) {
  return (
    <>
      <dl className="metric-cards" aria-label="Key figures">
        {cards.map((card) => (
          <MetricCardView key={card.key} card={card} />
        ))}
      </dl>

      <div className="dashboard-grid">
        <RevenueTrendCard initial={data.revenueTrend} />
        <SalesByCategoryCard data={data} />
      </div>

      <div className="dashboard-grid">
        <RecentOrdersCard orders={recentOrders} />
        <div className="dashboard-column">
          <QuickStatsCard data={data} />
          <TopProductCard data={data} />
          <PendingActionsCard data={data} />
        </div>
      </div>
    </>
  );
}

function MetricCardView({ card }: { card: MetricCard }) {
  const value = useCountUp(card.value);
  const trend = card.growth > 0 ? 'up' : card.growth < 0 ? 'down' : 'flat';
  return (
    <div className="card metric-card">
      <dt>{card.label}</dt>
      <dd>
        <span className="metric-value">
          {card.money ? formatPrice(value) : value.toLocaleString('en-IN')}
        </span>
        <span className={`metric-growth metric-growth-${trend}`}>
          {growthText(card.growth)} <span className="metric-growth-label">from last month</span>
        </span>
        {card.note ? <span className="figure-note">{card.note}</span> : null}
      </dd>
    </div>
  );
}

function RevenueTrendCard({ initial }: { initial: DashboardReply['revenueTrend'] }) {
  const [filter, setFilter] = useState<TrendFilter | null>(null);
  const filtered = useQuery({
    queryKey: [...DASHBOARD_KEY, 'trend', filter],
    queryFn: ({ signal }) => fetchDashboard(filter ?? undefined, signal),
    enabled: filter !== null,
    placeholderData: keepPreviousData,
    select: (reply) => reply.revenueTrend,
  });
  const trend = (filter && filtered.data) || initial;
  const year = filter?.year ?? initial.year;
  const month = filter?.month ?? initial.month;
  const bars = useMemo(() => trendBars(trend), [trend]);
  const perDay = trend.month !== 'all';

  return (
    <div className="card card-section">
      <div className="section-toolbar">
        <h2 className="card-title">Revenue Trend</h2>
        <div className="page-actions">
          <label>
            <span className="visually-hidden">Year</span>
            <select
              className="input"
              value={year}
              onChange={(event) => setFilter({ year: Number(event.target.value), month })}
            >
              {initial.years.map((y) => (
                <option key={y} value={y}>
                  {y}
                </option>
              ))}
            </select>
          </label>
          <label>
            <span className="visually-hidden">Month</span>
            <select
              className="input"
              value={month}
              onChange={(event) =>
                setFilter({ year, month: event.target.value === 'all' ? 'all' : Number(event.target.value) })
              }
            >
              <option value="all">All months</option>
              {MONTHS.map((name, index) => (
                <option key={name} value={index + 1}>
                  {name}
                </option>
              ))}
            </select>
          </label>
        </div>
      </div>
      {filtered.isError ? (
        <ErrorBanner message={MSG.loadFailed} onRetry={() => void filtered.refetch()} />
      ) : null}
      <ChartFigure
        title={
          perDay
            ? `Revenue per day, ${MONTHS[Number(trend.month) - 1]} ${trend.year}`
            : `Revenue per month, ${trend.year}`
        }
        height={300}
        data={{
          columns: [perDay ? 'Day' : 'Month', 'Revenue', 'Orders'],
          rows: bars.map((bar) => [bar.label, formatPrice(bar.revenue), bar.orders]),
        }}
      >
        <BarChart accessibilityLayer={false} data={bars} margin={{ top: 8, right: 8, bottom: 0, left: 8 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="label" tickLine={false} />
          <YAxis tickFormatter={(value: number) => formatPrice(value)} width={80} />
          <Tooltip formatter={(value) => formatPrice(Number(value))} />
          <Bar dataKey="revenue" name="Revenue" fill="#1f3a5f" radius={[4, 4, 0, 0]} />
        </BarChart>
      </ChartFigure>
    </div>
  );
}

function SalesByCategoryCard({ data }: { data: DashboardReply }) {
  const slices = useMemo(() => categorySlices(data.salesByCategory), [data.salesByCategory]);
  return (
    <TitledSection title="Sales by Category" className="card card-section">
      {slices.length === 0 ? (
        <EmptyState title={MSG.noCategorySales} />
      ) : (
        <>
          <ChartFigure
            title="Share of items sold by category"
            height={300}
            data={{ columns: ['Category', 'Share'], rows: slices.map((s) => [s.name, `${s.value}%`]) }}
          >
            <SlicesPie slices={slices} innerRadius="45%">
              <Tooltip formatter={(value) => `${String(value)}%`} />
            </SlicesPie>
          </ChartFigure>
          <ul className="legend">
            {slices.map((slice) => (
              <li key={slice.name}>
                <span className="legend-swatch" style={{ background: slice.fill }} aria-hidden="true" />
                <span>{slice.name}</span>
                <strong>{slice.value}%</strong>
              </li>
            ))}
          </ul>
        </>
      )}
    </TitledSection>
  );
}

function RecentOrdersCard({ orders }: { orders: AdminOrder[] }) {
  return (
    <div className="card card-section">
      <div className="section-toolbar">
        <h2 className="card-title">Recent Orders</h2>
        <Link to="/orders">View all</Link>
      </div>
      {orders.length === 0 ? (
        <EmptyState title={MSG.noOrders} />
      ) : (
        <ul className="recent-orders" aria-label="Recent orders">
          {orders.map((order) => (
            <li key={order._id}>
              <div>
                <strong>{displayOrderId(order._id)}</strong>
                <div className="product-cell-description">{recentCustomer(order)}</div>
              </div>
              <div className="recent-order-figures">
                <strong>{formatPrice(order.totalAmount)}</strong>
                <div className="product-cell-description">{relativeTime(order.createdAt)}</div>
              </div>
              <OrderStatusBadge status={order.orderStatus} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function QuickStatsCard({ data }: { data: DashboardReply }) {
  const { averageRating, reviewCount } = data.quickStats;
  return (
    <TitledSection title="Quick Stats" className="card card-section">
      <StatBar label="Order Fulfillment" percent={data.orderFulfillment} />
      <StatBar
        label="Customer Satisfaction"
        percent={data.customerSatisfaction}
        hint={reviewCount > 0 ? `${averageRating} of 5 from ${reviewCount} reviews` : 'No reviews yet'}
      />
      <StatBar label="Inventory Level" percent={data.inventoryLevel} warnWhenLow />
    </TitledSection>
  );
}

function StatBar({
  label,
  percent,
  hint,
  warnWhenLow = false,
}: {
  label: string;
  percent: number;
  hint?: string;
  warnWhenLow?: boolean;
}) {
  const warning = warnWhenLow && isLowStat(percent);
  const labelId = useId();
  return (
    <div className="stat">
      <div className="stat-heading">
        <span id={labelId}>{label}</span>
        <strong>{percent}%</strong>
      </div>
      <div
        className={`progress${warning ? ' progress-warning' : ''}`}
        role="progressbar"
        aria-labelledby={labelId}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
      >
        <span style={{ width: `${Math.min(Math.max(percent, 0), 100)}%` }} />
      </div>
      {hint ? <p className="field-hint">{hint}</p> : null}
    </div>
  );
}

function TopProductCard({ data }: { data: DashboardReply }) {
  const { topProduct } = data;
  return (
    <TitledSection title="Top Performing Product" className="card card-section">
      <p className="top-product-name">{topProductName(topProduct.name)}</p>
      <p className="field-hint">
        {topProduct.quantity} units sold · {formatPrice(topProduct.revenue)} revenue
      </p>
    </TitledSection>
  );
}

function PendingActionsCard({ data }: { data: DashboardReply }) {
  const { ordersAwaitingProcessing, lowStockProducts, customerQueriesPending } = data.pendingActions;
  return (
    <TitledSection title="Pending Actions" className="card card-section">
      <ul className="pending-actions">
        <li>
          <Link to="/orders">Orders needing approval</Link>
          <span className="badge badge-warning">{ordersAwaitingProcessing}</span>
        </li>
        <li>
          <Link to="/products">Products low in stock</Link>
          <span className="badge badge-danger">{lowStockProducts}</span>
        </li>
        <li>
          <span title={data.notes.pendingCustomerQueries}>Customer queries pending</span>
          <span className="badge badge-info">{customerQueriesPending}</span>
        </li>
      </ul>
    </TitledSection>
  );
}
