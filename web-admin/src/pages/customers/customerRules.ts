import { CUSTOMER_STATUSES, CUSTOMER_TYPES, type CustomerStatus, type CustomerType } from '@shop/proto';
import type { CustomerDetail, CustomerRow } from '../../api/customers';
import type { FilterOption } from '../../components/Filters';

export const CUSTOMER_MESSAGES = {
  confirmDelete: 'Are you sure you want to delete this customer?',
  confirmDeactivate: 'Are you sure you want to deactivate this customer?',
  deactivated: 'Customer deactivated successfully',
  fetchFailed: 'Failed to fetch customer details',
  notFound: 'Customer not found',
  deactivateFailed: 'Failed to deactivate customer',
  notSpecified: 'Not specified',
  noOrdersYet: 'No orders yet',
  noCustomers: 'No customers yet',
  noMatches: 'No customers match the current filters',
} as const;

/** The details modal shows the 5 latest orders (back-office spec, section 9). */
export const MODAL_ORDERS = 5;

export const TYPE_LABELS: Record<CustomerType, string> = { business: 'Business', individual: 'Individual' };
export const STATUS_LABELS: Record<CustomerStatus, string> = {
  vip: 'VIP',
  active: 'Active',
  inactive: 'Inactive',
};
export const STATUS_BADGE: Record<CustomerStatus, string> = {
  vip: 'badge-warning',
  active: 'badge-success',
  inactive: 'badge-danger',
};

export type TypeFilter = 'all' | CustomerType;
export type StatusFilter = 'all' | CustomerStatus;

export const TYPE_FILTERS: FilterOption<TypeFilter>[] = [
  { value: 'all', label: 'All Types' },
  ...CUSTOMER_TYPES.map((type) => ({ value: type, label: TYPE_LABELS[type] })),
];

export const STATUS_FILTERS: FilterOption<StatusFilter>[] = [
  { value: 'all', label: 'All Statuses' },
  ...CUSTOMER_STATUSES.map((status) => ({ value: status, label: STATUS_LABELS[status] })),
];

export function displayName(customer: Pick<CustomerRow, 'name' | 'username'>): string {
  return customer.name?.trim() || customer.username;
}

/** Up to two initials for the avatar: 'Asha Rao' is 'AR', 'asha' is 'A'. */
export function initials(customer: Pick<CustomerRow, 'name' | 'username'>): string {
  const words = displayName(customer)
    .split(/[\s._-]+/)
    .filter(Boolean);
  return words
    .slice(0, 2)
    .map((word) => word[0].toUpperCase())
    .join('');
}

export function cityLabel(city: string | null | undefined): string {
  return city?.trim() || CUSTOMER_MESSAGES.notSpecified;
}

/** The customer's newest orders first, at most `limit`. */
export function latestOrders(
  orders: CustomerDetail['orders'],
  limit = MODAL_ORDERS,
): CustomerDetail['orders'] {
  return [...orders]
    .sort((a, b) => new Date(b.createdAt).getTime() - new Date(a.createdAt).getTime())
    .slice(0, limit);
}

export function customersPagerText(page: number, pages: number, total: number): string {
  return `Page ${page} of ${pages} (${total} customers)`;
}
