import type { Brand, DocumentKind, Paise, PaymentRefundReason, ShopSettings } from '@shop/proto';

/**
 * What each kind of mail carries in its queued row (`mails.data`): enough to render it at send time
 * together with what the sender reads then (an order's view and documents, the shop's settings).
 * Rows outlive deploys, so a field added later is optional and every template reads it defensively.
 */
export interface MailData {
  'password-reset': { username: string; link: string; expiresInMinutes: number };
  'email-verification': { username: string; link: string; expiresAt: string };
  /**
   * The shopper's order confirmation: when the invoice (or receipt) of an order paid online is
   * issued, attached; or when a cash-on-delivery order is placed, without one (it comes at shipping).
   */
  'order-confirmation': {
    orderId: string;
    cashOnDelivery: boolean;
    /** The document to attach, fetched at send time. */
    document: { kind: DocumentKind; number: string } | null;
  };
  /** Staff: an order was paid online, or placed for cash on delivery. */
  'new-order': { orderId: string; totalPaise: Paise; paymentMethod: string | null };
  'order-shipped': { orderId: string; trackingNumber: string | null };
  'order-delivered': { orderId: string };
  /** Cancelled by staff, or refused at the door (`refused`); `paid`: the payment is being refunded. */
  'order-cancelled': { orderId: string; reason: string; paid: boolean };
  'order-refunded': {
    orderId: string;
    amountPaise: Paise;
    reason: PaymentRefundReason;
    refundedAt: string;
    /** The credit note issued with the refund, attached when set. */
    creditNoteNumber: string | null;
  };
  /** Staff: a product's stock fell to its threshold. */
  'low-stock': {
    productId: string;
    name: string;
    brand: Brand;
    stock: number;
    threshold: number;
    reorder: { requestId: string; quantity: number } | null;
  };
}

export type MailKind = keyof MailData;

/** A mail to queue: one per `dedupeKey`, however often it is queued. */
export interface QueuedMail<K extends MailKind = MailKind> {
  kind: K;
  to: string;
  /** What makes it one mail: `<event id>:<kind>:<recipient>`, or the request it answers. */
  dedupeKey: string;
  data: MailData[K];
}

/**
 * Fields that hold a secret (a reset or verification link's token): the sender removes them from
 * the row once the relay accepted the mail, so the database keeps no usable link.
 */
export const MAIL_SECRET_FIELDS: Partial<Record<MailKind, readonly string[]>> = {
  'password-reset': ['link'],
  'email-verification': ['link'],
};

type MailSwitch = 'emailNotifications' | 'orderNotifications' | 'inventoryAlerts' | 'customerUpdates';

/**
 * The back office's notification settings each kind needs on. E-mail notifications off stops every
 * mail but the two an account cannot do without: its verification link and its password reset.
 */
export const MAIL_SWITCHES: Record<MailKind, readonly MailSwitch[]> = {
  'password-reset': [],
  'email-verification': [],
  'order-confirmation': ['emailNotifications'],
  'new-order': ['emailNotifications', 'orderNotifications'],
  'order-shipped': ['emailNotifications', 'customerUpdates'],
  'order-delivered': ['emailNotifications', 'customerUpdates'],
  'order-cancelled': ['emailNotifications', 'customerUpdates'],
  'order-refunded': ['emailNotifications', 'customerUpdates'],
  'low-stock': ['emailNotifications', 'inventoryAlerts'],
};

/** The switch that keeps this kind from being sent under these settings, or undefined when it may go. */
export function mailSwitchedOff(
  kind: MailKind,
  settings: Pick<ShopSettings, MailSwitch>,
): MailSwitch | undefined {
  return MAIL_SWITCHES[kind].find((name) => !settings[name]);
}
