import { screen, waitFor, within } from '@testing-library/react';
import type { ReorderView } from '@shop/proto';
import { aProduct } from '../../test/fixtures';
import { mockApi } from '../../test/mockApi';
import { ADMIN, renderAdmin } from '../../test/renderApp';

const HOUR_MS = 60 * 60 * 1000;
const hoursAgo = (hours: number) => new Date(Date.now() - hours * HOUR_MS).toISOString();

const lanyard = aProduct({ name: 'Printed Lanyard', stock: 4 });
const mug = aProduct({ name: 'Photo Mug', stock: 60 });

const reorder = (overrides: Partial<ReorderView>): ReorderView => ({
  _id: '20000000-0000-4000-8000-000000000001',
  productId: lanyard._id,
  productName: lanyard.name,
  quantity: 50,
  status: 'open',
  createdAt: hoursAgo(3),
  receivedAt: null,
  productDeleted: false,
  ...overrides,
});

const open = reorder({});
const received = reorder({
  _id: '20000000-0000-4000-8000-000000000002',
  productId: mug._id,
  productName: mug.name,
  quantity: 25,
  status: 'received',
  createdAt: hoursAgo(72),
  receivedAt: hoursAgo(48),
});
const orphan = reorder({
  _id: '20000000-0000-4000-8000-000000000003',
  productId: '30000000-0000-4000-8000-000000000003',
  productName: 'Retired Diary',
  productDeleted: true,
});

type Routes = Parameters<typeof mockApi>[0];

/** A server whose lists change once the open request is received, as the real one does. */
function server(extra: Routes = {}) {
  let products = [lanyard, mug];
  let reorders = [open, received, orphan];
  const api = mockApi({
    'GET /admin2009/profile': () => ({ data: { success: true, admin: ADMIN } }),
    'GET /admin2009/products': () => ({ data: { success: true, products, total: products.length, page: 1 } }),
    'GET /customizations': () => ({ data: { success: true, customizations: [] } }),
    'GET /admin2009/reorders': () => ({ data: { success: true, reorders } }),
    [`POST /admin2009/reorders/${open._id}/receive`]: () => {
      const done = { ...open, status: 'received' as const, receivedAt: new Date().toISOString() };
      products = products.map((p) => (p._id === lanyard._id ? { ...p, stock: 54 } : p));
      reorders = [done, received, orphan];
      return { data: { success: true, reorder: done, product: { _id: lanyard._id, stock: 54 } } };
    },
    ...extra,
  });
  return api;
}

const panel = () => screen.findByRole('table', { name: 'Reorder requests' });
const rowOf = async (name: string) => within(await panel()).getByRole('row', { name: new RegExp(name) });
/** The product list's row: the list comes before the panel. */
const listedProduct = (name: string) => screen.getAllByRole('row', { name: new RegExp(name) })[0];

describe('the products screen: reorder requests', () => {
  it('lists each request with its product, quantity, when it was opened and its status, open ones first', async () => {
    server();
    renderAdmin('/products');
    const table = await panel();
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Product', 'Quantity', 'Opened', 'Status', 'Actions']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell')[0].textContent)).toEqual([
      'Printed Lanyard',
      'Photo Mug',
      'Retired Diary',
    ]);
    expect(rows[0]).toHaveTextContent('50 units');
    expect(rows[0]).toHaveTextContent('3 hours ago');
    expect(rows[0]).toHaveTextContent('Open');
    expect(within(rows[0]).getByRole('button', { name: 'Mark received: Printed Lanyard' })).toBeEnabled();
    expect(rows[1]).toHaveTextContent('25 units');
    expect(rows[1]).toHaveTextContent('Received 2 days ago');
    expect(within(rows[1]).queryByRole('button')).not.toBeInTheDocument();
    expect(rows[2]).toHaveTextContent('Product deleted');
    expect(within(rows[2]).queryByRole('button')).not.toBeInTheDocument();
  });

  it('marks a request received after the confirm dialog, and the product list shows the new stock', async () => {
    const api = server();
    const { user } = renderAdmin('/products');
    await rowOf('Printed Lanyard');
    expect(listedProduct('Printed Lanyard')).toHaveTextContent('4 units');

    await user.click(screen.getByRole('button', { name: 'Mark received: Printed Lanyard' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent(
      'Mark the reorder of 50 units of Printed Lanyard as received? 50 units will be added to its stock.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Mark received' }));

    expect(await screen.findByText('✅ 50 units of Printed Lanyard added to stock')).toBeInTheDocument();
    expect(api.callsTo('POST', `/admin2009/reorders/${open._id}/receive`)).toHaveLength(1);
    await waitFor(() => expect(listedProduct('Printed Lanyard')).toHaveTextContent('54 units'));
    await waitFor(async () => expect(await rowOf('Printed Lanyard')).toHaveTextContent('Received just now'));
    expect(within(await rowOf('Printed Lanyard')).queryByRole('button')).not.toBeInTheDocument();
  });

  it('receives nothing when the confirm dialog is cancelled', async () => {
    const api = server();
    const { user } = renderAdmin('/products');
    await user.click(await screen.findByRole('button', { name: 'Mark received: Printed Lanyard' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancel' }));
    expect(api.callsTo('POST', `/admin2009/reorders/${open._id}/receive`)).toHaveLength(0);
    expect(await rowOf('Printed Lanyard')).toHaveTextContent('Open');
  });

  it("says why when the server refuses, e.g. 'This reorder was already received'", async () => {
    server({
      [`POST /admin2009/reorders/${open._id}/receive`]: () => ({
        status: 409,
        data: { success: false, status: 409, message: 'This reorder was already received', errors: [] },
      }),
    });
    const { user } = renderAdmin('/products');
    await user.click(await screen.findByRole('button', { name: 'Mark received: Printed Lanyard' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Mark received' }),
    );
    expect(await screen.findByText('This reorder was already received')).toBeInTheDocument();
  });

  it("says 'No reorder requests' when there are none", async () => {
    server({ 'GET /admin2009/reorders': () => ({ data: { success: true, reorders: [] } }) });
    renderAdmin('/products');
    const section = await screen.findByRole('region', { name: 'Reorder requests' });
    expect(await within(section).findByText('No reorder requests')).toBeInTheDocument();
    expect(within(section).queryByRole('table')).not.toBeInTheDocument();
  });
});
