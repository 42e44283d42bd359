import './order-status.css';

/** The order id as the account area shows it: its last 8 characters (storefront spec, section 9). */
export function shortOrderId(id: string): string {
  return id.slice(-8);
}

const STATUS_TONES: Record<string, string> = {
  Processing: 'amber',
  Shipped: 'blue',
  Delivered: 'green',
  Cancelled: 'red',
};

/** Processing amber, Shipped blue, Delivered green, Cancelled red, anything else grey. */
export function statusTone(status: string): string {
  return STATUS_TONES[status] ?? 'grey';
}

export type Tone = 'amber' | 'blue' | 'green' | 'red' | 'grey';

export function StatusBadge({ status, label, tone }: { status: string; label?: string; tone?: Tone }) {
  return <span className={`status-badge tone-${tone ?? statusTone(status)}`}>{label ?? status}</span>;
}
