import {
  CustomerStatus,
  CustomerType,
  INACTIVE_AFTER_DAYS,
  VIP_MIN_ORDERS_EXCLUSIVE,
  VIP_MIN_SPENT_EXCLUSIVE_RUPEES,
} from './reporting.constants';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface CustomerActivity {
  /** Rupees. */
  totalSpent: number;
  totalOrders: number;
  /** Null when the customer has never ordered: nothing has lapsed, so they count as active. */
  lastOrderDate: string | Date | null;
}

/**
 * VIP when the customer spent more than 100000 or placed more than 20 orders; otherwise inactive
 * when the last order is more than 90 days old; otherwise active (back-office spec, section 4).
 */
export function customerStatus(customer: CustomerActivity, now: Date = new Date()): CustomerStatus {
  if (customer.totalSpent > VIP_MIN_SPENT_EXCLUSIVE_RUPEES || customer.totalOrders > VIP_MIN_ORDERS_EXCLUSIVE) return 'vip';
  if (customer.lastOrderDate && now.getTime() - new Date(customer.lastOrderDate).getTime() > INACTIVE_AFTER_DAYS * DAY_MS) {
    return 'inactive';
  }
  return 'active';
}

export function customerType(customer: { companyName?: string | null }): CustomerType {
  return customer.companyName ? 'business' : 'individual';
}
