import { act, screen, waitFor, within } from '@testing-library/react';
import { aProduct } from '../../test/fixtures';
import { mockApi } from '../../test/mockApi';
import { ADMIN, renderAdmin } from '../../test/renderApp';

const lanyard = aProduct({
  name: 'Printed Lanyard',
  description: 'Polyester lanyard with full-colour print on both sides and a metal hook',
  category: 'Lanyards',
  brand: 'ms',
  price: 45,
  stock: 120,
  images: ['/uploads/products/lanyard.webp', '/uploads/products/lanyard-2.webp'],
});
const mug = aProduct({
  name: 'Photo Mug',
  description: 'Ceramic mug',
  category: '',
  brand: 'jaksh',
  price: 349,
  stock: 7,
  images: [],
});
const diary = aProduct({
  name: 'Leather Diary',
  description: 'A5 hardbound',
  category: 'Stationery',
  brand: 'jaksh',
  price: 899,
  stock: 0,
});

function server(products = [lanyard, mug, diary]) {
  return mockApi({
    'GET /admin2009/profile': () => ({ data: { success: true, admin: ADMIN } }),
    'GET /admin2009/products': () => ({ data: { success: true, products, total: products.length, page: 1 } }),
    [`DELETE /admin2009/products/${lanyard._id}`]: () => ({
      data: { success: true, message: 'Product deleted' },
    }),
    'POST /admin2009/products': () => ({ data: { success: true, _id: lanyard._id } }),
    'DELETE /admin/delete-images': () => ({ data: { success: true, deleted: 2 } }),
    'GET /customizations': () => ({ data: { success: true, customizations: [] } }),
    'GET /admin2009/reorders': () => ({ data: { success: true, reorders: [] } }),
  });
}

const row = (name: string) => screen.getByRole('row', { name: new RegExp(name) });

describe('the products screen', () => {
  it('shows the summary cards: total, MS, Jaksh, low stock and out of stock', async () => {
    server();
    renderAdmin('/products');
    const summary = await screen.findByLabelText('Product summary');
    await waitFor(() =>
      expect(within(summary).getByText('Total Products').nextSibling).toHaveTextContent('3'),
    );
    expect(within(summary).getByText('MS Products').nextSibling).toHaveTextContent('1');
    expect(within(summary).getByText('Jaksh Products').nextSibling).toHaveTextContent('2');
    expect(within(summary).getByText('Low Stock').nextSibling).toHaveTextContent('1');
    expect(within(summary).getByText('Out of Stock').nextSibling).toHaveTextContent('1');
  });

  it('lists each product with thumbnail, 50-character description, category, group, price, stock and status', async () => {
    server();
    renderAdmin('/products');
    await screen.findByText('Printed Lanyard');
    const first = row('Printed Lanyard');
    expect(within(first).getByRole('presentation')).toHaveAttribute('src', '/uploads/products/lanyard.webp');
    expect(first).toHaveTextContent('Polyester lanyard with full-colour print on both s...');
    expect(first).toHaveTextContent('Lanyards');
    expect(first).toHaveTextContent('MS');
    expect(first).toHaveTextContent('₹45');
    expect(first).toHaveTextContent('120 units');
    expect(first).toHaveTextContent('In Stock');
    expect(row('Photo Mug')).toHaveTextContent('Uncategorized');
    expect(row('Photo Mug')).toHaveTextContent('Jaksh');
    expect(row('Photo Mug')).toHaveTextContent('Low Stock');
    expect(row('Leather Diary')).toHaveTextContent('Out of Stock');
  });

  it("shows a stored picture's thumbnail at its smallest width, not the 1200 px the product holds", async () => {
    const photo = aProduct({ name: 'Photo Frame', images: ['/uploads/products/0123456789abcdef-1200.webp'] });
    server([photo]);
    renderAdmin('/products');
    await screen.findByText('Photo Frame');
    expect(within(row('Photo Frame')).getByRole('presentation')).toHaveAttribute(
      'src',
      '/uploads/products/0123456789abcdef-160.webp',
    );
  });

  it('opens the store page of a product in a new tab with View', async () => {
    server();
    renderAdmin('/products');
    const view = await screen.findByRole('link', { name: 'View Printed Lanyard' });
    expect(view).toHaveAttribute('href', `/product/${lanyard._id}`);
    expect(view).toHaveAttribute('target', '_blank');
  });

  it('searches name, description and category and filters by stock level', async () => {
    server();
    const { user } = renderAdmin('/products');
    await screen.findByText('Printed Lanyard');
    await user.type(screen.getByRole('searchbox', { name: 'Search products' }), 'hardbound');
    expect(screen.getByText('Leather Diary')).toBeInTheDocument();
    expect(screen.queryByText('Printed Lanyard')).not.toBeInTheDocument();
    await user.clear(screen.getByRole('searchbox', { name: 'Search products' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Stock level' }), 'Low Stock');
    expect(screen.getByText('Photo Mug')).toBeInTheDocument();
    expect(screen.queryByText('Leather Diary')).not.toBeInTheDocument();
  });

  it('asks before deleting and does nothing when cancelled', async () => {
    const api = server();
    const { user } = renderAdmin('/products');
    await user.click(await screen.findByRole('button', { name: 'Delete Printed Lanyard' }));
    expect(screen.getByRole('alertdialog')).toHaveTextContent(
      'Are you sure you want to delete this product? This action cannot be undone.',
    );
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Cancel' }));
    expect(api.calls.filter((c) => c.method === 'DELETE')).toHaveLength(0);
    expect(screen.getByText('Printed Lanyard')).toBeInTheDocument();
  });

  it('deletes, then restores the product by re-posting it when Undo is pressed within 5 seconds', async () => {
    const api = server();
    const { user } = renderAdmin('/products');
    await user.click(await screen.findByRole('button', { name: 'Delete Printed Lanyard' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByText('Printed Lanyard')).not.toBeInTheDocument());
    expect(api.callsTo('DELETE', `/admin2009/products/${lanyard._id}`)).toHaveLength(1);
    const toast = screen.getByText('"Printed Lanyard" deleted').closest('.toast') as HTMLElement;
    await user.click(within(toast).getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(api.callsTo('POST', '/admin2009/products')).toHaveLength(1));
    expect(api.callsTo('POST', '/admin2009/products')[0].body).toMatchObject({
      _id: lanyard._id,
      name: 'Printed Lanyard',
      brand: 'ms',
      category: 'Lanyards',
      price: 45,
      stock: 120,
      images: lanyard.images,
      tags: lanyard.tags,
    });
    expect(api.callsTo('DELETE', '/admin/delete-images')).toHaveLength(0);
  });

  it("deletes the product's images from storage once the 5-second undo has passed", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const api = server();
      const { user } = renderAdmin('/products');
      await user.click(await screen.findByRole('button', { name: 'Delete Printed Lanyard' }));
      await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
      await screen.findByText('"Printed Lanyard" deleted');
      act(() => void vi.advanceTimersByTime(4900));
      expect(api.callsTo('DELETE', '/admin/delete-images')).toHaveLength(0);
      act(() => void vi.advanceTimersByTime(200));
      expect(screen.queryByText('"Printed Lanyard" deleted')).not.toBeInTheDocument();
      await waitFor(() =>
        expect(api.callsTo('DELETE', '/admin/delete-images')[0]?.body).toEqual({ imageUrls: lanyard.images }),
      );
      expect(api.callsTo('POST', '/admin2009/products')).toHaveLength(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it('opens the product form with Add New Product and Edit', async () => {
    server();
    const { user } = renderAdmin('/products');
    await user.click(await screen.findByRole('button', { name: 'Add New Product' }));
    expect(screen.getByRole('heading', { name: 'Add New Product' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.click(await screen.findByRole('button', { name: 'Edit Photo Mug' }));
    expect(screen.getByRole('heading', { name: 'Edit Product' })).toBeInTheDocument();
    expect(screen.getByLabelText('Product name *')).toHaveValue('Photo Mug');
  });
});
