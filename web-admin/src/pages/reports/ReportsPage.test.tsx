import type { ReportReply, ReportType } from '@shop/proto';
import { screen, waitFor, within } from '@testing-library/react';
import { mockApi, type RecordedCall } from '../../test/mockApi';
import { ADMIN, renderAdmin } from '../../test/renderApp';

type Params = { type: ReportType; period: string; from?: string; to?: string };

const days = (count: number) =>
  Array.from({ length: count }, (_, i) => {
    const date = `2025-06-${String(i + 1).padStart(2, '0')}`;
    return { date, label: date, revenue: i === 4 ? 4200 : 0, orders: i === 4 ? 3 : 0 };
  });

/** A report shaped as the server answers it: the sections of its type, over its window. */
function aReport({ type, period }: Params): ReportReply {
  const window = {
    period: period as ReportReply['window']['period'],
    from: '2025-06-01',
    to: period === '7d' ? '2025-06-07' : '2025-06-30',
    days: period === '7d' ? 7 : 30,
    bucket: 'day' as const,
  };
  const all: Omit<ReportReply, 'success' | 'type' | 'window'> = {
    metrics: {
      revenue: { value: 84000, previous: 70000, growth: 20 },
      refunds: { value: 1200, previous: 0, growth: 100 },
      orders: { value: 42, previous: 50, growth: -16 },
      averageOrderValue: { value: 2000, previous: 1400, growth: 42.9 },
      newCustomers: { value: 9, previous: 9, growth: 0 },
    },
    sales: days(window.days),
    monthlyComparison: [
      {
        month: '2025-06',
        label: 'Jun 2025',
        revenue: 84000,
        orders: 42,
        previousYearRevenue: 51000,
        previousYearOrders: 30,
      },
    ],
    payments: { captured: [{ method: 'upi', payments: 30, amount: 60000 }], failedAttempts: 2 },
    topProducts: [
      {
        product: { _id: 'p1', name: 'Printed Lanyard', price: 45, category: 'Lanyards' },
        totalSold: 900,
        revenue: 40500,
      },
      {
        product: { _id: 'p2', name: 'Photo Mug', price: null, category: 'Drinkware' },
        totalSold: 40,
        revenue: 15960,
      },
    ],
    categoryPerformance: [
      { category: 'Lanyards', quantity: 900, revenue: 40500, orders: 20, share: 96, color: '#3B82F6' },
      { category: 'Drinkware', quantity: 40, revenue: 15960, orders: 12, share: 4, color: '#10B981' },
    ],
    customerSegments: {
      vip: 3,
      active: 40,
      inactive: 12,
      business: 20,
      individual: 35,
      newInPeriod: 9,
      orderingInPeriod: 31,
    },
    inventory: {
      totalProducts: 48,
      inStock: 45,
      lowStock: 4,
      outOfStock: 3,
      stockValue: 254000,
      lowStockProducts: [{ _id: 'p7', name: 'Kraft Notebook', stock: 2, threshold: 5 }],
    },
  };
  const sections: Record<ReportType, (keyof typeof all)[]> = {
    overview: [
      'metrics',
      'sales',
      'monthlyComparison',
      'topProducts',
      'categoryPerformance',
      'customerSegments',
    ],
    sales: ['metrics', 'sales', 'monthlyComparison', 'payments'],
    products: ['topProducts', 'categoryPerformance'],
    customers: ['metrics', 'customerSegments'],
    inventory: ['inventory'],
  };
  return {
    success: true,
    type,
    window,
    ...Object.fromEntries(sections[type].map((name) => [name, all[name]])),
  };
}

type Routes = Parameters<typeof mockApi>[0];

/** What Tab stops on: form controls, links, and anything given a tabindex of 0 or more. */
const TABBABLE = 'a[href], button, input, select, textarea, [tabindex]:not([tabindex^="-"])';

function server(routes: Routes = {}) {
  return mockApi({
    'GET /admin2009/profile': () => ({ data: { success: true, admin: ADMIN } }),
    'GET /admin2009/reports': (call: RecordedCall) => ({ data: aReport(call.params as Params) }),
    ...routes,
  });
}

const reportCalls = (api: ReturnType<typeof server>) => api.callsTo('GET', '/admin2009/reports');
const lastParams = (api: ReturnType<typeof server>) => reportCalls(api).at(-1)?.params;
const metric = (label: string) =>
  within(screen.getByLabelText('Report figures')).getByText(label).nextSibling as HTMLElement;

describe('the reports screen', () => {
  it('reports the overview of the last 30 days by default, with growth against the period before', async () => {
    const api = server();
    renderAdmin('/reports');
    expect(await screen.findByLabelText('Report figures')).toBeInTheDocument();
    expect(lastParams(api)).toEqual({ type: 'overview', period: '30d' });
    expect(screen.getByText('1 Jun 2025 – 30 Jun 2025 (30 days)')).toBeInTheDocument();
    expect(metric('Total Revenue')).toHaveTextContent('₹84,000+20% vs previous period');
    expect(metric('Refunds')).toHaveTextContent('₹1,200+100% vs previous period');
    expect(metric('Orders')).toHaveTextContent('42-16% vs previous period');
    expect(metric('Average Order Value')).toHaveTextContent('₹2,000+42.9% vs previous period');
    expect(metric('New Customers')).toHaveTextContent('90% vs previous period');
  });

  it('shows an average order value with paise to two decimals, as other money figures', async () => {
    server({
      'GET /admin2009/reports': (call: RecordedCall) => {
        const report = aReport(call.params as Params);
        report.metrics!.averageOrderValue = { value: 1234.5, previous: 1000, growth: 23.5 };
        return { data: report };
      },
    });
    renderAdmin('/reports');
    await screen.findByLabelText('Report figures');
    expect(metric('Average Order Value')).toHaveTextContent('₹1,234.50+23.5% vs previous period');
  });

  it('draws the revenue area chart 400 high and the other charts 300 high', async () => {
    server();
    renderAdmin('/reports');
    const revenue = await screen.findByRole('figure', { name: 'Revenue per day' });
    expect(revenue.querySelector('.chart-canvas')).toHaveStyle({ height: '400px' });
    const segments = screen.getByRole('figure', { name: 'Customers by segment' });
    expect(segments.querySelector('.chart-canvas')).toHaveStyle({ height: '300px' });
    const monthly = screen.getByRole('figure', {
      name: 'Revenue per month against the same month a year before',
    });
    expect(monthly.querySelector('.chart-canvas')).toHaveStyle({ height: '300px' });
  });

  it('draws each chart as one image named by its title, with nothing in it for the keyboard to land on', async () => {
    server();
    // jsdom lays nothing out: the charts' containers report the size a browser would, so they draw.
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue({
      width: 640,
      height: 300,
    } as DOMRect);
    renderAdmin('/reports');
    await screen.findByRole('figure', { name: 'Revenue per day' });
    const charts = screen.getAllByRole('img', { name: /: chart; the table that follows gives its figures$/ });
    expect(charts.map((chart) => chart.getAttribute('aria-label')!.split(':')[0])).toEqual([
      'Revenue per day',
      'Customers by segment',
      'Revenue per month against the same month a year before',
    ]);
    for (const chart of charts) {
      await waitFor(() => expect(chart.querySelector('svg.recharts-surface')).not.toBeNull());
      expect(chart.querySelectorAll(TABBABLE)).toHaveLength(0);
      expect(chart.closest('[aria-hidden="true"]')).toBeNull();
    }
  });

  it('shows the revenue per day, the customer segments, category performance, top products and the monthly comparison', async () => {
    server();
    renderAdmin('/reports');
    const revenue = await screen.findByRole('table', { name: 'Revenue per day' });
    expect(within(revenue).getAllByRole('row')).toHaveLength(31);
    expect(within(revenue).getAllByRole('row')[5]).toHaveTextContent('5 Jun₹4,2003');
    const segments = screen.getByRole('table', { name: 'Customers by segment' });
    expect(
      within(segments)
        .getAllByRole('row')
        .slice(1)
        .map((r) => r.textContent),
    ).toEqual(['VIP3', 'Active40', 'Inactive12']);
    expect(screen.getByRole('list', { name: 'Category performance' })).toHaveTextContent(
      'Lanyards₹40,500 · 900 units · 96%',
    );
    const top = screen.getByRole('table', { name: 'Top products' });
    expect(within(top).getAllByRole('row')[1]).toHaveTextContent('1Printed LanyardLanyards₹45900₹40,500');
    expect(within(top).getAllByRole('row')[2]).toHaveTextContent('2Photo MugDrinkware—40₹15,960');
    const monthly = screen.getByRole('table', {
      name: 'Revenue per month against the same month a year before',
    });
    expect(within(monthly).getAllByRole('row')[1]).toHaveTextContent('Jun 2025₹84,00042₹51,00030');
  });

  it('asks for the chosen report type and shows its sections', async () => {
    const api = server();
    const { user } = renderAdmin('/reports');
    await screen.findByLabelText('Report figures');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Report Type' }), 'Sales');
    expect(await screen.findByRole('table', { name: 'Payments by method' })).toHaveTextContent(
      'upi30₹60,000',
    );
    expect(lastParams(api)).toEqual({ type: 'sales', period: '30d' });
    expect(screen.queryByRole('table', { name: 'Top products' })).not.toBeInTheDocument();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Report Type' }), 'Inventory');
    const inventory = await screen.findByLabelText('Inventory');
    expect(within(inventory).getByText('Stock Value').nextSibling).toHaveTextContent('₹2,54,000');
    expect(screen.getByRole('table', { name: 'Low stock products' })).toHaveTextContent('Kraft Notebook25');
    expect(screen.queryByLabelText('Report figures')).not.toBeInTheDocument();
  });

  it('asks for the chosen period', async () => {
    const api = server();
    const { user } = renderAdmin('/reports');
    await screen.findByLabelText('Report figures');
    const period = screen.getByRole('combobox', { name: 'Period' });
    expect(
      within(period)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Last 7 Days', 'Last 30 Days', 'Last 90 Days', 'Last 6 Months', 'Last Year', 'Custom Range']);
    await user.selectOptions(period, 'Last 7 Days');
    expect(await screen.findByText('1 Jun 2025 – 7 Jun 2025 (7 days)')).toBeInTheDocument();
    expect(lastParams(api)).toEqual({ type: 'overview', period: '7d' });
    expect(within(screen.getByRole('table', { name: 'Revenue per day' })).getAllByRole('row')).toHaveLength(
      8,
    );
    for (const [label, value] of [
      ['Last 90 Days', '90d'],
      ['Last 6 Months', '6m'],
      ['Last Year', '1y'],
    ]) {
      await user.selectOptions(period, label);
      await waitFor(() => expect(lastParams(api)).toEqual({ type: 'overview', period: value }));
    }
  });

  it('asks for a custom range only once both days are chosen and in order', async () => {
    const api = server();
    const { user } = renderAdmin('/reports');
    await screen.findByLabelText('Report figures');
    const before = reportCalls(api).length;
    await user.selectOptions(screen.getByRole('combobox', { name: 'Period' }), 'Custom Range');
    expect(screen.getByText('A custom period needs from and to dates as YYYY-MM-DD')).toBeInTheDocument();
    const from = screen.getByLabelText('From');
    const to = screen.getByLabelText('To');
    await user.type(from, '2025-05-20');
    await user.type(to, '2025-05-10');
    expect(screen.getByText('The start date must not be after the end date')).toBeInTheDocument();
    expect(reportCalls(api).length).toBe(before);
    await user.clear(to);
    await user.type(to, '2025-06-10');
    await waitFor(() =>
      expect(lastParams(api)).toEqual({
        type: 'overview',
        period: 'custom',
        from: '2025-05-20',
        to: '2025-06-10',
      }),
    );
  });

  it('exports the report as the CSV file the server writes', async () => {
    const csv = '"Report","overview"\r\n"From","2025-06-01"\r\n';
    const api = server({
      'GET /admin2009/reports/export.csv': () => ({
        data: csv,
        headers: {
          'content-disposition': 'attachment; filename="report-overview-2025-06-01-2025-06-30.csv"',
        },
      }),
    });
    const blobs: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      blobs.push(blob as Blob);
      return 'blob:report';
    });
    let downloaded = '';
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloaded = this.download;
    });
    const { user } = renderAdmin('/reports');
    await screen.findByLabelText('Report figures');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Report Type' }), 'Customers');
    await user.click(screen.getByRole('button', { name: 'Export Report' }));
    await waitFor(() => expect(downloaded).toBe('report-overview-2025-06-01-2025-06-30.csv'));
    expect(api.callsTo('GET', '/admin2009/reports/export.csv')[0].params).toEqual({
      type: 'customers',
      period: '30d',
    });
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(blobs[0]);
    });
    expect(text).toBe(csv);
  });

  it('does nothing when Schedule Report is pressed', async () => {
    const api = server();
    const { user } = renderAdmin('/reports');
    await screen.findByLabelText('Report figures');
    const before = api.calls.length;
    await user.click(screen.getByRole('button', { name: 'Schedule Report' }));
    expect(api.calls.length).toBe(before);
  });

  it('offers Retry when the report cannot be loaded', async () => {
    let fail = true;
    server({
      'GET /admin2009/reports': (call) =>
        fail ? { status: 400, data: { message: 'Bad' } } : { data: aReport(call.params as Params) },
    });
    const { user } = renderAdmin('/reports');
    const banner = await screen.findByRole('alert');
    expect(banner).toHaveTextContent('Failed to load the report. Please try again.');
    fail = false;
    await user.click(within(banner).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByLabelText('Report figures')).toBeInTheDocument();
  });
});
