import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ORDER_STATUSES,
  SHIPPING_METHOD_LABELS,
  type CodOutcome,
  type OrderDocumentView,
  type OrderStatus,
} from '@shop/proto';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { failureMessage } from '../../api/client';
import { CUSTOMIZATIONS_KEY, listCustomizations } from '../../api/customizations';
import {
  fetchOrderDocument,
  getOrder,
  ORDERS_KEY,
  recordCashOnDelivery,
  updateOrder,
  type AdminOrder,
} from '../../api/orders';
import { useConfirm } from '../../components/ConfirmProvider';
import { Modal } from '../../components/Modal';
import { TitledSection } from '../../components/TitledSection';
import { useLoggedError } from '../../hooks/useLoggedError';
import { downloadFile } from '@shop/web-kit/download';
import { formatDate } from '@shop/web-kit/format';
import { displayOrderId, formatPrice } from '../../lib/format';
import { createLogger } from '@shop/web-kit/logger';
import {
  cancelConfirmText,
  COD_REFUSED_CONFIRM_TEXT,
  codActions,
  codPaidConfirmText,
  customerEmail,
  customerName,
  customizationEntries,
  DOCUMENT_LABELS,
  isCashOnDelivery,
  lineFiles,
  ORDER_MESSAGES_UI as MSG,
  PAYMENT_BADGE,
  paymentLabel,
  REFUND_REASON_LABELS,
  REFUND_STATE_LABELS,
  shippingAddressText,
} from './orderRules';

const logger = createLogger('admin:orders');

interface OrderDetailsModalProps {
  /** The row the admin opened; the full order is read fresh from the server. */
  order: AdminOrder;
  /** Puts the focus on the status selector ("View & Update Status"). */
  focusStatus: boolean;
  onClose(): void;
}

/**
 * The order details dialog (back-office spec, section 2): Escape or the overlay closes it. Mount it
 * keyed by the order id, so each order starts from its own row.
 */
export function OrderDetailsModal({ order, focusStatus, onClose }: OrderDetailsModalProps) {
  const queryClient = useQueryClient();
  const confirm = useConfirm();
  const [current, setCurrent] = useState<AdminOrder>(order);
  const [statusError, setStatusError] = useState<string | null>(null);
  const [tracking, setTracking] = useState(order.trackingNumber ?? '');
  const [trackingMessage, setTrackingMessage] = useState<{ tone: 'error' | 'success'; text: string } | null>(
    null,
  );
  const [busy, setBusy] = useState(false);
  const [codError, setCodError] = useState<string | null>(null);
  const statusSelect = useRef<HTMLSelectElement>(null);
  // Once the admin types a tracking number, the full order arriving must not overwrite it.
  const trackingEdited = useRef(false);

  const full = useQuery({
    queryKey: [...ORDERS_KEY, 'detail', order._id],
    queryFn: ({ signal }) => getOrder(order._id, signal),
    staleTime: 0,
  });

  useEffect(() => {
    if (full.data) {
      setCurrent(full.data);
      if (!trackingEdited.current) setTracking(full.data.trackingNumber ?? '');
    }
  }, [full.data]);

  // A failure to load the full order is logged only; the row's data stays on screen.
  useLoggedError(logger, full.error, 'Could not load the order details');

  const library = useQuery({
    queryKey: CUSTOMIZATIONS_KEY,
    queryFn: ({ signal }) => listCustomizations(signal),
  });
  const optionNames = useMemo(
    () => new Map((library.data ?? []).map((d) => [d._id, d.name])),
    [library.data],
  );

  const applyUpdate = (updated: AdminOrder | undefined) => {
    if (updated) setCurrent(updated);
    void queryClient.invalidateQueries({ queryKey: ORDERS_KEY });
  };

  const changeStatus = async (orderStatus: OrderStatus) => {
    if (
      orderStatus === 'Cancelled' &&
      !(await confirm(cancelConfirmText(current), {
        title: 'Cancel this order?',
        confirmLabel: 'Cancel order',
        cancelLabel: 'Keep order',
        danger: true,
      }))
    )
      return;
    setStatusError(null);
    setBusy(true);
    try {
      applyUpdate((await updateOrder(current._id, { orderStatus })) ?? { ...current, orderStatus });
    } catch (error) {
      logger.error('Could not update the order status', error);
      setStatusError(MSG.statusFailed);
    } finally {
      setBusy(false);
    }
  };

  const saveTracking = async () => {
    const trackingNumber = tracking.trim();
    if (!trackingNumber) {
      setTrackingMessage({ tone: 'error', text: MSG.trackingEmpty });
      return;
    }
    setTrackingMessage(null);
    setBusy(true);
    try {
      applyUpdate((await updateOrder(current._id, { trackingNumber })) ?? { ...current, trackingNumber });
      setTrackingMessage({ tone: 'success', text: 'Tracking number updated' });
    } catch (error) {
      logger.error('Could not update the tracking number', error);
      setTrackingMessage({ tone: 'error', text: MSG.trackingFailed });
    } finally {
      setBusy(false);
    }
  };

  /** Records what happened at the door, once the admin has confirmed it in the app's dialog. */
  const recordCod = async (outcome: CodOutcome) => {
    const confirmed =
      outcome === 'paid'
        ? await confirm(codPaidConfirmText(current), {
            title: 'Cash received?',
            confirmLabel: 'Mark paid',
            cancelLabel: 'Not yet',
          })
        : await confirm(COD_REFUSED_CONFIRM_TEXT, {
            title: 'Refused at delivery?',
            confirmLabel: 'Cancel as refused',
            cancelLabel: 'Keep order',
            danger: true,
          });
    if (!confirmed) return;
    setCodError(null);
    setBusy(true);
    try {
      applyUpdate(await recordCashOnDelivery(current._id, outcome));
    } catch (error) {
      logger.error(`Could not record the cash on delivery outcome (${outcome})`, error);
      setCodError(failureMessage(error, MSG.codFailed));
    } finally {
      setBusy(false);
    }
  };

  const payment = paymentLabel(current.paymentDetails?.status);
  const cod = codActions(current);

  return (
    <Modal
      open
      onClose={onClose}
      title="Order Details"
      size="large"
      initialFocus={focusStatus ? statusSelect : undefined}
    >
      <div className="form-layout">
        <div className="detail-grid">
          <TitledSection title="Customer" level="h3">
            <dl>
              <dt>Name</dt>
              <dd>{customerName(current)}</dd>
              <dt>Email</dt>
              <dd>{customerEmail(current) || '—'}</dd>
              <dt>Address</dt>
              <dd>{shippingAddressText(current.shippingAddress) || '—'}</dd>
              {current.gstin ? (
                <>
                  <dt>Company</dt>
                  <dd>{current.companyName || '—'}</dd>
                  <dt>GSTIN</dt>
                  <dd>{current.gstin}</dd>
                </>
              ) : null}
            </dl>
          </TitledSection>
          <TitledSection title="Order" level="h3">
            <dl>
              <dt>Order ID</dt>
              <dd>{displayOrderId(current._id)}</dd>
              <dt>
                <label htmlFor="order-status">Status</label>
              </dt>
              <dd>
                <select
                  id="order-status"
                  className="input"
                  ref={statusSelect}
                  value={current.orderStatus}
                  disabled={busy}
                  onChange={(event) => void changeStatus(event.target.value as OrderStatus)}
                >
                  {ORDER_STATUSES.map((status) => (
                    <option key={status} value={status}>
                      {status}
                    </option>
                  ))}
                </select>
                {statusError ? (
                  <p className="field-error" role="alert">
                    {statusError}
                  </p>
                ) : null}
              </dd>
              <dt>Total</dt>
              <dd>{formatPrice(current.totalAmount)}</dd>
              <dt>Payment</dt>
              <dd>
                <span className={`badge ${PAYMENT_BADGE[payment]}`}>{payment}</span>
                {isCashOnDelivery(current) ? (
                  <span className="badge badge-info badge-beside">Cash on delivery</span>
                ) : null}
              </dd>
              <dt>Shipping</dt>
              <dd>{SHIPPING_METHOD_LABELS[current.shippingMethod] ?? SHIPPING_METHOD_LABELS.standard}</dd>
            </dl>
          </TitledSection>
        </div>

        {cod.paid ? (
          <TitledSection title="Cash on delivery" level="h3">
            <p className="field-hint">
              The courier collects {formatPrice(current.totalAmount)} in cash at the door. Record what
              happened once you know.
            </p>
            <div className="inline-form">
              <button
                type="button"
                className="btn btn-primary"
                disabled={busy}
                onClick={() => void recordCod('paid')}
              >
                Mark paid (cash received)
              </button>
              {cod.refused ? (
                <button
                  type="button"
                  className="btn btn-danger"
                  disabled={busy}
                  onClick={() => void recordCod('refused')}
                >
                  Refused at delivery
                </button>
              ) : null}
            </div>
            {codError ? (
              <p className="field-error" role="alert">
                {codError}
              </p>
            ) : null}
          </TitledSection>
        ) : null}

        {current.documents?.length > 0 ? (
          <TitledSection title="Documents" level="h3">
            <ul className="order-documents">
              {current.documents.map((document) => (
                <DocumentItem
                  key={`${document.kind}-${document.number}`}
                  orderId={current._id}
                  document={document}
                />
              ))}
            </ul>
          </TitledSection>
        ) : null}

        {current.refunds && current.refunds.length > 0 ? (
          <TitledSection title="Refunds" level="h3">
            <ul className="order-lines">
              {current.refunds.map((refund) => (
                <RefundItem key={refund.paymentId} refund={refund} />
              ))}
            </ul>
          </TitledSection>
        ) : null}

        <TitledSection title="Products" level="h3">
          <ul className="order-lines">
            {current.products.map((line, index) => (
              <OrderLineItem key={`${line.productId}-${index}`} line={line} optionNames={optionNames} />
            ))}
          </ul>
        </TitledSection>

        <TitledSection title="Tracking" level="h3">
          <div className="inline-form">
            <label htmlFor="order-tracking" className="visually-hidden">
              Tracking number
            </label>
            <input
              id="order-tracking"
              className="input"
              placeholder="Tracking number"
              value={tracking}
              onChange={(event) => {
                trackingEdited.current = true;
                setTracking(event.target.value);
              }}
            />
            <button
              type="button"
              className="btn btn-primary"
              disabled={busy}
              onClick={() => void saveTracking()}
            >
              Update Tracking
            </button>
          </div>
          {trackingMessage ? (
            <p
              className={trackingMessage.tone === 'error' ? 'field-error' : 'field-hint'}
              role={trackingMessage.tone === 'error' ? 'alert' : 'status'}
            >
              {trackingMessage.text}
            </p>
          ) : null}
        </TitledSection>
      </div>
    </Modal>
  );
}

/** One issued document: what it is, its number, and a button that saves its PDF under the server's file name. */
function DocumentItem({ orderId, document }: { orderId: string; document: OrderDocumentView }) {
  const numberId = useId();
  const [downloading, setDownloading] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const label = DOCUMENT_LABELS[document.kind] ?? { name: 'Document', action: 'Download' };

  const download = async () => {
    setFailure(null);
    setDownloading(true);
    try {
      const { file, filename } = await fetchOrderDocument(orderId, document.kind);
      downloadFile(file, filename);
    } catch (error) {
      logger.error(`Could not download the ${document.kind} of order ${orderId}`, error);
      setFailure(failureMessage(error, MSG.documentFailed));
    } finally {
      setDownloading(false);
    }
  };

  return (
    <li className="order-document">
      <span id={numberId}>
        {label.name} <strong>{document.number}</strong>
        <span className="field-hint">
          {' '}
          · {formatDate(document.issuedAt)} · {formatPrice(document.total)}
        </span>
      </span>
      <button
        type="button"
        className="btn btn-small btn-secondary"
        aria-describedby={numberId}
        disabled={downloading}
        onClick={() => void download()}
      >
        {downloading ? 'Downloading...' : label.action}
      </button>
      {failure ? (
        <p className="field-error" role="alert">
          {failure}
        </p>
      ) : null}
    </li>
  );
}

function RefundItem({ refund }: { refund: NonNullable<AdminOrder['refunds']>[number] }) {
  const state = refund.status ?? 'processed';
  const badge = state === 'processed' ? 'badge-info' : state === 'pending' ? 'badge-warning' : 'badge-danger';
  return (
    <li className="order-line">
      <strong>{formatPrice(refund.amount)}</strong>{' '}
      <span className={`badge ${badge}`}>{REFUND_STATE_LABELS[state]}</span>
      <div className="field-hint">
        {REFUND_REASON_LABELS[refund.reason]} · Payment {refund.paymentId}
        {refund.refundId ? ` · Refund ${refund.refundId}` : ''}
        {refund.refundedAt ? ` · ${formatDate(refund.refundedAt)}` : ''}
      </div>
      {state === 'failed' ? (
        <p className="field-error">
          Razorpay could not refund this payment{refund.error ? ` (${refund.error})` : ''}. Refund it from the
          Razorpay dashboard.
        </p>
      ) : null}
    </li>
  );
}

function OrderLineItem({
  line,
  optionNames,
}: {
  line: AdminOrder['products'][number];
  optionNames: ReadonlyMap<string, string>;
}) {
  const entries = customizationEntries(line.customization, optionNames);
  const files = lineFiles(line.customization, optionNames);
  return (
    <li className="order-line">
      <strong>{line.name || line.product?.name}</strong>
      <div className="field-hint">
        Quantity: {line.quantity} · Price: {formatPrice(line.price)}
      </div>
      {entries.length > 0 ? (
        <dl aria-label="Customization">
          {entries.map(([key, value]) => (
            <div key={key} className="dl-row">
              <dt>{key}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      {files.length > 0 ? (
        <div>
          <p className="field-label">Artwork</p>
          <ul className="line-files" aria-label={`Artwork for ${line.name || line.product?.name}`}>
            {files.map((file, fileIndex) => (
              <li key={`${file.name}-${fileIndex}`}>
                {file.url ? (
                  <a href={file.url} target="_blank" rel="noopener noreferrer">
                    <img src={file.url} alt="" width={56} height={56} loading="lazy" />
                    <span>
                      {file.label}: {file.name}
                    </span>
                  </a>
                ) : (
                  <span>
                    {file.label}: {file.name}
                  </span>
                )}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </li>
  );
}
