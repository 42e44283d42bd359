import {
  FACTORY_SETTINGS,
  REVENUE_COUNTS,
  type AdminOrderListReply,
  type DashboardReply,
  type OrderView,
  type SettingsReply,
} from '@shop/proto';
import { act, screen, waitFor, within } from '@testing-library/react';
import { aDashboard, anOrder, aPreviousMonth } from '../../test/fixtures';
import { mockApi, type RecordedCall } from '../../test/mockApi';
import { ADMIN, renderAdmin } from '../../test/renderApp';

const HOUR = 60 * 60 * 1000;

const ordersReply = (orders: OrderView[]): AdminOrderListReply => ({
  success: true,
  orders,
  total: orders.length,
  page: 1,
  pages: 1,
  limit: 5,
  summary: { totalOrders: orders.length, totalRevenue: 0, pending: 0, processing: 0 },
});

type Routes = Parameters<typeof mockApi>[0];

/** What Tab stops on: form controls, links, and anything given a tabindex of 0 or more. */
const TABBABLE = 'a[href], button, input, select, textarea, [tabindex]:not([tabindex^="-"])';

function server(
  dashboard: DashboardReply | ((call: RecordedCall) => DashboardReply) = aDashboard(),
  routes: Routes = {},
) {
  return mockApi({
    'GET /admin2009/profile': () => ({ data: { success: true, admin: ADMIN } }),
    'GET /admin2009/dashboard': (call) => {
      const params = (call.params ?? {}) as Record<string, unknown>;
      if (params.period === 'previous_month') return { data: aPreviousMonth() };
      return { data: typeof dashboard === 'function' ? dashboard(call) : dashboard };
    },
    'GET /admin2009/orders': () => ({ data: ordersReply([]) }),
    ...routes,
  });
}

/** Runs the counters' 100 steps of 20 ms to the end. */
const finishCounters = () => act(() => void vi.advanceTimersByTime(2100));

function metric(label: string) {
  return within(screen.getByLabelText('Key figures')).getByText(label).nextSibling as HTMLElement;
}

describe('the dashboard', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows the four cards with their percent change from last month', async () => {
    server();
    renderAdmin('/dashboard');
    await screen.findByLabelText('Key figures');
    finishCounters();
    // 250000 against 200000, 120 against 100, 48 against 48, 75 against 80.
    expect(metric('Total Revenue')).toHaveTextContent('₹2,50,000+25% from last month');
    expect(metric('Orders')).toHaveTextContent('120+20% from last month');
    expect(metric('Products')).toHaveTextContent('480% from last month');
    expect(metric('Customers')).toHaveTextContent('75-6.3% from last month');
  });

  it('says under Total Revenue what it counts, as the orders and customers screens do', async () => {
    server();
    renderAdmin('/dashboard');
    await screen.findByLabelText('Key figures');
    expect(metric('Total Revenue')).toHaveTextContent(REVENUE_COUNTS);
  });

  it('asks again on every visit, showing the figures of the last visit marked as refreshing meanwhile', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let visits = 0;
    const api = server(
      () => {
        visits += 1;
        return aDashboard({ totalOrders: 120 + visits - 1 });
      },
      {
        'GET /admin2009/orders': async (call) => {
          // The recent orders of the second visit wait until the test lets them through.
          if (visits >= 2 && (call.params as { limit?: number } | undefined)?.limit === 5) await gate;
          return { data: ordersReply([]) };
        },
      },
    );
    const { user } = renderAdmin('/dashboard');
    await screen.findByLabelText('Key figures');
    finishCounters();
    expect(metric('Orders')).toHaveTextContent('120');

    const navigation = screen.getByRole('navigation', { name: 'NAVIGATION' });
    await user.click(within(navigation).getByRole('link', { name: 'Orders' }));
    await screen.findByRole('heading', { level: 1, name: 'Orders' });
    await user.click(within(navigation).getByRole('link', { name: 'Dashboard' }));

    expect(await screen.findByText('Refreshing…')).toBeInTheDocument();
    expect(screen.getByLabelText('Key figures')).toBeInTheDocument();
    release();
    await waitFor(() => expect(screen.queryByText('Refreshing…')).not.toBeInTheDocument());
    finishCounters();
    expect(metric('Orders')).toHaveTextContent('121');
    const current = api
      .callsTo('GET', '/admin2009/dashboard')
      .filter((call) => !(call.params as { period?: string } | undefined)?.period);
    expect(current).toHaveLength(2);
  });

  it('asks for the summary, the previous month and the 5 most recent orders together', async () => {
    const api = server();
    renderAdmin('/dashboard');
    await screen.findByLabelText('Key figures');
    const dashboardCalls = api.callsTo('GET', '/admin2009/dashboard');
    expect(dashboardCalls.map((c) => (c.params as { period?: string } | undefined)?.period)).toEqual(
      expect.arrayContaining([undefined, 'previous_month']),
    );
    expect(api.callsTo('GET', '/admin2009/orders')[0].params).toEqual({ page: 1, limit: 5 });
  });

  it('counts each card up from 0 in 100 steps of 20 ms', async () => {
    server();
    renderAdmin('/dashboard');
    await screen.findByLabelText('Key figures');
    expect(metric('Orders')).toHaveTextContent(/^0/);
    act(() => void vi.advanceTimersByTime(20 * 50));
    const halfway = Number(/^\d+/.exec(metric('Orders').textContent ?? '')?.[0]);
    expect(halfway).toBeGreaterThan(30);
    expect(halfway).toBeLessThan(120);
    finishCounters();
    expect(metric('Orders')).toHaveTextContent(/^120\+/);
  });

  it("shows 'Failed to load dashboard data. Please try again.' and loads again on Retry", async () => {
    let fail = true;
    const api = mockApi({
      'GET /admin2009/profile': () => ({ data: { success: true, admin: ADMIN } }),
      'GET /admin2009/dashboard': (call) => {
        if ((call.params as { period?: string } | undefined)?.period === 'previous_month')
          return { data: aPreviousMonth() };
        return fail ? { status: 404, data: { message: 'Not Found' } } : { data: aDashboard() };
      },
      'GET /admin2009/orders': () => ({ data: ordersReply([]) }),
    });
    const { user } = renderAdmin('/dashboard');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load dashboard data. Please try again.');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByLabelText('Key figures')).toBeInTheDocument();
    expect(api.callsTo('GET', '/admin2009/dashboard').length).toBeGreaterThanOrEqual(3);
  });

  it('does nothing when Generate Report is pressed', async () => {
    const api = server();
    const { user } = renderAdmin('/dashboard');
    await screen.findByLabelText('Key figures');
    const before = api.calls.length;
    await user.click(screen.getByRole('button', { name: 'Generate Report' }));
    expect(api.calls.length).toBe(before);
    expect(screen.getByTestId('location')).toHaveTextContent('/dashboard');
  });

  it('plots revenue per month of the current year, offering the years that have orders', async () => {
    server();
    renderAdmin('/dashboard');
    const year = await screen.findByRole('combobox', { name: 'Year' });
    expect(year).toHaveValue('2025');
    expect(
      within(year)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['2025', '2024']);
    expect(screen.getByRole('combobox', { name: 'Month' })).toHaveValue('all');
    const table = screen.getByRole('table', { name: 'Revenue per month, 2025' });
    expect(within(table).getAllByRole('row')).toHaveLength(13);
    expect(within(table).getAllByRole('row')[3]).toHaveTextContent('Mar₹3,0003');
  });

  it('plots one bar per day when a month is chosen, and filters by year', async () => {
    const api = server((call) => {
      const { year = 2025, month = 'all' } = (call.params ?? {}) as { year?: number; month?: number | 'all' };
      if (month === 'all') return aDashboard({ revenueTrend: { ...aDashboard().revenueTrend, year } });
      return aDashboard({
        revenueTrend: {
          year,
          month,
          years: [2025, 2024],
          points: Array.from({ length: 31 }, (_, i) => ({
            day: i + 1,
            date: `${year}-03-${String(i + 1).padStart(2, '0')}`,
            revenue: i === 4 ? 5000 : 0,
            orders: i === 4 ? 2 : 0,
          })),
        },
      });
    });
    const { user } = renderAdmin('/dashboard');
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Month' }), 'March');
    const table = await screen.findByRole('table', { name: 'Revenue per day, March 2025' });
    expect(within(table).getAllByRole('row')).toHaveLength(32);
    expect(within(table).getAllByRole('row')[5]).toHaveTextContent('5₹5,0002');
    expect(api.callsTo('GET', '/admin2009/dashboard').at(-1)?.params).toEqual({ year: 2025, month: 3 });

    await user.selectOptions(screen.getByRole('combobox', { name: 'Year' }), '2024');
    expect(await screen.findByRole('table', { name: 'Revenue per day, March 2024' })).toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Month' }), 'All months');
    expect(await screen.findByRole('table', { name: 'Revenue per month, 2024' })).toBeInTheDocument();
  });

  it('shows the sales by category as shares, colouring the slices from 7 colours in turn', async () => {
    const names = ['Lanyards', 'Labels', 'Stickers', 'Drinkware', 'Stationery', 'Apparel', 'Bags', 'Others'];
    server(
      aDashboard({
        salesByCategory: names.map((name, i) => ({ name, value: i === 0 ? 30 : 10, quantity: 1, color: '' })),
      }),
    );
    renderAdmin('/dashboard');
    const table = await screen.findByRole('table', { name: 'Share of items sold by category' });
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('Lanyards30%');
    const swatches = [...document.querySelectorAll<HTMLElement>('.legend-swatch')].map(
      (s) => s.style.background,
    );
    expect(swatches).toHaveLength(8);
    expect(new Set(swatches.slice(0, 7)).size).toBe(7);
    expect(swatches[7]).toBe(swatches[0]);
  });

  it('draws its two charts as images named by their titles, with nothing in them for the keyboard to land on', async () => {
    server();
    // jsdom lays nothing out: the charts' containers report the size a browser would, so they draw.
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue({
      width: 640,
      height: 300,
    } as DOMRect);
    renderAdmin('/dashboard');
    await screen.findByRole('table', { name: 'Share of items sold by category' });
    const charts = screen.getAllByRole('img', { name: /: chart; the table that follows gives its figures$/ });
    expect(charts.map((chart) => chart.getAttribute('aria-label')!.split(':')[0])).toEqual([
      'Revenue per month, 2025',
      'Share of items sold by category',
    ]);
    for (const chart of charts) {
      await waitFor(() => expect(chart.querySelector('svg.recharts-surface')).not.toBeNull());
      expect(chart.querySelectorAll(TABBABLE)).toHaveLength(0);
      expect(chart.closest('[aria-hidden="true"]')).toBeNull();
    }
  });

  it('says so when there are no sales by category', async () => {
    server(aDashboard({ salesByCategory: [] }));
    renderAdmin('/dashboard');
    expect(await screen.findByText('No sales by category yet')).toBeInTheDocument();
  });

  it("lists recent orders as 'ORD-' + last 8 characters, username or 'Guest User', amount, time and status", async () => {
    const now = Date.now();
    server(aDashboard(), {
      'GET /admin2009/orders': () => ({
        data: ordersReply([
          anOrder({
            _id: '7d3f2a10-4b5c-4d6e-8f90-a1b2c3d4e5f6',
            totalAmount: 1299,
            orderStatus: 'Shipped',
            createdAt: new Date(now - 3 * HOUR).toISOString(),
          }),
          anOrder({
            _id: '11111111-2222-4333-8444-abcdef123456',
            user: null as unknown as OrderView['user'],
            totalAmount: 450,
            orderStatus: 'Pending',
            createdAt: new Date(now - 10 * 60 * 1000).toISOString(),
          }),
        ]),
      }),
    });
    renderAdmin('/dashboard');
    const list = await screen.findByRole('list', { name: 'Recent orders' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(first).toHaveTextContent('ORD-C3D4E5F6');
    expect(first).toHaveTextContent('asha');
    expect(first).toHaveTextContent('₹1,299');
    expect(first).toHaveTextContent('3 hours ago');
    expect(within(first).getByText('Shipped')).toHaveClass('badge');
    expect(second).toHaveTextContent('ORD-EF123456');
    expect(second).toHaveTextContent('Guest User');
    expect(second).toHaveTextContent('Just now');
  });

  it('shows the quick stats as progress bars, Inventory Level in warning style below 20', async () => {
    server(aDashboard({ orderFulfillment: 82, customerSatisfaction: 88, inventoryLevel: 19 }));
    renderAdmin('/dashboard');
    const inventory = await screen.findByRole('progressbar', { name: 'Inventory Level' });
    expect(inventory).toHaveAttribute('aria-valuenow', '19');
    expect(inventory).toHaveClass('progress-warning');
    expect(screen.getByRole('progressbar', { name: 'Order Fulfillment' })).toHaveAttribute(
      'aria-valuenow',
      '82',
    );
    expect(screen.getByRole('progressbar', { name: 'Customer Satisfaction' })).toHaveAttribute(
      'aria-valuenow',
      '88',
    );
    expect(screen.getByText('4.4 of 5 from 31 reviews')).toBeInTheDocument();
  });

  it('keeps Inventory Level in normal style at 20', async () => {
    server(aDashboard({ inventoryLevel: 20 }));
    renderAdmin('/dashboard');
    expect(await screen.findByRole('progressbar', { name: 'Inventory Level' })).not.toHaveClass(
      'progress-warning',
    );
  });

  it('shows the top performing product and the pending actions', async () => {
    server();
    renderAdmin('/dashboard');
    expect(await screen.findByText('Printed Lanyard')).toBeInTheDocument();
    expect(screen.getByText('300 units sold · ₹13,500 revenue')).toBeInTheDocument();
    const pending = screen.getByRole('heading', { name: 'Pending Actions' }).parentElement as HTMLElement;
    expect(within(pending).getByText('Orders needing approval').closest('li')).toHaveTextContent('7');
    expect(within(pending).getByText('Products low in stock').closest('li')).toHaveTextContent('3');
    expect(within(pending).getByText('Customer queries pending').closest('li')).toHaveTextContent('0');
  });

  it("names the top product 'Unknown Product' when its name is unknown", async () => {
    server(aDashboard({ topProduct: { productId: null, name: '', quantity: 0, revenue: 0 } }));
    renderAdmin('/dashboard');
    expect(await screen.findByText('Unknown Product')).toBeInTheDocument();
  });
});

describe('waiting for the dashboard', () => {
  it('keeps showing the loading state until every figure is in', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    mockApi({
      'GET /admin2009/profile': () => ({ data: { success: true, admin: ADMIN } }),
      'GET /admin2009/dashboard': async (call) => {
        if ((call.params as { period?: string } | undefined)?.period === 'previous_month') {
          await gate;
          return { data: aPreviousMonth() };
        }
        return { data: aDashboard() };
      },
      'GET /admin2009/orders': () => ({ data: ordersReply([]) }),
    });
    renderAdmin('/dashboard');
    expect(await screen.findByText('Loading dashboard...')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByLabelText('Key figures')).not.toBeInTheDocument();
    release();
    await waitFor(() => expect(screen.getByLabelText('Key figures')).toBeInTheDocument());
  });

  describe('the GSTIN warning', () => {
    const settingsReply = (gstNumber: string): SettingsReply => ({
      success: true,
      settings: { ...FACTORY_SETTINGS, gstNumber, razorpayKeySecret: '', razorpayKeySecretSet: false },
      updatedAt: '2026-04-01T00:00:00.000Z',
    });
    const WARNING =
      'Tax invoices need your GSTIN. Until you add it in Settings, paid orders get receipts instead of tax invoices.';

    it('warns that tax invoices need a GSTIN while the settings have none, linking to Settings', async () => {
      server(aDashboard(), { 'GET /admin2009/settings': () => ({ data: settingsReply('') }) });
      renderAdmin('/dashboard');
      const banner = await screen.findByRole('note', { name: 'GSTIN missing' });
      expect(banner).toHaveTextContent(WARNING);
      expect(within(banner).getByRole('link', { name: 'Add your GSTIN in Settings' })).toHaveAttribute(
        'href',
        '/admin2009/settings',
      );
      expect(await screen.findByLabelText('Key figures')).toBeInTheDocument();
    });

    it('shows no warning once the GSTIN is set', async () => {
      const api = server(aDashboard(), {
        'GET /admin2009/settings': () => ({ data: settingsReply('27AAPFU0939F1ZV') }),
      });
      renderAdmin('/dashboard');
      await screen.findByLabelText('Key figures');
      await waitFor(() => expect(api.callsTo('GET', '/admin2009/settings')).toHaveLength(1));
      expect(screen.queryByText(WARNING)).not.toBeInTheDocument();
    });

    it('shows the dashboard as usual when the settings cannot be read', async () => {
      const api = server(aDashboard(), {
        'GET /admin2009/settings': () => ({ status: 404, data: { message: 'Not found' } }),
      });
      renderAdmin('/dashboard');
      expect(await screen.findByLabelText('Key figures')).toBeInTheDocument();
      await waitFor(() => expect(api.callsTo('GET', '/admin2009/settings')).toHaveLength(1));
      expect(screen.queryByText(WARNING)).not.toBeInTheDocument();
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    });
  });
});
