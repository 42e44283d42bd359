import { pictureUrlFor } from '@shop/proto';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { failureMessage } from '../../api/client';
import { deleteImages } from '../../api/images';
import {
  createProduct,
  deleteProduct,
  listProducts,
  PRODUCTS_KEY,
  restorePayload,
  type AdminProduct,
} from '../../api/products';
import { useConfirm } from '../../components/ConfirmProvider';
import { DataTable } from '../../components/DataTable';
import { SearchFilter, SelectFilter } from '../../components/Filters';
import { EditIcon, ExternalIcon, PlusIcon, TrashIcon } from '@shop/web-kit/icons';
import { Page } from '../../components/Page';
import { EmptyState, LoadingState } from '@shop/web-kit/QueryStates';
import { SummaryCards } from '../../components/SummaryCards';
import { useToast } from '../../components/ToastProvider';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';
import { useLoggedError } from '../../hooks/useLoggedError';
import { formatPrice } from '../../lib/format';
import { createLogger } from '@shop/web-kit/logger';
import { STOCK_STATUS_LABELS, stockStatus } from '../../lib/stock';
import { ProductForm } from './ProductForm';
import { ReordersPanel } from './ReordersPanel';
import {
  BRAND_LABELS,
  descriptionPreview,
  existingCategories,
  filterProducts,
  STOCK_FILTERS,
  summarize,
  type StockFilter,
} from './productList';

const logger = createLogger('admin:products');

export const PRODUCT_MESSAGES = {
  confirmDelete: 'Are you sure you want to delete this product? This action cannot be undone.',
} as const;

const STATUS_BADGE = { out: 'badge-danger', low: 'badge-warning', in: 'badge-success' } as const;

const COLUMNS = ['Product', 'Category', 'Group', 'Price', 'Stock', 'Status', 'Actions'];

type Editing = { mode: 'add' } | { mode: 'edit'; product: AdminProduct } | null;

/** The products screen and its form (back-office spec, section 2). */
export default function ProductsPage() {
  const queryClient = useQueryClient();
  const confirm = useConfirm();
  const toast = useToast();
  const [search, setSearch] = useState('');
  const [stock, setStock] = useState<StockFilter>('all');
  const [editing, setEditing] = useState<Editing>(null);

  useDocumentTitle('Products');

  const products = useQuery({ queryKey: PRODUCTS_KEY, queryFn: ({ signal }) => listProducts(signal) });

  useLoggedError(logger, products.error, 'Could not load products');

  const all = useMemo(() => products.data ?? [], [products.data]);
  const summary = useMemo(() => summarize(all), [all]);
  const visible = useMemo(() => filterProducts(all, search, stock), [all, search, stock]);
  const categories = useMemo(() => existingCategories(all), [all]);

  const remove = async (product: AdminProduct) => {
    if (
      !(await confirm(PRODUCT_MESSAGES.confirmDelete, {
        title: 'Delete product',
        confirmLabel: 'Delete',
        danger: true,
      }))
    )
      return;
    try {
      await deleteProduct(product._id);
    } catch (error) {
      logger.error(`Could not delete product ${product._id}`, error);
      return;
    }
    queryClient.setQueryData<AdminProduct[]>(PRODUCTS_KEY, (list) =>
      list?.filter((p) => p._id !== product._id),
    );
    toast.showUndo({
      message: `"${product.name}" deleted`,
      onUndo: async () => {
        try {
          await createProduct(restorePayload(product));
        } catch (error) {
          logger.error(`Could not restore product ${product._id}`, error);
          toast.show(failureMessage(error, 'Failed to restore product'), 'error');
        }
        await queryClient.invalidateQueries({ queryKey: PRODUCTS_KEY });
      },
      // The images stay in storage while the product can still be restored.
      onExpire: () => {
        deleteImages(product.images).catch((error) =>
          logger.error('Could not delete the images of a deleted product', error),
        );
      },
    });
  };

  const closeForm = (saved: boolean) => {
    setEditing(null);
    if (saved) void queryClient.invalidateQueries({ queryKey: PRODUCTS_KEY });
  };

  if (editing) {
    return (
      <ProductForm
        key={editing.mode === 'edit' ? editing.product._id : 'new'}
        product={editing.mode === 'edit' ? editing.product : undefined}
        categories={categories}
        categoriesLoading={products.isPending}
        onClose={closeForm}
      />
    );
  }

  return (
    <Page
      title="Products"
      subtitle="Manage the MS and Jaksh catalog"
      actions={
        <button type="button" className="btn btn-primary" onClick={() => setEditing({ mode: 'add' })}>
          <PlusIcon />
          Add New Product
        </button>
      }
    >
      <SummaryCards
        label="Product summary"
        cards={[
          ['Total Products', summary.total],
          ['MS Products', summary.ms],
          ['Jaksh Products', summary.jaksh],
          ['Low Stock', summary.lowStock],
          ['Out of Stock', summary.outOfStock],
        ]}
      />

      <div className="card">
        <div className="filters">
          <SearchFilter
            label="Search products"
            placeholder="Search by name, description or category"
            value={search}
            onChange={setSearch}
          />
          <SelectFilter label="Stock level" value={stock} options={STOCK_FILTERS} onChange={setStock} />
        </div>

        {products.isPending ? (
          <LoadingState label="Loading products..." />
        ) : visible.length === 0 ? (
          <EmptyState title={all.length === 0 ? 'No products yet' : 'No products match your search'}>
            {products.isError ? (
              <button type="button" className="btn btn-secondary" onClick={() => void products.refetch()}>
                Retry
              </button>
            ) : null}
          </EmptyState>
        ) : (
          <DataTable label="Product list" columns={COLUMNS}>
            {visible.map((product) => (
              <ProductTableRow
                key={product._id}
                product={product}
                onEdit={() => setEditing({ mode: 'edit', product })}
                onDelete={() => void remove(product)}
              />
            ))}
          </DataTable>
        )}
      </div>

      <ReordersPanel />
    </Page>
  );
}

function ProductTableRow({
  product,
  onEdit,
  onDelete,
}: {
  product: AdminProduct;
  onEdit(): void;
  onDelete(): void;
}) {
  const status = stockStatus(product.stock);
  return (
    <tr>
      <td>
        <div className="product-cell">
          {product.images[0] ? (
            // A 3rem thumbnail: the smallest width that fills it on a 2x screen, not the 1200 px the product holds.
            <img className="thumb" src={pictureUrlFor(product.images[0], 96)} alt="" loading="lazy" />
          ) : (
            <span className="thumb" aria-hidden="true" />
          )}
          <div>
            <div className="product-cell-name">{product.name}</div>
            <div className="product-cell-description">{descriptionPreview(product.description)}</div>
          </div>
        </div>
      </td>
      <td>{product.category || 'Uncategorized'}</td>
      <td>{BRAND_LABELS[product.brand] ?? product.brand}</td>
      <td>{formatPrice(product.price)}</td>
      <td>{product.stock} units</td>
      <td>
        <span className={`badge ${STATUS_BADGE[status]}`}>{STOCK_STATUS_LABELS[status]}</span>
      </td>
      <td>
        <div className="row-actions">
          <a
            className="icon-button"
            href={`/product/${product._id}`}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={`View ${product.name}`}
            title="View"
          >
            <ExternalIcon />
          </a>
          <button
            type="button"
            className="icon-button"
            aria-label={`Edit ${product.name}`}
            title="Edit"
            onClick={onEdit}
          >
            <EditIcon />
          </button>
          <button
            type="button"
            className="icon-button"
            aria-label={`Delete ${product.name}`}
            title="Delete"
            onClick={onDelete}
          >
            <TrashIcon />
          </button>
        </div>
      </td>
    </tr>
  );
}
