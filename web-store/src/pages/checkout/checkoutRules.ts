import {
  CASH_ON_DELIVERY,
  EMAIL_VERIFICATION_FIELD,
  gstinProblem,
  normalizeGstin,
  ORDER_MESSAGES,
  orderShipping,
  pricingRulesOf,
  SHIPPING_METHODS,
  toPaise,
  toRupees,
  type ShippingMethod,
  type StorefrontSettings,
} from '@shop/proto';
import { isApiFailure } from '../../api/client';

/**
 * What each delivery method would cost this order, as the server prices it (`orderShipping`, from
 * the shop's settings): Standard free over the threshold, Express always at the express cost.
 * Undefined until the settings and the order's subtotal are known.
 */
export function shippingPrices(
  settings: StorefrontSettings | undefined,
  subtotal: number | undefined,
): Record<ShippingMethod, number> | undefined {
  if (!settings || subtotal === undefined) return undefined;
  const rules = pricingRulesOf(settings);
  return Object.fromEntries(
    SHIPPING_METHODS.map((method) => [method, toRupees(orderShipping(toPaise(subtotal), rules, method))]),
  ) as Record<ShippingMethod, number>;
}

export type CashOnDelivery =
  { offered: false } | { offered: true; allowed: true } | { offered: true; allowed: false; reason: string };

/**
 * Whether checkout offers cash on delivery for an order of this total: while the shop's settings
 * turn it on, and only up to their limit (the server refuses anything over it with the same words).
 */
export function cashOnDelivery(
  settings: Pick<StorefrontSettings, 'codEnabled' | 'codLimit'> | undefined,
  total: number | undefined,
): CashOnDelivery {
  if (!settings?.codEnabled) return { offered: false };
  if (total !== undefined && total > settings.codLimit)
    return { offered: true, allowed: false, reason: ORDER_MESSAGES.codOverLimit(settings.codLimit) };
  return { offered: true, allowed: true };
}

export const isCashOnDelivery = (method: string) => method === CASH_ON_DELIVERY;

export interface GstInvoiceInput {
  gstin: string;
  companyName: string;
}

export type GstField = keyof GstInvoiceInput;

/**
 * What is wrong with a buyer's GSTIN and company name, field by field, in the server's own words
 * (`orderCreateSchema`): the GSTIN's shape and its state against the delivery address, then a
 * company name for a good GSTIN.
 */
export function gstInvoiceProblems(input: GstInvoiceInput, deliveryState: string | undefined) {
  const problems: Partial<Record<GstField, string>> = {};
  const gstinWrong = gstinProblem(normalizeGstin(input.gstin), deliveryState);
  if (gstinWrong) problems.gstin = gstinWrong;
  else if (!input.companyName.trim()) problems.companyName = ORDER_MESSAGES.companyNameRequired;
  return problems;
}

/** The message of a checkout refused because the customer's e-mail address is not verified (409), else null. */
export function emailVerificationRefusal(error: unknown): string | null {
  if (!isApiFailure(error) || error.status !== 409) return null;
  const refusal = error.errors.find((e) => e.field === EMAIL_VERIFICATION_FIELD);
  return refusal ? refusal.message || error.message : null;
}

/** The server's refusal of the GSTIN or company name, by the field it names. */
export function gstFieldRefusals(error: unknown): Partial<Record<GstField, string>> {
  const refusals: Partial<Record<GstField, string>> = {};
  if (!isApiFailure(error)) return refusals;
  for (const { field, message } of error.errors) {
    if ((field === 'gstin' || field === 'companyName') && !refusals[field]) refusals[field] = message;
  }
  return refusals;
}
