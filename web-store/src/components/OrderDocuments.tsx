import type { DocumentKind, OrderDocumentView } from '@shop/proto';
import { useId, useState } from 'react';
import { DOCUMENT_ERRORS, fetchOrderDocument } from '../api/orders';
import { downloadFile } from '@shop/web-kit/download';
import { alertFailure } from '../lib/notify';
import './order-documents.css';

/** What each document is called, and its download button. */
export const DOCUMENT_LABELS: Record<DocumentKind, { name: string; action: string }> = {
  invoice: { name: 'Tax invoice', action: 'Download invoice' },
  receipt: { name: 'Receipt', action: 'Download receipt' },
  'credit-note': { name: 'Credit note', action: 'Download credit note' },
};

/**
 * The documents issued for an order (its tax invoice or receipt, a credit note after a refund),
 * each with its number and a button that saves the PDF under the server's file name. Nothing
 * shows before the first is issued.
 */
export function OrderDocuments({ orderId, documents }: { orderId: string; documents: OrderDocumentView[] }) {
  if (documents.length === 0) return null;
  return (
    <ul className="order-documents" aria-label="Documents">
      {documents.map((document) => (
        <DocumentItem key={`${document.kind}-${document.number}`} orderId={orderId} document={document} />
      ))}
    </ul>
  );
}

function DocumentItem({ orderId, document }: { orderId: string; document: OrderDocumentView }) {
  const numberId = useId();
  const [downloading, setDownloading] = useState(false);
  const label = DOCUMENT_LABELS[document.kind] ?? { name: 'Document', action: 'Download' };

  const download = async () => {
    setDownloading(true);
    try {
      const { file, filename } = await fetchOrderDocument(orderId, document.kind);
      downloadFile(file, filename);
    } catch (error) {
      alertFailure(error, DOCUMENT_ERRORS.download);
    } finally {
      setDownloading(false);
    }
  };

  return (
    <li>
      <span id={numberId}>
        {label.name} <span className="document-number">{document.number}</span>
      </span>
      <button
        type="button"
        className="btn btn-secondary"
        aria-describedby={numberId}
        disabled={downloading}
        onClick={() => void download()}
      >
        {downloading ? 'Downloading...' : label.action}
      </button>
    </li>
  );
}
