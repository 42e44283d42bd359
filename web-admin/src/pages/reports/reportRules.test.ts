import {
  DEFAULT_FILTERS,
  growthLabel,
  reportParams,
  salesPoints,
  segmentSlices,
  windowText,
} from './reportRules';

describe('the report rules', () => {
  it('asks for the overview of the last 30 days by default', () => {
    expect(reportParams(DEFAULT_FILTERS)).toEqual({ params: { type: 'overview', period: '30d' } });
  });

  it('sends the days of a custom range, and only with a custom period', () => {
    expect(reportParams({ type: 'sales', period: 'custom', from: '2025-01-01', to: '2025-03-31' })).toEqual({
      params: { type: 'sales', period: 'custom', from: '2025-01-01', to: '2025-03-31' },
    });
    expect(reportParams({ type: 'sales', period: '90d', from: '2025-01-01', to: '2025-03-31' })).toEqual({
      params: { type: 'sales', period: '90d' },
    });
  });

  it("refuses a custom range with the server's messages", () => {
    expect(reportParams({ ...DEFAULT_FILTERS, period: 'custom', from: '2025-01-01' })).toEqual({
      problem: 'A custom period needs from and to dates as YYYY-MM-DD',
    });
    expect(
      reportParams({ ...DEFAULT_FILTERS, period: 'custom', from: '2025-02-01', to: '2025-01-01' }),
    ).toEqual({
      problem: 'The start date must not be after the end date',
    });
    expect(
      reportParams({ ...DEFAULT_FILTERS, period: 'custom', from: '2019-01-01', to: '2025-01-01' }),
    ).toEqual({
      problem: 'A custom period can span at most 3 years',
    });
  });

  it('describes the window', () => {
    expect(windowText({ period: '7d', from: '2025-06-24', to: '2025-06-30', days: 7, bucket: 'day' })).toBe(
      '24 Jun 2025 – 30 Jun 2025 (7 days)',
    );
    expect(
      windowText({ period: 'custom', from: '2025-06-30', to: '2025-06-30', days: 1, bucket: 'day' }),
    ).toBe('30 Jun 2025 – 30 Jun 2025 (1 day)');
  });

  it('labels daily points by day and month, monthly points as the server does', () => {
    const entry = { date: '2025-06-05', label: '2025-06-05', revenue: 1, orders: 1 };
    expect(salesPoints([entry], 'day')[0].label).toBe('5 Jun');
    expect(salesPoints([{ ...entry, date: '2025-06', label: 'Jun 2025' }], 'month')[0].label).toBe(
      'Jun 2025',
    );
  });

  it('splits customers into VIP, active and inactive slices', () => {
    const slices = segmentSlices({
      vip: 1,
      active: 2,
      inactive: 3,
      business: 0,
      individual: 6,
      newInPeriod: 0,
      orderingInPeriod: 0,
    });
    expect(slices.map((s) => [s.name, s.value])).toEqual([
      ['VIP', 1],
      ['Active', 2],
      ['Inactive', 3],
    ]);
  });

  it('writes growth against the previous period', () => {
    expect(growthLabel(20)).toBe('+20% vs previous period');
    expect(growthLabel(-16)).toBe('-16% vs previous period');
  });
});
