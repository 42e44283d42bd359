import type { AddressView } from '@shop/proto';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeUser } from '../../test/fixtures';
import type { Handler } from '../../test/mockApi';
import { renderApp } from '../../test/renderApp';
import { accountApi } from './testSupport';

const home: AddressView = {
  _id: 'a1',
  name: 'Asha Rao',
  phone: '9876543210',
  street: '12 MG Road',
  city: 'Pune',
  state: 'Maharashtra',
  pinCode: '411001',
  country: 'India',
  isDefault: true,
};
const office: AddressView = {
  ...home,
  _id: 'a2',
  name: 'Asha (office)',
  street: '4 Residency Rd',
  city: 'Bengaluru',
  state: 'Karnataka',
  pinCode: '560025',
  isDefault: false,
};

function addressesApi(list: AddressView[], extra: Record<string, Handler> = {}) {
  return accountApi({
    'GET /auth/addresses': () => ({ data: { success: true, addresses: list } }),
    ...extra,
  });
}

const openAddresses = () => renderApp({ pathname: '/account', state: { section: 'addresses' } });

async function openForm() {
  const u = userEvent.setup();
  await u.click(await screen.findByRole('button', { name: 'Add New Address' }));
  const dialog = await screen.findByRole('dialog', { name: 'Add New Address' });
  return { u, dialog, field: (label: string) => within(dialog).getByLabelText(label) };
}

describe('Manage Addresses', () => {
  it('lists saved addresses with a Default badge', async () => {
    addressesApi([home, office]);
    openAddresses();
    const first = await screen.findByRole('listitem', { name: 'Address of Asha Rao' });
    expect(within(first).getByText('Default')).toBeInTheDocument();
    expect(first).toHaveTextContent('Pune, Maharashtra 411001');
    expect(
      within(screen.getByRole('listitem', { name: 'Address of Asha (office)' })).queryByText('Default'),
    ).toBeNull();
  });

  it("requires every field: 'Please fill all address fields'", async () => {
    const api = addressesApi([]);
    openAddresses();
    const { u, dialog } = await openForm();
    await u.click(within(dialog).getByRole('button', { name: 'Save Address' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Please fill all address fields');
    expect(api.calls('POST /auth/addresses')).toHaveLength(0);
  });

  it("checks the phone and pin code: 'Phone must be exactly 10 digits', 'Pin code must be 6 digits'", async () => {
    addressesApi([]);
    openAddresses();
    const { u, dialog, field } = await openForm();
    await u.type(field('Full name'), 'Asha Rao');
    await u.type(field('Phone'), '98765');
    await u.type(field('Street address'), '12 MG Road');
    await u.type(field('City'), 'Pune');
    await u.type(field('Pin code'), '4110');
    await u.click(within(dialog).getByRole('button', { name: 'Save Address' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Phone must be exactly 10 digits');
    expect(alert).toHaveTextContent('Pin code must be 6 digits');
    expect(alert).not.toHaveTextContent('Please fill all address fields');
  });

  it('offers the 32 states and fixes the country to India', async () => {
    addressesApi([]);
    openAddresses();
    const { field } = await openForm();
    expect(within(field('State')).getAllByRole('option')).toHaveLength(33);
    expect(field('Country')).toHaveValue('India');
    expect(field('Country')).toHaveAttribute('readonly');
  });

  it('narrows city suggestions to the chosen state and clears a city the state does not have', async () => {
    addressesApi([]);
    openAddresses();
    const { u, dialog, field } = await openForm();
    await u.type(field('City'), 'Pune');
    expect(field('State')).toHaveValue('Maharashtra');
    await u.selectOptions(field('State'), 'Karnataka');
    expect(field('City')).toHaveValue('');
    await u.click(field('City'));
    const list = within(dialog).getByRole('listbox', { name: 'City suggestions' });
    expect(
      within(list)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Bengaluru', 'Mysuru', 'Mangaluru', 'Hubballi', 'Belagavi']);
    await u.type(field('City'), 'uru');
    expect(
      within(list)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Bengaluru', 'Mysuru', 'Mangaluru']);
    await u.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(field('City')).toHaveValue('Mysuru');
    expect(field('State')).toHaveValue('Karnataka');
  });

  it("adds an address and says 'Address added successfully'", async () => {
    let saved: AddressView[] = [];
    const api = addressesApi([], {
      'GET /auth/addresses': () => ({ data: { addresses: saved } }),
      'POST /auth/addresses': (req) => {
        saved = [{ ...home, ...JSON.parse(req.data as string), _id: 'new' }];
        return { status: 201, data: { success: true, user: makeUser({ addresses: saved }) } };
      },
    });
    openAddresses();
    const { u, dialog, field } = await openForm();
    await u.type(field('Full name'), 'Ravi Kumar');
    await u.type(field('Phone'), '9123456780');
    await u.type(field('Street address'), '7 Park Street');
    await u.type(field('City'), 'Kolkata');
    await u.type(field('Pin code'), '700016');
    await u.click(within(dialog).getByLabelText('Set as default address'));
    await u.click(within(dialog).getByRole('button', { name: 'Save Address' }));
    await waitFor(() => expect(window.alert).toHaveBeenCalledWith('Address added successfully'));
    expect(api.calls('POST /auth/addresses')[0].body).toEqual({
      name: 'Ravi Kumar',
      phone: '9123456780',
      street: '7 Park Street',
      city: 'Kolkata',
      state: 'West Bengal',
      pinCode: '700016',
      country: 'India',
      isDefault: true,
    });
    expect(await screen.findByRole('listitem', { name: 'Address of Ravi Kumar' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("edits an address in the 'Edit Address' dialog and says 'Address updated successfully'", async () => {
    const api = addressesApi([home], {
      'PUT /auth/addresses/a1': () => ({ data: { success: true, user: makeUser() } }),
    });
    openAddresses();
    const u = userEvent.setup();
    await u.click(await screen.findByRole('button', { name: 'Edit address of Asha Rao' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Address' });
    const street = within(dialog).getByLabelText('Street address');
    expect(street).toHaveValue('12 MG Road');
    await u.clear(street);
    await u.type(street, '14 MG Road');
    await u.click(within(dialog).getByRole('button', { name: 'Update Address' }));
    await waitFor(() => expect(window.alert).toHaveBeenCalledWith('Address updated successfully'));
    expect(api.calls('PUT /auth/addresses/a1')[0].body).toMatchObject({
      street: '14 MG Road',
      city: 'Pune',
      isDefault: true,
    });
  });

  it("alerts the server's error when saving fails, keeping the dialog open", async () => {
    addressesApi([home], {
      'PUT /auth/addresses/a1': () => ({ status: 404, data: { message: 'Address not found' } }),
    });
    openAddresses();
    const u = userEvent.setup();
    await u.click(await screen.findByRole('button', { name: 'Edit address of Asha Rao' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Address' });
    await u.click(within(dialog).getByRole('button', { name: 'Update Address' }));
    await waitFor(() => expect(window.alert).toHaveBeenCalledWith('Address not found'));
    expect(screen.getByRole('dialog', { name: 'Edit Address' })).toBeInTheDocument();
  });

  it("asks 'Are you sure you want to delete this address?' and says 'Address deleted successfully'", async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    const api = addressesApi([home], {
      'DELETE /auth/addresses/a1': () => ({ data: { success: true, user: makeUser() } }),
    });
    openAddresses();
    const u = userEvent.setup();
    await u.click(await screen.findByRole('button', { name: 'Delete address of Asha Rao' }));
    expect(confirm).toHaveBeenCalledWith('Are you sure you want to delete this address?');
    expect(api.calls('DELETE /auth/addresses/a1')).toHaveLength(0);
    await u.click(screen.getByRole('button', { name: 'Delete address of Asha Rao' }));
    await waitFor(() => expect(window.alert).toHaveBeenCalledWith('Address deleted successfully'));
    expect(api.calls('DELETE /auth/addresses/a1')).toHaveLength(1);
  });

  it("falls back to 'Address deletion failed'", async () => {
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    addressesApi([home], { 'DELETE /auth/addresses/a1': () => ({ status: 400, data: {} }) });
    openAddresses();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Delete address of Asha Rao' }));
    await waitFor(() => expect(window.alert).toHaveBeenCalledWith('Address deletion failed'));
  });
});
