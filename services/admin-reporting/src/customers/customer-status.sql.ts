import { INACTIVE_AFTER_DAYS, toPaise, VIP_MIN_ORDERS_EXCLUSIVE, VIP_MIN_SPENT_EXCLUSIVE_RUPEES } from '@shop/proto';

const DAY_MS = 86_400_000;

/**
 * The customer status the spec derives, in SQL over a customers row `c`: VIP above 100000 spent or
 * more than 20 orders, else inactive when the last order is over 90 days old, else active.
 * `customerStatus` in @shop/proto states the same rule; the API tests hold the two together. The
 * VIP thresholds are written into the SQL (they are the spec's constants) so that the partial index
 * of VIP customers serves the VIP filter.
 */
export const VIP_SQL = `(c.spent_paise > ${toPaise(VIP_MIN_SPENT_EXCLUSIVE_RUPEES)} OR c.orders_count > ${VIP_MIN_ORDERS_EXCLUSIVE})`;

/** `cutoff` is the placeholder of `inactiveBefore(now)`. */
export const statusSql = (cutoff: string) => `CASE WHEN ${VIP_SQL} THEN 'vip' WHEN c.last_order_at < ${cutoff} THEN 'inactive' ELSE 'active' END`;

/**
 * The same rule as a filter for one status, in a form the indexes can serve. `cutoff` is the
 * placeholder of `inactiveBefore(now)`; the VIP filter does not need one.
 */
export function statusFilter(status: 'vip' | 'active' | 'inactive', cutoff?: string): string {
  if (status === 'vip') return VIP_SQL;
  if (status === 'inactive') return `NOT ${VIP_SQL} AND c.last_order_at < ${cutoff}`;
  return `NOT ${VIP_SQL} AND (c.last_order_at IS NULL OR c.last_order_at >= ${cutoff})`;
}

/** A last order before this instant is more than 90 days old. */
export const inactiveBefore = (now: Date) => new Date(now.getTime() - INACTIVE_AFTER_DAYS * DAY_MS);

/** A business customer has a company name. */
export const BUSINESS_SQL = `(c.company_name IS NOT NULL AND c.company_name <> '')`;
