import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ReportMetric, ReportPeriod, ReportReply, ReportType } from '@shop/proto';
import { useMemo, useState } from 'react';
import { Area, AreaChart, Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts';
import { exportReport, fetchReport, REPORTS_KEY } from '../../api/reports';
import { ChartFigure } from '../../components/ChartFigure';
import { DataTable } from '../../components/DataTable';
import { SelectFilter } from '../../components/Filters';
import { Page } from '../../components/Page';
import { EmptyState, ErrorBanner, LoadingState } from '@shop/web-kit/QueryStates';
import { SlicesPie } from '../../components/SlicesPie';
import { SummaryCards } from '../../components/SummaryCards';
import { TitledSection } from '../../components/TitledSection';
import { useToast } from '../../components/ToastProvider';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';
import { useLoggedError } from '../../hooks/useLoggedError';
import { downloadText } from '@shop/web-kit/download';
import { formatPrice } from '../../lib/format';
import { createLogger } from '@shop/web-kit/logger';
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

const logger = createLogger('admin:reports');

const rupeeTick = (value: number) => formatPrice(value);

/** The reports screen (back-office spec, section 2), on real figures: its filters change the data. */
export default function ReportsPage() {
  const toast = useToast();
  const [filters, setFilters] = useState<ReportFilters>(DEFAULT_FILTERS);
  const [exporting, setExporting] = useState(false);

  useDocumentTitle('Reports');

  const checked = useMemo(() => reportParams(filters), [filters]);
  const params = 'params' in checked ? checked.params : null;

  const report = useQuery({
    queryKey: [...REPORTS_KEY, params],
    queryFn: ({ signal }) => fetchReport(params!, signal),
    enabled: params !== null,
    placeholderData: keepPreviousData,
  });

  useLoggedError(logger, report.error, 'Could not load the report');

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
    <Page
      title="Reports & Analytics"
      subtitle={data ? windowText(data.window) : 'Sales, products and customers over time'}
      actions={
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
      }
    >
      <div className="card">
        <div className="filters">
          <SelectFilter<ReportType>
            label="Report Type"
            showLabel
            value={filters.type}
            options={REPORT_TYPE_OPTIONS}
            onChange={(type) => change({ type })}
          />
          <SelectFilter<ReportPeriod>
            label="Period"
            showLabel
            value={filters.period}
            options={PERIOD_OPTIONS}
            onChange={(period) => change({ period })}
          />
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
    </Page>
  );
}

function ReportSections({ report }: { report: ReportReply }) {
  return (
    <>
      {report.metrics ? (
        <dl className="metric-cards" aria-label="Report figures">
          <MetricCard label="Total Revenue" metric={report.metrics.revenue} money />
          {/* Money given back in the period; a cancelled order's revenue left with its cancellation. */}
          <MetricCard label="Refunds" metric={report.metrics.refunds} money />
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
    <TitledSection title="Revenue" className="card card-section">
      <ChartFigure
        title={perDay ? 'Revenue per day' : 'Revenue per month'}
        height={400}
        data={{
          columns: [perDay ? 'Day' : 'Month', 'Revenue', 'Orders'],
          rows: points.map((p) => [p.label, formatPrice(p.revenue), p.orders]),
        }}
      >
        <AreaChart accessibilityLayer={false} data={points} margin={{ top: 8, right: 8, bottom: 0, left: 8 }}>
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
    </TitledSection>
  );
}

function SegmentsCard({ segments }: { segments: NonNullable<ReportReply['customerSegments']> }) {
  const slices = segmentSlices(segments);
  const total = slices.reduce((sum, slice) => sum + slice.value, 0);
  return (
    <TitledSection title="Customer Segments" className="card card-section">
      {total === 0 ? (
        <EmptyState title="No customers yet" />
      ) : (
        <ChartFigure
          title="Customers by segment"
          height={300}
          data={{ columns: ['Segment', 'Customers'], rows: slices.map((s) => [s.name, s.value]) }}
        >
          <SlicesPie slices={slices}>
            <Tooltip />
            <Legend />
          </SlicesPie>
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
    </TitledSection>
  );
}

function CategoriesCard({ categories }: { categories: NonNullable<ReportReply['categoryPerformance']> }) {
  return (
    <TitledSection title="Category Performance" className="card card-section">
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
    </TitledSection>
  );
}

function TopProductsCard({ products }: { products: NonNullable<ReportReply['topProducts']> }) {
  return (
    <TitledSection title="Top Products" className="card card-section">
      {products.length === 0 ? (
        <EmptyState title={MSG.noProducts} />
      ) : (
        <DataTable
          label="Top products"
          columns={['#', 'Product', 'Category', 'Price', 'Units Sold', 'Revenue']}
        >
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
        </DataTable>
      )}
    </TitledSection>
  );
}

function MonthlyCard({ months }: { months: NonNullable<ReportReply['monthlyComparison']> }) {
  return (
    <TitledSection title="Monthly Comparison" className="card card-section">
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
        <BarChart accessibilityLayer={false} data={months} margin={{ top: 8, right: 8, bottom: 0, left: 8 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="label" tickLine={false} />
          <YAxis tickFormatter={rupeeTick} width={80} />
          <Tooltip formatter={(value) => formatPrice(Number(value))} />
          <Legend />
          <Bar dataKey="revenue" name="This period" fill="#1f3a5f" radius={[4, 4, 0, 0]} />
          <Bar dataKey="previousYearRevenue" name="A year before" fill="#F59E0B" radius={[4, 4, 0, 0]} />
        </BarChart>
      </ChartFigure>
    </TitledSection>
  );
}

function PaymentsCard({ payments }: { payments: NonNullable<ReportReply['payments']> }) {
  return (
    <TitledSection title="Payments" className="card card-section">
      {payments.captured.length === 0 ? (
        <p className="field-hint">No payments captured in this period</p>
      ) : (
        <DataTable label="Payments by method" columns={['Method', 'Payments', 'Amount']}>
          {payments.captured.map((row) => (
            <tr key={row.method}>
              <td>{row.method}</td>
              <td>{row.payments}</td>
              <td>{formatPrice(row.amount)}</td>
            </tr>
          ))}
        </DataTable>
      )}
      <p className="field-hint">Failed payment attempts: {payments.failedAttempts}</p>
    </TitledSection>
  );
}

function InventoryCard({ inventory }: { inventory: NonNullable<ReportReply['inventory']> }) {
  return (
    <>
      <SummaryCards
        label="Inventory"
        cards={[
          ['Total Products', inventory.totalProducts],
          ['In Stock', inventory.inStock],
          ['Low Stock', inventory.lowStock],
          ['Out of Stock', inventory.outOfStock],
          ['Stock Value', formatPrice(inventory.stockValue)],
        ]}
      />
      <TitledSection title="Low and Out of Stock" className="card card-section">
        {inventory.lowStockProducts.length === 0 ? (
          <p className="field-hint">Every product is above its low-stock threshold</p>
        ) : (
          <DataTable label="Low stock products" columns={['Product', 'Stock', 'Threshold']}>
            {inventory.lowStockProducts.map((product) => (
              <tr key={product._id}>
                <td>{product.name}</td>
                <td>{product.stock}</td>
                <td>{product.threshold}</td>
              </tr>
            ))}
          </DataTable>
        )}
      </TitledSection>
    </>
  );
}
