import { validate } from '../validation/validate';
import { customerListQuerySchema, dashboardQuerySchema, reportQuerySchema } from './reporting.schemas';

describe('back-office query filters', () => {
  it('reads the dashboard period, year and month', () => {
    expect(validate(dashboardQuerySchema, {})).toEqual({ ok: true, data: { period: 'current', month: 'all' } });
    expect(validate(dashboardQuerySchema, { period: 'previous_month', year: '2025', month: '3' })).toEqual({
      ok: true,
      data: { period: 'previous_month', year: 2025, month: 3 },
    });
  });

  it('takes "all" as no filter and caps the customers page size', () => {
    expect(validate(customerListQuerySchema, { type: 'all', status: 'ALL', limit: '500' })).toEqual({ ok: true, data: { page: 1, limit: 100 } });
  });

  it('defaults the report to the overview of the last 30 days', () => {
    expect(validate(reportQuerySchema, {})).toEqual({ ok: true, data: { type: 'overview', period: '30d', limit: 5 } });
  });

  it('holds a custom period to real dates in order, at most 3 years apart', () => {
    const message = (q: Record<string, string>) => {
      const result = validate(reportQuerySchema, { period: 'custom', ...q });
      return result.ok ? null : result.errors[0].message;
    };
    expect(message({ from: '2025-01-01', to: '2025-01-31' })).toBeNull();
    expect(message({ from: '2025-01-01' })).toBe('A custom period needs from and to dates as YYYY-MM-DD');
    expect(message({ from: '2025-02-30', to: '2025-03-01' })).toBe('Dates must be given as YYYY-MM-DD');
    expect(message({ from: '2025-02-01', to: '2025-01-01' })).toBe('The start date must not be after the end date');
    expect(message({ from: '2020-01-01', to: '2025-01-01' })).toBe('A custom period can span at most 3 years');
  });
});
