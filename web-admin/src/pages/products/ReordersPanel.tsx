import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { failureMessage } from '../../api/client';
import { PRODUCTS_KEY, type AdminProduct } from '../../api/products';
import { listReorders, receiveReorder, REORDERS_KEY, type Reorder } from '../../api/reorders';
import { useConfirm } from '../../components/ConfirmProvider';
import { DataTable } from '../../components/DataTable';
import { EmptyState, LoadingState } from '@shop/web-kit/QueryStates';
import { TitledSection } from '../../components/TitledSection';
import { useToast } from '../../components/ToastProvider';
import { useLoggedError } from '../../hooks/useLoggedError';
import { createLogger } from '@shop/web-kit/logger';
import { relativeTime } from '../../lib/relativeTime';

const logger = createLogger('admin:reorders');

const units = (quantity: number) => `${quantity} unit${quantity === 1 ? '' : 's'}`;

export const REORDER_MESSAGES = {
  title: 'Reorder requests',
  intro:
    "Auto reorder opens a request when a product's stock falls to its low-stock threshold. Stock changes only when you mark a request received.",
  empty: 'No reorder requests',
  loadFailed: 'Could not load the reorder requests',
  confirmReceive: (reorder: Reorder) =>
    `Mark the reorder of ${units(reorder.quantity)} of ${reorder.productName} as received? ${units(reorder.quantity)} will be added to its stock.`,
  received: (reorder: Reorder) => `✅ ${units(reorder.quantity)} of ${reorder.productName} added to stock`,
  receiveFailed: '❌ Failed to mark the reorder received',
} as const;

const COLUMNS = ['Product', 'Quantity', 'Opened', 'Status', 'Actions'];

/**
 * The products screen's reorder requests: open ones first, then the recently received. Marking one
 * received adds its quantity to the product's stock on the server, and the product list follows.
 */
export function ReordersPanel() {
  const queryClient = useQueryClient();
  const confirm = useConfirm();
  const toast = useToast();
  const [receiving, setReceiving] = useState<string | null>(null);

  const reorders = useQuery({ queryKey: REORDERS_KEY, queryFn: ({ signal }) => listReorders(signal) });
  useLoggedError(logger, reorders.error, 'Could not load reorder requests');

  const receive = async (reorder: Reorder) => {
    if (
      !(await confirm(REORDER_MESSAGES.confirmReceive(reorder), {
        title: 'Mark reorder received',
        confirmLabel: 'Mark received',
      }))
    )
      return;
    setReceiving(reorder._id);
    try {
      const reply = await receiveReorder(reorder._id);
      queryClient.setQueryData<AdminProduct[]>(PRODUCTS_KEY, (list) =>
        list?.map((p) => (p._id === reply.product._id ? { ...p, stock: reply.product.stock } : p)),
      );
      toast.show(REORDER_MESSAGES.received(reorder), 'success');
    } catch (error) {
      logger.error(`Could not mark reorder ${reorder._id} received`, error);
      toast.show(failureMessage(error, REORDER_MESSAGES.receiveFailed), 'error');
    } finally {
      setReceiving(null);
    }
    // Read again either way: another member of staff may have received it first.
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: REORDERS_KEY }),
      queryClient.invalidateQueries({ queryKey: PRODUCTS_KEY }),
    ]);
  };

  const list = reorders.data ?? [];
  return (
    <TitledSection title={REORDER_MESSAGES.title} className="card card-section">
      <p className="field-hint">{REORDER_MESSAGES.intro}</p>
      {reorders.isPending ? (
        <LoadingState label="Loading reorder requests..." />
      ) : list.length === 0 ? (
        <EmptyState title={reorders.isError ? REORDER_MESSAGES.loadFailed : REORDER_MESSAGES.empty}>
          {reorders.isError ? (
            <button type="button" className="btn btn-secondary" onClick={() => void reorders.refetch()}>
              Retry
            </button>
          ) : null}
        </EmptyState>
      ) : (
        <DataTable columns={COLUMNS} label={REORDER_MESSAGES.title}>
          {list.map((reorder) => (
            <ReorderRow
              key={reorder._id}
              reorder={reorder}
              busy={receiving === reorder._id}
              onReceive={() => void receive(reorder)}
            />
          ))}
        </DataTable>
      )}
    </TitledSection>
  );
}

function ReorderRow({ reorder, busy, onReceive }: { reorder: Reorder; busy: boolean; onReceive(): void }) {
  const receivable = reorder.status === 'open' && !reorder.productDeleted;
  return (
    <tr>
      <td>{reorder.productName}</td>
      <td>{units(reorder.quantity)}</td>
      <td>
        <time dateTime={reorder.createdAt}>{relativeTime(reorder.createdAt)}</time>
      </td>
      <td>
        <ReorderStatus reorder={reorder} />
      </td>
      <td>
        {receivable ? (
          <button
            type="button"
            className="btn btn-small btn-primary"
            aria-label={`Mark received: ${reorder.productName}`}
            disabled={busy}
            onClick={onReceive}
          >
            {busy ? 'Saving...' : 'Mark received'}
          </button>
        ) : null}
      </td>
    </tr>
  );
}

function ReorderStatus({ reorder }: { reorder: Reorder }) {
  if (reorder.status === 'received' && reorder.receivedAt)
    return (
      <span className="badge badge-success">
        Received <time dateTime={reorder.receivedAt}>{relativeTime(reorder.receivedAt).toLowerCase()}</time>
      </span>
    );
  if (reorder.productDeleted) return <span className="badge badge-danger">Product deleted</span>;
  return <span className="badge badge-warning">Open</span>;
}
