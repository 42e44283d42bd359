import { Button } from '@react-email/button';
import { Heading } from '@react-email/heading';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import { SHIPPING_METHOD_LABELS, toRupees, type OrderView, type PaymentRefundReason } from '@shop/proto';
import type { MailData } from '../mail-kinds';
import { formatDateTime } from './account-mails';
import type { MailContent } from './mail-content';
import { type BusinessDetails, MailFrame, styles } from './mail-frame';
import { DeliveryAddress, formatRupees, OrderLines, orderNumber, OrderTotals } from './order-parts';

/** What every order mail is rendered from: the order as the order service shows it at send time. */
export interface OrderMailContext {
  business: BusinessDetails;
  order: OrderView;
  /** The catalog's names of the options the lines chose, by option id. */
  optionNames: ReadonlyMap<string, string>;
  /** The shopper's page of the order (`/confirmation/{orderId}`). */
  orderUrl: string;
  /** The order in the back office, for staff mails. */
  adminOrderUrl: string;
}

const DOCUMENT_NAMES = { invoice: 'tax invoice', receipt: 'receipt', 'credit-note': 'credit note' } as const;

/** Razorpay gives a refund back to the card or account it came from within this many working days. */
export const REFUND_WORKING_DAYS = '5–7';

function OrderLink({ href, label }: { href: string; label: string }) {
  return (
    <Section style={{ margin: '16px 0' }}>
      <Button href={href} style={styles.button}>
        {label}
      </Button>
    </Section>
  );
}

function OrderSummary({ ctx }: { ctx: OrderMailContext }) {
  return (
    <>
      <OrderLines order={ctx.order} optionNames={ctx.optionNames} />
      <OrderTotals order={ctx.order} />
      <DeliveryAddress order={ctx.order} />
    </>
  );
}

const shippingMethodOf = (order: OrderView) =>
  SHIPPING_METHOD_LABELS[order.shippingMethod] ?? SHIPPING_METHOD_LABELS.standard;

/** The shopper's confirmation: paid online (the invoice or receipt attached), or to pay on delivery. */
export function orderConfirmationMail(
  ctx: OrderMailContext,
  data: MailData['order-confirmation'],
): MailContent {
  const { order, business } = ctx;
  const number = orderNumber(order._id);
  const total = formatRupees(order.totalAmount);
  const name = order.shippingAddress.fullName || order.user.username || 'there';
  return {
    subject: data.cashOnDelivery
      ? `Order ${number} placed: ${total} to pay on delivery`
      : `Order ${number} confirmed: thank you for your payment`,
    body: (
      <MailFrame business={business} preview={`Your order ${number} of ${total}`}>
        <Heading as="h2" style={styles.heading}>
          Thank you for your order {number}
        </Heading>
        <Text style={styles.text}>Hello {name},</Text>
        {data.cashOnDelivery ? (
          <>
            <Text style={styles.text}>
              Your order is placed for cash on delivery. Please keep {total} ready to pay when it is
              delivered.
            </Text>
            <Text style={styles.text}>
              Your tax invoice comes by e-mail when the order ships. It goes by {shippingMethodOf(order)}.
            </Text>
          </>
        ) : (
          <>
            <Text style={styles.text}>
              We received your payment of {total}. Your order goes by {shippingMethodOf(order)}.
            </Text>
            {data.document && (
              <Text style={styles.text}>
                Your {DOCUMENT_NAMES[data.document.kind]} {data.document.number} is attached.
              </Text>
            )}
          </>
        )}
        <OrderSummary ctx={ctx} />
        <OrderLink href={ctx.orderUrl} label="View your order" />
      </MailFrame>
    ),
  };
}

/** Staff: an order to fulfil, paid online or placed for cash on delivery. */
export function newOrderMail(ctx: OrderMailContext, data: MailData['new-order']): MailContent {
  const { order, business } = ctx;
  const number = orderNumber(order._id);
  const total = formatRupees(order.totalAmount);
  const cod = data.paymentMethod === 'cod';
  const customer = [order.user.username, order.user.email].filter(Boolean).join(', ');
  return {
    subject: `New order ${number}: ${total}${cod ? ' (cash on delivery)' : ' paid'}`,
    body: (
      <MailFrame business={business} preview={`New order ${number} of ${total}`}>
        <Heading as="h2" style={styles.heading}>
          New order {number}
        </Heading>
        <Text style={styles.text}>
          {cod
            ? `Placed for cash on delivery: ${total} to collect at the door.`
            : `Paid online${data.paymentMethod ? ` (${data.paymentMethod})` : ''}: ${total}.`}{' '}
          Ship by {shippingMethodOf(order)}.
        </Text>
        {customer && <Text style={styles.text}>Customer: {customer}</Text>}
        {order.companyName && (
          <Text style={styles.text}>
            Business buyer: {order.companyName}
            {order.gstin ? `, GSTIN ${order.gstin}` : ''}
          </Text>
        )}
        <OrderSummary ctx={ctx} />
        <OrderLink href={ctx.adminOrderUrl} label="Open the order" />
      </MailFrame>
    ),
  };
}

export function orderShippedMail(
  ctx: OrderMailContext,
  data: MailData['order-shipped'],
  attached: { number: string } | null,
): MailContent {
  const { order, business } = ctx;
  const number = orderNumber(order._id);
  const tracking = data.trackingNumber ?? order.trackingNumber;
  const cod = order.paymentDetails.paymentMethod === 'cod';
  return {
    subject: `Your order ${number} has shipped`,
    body: (
      <MailFrame business={business} preview={`Order ${number} is on its way`}>
        <Heading as="h2" style={styles.heading}>
          Your order {number} is on its way
        </Heading>
        <Text style={styles.text}>It has shipped by {shippingMethodOf(order)}.</Text>
        {tracking && <Text style={styles.text}>Tracking number: {tracking}</Text>}
        {order.estimatedDelivery && (
          <Text style={styles.text}>
            Estimated delivery:{' '}
            {new Date(order.estimatedDelivery).toLocaleDateString('en-IN', {
              dateStyle: 'long',
              timeZone: 'Asia/Kolkata',
            })}
          </Text>
        )}
        {cod && order.paymentDetails.status !== 'paid' && (
          <Text style={styles.text}>
            Please keep {formatRupees(order.totalAmount)} ready to pay at delivery.
          </Text>
        )}
        {attached && <Text style={styles.text}>Your tax invoice {attached.number} is attached.</Text>}
        <OrderSummary ctx={ctx} />
        <OrderLink href={ctx.orderUrl} label="Track your order" />
      </MailFrame>
    ),
  };
}

export function orderDeliveredMail(ctx: OrderMailContext): MailContent {
  const { order, business } = ctx;
  const number = orderNumber(order._id);
  return {
    subject: `Your order ${number} was delivered`,
    body: (
      <MailFrame business={business} preview={`Order ${number} was delivered`}>
        <Heading as="h2" style={styles.heading}>
          Your order {number} was delivered
        </Heading>
        <Text style={styles.text}>
          We hope you like it. If anything is not right, reply to this e-mail and we will see to it.
        </Text>
        <OrderLines order={order} optionNames={ctx.optionNames} />
        <OrderLink href={ctx.orderUrl} label="View your order" />
      </MailFrame>
    ),
  };
}

export function orderCancelledMail(ctx: OrderMailContext, data: MailData['order-cancelled']): MailContent {
  const { order, business } = ctx;
  const number = orderNumber(order._id);
  return {
    subject: `Your order ${number} was cancelled`,
    body: (
      <MailFrame business={business} preview={`Order ${number} was cancelled`}>
        <Heading as="h2" style={styles.heading}>
          Your order {number} was cancelled
        </Heading>
        <Text style={styles.text}>
          {data.reason === 'refused'
            ? 'The order was refused at delivery, so we have cancelled it.'
            : 'We have cancelled your order. If you did not expect this, reply to this e-mail and we will explain.'}
        </Text>
        {data.paid && (
          <Text style={styles.text}>
            Your payment of {formatRupees(order.totalAmount)} is being refunded. We will write again when the
            refund is made; it then reaches your account in {REFUND_WORKING_DAYS} working days.
          </Text>
        )}
        <OrderLines order={order} optionNames={ctx.optionNames} />
        <OrderLink href={ctx.orderUrl} label="View your order" />
      </MailFrame>
    ),
  };
}

const REFUND_REASONS: Record<PaymentRefundReason, string> = {
  cancelled: 'your order was cancelled',
  duplicate: 'you paid for this order twice, and we keep only the first payment',
  order_closed: 'your payment arrived after the order had already closed',
};

export function orderRefundedMail(ctx: OrderMailContext, data: MailData['order-refunded']): MailContent {
  const { order, business } = ctx;
  const number = orderNumber(order._id);
  const amount = formatRupees(toRupees(data.amountPaise));
  const refundedAt = new Date(data.refundedAt);
  return {
    subject: `Refund of ${amount} for your order ${number}`,
    body: (
      <MailFrame business={business} preview={`We refunded ${amount}`}>
        <Heading as="h2" style={styles.heading}>
          We refunded {amount}
        </Heading>
        <Text style={styles.text}>
          We gave back {amount} for order {number}
          {Number.isNaN(refundedAt.getTime()) ? '' : ` on ${formatDateTime(refundedAt)}`}, because{' '}
          {REFUND_REASONS[data.reason] ?? 'the payment was returned'}.
        </Text>
        <Text style={styles.text}>
          The money goes back to the card, UPI or bank account you paid with. It reaches you within{' '}
          {REFUND_WORKING_DAYS} working days, depending on your bank.
        </Text>
        {data.creditNoteNumber && (
          <Text style={styles.text}>Our credit note {data.creditNoteNumber} is attached.</Text>
        )}
        <OrderLink href={ctx.orderUrl} label="View your order" />
      </MailFrame>
    ),
  };
}
