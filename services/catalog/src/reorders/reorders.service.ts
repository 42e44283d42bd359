import { Injectable } from '@nestjs/common';
import { RpcError } from '@shop/kit';
import { CATALOG_MESSAGES as M, ReorderListReply, ReorderReceiveReply } from '@shop/proto';
import { DataSource } from 'typeorm';
import { isUuid } from '../common/ids';
import { ProductsService } from '../products/products.service';
import { ReadCache } from '../products/read-cache';
import { ReorderRequestsRepository } from './reorder-requests.repository';
import { reorderList, toReorderView } from './reorder-view';

/**
 * The back office's reorder requests. Auto reorder opens them (LowStockNotifier, at a fall to the
 * threshold) and never touches stock; only staff marking one received adds its units.
 */
@Injectable()
export class ReordersService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly requests: ReorderRequestsRepository,
    private readonly products: ProductsService,
    private readonly cache: ReadCache,
  ) {}

  async list(): Promise<ReorderListReply> {
    const { open, received } = await this.requests.recent();
    return { success: true, reorders: reorderList(open, received) };
  }

  /**
   * Adds the request's units to its product's stock through the back office's own save
   * (`ProductsService.updateIn`): product.upserted, the read caches and the low-stock state follow
   * as they do for a stock typed into the form. Once per request: a second receive is refused.
   */
  async receive(id: string, receivedBy: string): Promise<ReorderReceiveReply> {
    if (!isUuid(id)) throw RpcError.notFound(M.reorderNotFound);
    const reply = await this.dataSource.transaction(async (m): Promise<ReorderReceiveReply> => {
      const productId = await this.requests.productOf(m, id);
      if (!productId) throw RpcError.notFound(M.reorderNotFound);
      // The product first, as every stock path locks it before its requests.
      const [product]: { available: number; deleted: boolean }[] = await m.query(
        `SELECT stock - reserved AS available, deleted_at IS NOT NULL AS deleted FROM products WHERE id = $1 FOR UPDATE`,
        [productId],
      );
      const request = await this.requests.lock(m, id);
      if (request.status === 'received') throw RpcError.conflict(M.reorderAlreadyReceived);
      if (product.deleted) throw RpcError.conflict(M.reorderProductDeleted);
      const saved = await this.products.updateIn(m, productId, {
        stock: product.available + request.quantity,
      });
      const received = await this.requests.markReceived(m, id, receivedBy);
      return {
        success: true,
        reorder: toReorderView(received),
        product: { _id: productId, stock: saved.stock },
      };
    });
    // Dropped again once committed: a read between the save's drop and the commit may have kept the old stock.
    this.cache.clear();
    return reply;
  }
}
