import { z } from 'zod';
import { customizationSchema } from '../cart/cart.schemas';
import { gstinProblem, normalizeGstin } from '../validation/gstin';
import { addressSchema, emailSchema } from '../validation/user.schemas';
import {
  BOUNDS_MESSAGES,
  hasControlCharacters,
  isCalendarDay,
  isDayInRange,
  isInstantInRange,
  limitParam,
  pageParam,
} from '../validation/bounds';
import {
  ADMIN_ORDERS_MAX_PAGE_SIZE,
  ADMIN_ORDERS_PAGE_SIZE,
  COD_OUTCOMES,
  COMPANY_NAME_MAX_LENGTH,
  COUPON_CONTEXTS,
  DEFAULT_PAYMENT_METHOD,
  DOCUMENT_KINDS,
  IDEMPOTENCY_KEY_MAX_LENGTH,
  ORDER_MAX_LINES,
  ORDER_MAX_QUANTITY,
  ORDER_MESSAGES as M,
  ORDER_STATUSES,
  OrderStatus,
  SHIPPING_METHODS,
} from './order.constants';

const isObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v);
const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** A product named by its id, or by the product object the cart kept (storefront spec, section 5). */
const productRef = z.preprocess(
  (v) => (isObject(v) ? v._id : v),
  z
    .string({ required_error: M.invalidProduct, invalid_type_error: M.invalidProduct })
    .trim()
    .uuid(M.invalidProduct),
);

const quantity = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
  z
    .number({ required_error: M.quantity, invalid_type_error: M.quantity })
    .int(M.quantity)
    .min(1, M.quantity)
    .max(ORDER_MAX_QUANTITY, M.quantityTooLarge),
);

/**
 * One ordered line. The payment screen also sends each line's `price`: it is dropped here, since
 * the order service prices every line itself.
 */
const orderLineSchema = z.preprocess(
  (v) =>
    isObject(v) && v.product === undefined && v.productId !== undefined ? { ...v, product: v.productId } : v,
  z.object({ product: productRef, quantity, customization: customizationSchema }),
);

const productsSchema = z
  .array(orderLineSchema, { required_error: M.emptyOrder, invalid_type_error: M.emptyOrder })
  .min(1, M.emptyOrder)
  .max(ORDER_MAX_LINES, M.tooManyLines);

const ADDRESS_FIELDS = ['fullName', 'name', 'phone', 'street', 'city', 'state', 'pinCode'] as const;

const addressFields = addressSchema.omit({ isDefault: true }).extend({
  email: z.preprocess((v) => (blank(v) ? null : v), emailSchema.nullable()),
});

/**
 * The delivery address as checkout sends it: `fullName` (or `name`), phone, email, street, city,
 * state, pinCode, country. None at all asks the shopper to choose one; something that is not an
 * address is invalid; a partly filled one gets the address form's own messages.
 */
export const shippingAddressSchema = z.unknown().transform((value, ctx) => {
  if (blank(value)) {
    ctx.addIssue({ code: z.ZodIssueCode.custom, message: M.noAddress });
    return z.NEVER;
  }
  if (
    !isObject(value) ||
    !ADDRESS_FIELDS.some((f) => typeof value[f] === 'string' && value[f].trim() !== '')
  ) {
    ctx.addIssue({ code: z.ZodIssueCode.custom, message: M.invalidAddress });
    return z.NEVER;
  }
  const parsed = addressFields.safeParse({
    ...value,
    name: blank(value.fullName) ? value.name : value.fullName,
  });
  if (!parsed.success) {
    for (const issue of parsed.error.issues)
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: issue.message, path: issue.path });
    return z.NEVER;
  }
  const { name, ...rest } = parsed.data;
  return { fullName: name, ...rest };
});
export type ShippingAddressInput = z.output<typeof shippingAddressSchema>;

/** A coupon code as typed: trimmed, upper-cased, blank meaning none. The cart may keep it as `{code}`. */
export const couponCodeSchema = (message: string) =>
  z.preprocess(
    (v) => {
      const code = isObject(v) ? v.code : v;
      return blank(code) ? null : typeof code === 'string' ? code.trim().toUpperCase() : code;
    },
    z
      .string({ invalid_type_error: message })
      .max(50, message)
      .refine((code) => !hasControlCharacters(code), message)
      .nullable(),
  );

/**
 * The client's payment details. Only the method it chose counts: the status, amount, currency and
 * provider order id it sends are the server's to decide.
 */
const paymentDetailsSchema = z.preprocess(
  (v) => (isObject(v) ? v : {}),
  z.object({
    paymentMethod: z.preprocess(
      (v) => (blank(v) ? DEFAULT_PAYMENT_METHOD : v),
      z.string({ invalid_type_error: M.paymentMethod }).trim().max(50, M.paymentMethod),
    ),
  }),
);

/** Standard unless the shopper chose Express. */
export const shippingMethodSchema = z.preprocess(
  (v) => (blank(v) ? 'standard' : typeof v === 'string' ? v.trim().toLowerCase() : v),
  z.enum(SHIPPING_METHODS, { errorMap: () => ({ message: M.shippingMethod }) }),
);

/** A buyer's GSTIN as typed (spaces dropped, upper-cased), blank meaning none. */
const gstinSchema = z.preprocess(
  (v) => (blank(v) ? null : typeof v === 'string' ? normalizeGstin(v) : v),
  z.string({ invalid_type_error: 'GSTIN must be text' }).nullable(),
);

const companyNameSchema = z.preprocess(
  (v) => (blank(v) ? null : typeof v === 'string' ? v.trim() : v),
  z
    .string({ invalid_type_error: M.companyNameTooLong })
    .max(COMPANY_NAME_MAX_LENGTH, M.companyNameTooLong)
    .refine((name) => !hasControlCharacters(name), M.companyNameTooLong)
    .nullable(),
);

/**
 * `POST /orders`, both shapes the storefront sends (checkout screen and payment screen). The
 * payment screen's `price`, `totalAmount` and `discountAmount` are dropped: never trusted. A
 * business buyer may add a GSTIN (registered in the delivery address's state, the place of supply)
 * with its company name, for a tax invoice that carries both.
 */
export const orderCreateSchema = z
  .object({
    products: productsSchema,
    shippingAddress: shippingAddressSchema,
    paymentDetails: paymentDetailsSchema,
    coupon: couponCodeSchema(M.invalidCoupon),
    shippingMethod: shippingMethodSchema,
    gstin: gstinSchema,
    companyName: companyNameSchema,
  })
  .superRefine((order, ctx) => {
    if (order.gstin === null) return;
    const problem = gstinProblem(order.gstin, order.shippingAddress.state);
    if (problem) ctx.addIssue({ code: z.ZodIssueCode.custom, message: problem, path: ['gstin'] });
    else if (order.companyName === null)
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: M.companyNameRequired, path: ['companyName'] });
  });
export type OrderCreateInput = z.output<typeof orderCreateSchema>;

/** `POST /orders/quote`: the totals an order of these lines would have now. */
export const orderQuoteSchema = z.object({
  products: productsSchema,
  coupon: couponCodeSchema(M.invalidCoupon),
  context: z.enum(COUPON_CONTEXTS).default('checkout'),
  shippingMethod: shippingMethodSchema,
});
export type OrderQuoteInput = z.output<typeof orderQuoteSchema>;

/** `order.coupon.validate`, as the cart asks it. */
export const couponValidateSchema = z.object({
  code: z.unknown(),
  subtotalPaise: z.number().int().min(0),
  context: z.enum(COUPON_CONTEXTS),
});

export const idempotencyKeySchema = z
  .string({ invalid_type_error: M.invalidIdempotencyKey })
  .regex(new RegExp(`^[\\x21-\\x7e]{1,${IDEMPOTENCY_KEY_MAX_LENGTH}}$`), M.invalidIdempotencyKey);

export const orderIdSchema = z.object({
  id: z
    .string({ required_error: M.invalidOrderId, invalid_type_error: M.invalidOrderId })
    .trim()
    .uuid(M.invalidOrderId),
});

/** `GET /orders/{id}/documents/{kind}` and the back office's: an order id and a document kind. */
export const orderDocumentParamsSchema = orderIdSchema.extend({
  kind: z.enum(DOCUMENT_KINDS, { errorMap: () => ({ message: M.documentKind }) }),
});
export type OrderDocumentParams = z.output<typeof orderDocumentParamsSchema>;

export const customerStatsSchema = z.object({ userId: z.string().uuid() });

/** Status names are matched without regard to case: `shipped` is Shipped. */
const statusSchema = z.preprocess(
  (v) =>
    typeof v === 'string' ? (ORDER_STATUSES.find((s) => s.toLowerCase() === v.trim().toLowerCase()) ?? v) : v,
  z.enum(ORDER_STATUSES, { errorMap: () => ({ message: M.invalidStatus }) }),
);

/**
 * India keeps one time zone: a date without a time is that whole day in IST. A date with a time
 * (as the service receives the gateway's output) is kept as that instant.
 */
const IST_OFFSET = '+05:30';
const dateBound = (edge: 'start' | 'end') =>
  z.preprocess(
    (v) => (blank(v) ? undefined : v),
    z
      .string({ invalid_type_error: M.invalidDate })
      .trim()
      .max(40, M.invalidDate)
      .transform((v, ctx) => {
        const dayOnly = /^\d{4}-\d{2}-\d{2}$/.test(v);
        const at = new Date(
          dayOnly ? `${v}T${edge === 'start' ? '00:00:00.000' : '23:59:59.999'}${IST_OFFSET}` : v,
        );
        if (!isCalendarDay(v.slice(0, 10)) || Number.isNaN(at.getTime())) {
          ctx.addIssue({ code: z.ZodIssueCode.custom, message: M.invalidDate });
          return z.NEVER;
        }
        if (dayOnly ? !isDayInRange(v) : !isInstantInRange(at)) {
          ctx.addIssue({ code: z.ZodIssueCode.custom, message: BOUNDS_MESSAGES.dayOutOfRange });
          return z.NEVER;
        }
        return at.toISOString();
      })
      .optional(),
  );

/** `GET /admin2009/orders` and its CSV export. */
export const adminOrderListQuerySchema = z.object({
  search: z.preprocess((v) => (blank(v) ? undefined : v), z.string().trim().max(100).optional()),
  status: z.preprocess(
    (v) => (blank(v) || (typeof v === 'string' && v.trim().toLowerCase() === 'all') ? undefined : v),
    statusSchema.optional(),
  ),
  from: dateBound('start'),
  to: dateBound('end'),
  page: pageParam(),
  limit: limitParam(ADMIN_ORDERS_PAGE_SIZE, ADMIN_ORDERS_MAX_PAGE_SIZE),
});
export type AdminOrderListQuery = z.output<typeof adminOrderListQuerySchema>;

/** `PATCH /admin2009/orders/{id}`: a new status, a tracking number (trimmed, not empty), or both. */
export const adminOrderUpdateSchema = z
  .object({
    orderStatus: statusSchema.optional(),
    trackingNumber: z
      .string({ invalid_type_error: M.trackingEmpty })
      .trim()
      .min(1, M.trackingEmpty)
      .max(100, M.trackingTooLong)
      .optional(),
  })
  .refine((v) => v.orderStatus !== undefined || v.trackingNumber !== undefined, {
    message: M.nothingToUpdate,
  });
export type AdminOrderUpdateInput = z.output<typeof adminOrderUpdateSchema>;

export interface AdminOrderStatusRequest {
  id: string;
  orderStatus: OrderStatus;
}

export interface AdminOrderTrackingRequest {
  id: string;
  trackingNumber: string;
}

/** `POST /admin2009/orders/{id}/cash-on-delivery`: what happened at the door. */
export const codOutcomeSchema = z.object({
  outcome: z.enum(COD_OUTCOMES, { errorMap: () => ({ message: M.codOutcome }) }),
});
export type CodOutcomeInput = z.output<typeof codOutcomeSchema>;
