import { customerStatus, customerType } from './customerStatus';

const now = new Date('2025-06-30T12:00:00Z');
const daysAgo = (days: number) => new Date(now.getTime() - days * 24 * 60 * 60 * 1000);

describe('the VIP / inactive rule', () => {
  it('makes a customer VIP when spent exceeds 100000', () => {
    expect(customerStatus({ totalSpent: 100001, totalOrders: 1, lastOrderDate: daysAgo(1) }, now)).toBe(
      'vip',
    );
    expect(customerStatus({ totalSpent: 100000, totalOrders: 1, lastOrderDate: daysAgo(1) }, now)).toBe(
      'active',
    );
  });

  it('makes a customer VIP with more than 20 orders', () => {
    expect(customerStatus({ totalSpent: 10, totalOrders: 21, lastOrderDate: daysAgo(1) }, now)).toBe('vip');
    expect(customerStatus({ totalSpent: 10, totalOrders: 20, lastOrderDate: daysAgo(1) }, now)).toBe(
      'active',
    );
  });

  it('keeps a VIP a VIP however long ago the last order was', () => {
    expect(customerStatus({ totalSpent: 200000, totalOrders: 3, lastOrderDate: daysAgo(400) }, now)).toBe(
      'vip',
    );
  });

  it('makes a non-VIP inactive when the last order is more than 90 days old', () => {
    expect(customerStatus({ totalSpent: 500, totalOrders: 2, lastOrderDate: daysAgo(91) }, now)).toBe(
      'inactive',
    );
    expect(customerStatus({ totalSpent: 500, totalOrders: 2, lastOrderDate: daysAgo(90) }, now)).toBe(
      'active',
    );
  });

  it('counts a customer without orders as active', () => {
    expect(customerStatus({ totalSpent: 0, totalOrders: 0, lastOrderDate: null }, now)).toBe('active');
  });
});

describe('the customer type rule', () => {
  it('is business when a company name exists, else individual', () => {
    expect(customerType({ companyName: 'Acme Pvt Ltd' })).toBe('business');
    expect(customerType({ companyName: '' })).toBe('individual');
    expect(customerType({})).toBe('individual');
  });
});
