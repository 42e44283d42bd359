/**
 * The derived customer type and status (back-office spec, sections 4 and 9). The server derives
 * them for its filters; the rule lives once, in the shared contracts.
 */
export {
  customerStatus,
  customerType,
  INACTIVE_AFTER_DAYS,
  VIP_MIN_ORDERS_EXCLUSIVE,
  VIP_MIN_SPENT_EXCLUSIVE_RUPEES,
  type CustomerActivity,
  type CustomerStatus,
  type CustomerType,
} from '@shop/proto';
