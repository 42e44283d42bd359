import { ORDER_MESSAGES, OrderPaymentStatus, OrderStatus } from '@shop/proto';
import { codRefusal, codSettlement, isCashOnDelivery } from './cash-on-delivery';

describe('cash on delivery at checkout', () => {
  it('knows cod in any case and nothing else', () => {
    expect(isCashOnDelivery('cod')).toBe(true);
    expect(isCashOnDelivery('COD')).toBe(true);
    expect(isCashOnDelivery('razorpay')).toBe(false);
    expect(isCashOnDelivery('cod-online')).toBe(false);
  });

  it("refuses every order while the back office has it off, with 'Cash on delivery is not available at the moment'", () => {
    expect(codRefusal({ codEnabled: false, codLimit: 10_000 }, 100)).toBe(ORDER_MESSAGES.codUnavailable);
  });

  it('takes an order of exactly the limit and refuses one a paisa over it, naming the limit in rupees', () => {
    const settings = { codEnabled: true, codLimit: 10_000 };
    expect(codRefusal(settings, 1_000_000)).toBeNull();
    expect(codRefusal(settings, 1_000_001)).toBe(
      'Cash on delivery is available for orders up to ₹10,000. Please pay online.',
    );
  });

  it('refuses every order under a limit of 0', () => {
    expect(codRefusal({ codEnabled: true, codLimit: 0 }, 100)).toBe(ORDER_MESSAGES.codOverLimit(0));
  });
});

describe('what staff record of a cash-on-delivery order at the door', () => {
  const order = (
    status: OrderStatus,
    paymentStatus: OrderPaymentStatus = 'pending',
    paymentMethod = 'cod',
  ) => ({
    status,
    paymentStatus,
    paymentMethod,
  });

  it('paid at the door: a Shipped order is paid and Delivered', () => {
    expect(codSettlement(order('Shipped'), 'paid')).toEqual({ ok: true, pays: true, moveTo: 'Delivered' });
  });

  it('paid before it shipped or after it was marked Delivered: paid, its status left to staff', () => {
    expect(codSettlement(order('Pending'), 'paid')).toEqual({ ok: true, pays: true, moveTo: null });
    expect(codSettlement(order('Processing'), 'paid')).toEqual({ ok: true, pays: true, moveTo: null });
    expect(codSettlement(order('Delivered'), 'paid')).toEqual({ ok: true, pays: true, moveTo: null });
  });

  it('refused: cancelled', () => {
    expect(codSettlement(order('Shipped'), 'refused')).toEqual({
      ok: true,
      pays: false,
      moveTo: 'Cancelled',
    });
    expect(codSettlement(order('Pending'), 'refused')).toEqual({
      ok: true,
      pays: false,
      moveTo: 'Cancelled',
    });
  });

  it('refuses an order paid online', () => {
    expect(codSettlement(order('Shipped', 'pending', 'razorpay'), 'paid')).toEqual({
      ok: false,
      message: ORDER_MESSAGES.notCashOnDelivery,
    });
  });

  it('refuses an order whose outcome is recorded already, paid or refused or cancelled', () => {
    const settled = { ok: false, message: ORDER_MESSAGES.codSettled };
    expect(codSettlement(order('Delivered', 'paid'), 'paid')).toEqual(settled);
    expect(codSettlement(order('Delivered', 'paid'), 'refused')).toEqual(settled);
    expect(codSettlement(order('Cancelled', 'cancelled'), 'paid')).toEqual(settled);
    expect(codSettlement(order('Cancelled', 'cancelled'), 'refused')).toEqual(settled);
  });
});
