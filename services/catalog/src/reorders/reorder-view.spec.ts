import { REORDER_LIST_CLOSED_LIMIT } from '@shop/proto';
import { reorderList, ReorderRow } from './reorder-view';

let seq = 0;
const at = (minute: number) => new Date(Date.UTC(2026, 3, 1, 10, minute));
const row = (fields: Partial<ReorderRow>): ReorderRow => ({
  id: `00000000-0000-4000-8000-${String(++seq).padStart(12, '0')}`,
  product_id: `10000000-0000-4000-8000-${String(seq).padStart(12, '0')}`,
  quantity: 50,
  status: 'open',
  created_at: at(0),
  received_at: null,
  product_name: `Product ${seq}`,
  product_deleted_at: null,
  ...fields,
});

describe('the back office’s reorder list', () => {
  it('lists the open requests first, then the received ones, most recently received first', () => {
    const openNew = row({ created_at: at(30) });
    const openOld = row({ created_at: at(5) });
    const receivedEarly = row({ status: 'received', created_at: at(1), received_at: at(10) });
    const receivedLate = row({ status: 'received', created_at: at(2), received_at: at(40) });
    const list = reorderList([openNew, openOld], [receivedLate, receivedEarly]);
    expect(list.map((r) => r._id)).toEqual([openNew.id, openOld.id, receivedLate.id, receivedEarly.id]);
    expect(list[2]).toEqual({
      _id: receivedLate.id,
      productId: receivedLate.product_id,
      productName: receivedLate.product_name,
      quantity: 50,
      status: 'received',
      createdAt: at(2).toISOString(),
      receivedAt: at(40).toISOString(),
      productDeleted: false,
    });
  });

  it('lists an open request whose product was deleted with the closed ones, by when the product was deleted', () => {
    const open = row({ created_at: at(1) });
    const orphan = row({ created_at: at(2), product_deleted_at: at(20) });
    const received = row({ status: 'received', received_at: at(10) });
    const list = reorderList([orphan, open], [received]);
    expect(list.map((r) => r._id)).toEqual([open.id, orphan.id, received.id]);
    expect(list[1]).toMatchObject({ status: 'open', productDeleted: true, receivedAt: null });
  });

  it(`keeps every open request but only the latest ${REORDER_LIST_CLOSED_LIMIT} closed ones`, () => {
    const open = Array.from({ length: 3 }, () => row({}));
    const received = Array.from({ length: REORDER_LIST_CLOSED_LIMIT }, (_, i) =>
      row({ status: 'received', received_at: at(59 - i) }),
    );
    const orphan = row({ product_deleted_at: at(59) });
    const list = reorderList([...open, orphan], received);
    expect(list).toHaveLength(3 + REORDER_LIST_CLOSED_LIMIT);
    expect(list.slice(3).map((r) => r._id)).not.toContain(received[received.length - 1].id);
    expect(list.slice(3).map((r) => r._id)).toContain(orphan.id);
  });
});
