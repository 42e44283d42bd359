import { customerStatus, customerType } from './customer-status';

const now = new Date('2025-06-30T12:00:00Z');
const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000).toISOString();

describe('customer status', () => {
  it('is VIP above 100000 spent, not at exactly 100000', () => {
    expect(customerStatus({ totalSpent: 100_000, totalOrders: 1, lastOrderDate: daysAgo(1) }, now)).toBe('active');
    expect(customerStatus({ totalSpent: 100_000.01, totalOrders: 1, lastOrderDate: daysAgo(1) }, now)).toBe('vip');
  });

  it('is VIP above 20 orders, not at exactly 20', () => {
    expect(customerStatus({ totalSpent: 0, totalOrders: 20, lastOrderDate: daysAgo(1) }, now)).toBe('active');
    expect(customerStatus({ totalSpent: 0, totalOrders: 21, lastOrderDate: daysAgo(1) }, now)).toBe('vip');
  });

  it('is inactive when the last order is more than 90 days old', () => {
    expect(customerStatus({ totalSpent: 10, totalOrders: 1, lastOrderDate: daysAgo(90) }, now)).toBe('active');
    expect(customerStatus({ totalSpent: 10, totalOrders: 1, lastOrderDate: daysAgo(90.01) }, now)).toBe('inactive');
  });

  it('stays VIP however long ago the last order was', () => {
    expect(customerStatus({ totalSpent: 200_000, totalOrders: 2, lastOrderDate: daysAgo(400) }, now)).toBe('vip');
  });

  it('counts a customer who never ordered as active', () => {
    expect(customerStatus({ totalSpent: 0, totalOrders: 0, lastOrderDate: null }, now)).toBe('active');
  });
});

describe('customer type', () => {
  it('is business when a company name exists, else individual', () => {
    expect(customerType({ companyName: 'Acme Labels' })).toBe('business');
    expect(customerType({ companyName: '' })).toBe('individual');
    expect(customerType({ companyName: null })).toBe('individual');
  });
});
