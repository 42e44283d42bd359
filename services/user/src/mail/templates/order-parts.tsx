import { Column } from '@react-email/column';
import { Row } from '@react-email/row';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import { SHIPPING_METHOD_LABELS, type CartCustomization, type OrderView } from '@shop/proto';
import { styles } from './mail-frame';

/** One formatter for every amount: `toLocaleString` builds a new one on each call. */
const INR = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** ₹1,23,456.00: rupees in Indian digit grouping. */
export function formatRupees(rupees: number): string {
  return `₹${INR.format(rupees)}`;
}

/** How shoppers and staff name an order: the last 8 characters of its id (storefront spec). */
export const orderNumber = (orderId: string) => `#${orderId.slice(-8).toUpperCase()}`;

const plain = (value: unknown): unknown =>
  value !== null && typeof value === 'object' && !Array.isArray(value) && 'value' in value
    ? (value as { value: unknown }).value
    : value;

const fileName = (value: unknown): string | undefined =>
  value && typeof value === 'object' && typeof (value as { name?: unknown }).name === 'string'
    ? (value as { name: string }).name
    : undefined;

/**
 * A line's customization in words: size, each chosen option by its name (from the catalog at send
 * time; an option it no longer names is just "Option"), uploaded files by name, and the comments.
 */
export function customizationDetails(
  customization: CartCustomization | null | undefined,
  optionNames: ReadonlyMap<string, string>,
): { label: string; value: string }[] {
  if (!customization) return [];
  const details: { label: string; value: string }[] = [];
  if (customization.size) details.push({ label: 'Size', value: customization.size });
  for (const [optionId, raw] of Object.entries(customization.dynamicCustomizations ?? {})) {
    const label = optionNames.get(optionId) ?? 'Option';
    const value = plain(raw);
    let shown: string | undefined;
    if (fileName(raw)) shown = fileName(raw);
    else if (Array.isArray(value)) shown = value.map((v) => String(plain(v))).join(', ');
    else if (typeof value === 'boolean' || value === 'true' || value === 'false')
      shown = value === true || value === 'true' ? 'Yes' : 'No';
    else if (value !== undefined && value !== null && value !== '') shown = String(value);
    if (shown) details.push({ label, value: shown });
  }
  const files = (customization.uploadedFiles ?? []).map(fileName).filter((n): n is string => !!n);
  if (files.length) details.push({ label: 'Uploaded files', value: files.join(', ') });
  if (customization.comments) details.push({ label: 'Comments', value: customization.comments });
  return details;
}

/** The order's lines: each with its customization, quantity, unit price and line total. */
export function OrderLines({
  order,
  optionNames,
}: {
  order: OrderView;
  optionNames: ReadonlyMap<string, string>;
}) {
  return (
    <Section>
      {order.products.map((line, i) => (
        <Row key={i}>
          <Column style={styles.cell}>
            <Text style={{ ...styles.text, margin: 0, fontWeight: 'bold' }}>{line.name}</Text>
            {customizationDetails(line.customization, optionNames).map((d) => (
              <Text key={d.label} style={styles.muted}>
                {d.label}: {d.value}
              </Text>
            ))}
            <Text style={styles.muted}>
              {line.quantity} × {formatRupees(line.price)}
            </Text>
          </Column>
          <Column style={styles.figure}>{formatRupees(line.lineTotal)}</Column>
        </Row>
      ))}
    </Section>
  );
}

function Figure({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  const weight = strong ? { fontWeight: 'bold' } : {};
  return (
    <Row>
      <Column style={{ ...styles.cell, ...weight }}>{label}</Column>
      <Column style={{ ...styles.figure, ...weight }}>{value}</Column>
    </Row>
  );
}

/** Subtotal, coupon discount, shipping by its method, GST and the total. */
export function OrderTotals({ order }: { order: OrderView }) {
  const method = SHIPPING_METHOD_LABELS[order.shippingMethod] ?? SHIPPING_METHOD_LABELS.standard;
  return (
    <Section>
      <Figure label="Subtotal" value={formatRupees(order.subtotal)} />
      {order.discountAmount > 0 && (
        <Figure
          label={order.coupon ? `Discount (coupon ${order.coupon})` : 'Discount'}
          value={`−${formatRupees(order.discountAmount)}`}
        />
      )}
      <Figure
        label={`Shipping: ${method}`}
        value={order.shipping > 0 ? formatRupees(order.shipping) : 'Free'}
      />
      <Figure label={`GST (${order.taxRate}%)`} value={formatRupees(order.tax)} />
      <Figure label="Total" value={formatRupees(order.totalAmount)} strong />
    </Section>
  );
}

/** Where the order goes, and for a business buyer the GSTIN the invoice names. */
export function DeliveryAddress({ order }: { order: OrderView }) {
  const a = order.shippingAddress;
  return (
    <Section>
      <Text style={{ ...styles.text, fontWeight: 'bold', margin: '12px 0 4px' }}>Delivery address</Text>
      <Text style={styles.muted}>{a.fullName || a.name}</Text>
      {order.companyName && <Text style={styles.muted}>{order.companyName}</Text>}
      <Text style={styles.muted}>{a.street}</Text>
      <Text style={styles.muted}>
        {a.city}, {a.state} {a.pinCode}, {a.country}
      </Text>
      {a.phone && <Text style={styles.muted}>Phone: {a.phone}</Text>}
      {order.gstin && <Text style={styles.muted}>GSTIN: {order.gstin}</Text>}
    </Section>
  );
}
