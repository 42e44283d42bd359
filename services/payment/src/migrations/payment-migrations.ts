import { PaymentTables1716000000000 } from './1716000000000-payment-tables';
import { PaymentRefunds1780000000000 } from './1780000000000-payment-refunds';
import { RefundStates1782000000000 } from './1782000000000-refund-states';
import { SettingsNotify1797000000000 } from './1797000000000-settings-notify';
import { CashOnDelivery1801000000000 } from './1801000000000-cash-on-delivery';

/** The payment database's migrations in order: the service runs them, and so do its integration tests. */
export const PAYMENT_MIGRATIONS = [
  PaymentTables1716000000000, PaymentRefunds1780000000000, RefundStates1782000000000,
  SettingsNotify1797000000000, CashOnDelivery1801000000000,
];
