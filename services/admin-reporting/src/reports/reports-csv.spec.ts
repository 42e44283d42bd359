import type { ReportReply } from '@shop/proto';
import { csvCell, reportCsv } from './reports-csv';

describe('report CSV', () => {
  it('quotes every cell and doubles quotes inside', () => {
    expect(csvCell('Sticker "Pro" Pack')).toBe('"Sticker ""Pro"" Pack"');
    expect(csvCell(12)).toBe('"12"');
    expect(csvCell(null)).toBe('""');
  });

  it('keeps text that a spreadsheet would run as a formula as text', () => {
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell(-10)).toBe('"-10"');
  });

  it('writes a block per section of the report', () => {
    const report: ReportReply = {
      success: true,
      type: 'products',
      window: { period: '7d', from: '2025-06-01', to: '2025-06-07', days: 7, bucket: 'day' },
      topProducts: [{ product: { _id: 'p1', name: 'Mug', price: 500, category: 'Drinkware' }, totalSold: 2, revenue: 1000 }],
      categoryPerformance: [{ category: 'Drinkware', quantity: 2, revenue: 1000, orders: 1, share: 100, color: '#3B82F6' }],
    };
    expect(reportCsv(report)).toBe(
      [
        '"Report","products"',
        '"From","2025-06-01"',
        '"To","2025-06-07"',
        '',
        '"Product","Category","Price","Units sold","Revenue"',
        '"Mug","Drinkware","500.00","2","1000.00"',
        '',
        '"Category","Units sold","Revenue","Orders","Share %"',
        '"Drinkware","2","1000.00","1","100"',
        '',
      ].join('\r\n'),
    );
  });

  it('puts the refunds beside the revenue', () => {
    const metric = (value: number, previous: number, growth: number) => ({ value, previous, growth });
    const report: ReportReply = {
      success: true,
      type: 'customers',
      window: { period: '7d', from: '2025-06-01', to: '2025-06-07', days: 7, bucket: 'day' },
      metrics: {
        revenue: metric(1000, 500, 100),
        refunds: metric(450, 0, 100),
        orders: metric(2, 1, 100),
        averageOrderValue: metric(500, 500, 0),
        newCustomers: metric(1, 0, 100),
      },
    };
    expect(reportCsv(report).split('\r\n').slice(4, 7)).toEqual([
      '"Metric","Value","Previous period","Growth %"',
      '"Revenue","1000.00","500.00","100"',
      '"Refunds","450.00","0.00","100"',
    ]);
  });
});
