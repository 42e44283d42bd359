import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ReportMetric, ReportPeriod, ReportReply, ReportType } from '@shop/proto';
import { useEffect, useMemo, useState } from 'react';
import {
  Area,
  AreaChart,
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  Legend,
  Pie,
  PieChart,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { exportReport, fetchReport, REPORTS_KEY } from '../../api/reports';
import { ChartFigure } from '../../components/ChartFigure';
import { EmptyState, ErrorBanner, LoadingState } from '../../components/QueryStates';
import { useToast } from '../../components/ToastProvider';
import { downloadText } from '../../lib/download';
import { formatPrice } from '../../lib/format';
import { createLogger } from '../../lib/logger';
import {
  DEFAULT_FILTERS,
  growthLabel,
  PERIOD_OPTIONS,
  REPORT_MESSAGES as MSG,
  REPORT_TYPE_OPTIONS,
  reportParams,
  salesPoints,
  segmentSlices,
  windowText,
  type ReportFilters,
} from './reportRules';

const logger = createLogger('reports');

const rupeeTick = (value: number) => formatPrice(value);

/** The reports screen (back-office spec, section 2), on real figures: its filters change the data. */
export default function ReportsPage() {
  const toast = useToast();
  const [filters, setFilters] = useState<ReportFilters>(DEFAULT_FILTERS);
  const [exporting, setExporting] = useState(false);

  useEffect(() => {
    document.title = 'Reports | Admin Panel';
  }, []);

  const checked = useMemo(() => reportParams(filters), [filters]);
  const params = 'params' in checked ? checked.params : null;

  const report = useQuery({
    queryKey: [...REPORTS_KEY, params],
    queryFn: ({ signal }) => fetchReport(params!, signal),
    enabled: params !== null,
    placeholderData: keepPreviousData,
  });

  useEffect(() => {
    if (report.error) logger.error('Could not load the report', report.error);
  }, [report.error]);

  const change = (patch: Partial<ReportFilters>) => setFilters((current) => ({ ...current, ...patch }));

  const exportCsv = async () => {
    if (!params) return;
    setExporting(true);
    try {
      const { csv, filename } = await exportReport(params);
      downloadText(csv, filename);
    } catch (error) {
      logger.error('Could not export the report', error);
      toast.show(MSG.exportFailed, 'error');
    } finally {
      setExporting(false);
    }
  };

  const data = report.data;

  return (
    <section className="page" aria-labelledby="reports-heading">
      <header className="page-header">
        <div>
          <h1 id="reports-heading">Reports &amp; Analytics</h1>
          <p className="page-subtitle">
            {data ? windowText(data.window) : 'Sales, products and customers over time'}
          </p>
        </div>
        <div className="page-actions">
          <button
            type="button"
            className="btn btn-secondary"
            disabled={!params || exporting}
            onClick={() => void exportCsv()}
          >
            {exporting ? 'Exporting...' : 'Export Report'}
          </button>
          <button type="button" className="btn btn-primary">
            Schedule Report
          </button>
        </div>
      </header>

      <div className="card">
        <div className="filters">
          <label className="inline-form">
            Report Type
            <select
              value={filters.type}
              onChange={(event) => change({ type: event.target.value as ReportType })}
            >
              {REPORT_TYPE_OPTIONS.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          </label>
          <label className="inline-form">
            Period
            <select
              value={filters.period}
              onChange={(event) => change({ period: event.target.value as ReportPeriod })}
            >
              {PERIOD_OPTIONS.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          </label>
          {filters.period === 'custom' ? (
            <>
              <label className="inline-form">
                From
                <input
                  type="date"
                  className="input"
                  value={filters.from}
                  max={filters.to || undefined}
                  onChange={(event) => change({ from: event.target.value })}
                />
              </label>
              <label className="inline-form">
                To
                <input
                  type="date"
                  className="input"
                  value={filters.to}
                  min={filters.from || undefined}
                  onChange={(event) => change({ to: event.target.value })}
                />
              </label>
            </>
          ) : null}
          {'problem' in checked ? <p className="field-hint">{checked.problem}</p> : null}
        </div>
      </div>

      {report.isError ? <ErrorBanner message={MSG.loadFailed} onRetry={() => void report.refetch()} /> : null}

      {!params ? null : !data ? (
        report.isError ? null : (
          <LoadingState label="Loading report..." />
        )
      ) : (
        <div className="report" aria-busy={report.isFetching}>
          <ReportSections report={data} />
        </div>
      )}
    </section>
  );
}

function ReportSections({ report }: { report: ReportReply }) {
  return (
    <>
      {report.metrics ? (
        <dl className="metric-cards" aria-label="Report figures">
          <MetricCard label="Total Revenue" metric={report.metrics.revenue} money />
          <MetricCard label="Orders" metric={report.metrics.orders} />
          <MetricCard label="Average Order Value" metric={report.metrics.averageOrderValue} money />
          <MetricCard label="New Customers" metric={report.metrics.newCustomers} />
        </dl>
      ) : null}

      {report.sales ? <RevenueCard report={report} sales={report.sales} /> : null}

      {report.customerSegments || report.categoryPerformance ? (
        <div className="dashboard-grid">
          {report.customerSegments ? <SegmentsCard segments={report.customerSegments} /> : null}
          {report.categoryPerformance ? <CategoriesCard categories={report.categoryPerformance} /> : null}
        </div>
      ) : null}

      {report.topProducts ? <TopProductsCard products={report.topProducts} /> : null}
      {report.monthlyComparison ? <MonthlyCard months={report.monthlyComparison} /> : null}
      {report.payments ? <PaymentsCard payments={report.payments} /> : null}
      {report.inventory ? <InventoryCard inventory={report.inventory} /> : null}
    </>
  );
}

function MetricCard({
  label,
  metric,
  money = false,
}: {
  label: string;
  metric: ReportMetric;
  money?: boolean;
}) {
  const trend = metric.growth > 0 ? 'up' : metric.growth < 0 ? 'down' : 'flat';
  return (
    <div className="card metric-card">
      <dt>{label}</dt>
      <dd>
        <span className="metric-value">
          {money ? formatPrice(metric.value) : metric.value.toLocaleString('en-IN')}
        </span>
        <span className={`metric-growth metric-growth-${trend}`}>{growthLabel(metric.growth)}</span>
      </dd>
    </div>
  );
}

function RevenueCard({ report, sales }: { report: ReportReply; sales: NonNullable<ReportReply['sales']> }) {
  const points = useMemo(() => salesPoints(sales, report.window.bucket), [sales, report.window.bucket]);
  const perDay = report.window.bucket === 'day';
  return (
    <div className="card card-section">
      <h2 className="card-title">Revenue</h2>
      <ChartFigure
        title={perDay ? 'Revenue per day' : 'Revenue per month'}
        height={400}
        data={{
          columns: [perDay ? 'Day' : 'Month', 'Revenue', 'Orders'],
          rows: points.map((p) => [p.label, formatPrice(p.revenue), p.orders]),
        }}
      >
        <AreaChart data={points} margin={{ top: 8, right: 8, bottom: 0, left: 8 }}>
          <defs>
            <linearGradient id="revenue-fill" x1="0" y1="0" x2="0" y2="1">
              <stop offset="5%" stopColor="#3B82F6" stopOpacity={0.35} />
              <stop offset="95%" stopColor="#3B82F6" stopOpacity={0} />
            </linearGradient>
          </defs>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="label" tickLine={false} minTickGap={16} />
          <YAxis tickFormatter={rupeeTick} width={80} />
          <Tooltip formatter={(value) => formatPrice(Number(value))} />
          <Area type="monotone" dataKey="revenue" name="Revenue" stroke="#3B82F6" fill="url(#revenue-fill)" />
        </AreaChart>
      </ChartFigure>
    </div>
  );
}

function SegmentsCard({ segments }: { segments: NonNullable<ReportReply['customerSegments']> }) {
  const slices = segmentSlices(segments);
  const total = slices.reduce((sum, slice) => sum + slice.value, 0);
  return (
    <div className="card card-section">
      <h2 className="card-title">Customer Segments</h2>
      {total === 0 ? (
        <EmptyState title="No customers yet" />
      ) : (
        <ChartFigure
          title="Customers by segment"
          height={300}
          data={{ columns: ['Segment', 'Customers'], rows: slices.map((s) => [s.name, s.value]) }}
        >
          <PieChart>
            <Pie data={slices} dataKey="value" nameKey="name" outerRadius="80%">
              {slices.map((slice) => (
                <Cell key={slice.name} fill={slice.fill} />
              ))}
            </Pie>
            <Tooltip />
            <Legend />
          </PieChart>
        </ChartFigure>
      )}
      <dl className="detail-grid compact-figures" aria-label="Customer figures">
        <div>
          <dt>Business</dt>
          <dd>{segments.business}</dd>
        </div>
        <div>
          <dt>Individual</dt>
          <dd>{segments.individual}</dd>
        </div>
        <div>
          <dt>New in period</dt>
          <dd>{segments.newInPeriod}</dd>
        </div>
        <div>
          <dt>Ordered in period</dt>
          <dd>{segments.orderingInPeriod}</dd>
        </div>
      </dl>
    </div>
  );
}

function CategoriesCard({ categories }: { categories: NonNullable<ReportReply['categoryPerformance']> }) {
  return (
    <div className="card card-section">
      <h2 className="card-title">Category Performance</h2>
      {categories.length === 0 ? (
        <EmptyState title={MSG.noSales} />
      ) : (
        <ul className="category-list" aria-label="Category performance">
          {categories.map((category) => (
            <li key={category.category}>
              <div className="stat-heading">
                <strong>{category.category}</strong>
                <span>
                  {formatPrice(category.revenue)} · {category.quantity} units · {category.share}%
                </span>
              </div>
              <div className="progress" aria-hidden="true">
                <span style={{ width: `${category.share}%`, background: category.color }} />
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function TopProductsCard({ products }: { products: NonNullable<ReportReply['topProducts']> }) {
  return (
    <div className="card card-section">
      <h2 className="card-title">Top Products</h2>
      {products.length === 0 ? (
        <EmptyState title={MSG.noProducts} />
      ) : (
        <div className="table-wrap">
          <table className="data-table" aria-label="Top products">
            <thead>
              <tr>
                <th scope="col">#</th>
                <th scope="col">Product</th>
                <th scope="col">Category</th>
                <th scope="col">Price</th>
                <th scope="col">Units Sold</th>
                <th scope="col">Revenue</th>
              </tr>
            </thead>
            <tbody>
              {products.map((entry, index) => (
                <tr key={entry.product._id}>
                  <td>{index + 1}</td>
                  <td>{entry.product.name}</td>
                  <td>{entry.product.category}</td>
                  <td>{entry.product.price === null ? '—' : formatPrice(entry.product.price)}</td>
                  <td>{entry.totalSold}</td>
                  <td>{formatPrice(entry.revenue)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

function MonthlyCard({ months }: { months: NonNullable<ReportReply['monthlyComparison']> }) {
  return (
    <div className="card card-section">
      <h2 className="card-title">Monthly Comparison</h2>
      <ChartFigure
        title="Revenue per month against the same month a year before"
        height={300}
        data={{
          columns: ['Month', 'Revenue', 'Orders', 'Revenue a year before', 'Orders a year before'],
          rows: months.map((m) => [
            m.label,
            formatPrice(m.revenue),
            m.orders,
            formatPrice(m.previousYearRevenue),
            m.previousYearOrders,
          ]),
        }}
      >
        <BarChart data={months} margin={{ top: 8, right: 8, bottom: 0, left: 8 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="label" tickLine={false} />
          <YAxis tickFormatter={rupeeTick} width={80} />
          <Tooltip formatter={(value) => formatPrice(Number(value))} />
          <Legend />
          <Bar dataKey="revenue" name="This period" fill="#1f3a5f" radius={[4, 4, 0, 0]} />
          <Bar dataKey="previousYearRevenue" name="A year before" fill="#F59E0B" radius={[4, 4, 0, 0]} />
        </BarChart>
      </ChartFigure>
    </div>
  );
}

function PaymentsCard({ payments }: { payments: NonNullable<ReportReply['payments']> }) {
  return (
    <div className="card card-section">
      <h2 className="card-title">Payments</h2>
      {payments.captured.length === 0 ? (
        <p className="field-hint">No payments captured in this period</p>
      ) : (
        <table className="data-table" aria-label="Payments by method">
          <thead>
            <tr>
              <th scope="col">Method</th>
              <th scope="col">Payments</th>
              <th scope="col">Amount</th>
            </tr>
          </thead>
          <tbody>
            {payments.captured.map((row) => (
              <tr key={row.method}>
                <td>{row.method}</td>
                <td>{row.payments}</td>
                <td>{formatPrice(row.amount)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <p className="field-hint">Failed payment attempts: {payments.failedAttempts}</p>
    </div>
  );
}

function InventoryCard({ inventory }: { inventory: NonNullable<ReportReply['inventory']> }) {
  return (
    <>
      <dl className="summary-cards" aria-label="Inventory">
        {(
          [
            ['Total Products', String(inventory.totalProducts)],
            ['In Stock', String(inventory.inStock)],
            ['Low Stock', String(inventory.lowStock)],
            ['Out of Stock', String(inventory.outOfStock)],
            ['Stock Value', formatPrice(inventory.stockValue)],
          ] as const
        ).map(([label, value]) => (
          <div key={label} className="card summary-card">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <div className="card card-section">
        <h2 className="card-title">Low and Out of Stock</h2>
        {inventory.lowStockProducts.length === 0 ? (
          <p className="field-hint">Every product is above its low-stock threshold</p>
        ) : (
          <table className="data-table" aria-label="Low stock products">
            <thead>
              <tr>
                <th scope="col">Product</th>
                <th scope="col">Stock</th>
                <th scope="col">Threshold</th>
              </tr>
            </thead>
            <tbody>
              {inventory.lowStockProducts.map((product) => (
                <tr key={product._id}>
                  <td>{product.name}</td>
                  <td>{product.stock}</td>
                  <td>{product.threshold}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
    </>
  );
}
