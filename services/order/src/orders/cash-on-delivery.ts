import {
  CASH_ON_DELIVERY,
  CodOutcome,
  ORDER_MESSAGES,
  OrderPaymentStatus,
  OrderStatus,
  Paise,
  ShopSettings,
  toPaise,
} from '@shop/proto';

/** A payment method as checkout sends it is cash on delivery whatever its case (`COD`). */
export function isCashOnDelivery(paymentMethod: string): boolean {
  return paymentMethod.toLowerCase() === CASH_ON_DELIVERY;
}

/**
 * Why the shop will not take this order as cash on delivery, or null when it will: the back office
 * has switched it off, or the order's total (with shipping and GST, what the courier collects) is
 * over the limit it set.
 */
export function codRefusal(
  settings: Pick<ShopSettings, 'codEnabled' | 'codLimit'>,
  totalPaise: Paise,
): string | null {
  if (!settings.codEnabled) return ORDER_MESSAGES.codUnavailable;
  if (totalPaise > toPaise(settings.codLimit)) return ORDER_MESSAGES.codOverLimit(settings.codLimit);
  return null;
}

/**
 * What staff recording the outcome at the door does to a cash-on-delivery order: `paid` marks it
 * paid and, if it was Shipped, Delivered (the courier collected the money as they handed it over;
 * paid before it shipped, say collected at the shop, it keeps its status and ships as usual);
 * `refused` cancels it (the move refuses to cancel one Delivered already). An order already paid or
 * closed keeps the outcome it has.
 */
export type CodSettlement =
  { ok: true; pays: boolean; moveTo: OrderStatus | null } | { ok: false; message: string };

export function codSettlement(
  order: { paymentMethod: string; paymentStatus: OrderPaymentStatus; status: OrderStatus },
  outcome: CodOutcome,
): CodSettlement {
  if (order.paymentMethod !== CASH_ON_DELIVERY)
    return { ok: false, message: ORDER_MESSAGES.notCashOnDelivery };
  if (order.paymentStatus !== 'pending' || order.status === 'Cancelled')
    return { ok: false, message: ORDER_MESSAGES.codSettled };
  if (outcome === 'refused') return { ok: true, pays: false, moveTo: 'Cancelled' };
  return { ok: true, pays: true, moveTo: order.status === 'Shipped' ? 'Delivered' : null };
}
