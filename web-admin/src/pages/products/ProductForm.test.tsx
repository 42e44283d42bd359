import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { aCustomization, aProduct, aReview } from '../../test/fixtures';
import { mockApi } from '../../test/mockApi';
import { ADMIN, renderAdmin } from '../../test/renderApp';

const NEW_ID = '11111111-2222-4333-8444-555555555555';
const giftWrap = aCustomization({
  name: 'Gift Wrap',
  type: 'boolean',
  priceModifier: { type: 'fixed', operator: '+', value: 50 },
});
const size = aCustomization({
  name: 'Size',
  type: 'select',
  priceModifier: null,
  options: [
    { value: 'Small', priceModifier: { type: 'fixed', operator: '+', value: 0 } },
    { value: 'Large', priceModifier: { type: 'fixed', operator: '+', value: 20 } },
  ],
});
const mug = aProduct({
  name: 'Photo Mug',
  category: 'Drinkware',
  brand: 'jaksh',
  images: ['/uploads/products/mug-1.webp', '/uploads/products/mug-2.webp'],
  tags: ['gift', 'ceramic'],
  customizations: [
    {
      optionId: giftWrap._id,
      enabled: true,
      priceModifier: { type: 'fixed', operator: '+', value: 80 },
      options: null,
    },
  ],
});
const review = aReview({
  productId: mug._id,
  user: { username: 'asha' },
  rating: 4,
  pros: ['Sharp print'],
  cons: ['Strap is short'],
  helpfulCount: 3,
});

type Routes = Parameters<typeof mockApi>[0];

function server(extra: Routes = {}) {
  return mockApi({
    'GET /admin2009/profile': () => ({ data: { success: true, admin: ADMIN } }),
    'GET /admin2009/products': () => ({ data: { success: true, products: [mug], total: 1, page: 1 } }),
    'GET /admin2009/reorders': () => ({ data: { success: true, reorders: [] } }),
    'GET /customizations': () => ({ data: { success: true, customizations: [giftWrap, size] } }),
    [`GET /reviews/product/${mug._id}`]: () => ({ data: { success: true, reviews: [review] } }),
    'POST /admin2009/products': () => ({ data: { success: true, _id: NEW_ID } }),
    [`PATCH /admin2009/products/${mug._id}`]: () => ({ data: { success: true } }),
    'POST /admin/upload-images': () => ({ data: { success: true, urls: ['/uploads/products/new-1.webp'] } }),
    'DELETE /admin/delete-images': () => ({ data: { success: true, deleted: 1 } }),
    'POST /reviews/admin': () => ({ data: { success: true, review: aReview() } }),
    ...extra,
  });
}

async function openAdd(routes: Routes = {}) {
  const api = server(routes);
  const view = renderAdmin('/products');
  await view.user.click(await screen.findByRole('button', { name: 'Add New Product' }));
  await screen.findByRole('heading', { name: 'Add New Product' });
  return { api, ...view };
}

async function openEdit(routes: Routes = {}) {
  const api = server(routes);
  const view = renderAdmin('/products');
  await view.user.click(await screen.findByRole('button', { name: 'Edit Photo Mug' }));
  await screen.findByRole('heading', { name: 'Edit Product' });
  await screen.findByLabelText('Gift Wrap');
  return { api, ...view };
}

type User = Awaited<ReturnType<typeof openAdd>>['user'];

async function fillGeneral(user: User) {
  await user.type(screen.getByLabelText('Product name *'), 'Kraft Notebook');
  await user.selectOptions(screen.getByLabelText('Category *'), 'Drinkware');
  await user.type(screen.getByLabelText('Description *'), 'Recycled kraft cover, 120 pages');
}

async function submitAndConfirm(user: User) {
  await user.click(screen.getByRole('button', { name: /^(Create|Update) Product$/ }));
  const dialog = await screen.findByRole('alertdialog');
  expect(dialog).toHaveTextContent('Are you sure you want to submit this product?');
  await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
}

const image = (name: string, type = 'image/png') => new File(['bytes'], name, { type });

describe('the product form: general information', () => {
  it('offers the list of categories, not a new category, when the form opens before the products have come', async () => {
    let listed!: () => void;
    const api = server({
      'GET /admin2009/products': () =>
        new Promise((resolve) => {
          listed = () => resolve({ data: { success: true, products: [mug], total: 1, page: 1 } });
        }),
    });
    const { user } = renderAdmin('/products');
    await user.click(await screen.findByRole('button', { name: 'Add New Product' }));
    await screen.findByRole('heading', { name: 'Add New Product' });
    expect(screen.getByLabelText('Category *').tagName).toBe('SELECT');
    await waitFor(() => expect(api.callsTo('GET', '/admin2009/products')).toHaveLength(1));
    listed();
    expect(await screen.findByRole('option', { name: 'Drinkware' })).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Category *'), '__add_new_category__');
    expect(screen.getByLabelText('Category *')).toHaveAttribute('placeholder', 'New category name');
  });

  it('requires name, category and description before asking to submit', async () => {
    const { user, api } = await openAdd();
    await user.click(screen.getByRole('button', { name: 'Create Product' }));
    expect(await screen.findByText('Product name is required')).toBeInTheDocument();
    expect(screen.getByText('Category is required')).toBeInTheDocument();
    expect(screen.getByText('Description is required')).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(api.callsTo('POST', '/admin2009/products')).toHaveLength(0);
  });

  it('defaults the brand to MS and sends blank price and stock as 0', async () => {
    const { user, api } = await openAdd();
    expect(screen.getByLabelText('Brand')).toHaveValue('ms');
    await fillGeneral(user);
    await submitAndConfirm(user);
    await waitFor(() => expect(api.callsTo('POST', '/admin2009/products')).toHaveLength(1));
    expect(api.callsTo('POST', '/admin2009/products')[0].body).toEqual({
      name: 'Kraft Notebook',
      brand: 'ms',
      category: 'Drinkware',
      price: 0,
      stock: 0,
      description: 'Recycled kraft cover, 120 pages',
      images: [],
      tags: [],
      customizations: [],
      hsnCode: null,
    });
  });

  it("saves with '✅ Product + Reviews saved' and returns to the list", async () => {
    const { user } = await openAdd();
    await fillGeneral(user);
    await user.selectOptions(screen.getByLabelText('Brand'), 'jaksh');
    await user.type(screen.getByLabelText('Price (₹)'), '249.5');
    await user.type(screen.getByLabelText('Stock'), '40');
    await submitAndConfirm(user);
    expect(await screen.findByText('✅ Product + Reviews saved')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Products' })).toBeInTheDocument();
  });

  it('adds a new category instead of choosing an existing one', async () => {
    const { user, api } = await openAdd();
    await user.type(screen.getByLabelText('Product name *'), 'Sticker Sheet');
    await user.selectOptions(screen.getByLabelText('Category *'), '+ Add new category');
    await user.type(screen.getByLabelText('Category *'), 'Stickers');
    await user.type(screen.getByLabelText('Description *'), 'Vinyl, waterproof');
    await submitAndConfirm(user);
    await waitFor(() =>
      expect(api.callsTo('POST', '/admin2009/products')[0]?.body).toMatchObject({ category: 'Stickers' }),
    );
  });

  it('does not save when the submit question is answered Cancel', async () => {
    const { user, api } = await openAdd();
    await fillGeneral(user);
    await user.click(screen.getByRole('button', { name: 'Create Product' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancel' }));
    expect(api.callsTo('POST', '/admin2009/products')).toHaveLength(0);
  });

  it("shows '❌ Save failed' and the server's reason when saving fails", async () => {
    const { user } = await openAdd({
      'POST /admin2009/products': () => ({
        status: 400,
        data: { success: false, status: 400, message: 'Customization not found', errors: [] },
      }),
    });
    await fillGeneral(user);
    await submitAndConfirm(user);
    expect(await screen.findByText('❌ Save failed')).toBeInTheDocument();
    expect(screen.getByText('Customization not found')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Add New Product' })).toBeInTheDocument();
  });

  it('sends the changed fields of an existing product with PATCH', async () => {
    const { user, api } = await openEdit();
    const price = screen.getByLabelText('Price (₹)');
    await user.clear(price);
    await user.type(price, '399');
    await submitAndConfirm(user);
    await waitFor(() => expect(api.callsTo('PATCH', `/admin2009/products/${mug._id}`)).toHaveLength(1));
    expect(api.callsTo('PATCH', `/admin2009/products/${mug._id}`)[0].body).toMatchObject({
      name: 'Photo Mug',
      brand: 'jaksh',
      price: 399,
      images: mug.images,
      tags: ['gift', 'ceramic'],
      customizations: [
        {
          optionId: giftWrap._id,
          enabled: true,
          priceModifier: { type: 'fixed', operator: '+', value: 80 },
          options: null,
        },
      ],
    });
  });
});

describe('the product form: HSN code', () => {
  it("shows the chosen category's default code and sends the code typed", async () => {
    const { user, api } = await openAdd();
    const hsn = screen.getByLabelText('HSN Code');
    expect(hsn).toHaveAccessibleDescription(
      /Leave blank for the category's default: Lanyards 6307, Labels 4821/,
    );
    await fillGeneral(user);
    expect(hsn).toHaveAttribute('placeholder', 'Default for Drinkware: 6912');
    await user.type(hsn, '69120010');
    await submitAndConfirm(user);
    await waitFor(() => expect(api.callsTo('POST', '/admin2009/products')).toHaveLength(1));
    expect(api.callsTo('POST', '/admin2009/products')[0].body).toMatchObject({ hsnCode: '69120010' });
  });

  it("follows a new category's default in the placeholder", async () => {
    const { user } = await openAdd();
    await user.selectOptions(screen.getByLabelText('Category *'), '+ Add new category');
    await user.type(screen.getByLabelText('Category *'), 'Labels');
    expect(screen.getByLabelText('HSN Code')).toHaveAttribute('placeholder', 'Default for Labels: 4821');
  });

  it("refuses a code that is not 4, 6 or 8 digits with 'HSN code must be 4, 6 or 8 digits' before asking to submit", async () => {
    const { user, api } = await openAdd();
    await fillGeneral(user);
    await user.type(screen.getByLabelText('HSN Code'), '69120');
    await user.click(screen.getByRole('button', { name: 'Create Product' }));
    expect(await screen.findByText('HSN code must be 4, 6 or 8 digits')).toBeInTheDocument();
    expect(screen.getByLabelText('HSN Code')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('HSN Code')).toHaveAccessibleDescription(
      /^HSN code must be 4, 6 or 8 digits/,
    );
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(api.callsTo('POST', '/admin2009/products')).toHaveLength(0);
  });

  it("shows a product's own code and sends none once it is cleared, so the product takes its category's", async () => {
    const own = aProduct({
      name: 'Kraft Labels',
      category: 'Labels',
      hsnCode: '48211020',
      effectiveHsnCode: '48211020',
    });
    const api = server({
      'GET /admin2009/products': () => ({ data: { success: true, products: [own], total: 1, page: 1 } }),
      [`PATCH /admin2009/products/${own._id}`]: () => ({ data: { success: true } }),
    });
    const { user } = renderAdmin('/products');
    await user.click(await screen.findByRole('button', { name: 'Edit Kraft Labels' }));
    const hsn = await screen.findByLabelText('HSN Code');
    expect(hsn).toHaveValue('48211020');
    expect(hsn).toHaveAttribute('placeholder', 'Default for Labels: 4821');
    await user.clear(hsn);
    await submitAndConfirm(user);
    await waitFor(() => expect(api.callsTo('PATCH', `/admin2009/products/${own._id}`)).toHaveLength(1));
    expect(api.callsTo('PATCH', `/admin2009/products/${own._id}`)[0].body).toMatchObject({ hsnCode: null });
  });
});

describe('the product form: cancel and unsaved changes', () => {
  it('closes at once when nothing changed', async () => {
    const { user } = await openEdit();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Products' })).toBeInTheDocument();
  });

  it("asks 'Please ensure that you have no unsaved changes.' when something changed", async () => {
    const { user } = await openEdit();
    await user.type(screen.getByLabelText('Product name *'), ' XL');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('Please ensure that you have no unsaved changes.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('heading', { name: 'Edit Product' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Discard changes' }),
    );
    expect(await screen.findByRole('heading', { name: 'Products' })).toBeInTheDocument();
  });

  it('holds sidebar navigation while the form is dirty', async () => {
    const { user } = await openEdit();
    await user.type(screen.getByLabelText('Description *'), ' with handle');
    await user.click(screen.getByRole('link', { name: 'Orders' }));
    expect(await screen.findByRole('alertdialog')).toHaveTextContent(
      'Please ensure that you have no unsaved changes.',
    );
  });
});

describe('the product form: images', () => {
  it('uploads new images on save and sends their URLs with the kept ones', async () => {
    const { user, api } = await openEdit();
    await user.upload(screen.getByLabelText('Product images', { selector: 'input' }), image('new.png'));
    expect(screen.getAllByRole('button', { name: /Preview image/ })).toHaveLength(3);
    await submitAndConfirm(user);
    await waitFor(() => expect(api.callsTo('PATCH', `/admin2009/products/${mug._id}`)).toHaveLength(1));
    const upload = api.callsTo('POST', '/admin/upload-images')[0];
    expect((upload.body as FormData).getAll('images')).toHaveLength(1);
    expect(upload.headers.get('Authorization')).toBe('Bearer admin-jwt');
    expect(api.callsTo('PATCH', `/admin2009/products/${mug._id}`)[0].body).toMatchObject({
      images: [...mug.images, '/uploads/products/new-1.webp'],
    });
  });

  it('accepts dropped image files', async () => {
    await openAdd();
    fireEvent.drop(screen.getByTestId('image-dropzone'), {
      dataTransfer: { files: [image('a.png'), image('b.jpg', 'image/jpeg')] },
    });
    expect(await screen.findAllByRole('button', { name: /Preview image/ })).toHaveLength(2);
  });

  it("refuses files that are not images with 'Please upload only image files'", async () => {
    await openAdd();
    fireEvent.drop(screen.getByTestId('image-dropzone'), {
      dataTransfer: { files: [new File(['%PDF'], 'brief.pdf', { type: 'application/pdf' })] },
    });
    expect(await screen.findByText('Please upload only image files')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Preview image/ })).not.toBeInTheDocument();
  });

  it("alerts 'Failed to upload images' and does not save when no URLs come back", async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    const { user, api } = await openEdit({
      'POST /admin/upload-images': () => ({ data: { success: true, urls: [] } }),
    });
    await user.upload(screen.getByLabelText('Product images', { selector: 'input' }), image('new.png'));
    await submitAndConfirm(user);
    await waitFor(() => expect(alert).toHaveBeenCalledWith('Failed to upload images'));
    expect(api.callsTo('PATCH', `/admin2009/products/${mug._id}`)).toHaveLength(0);
  });

  it('previews an image on click', async () => {
    const { user } = await openEdit();
    await user.click(screen.getByRole('button', { name: 'Preview image 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Image preview' });
    expect(within(dialog).getByRole('img')).toHaveAttribute('src', mug.images[0]);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('removes an image with undo and deletes it from storage only when the product is saved', async () => {
    const { user, api } = await openEdit();
    await user.click(screen.getByRole('button', { name: 'Remove image 1' }));
    expect(screen.getAllByRole('button', { name: /Preview image/ })).toHaveLength(1);
    await user.click(
      within(screen.getByText('Image removed').closest('.toast') as HTMLElement).getByRole('button', {
        name: 'Undo',
      }),
    );
    expect(screen.getAllByRole('button', { name: /Preview image/ })).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Preview image 1' }).querySelector('img')).toHaveAttribute(
      'src',
      mug.images[0],
    );

    await user.click(screen.getByRole('button', { name: 'Remove image 2' }));
    expect(api.callsTo('DELETE', '/admin/delete-images')).toHaveLength(0);
    await submitAndConfirm(user);
    await waitFor(() => expect(api.callsTo('DELETE', '/admin/delete-images')).toHaveLength(1));
    expect(api.callsTo('PATCH', `/admin2009/products/${mug._id}`)[0].body).toMatchObject({
      images: [mug.images[0]],
    });
    expect(api.callsTo('DELETE', '/admin/delete-images')[0].body).toEqual({ imageUrls: [mug.images[1]] });
  });
});

describe('the product form: tags', () => {
  it('adds, edits and deletes tags, with undo for a deleted tag', async () => {
    const { user, api } = await openEdit();
    await user.type(screen.getByLabelText('New tag'), 'diwali{Enter}');
    await user.click(screen.getByRole('button', { name: 'Edit tag gift' }));
    const editor = screen.getByRole('textbox', { name: 'Edit tag gift' });
    await user.clear(editor);
    await user.type(editor, 'gifting{Enter}');
    await user.click(screen.getByRole('button', { name: 'Remove tag ceramic' }));
    expect(screen.queryByText('ceramic')).not.toBeInTheDocument();
    await user.click(
      within(screen.getByText('Tag "ceramic" removed').closest('.toast') as HTMLElement).getByRole('button', {
        name: 'Undo',
      }),
    );
    expect(
      within(screen.getByRole('list', { name: 'Tags' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent?.replace('×', '').trim()),
    ).toEqual(['gifting', 'ceramic', 'diwali']);
    await submitAndConfirm(user);
    await waitFor(() =>
      expect(api.callsTo('PATCH', `/admin2009/products/${mug._id}`)[0]?.body).toMatchObject({
        tags: ['gifting', 'ceramic', 'diwali'],
      }),
    );
  });
});

describe('the product form: customizations', () => {
  it("picks an option from the library and edits this product's price modifiers", async () => {
    const { user, api } = await openEdit();
    await user.click(screen.getByLabelText('Size'));
    const large = screen.getByLabelText('Size Large price amount');
    await user.clear(large);
    await user.type(large, '25');
    await user.selectOptions(screen.getByLabelText('Gift Wrap price operator'), '-');
    await submitAndConfirm(user);
    await waitFor(() => expect(api.callsTo('PATCH', `/admin2009/products/${mug._id}`)).toHaveLength(1));
    expect(api.callsTo('PATCH', `/admin2009/products/${mug._id}`)[0].body).toMatchObject({
      customizations: [
        {
          optionId: giftWrap._id,
          enabled: true,
          priceModifier: { type: 'fixed', operator: '-', value: 80 },
          options: null,
        },
        {
          optionId: size._id,
          enabled: true,
          priceModifier: null,
          options: [
            { value: 'Small', priceModifier: { type: 'fixed', operator: '+', value: 0 } },
            { value: 'Large', priceModifier: { type: 'fixed', operator: '+', value: 25 } },
          ],
        },
      ],
    });
  });

  it("creates a customization in the modal, selects it and says '✅ Customization created and selected'", async () => {
    const created = aCustomization({
      name: 'Ribbon Colour',
      type: 'select',
      priceModifier: null,
      options: [{ value: 'Red', priceModifier: { type: 'fixed', operator: '+', value: 10 } }],
    });
    const { user, api } = await openAdd({
      'POST /customizations': () => ({ status: 201, data: { success: true, customization: created } }),
    });
    await user.click(screen.getByRole('button', { name: 'New Customization' }));
    const dialog = await screen.findByRole('dialog', { name: 'New Customization' });
    await user.type(within(dialog).getByLabelText('Name *'), 'Ribbon Colour');
    expect(within(dialog).getByLabelText('Type *')).toHaveDisplayValue('Boolean Yes/No');
    await user.selectOptions(within(dialog).getByLabelText('Type *'), 'Single Select');
    await user.type(within(dialog).getByLabelText('Description'), 'Satin ribbon');
    await user.click(within(dialog).getByRole('button', { name: 'Add Option' }));
    await user.type(within(dialog).getByLabelText('Option 1 value'), 'Red');
    const amount = within(dialog).getByLabelText('Option 1 amount');
    await user.clear(amount);
    await user.type(amount, '10');
    await user.click(within(dialog).getByLabelText('Set as Default'));
    await user.click(within(dialog).getByRole('button', { name: 'Create Customization' }));

    expect(await screen.findByText('✅ Customization created and selected')).toBeInTheDocument();
    const call = api.callsTo('POST', '/customizations')[0];
    expect(call.headers.get('Authorization')).toBe('Bearer admin-jwt');
    expect(call.body).toEqual({
      name: 'Ribbon Colour',
      type: 'select',
      description: 'Satin ribbon',
      isDefault: true,
      isActive: true,
      options: [{ value: 'Red', priceModifier: { type: 'fixed', operator: '+', value: 10 } }],
    });
    expect(screen.getByLabelText('Ribbon Colour')).toBeChecked();
  });

  it("sends the boolean price modifier and says '❌ Failed to create customization' on failure", async () => {
    const { user, api } = await openAdd({
      'POST /customizations': () => ({ status: 400, data: { message: 'Customization name is required' } }),
    });
    await user.click(screen.getByRole('button', { name: 'New Customization' }));
    const dialog = await screen.findByRole('dialog', { name: 'New Customization' });
    await user.type(within(dialog).getByLabelText('Name *'), 'Engraving');
    await user.selectOptions(within(dialog).getByLabelText('Price modifier operator'), '+');
    const amount = within(dialog).getByLabelText('Price modifier amount');
    await user.clear(amount);
    await user.type(amount, '99');
    await user.click(within(dialog).getByRole('button', { name: 'Create Customization' }));
    expect(await screen.findByText('❌ Failed to create customization')).toBeInTheDocument();
    expect(api.callsTo('POST', '/customizations')[0].body).toMatchObject({
      name: 'Engraving',
      type: 'boolean',
      priceModifier: { type: 'fixed', operator: '+', value: 99 },
    });
    expect(screen.getByRole('dialog', { name: 'New Customization' })).toBeInTheDocument();
  });

  it("edits a library definition with PUT and says '✅ Customization updated'", async () => {
    const updated = { ...giftWrap, name: 'Premium Gift Wrap' };
    const { user, api } = await openEdit({
      [`PUT /customizations/${giftWrap._id}`]: () => ({ data: { success: true, customization: updated } }),
    });
    await user.click(screen.getByRole('button', { name: 'Edit customization Gift Wrap' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Customization' });
    const name = within(dialog).getByLabelText('Name *');
    expect(name).toHaveValue('Gift Wrap');
    await user.clear(name);
    await user.type(name, 'Premium Gift Wrap');
    await user.click(within(dialog).getByRole('button', { name: 'Update Customization' }));
    expect(await screen.findByText('✅ Customization updated')).toBeInTheDocument();
    expect(api.callsTo('PUT', `/customizations/${giftWrap._id}`)[0].headers.get('Authorization')).toBe(
      'Bearer admin-jwt',
    );
    expect(screen.getByLabelText('Premium Gift Wrap')).toBeChecked();
  });

  it("says '❌ Failed to update customization' when the update fails", async () => {
    const { user } = await openEdit({
      [`PUT /customizations/${giftWrap._id}`]: () => ({
        status: 404,
        data: { message: 'Customization not found' },
      }),
    });
    await user.click(screen.getByRole('button', { name: 'Edit customization Gift Wrap' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Customization' });
    await user.click(within(dialog).getByRole('button', { name: 'Update Customization' }));
    expect(await screen.findByText('❌ Failed to update customization')).toBeInTheDocument();
  });
});

describe('the product form: reviews', () => {
  it('deletes an existing review and brings it back as it was with Undo, restored on the server', async () => {
    let listed = [review];
    const { user, api } = await openEdit({
      [`GET /reviews/product/${mug._id}`]: () => ({ data: { success: true, reviews: listed } }),
      [`DELETE /reviews/${review._id}`]: () => {
        listed = [];
        return { data: { success: true } };
      },
      [`POST /reviews/${review._id}/restore`]: () => {
        listed = [review];
        return { data: { success: true, review } };
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Delete review by asha' }));
    await waitFor(() => expect(screen.queryByText(review.comment)).not.toBeInTheDocument());
    expect(api.callsTo('DELETE', `/reviews/${review._id}`)[0].headers.get('Authorization')).toBe(
      'Bearer admin-jwt',
    );
    await user.click(
      within(screen.getByText('Review deleted').closest('.toast') as HTMLElement).getByRole('button', {
        name: 'Undo',
      }),
    );
    expect(await screen.findByText(review.comment)).toBeInTheDocument();
    const restore = api.callsTo('POST', `/reviews/${review._id}/restore`);
    expect(restore).toHaveLength(1);
    expect(restore[0].headers.get('Authorization')).toBe('Bearer admin-jwt');
    expect(api.callsTo('POST', '/reviews/admin')).toHaveLength(0);
  });

  it("says 'Failed to delete review' when the delete fails", async () => {
    const { user } = await openEdit({
      [`DELETE /reviews/${review._id}`]: () => ({ status: 404, data: { message: 'Review not found' } }),
    });
    await user.click(await screen.findByRole('button', { name: 'Delete review by asha' }));
    expect(await screen.findByText('Failed to delete review')).toBeInTheDocument();
    expect(screen.getByText(review.comment)).toBeInTheDocument();
  });

  it("says 'Failed to restore review' when the server cannot bring it back", async () => {
    const { user } = await openEdit({
      [`DELETE /reviews/${review._id}`]: () => ({ data: { success: true } }),
      [`POST /reviews/${review._id}/restore`]: () => ({
        status: 409,
        data: { message: 'The reviewer has written a new review of this product since it was deleted' },
      }),
    });
    await user.click(await screen.findByRole('button', { name: 'Delete review by asha' }));
    await user.click(
      within((await screen.findByText('Review deleted')).closest('.toast') as HTMLElement).getByRole(
        'button',
        { name: 'Undo' },
      ),
    );
    expect(await screen.findByText('Failed to restore review')).toBeInTheDocument();
  });

  it('sends new admin reviews with the product only when email, password, rating and comment are present', async () => {
    const { user, api } = await openAdd();
    await fillGeneral(user);
    await user.click(screen.getByRole('button', { name: 'Add Review' }));
    await user.click(screen.getByRole('button', { name: 'Add Review' }));
    const [complete, partial] = within(screen.getByRole('list', { name: 'New reviews' })).getAllByRole(
      'listitem',
    );
    await user.type(within(complete).getByLabelText('Reviewer name'), 'Ravi');
    await user.type(within(complete).getByLabelText('Reviewer email'), 'ravi@example.in');
    await user.type(within(complete).getByLabelText('Reviewer password'), 'Secret#123');
    await user.click(within(complete).getByRole('button', { name: '5 stars' }));
    await user.type(within(complete).getByLabelText('Comment'), 'Superb finish on the notebook.');
    await user.type(within(partial).getByLabelText('Reviewer email'), 'meera@example.in');
    await user.type(within(partial).getByLabelText('Comment'), 'No rating or password given.');
    await submitAndConfirm(user);
    expect(await screen.findByText('✅ Product + Reviews saved')).toBeInTheDocument();
    expect(api.callsTo('POST', '/reviews/admin').map((c) => c.body)).toEqual([
      {
        productId: NEW_ID,
        reviewerName: 'Ravi',
        reviewerEmail: 'ravi@example.in',
        reviewerPassword: 'Secret#123',
        rating: 5,
        comment: 'Superb finish on the notebook.',
      },
    ]);
  });

  it('removes a new review with undo', async () => {
    const { user } = await openAdd();
    await user.click(screen.getByRole('button', { name: 'Add Review' }));
    await user.type(screen.getByLabelText('Reviewer email'), 'ravi@example.in');
    await user.click(screen.getByRole('button', { name: 'Remove new review 1' }));
    expect(screen.queryByLabelText('Reviewer email')).not.toBeInTheDocument();
    await user.click(
      within(screen.getByText('Review removed').closest('.toast') as HTMLElement).getByRole('button', {
        name: 'Undo',
      }),
    );
    expect(screen.getByLabelText('Reviewer email')).toHaveValue('ravi@example.in');
  });

  it('does not create the product twice when a review fails after the product was saved', async () => {
    const { user, api } = await openAdd({
      'POST /reviews/admin': () => ({
        status: 400,
        data: { message: 'Comment must be at least 10 characters long' },
      }),
    });
    await fillGeneral(user);
    await user.click(screen.getByRole('button', { name: 'Add Review' }));
    await user.type(screen.getByLabelText('Reviewer email'), 'ravi@example.in');
    await user.type(screen.getByLabelText('Reviewer password'), 'x');
    await user.click(screen.getByRole('button', { name: '3 stars' }));
    await user.type(screen.getByLabelText('Comment'), 'Too short');
    await submitAndConfirm(user);
    expect(await screen.findByText('❌ Save failed')).toBeInTheDocument();
    expect(screen.getByText('Comment must be at least 10 characters long')).toBeInTheDocument();
    await submitAndConfirm(user);
    await waitFor(() => expect(api.callsTo('PATCH', `/admin2009/products/${NEW_ID}`)).toHaveLength(1));
    expect(api.callsTo('POST', '/admin2009/products')).toHaveLength(1);
  });
});
