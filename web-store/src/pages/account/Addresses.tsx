import type { AddressInput } from '@shop/proto';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  ACCOUNT_ERRORS,
  addAddress,
  deleteAddress,
  fetchAddresses,
  updateAddress,
  type Address,
} from '../../api/account';
import { connectionProblem } from '../../api/client';
import { useAuth } from '../../auth/AuthContext';
import { AddressCard, ADDRESSES_KEY } from '../../components/address/AddressCard';
import { AddressFormModal } from '../../components/address/AddressFormModal';
import { EmptyState, ErrorState, LoadingState } from '@shop/web-kit/QueryStates';
import { alertFailure } from '../../lib/notify';

export const ADDRESS_TEXT = {
  added: 'Address added successfully',
  updated: 'Address updated successfully',
  deleted: 'Address deleted successfully',
  confirmDelete: 'Are you sure you want to delete this address?',
} as const;

export function Addresses() {
  const queryClient = useQueryClient();
  const { updateUser } = useAuth();
  const addresses = useQuery({
    queryKey: ADDRESSES_KEY,
    queryFn: ({ signal }) => fetchAddresses(signal),
    refetchOnMount: 'always',
  });
  const [editing, setEditing] = useState<Address | null>(null);
  const [formOpen, setFormOpen] = useState(false);

  const refresh = () => queryClient.invalidateQueries({ queryKey: ADDRESSES_KEY });

  const save = async (input: AddressInput) => {
    try {
      const user = editing ? await updateAddress(editing._id, input) : await addAddress(input);
      updateUser(user);
      setFormOpen(false);
      window.alert(editing ? ADDRESS_TEXT.updated : ADDRESS_TEXT.added);
      await refresh();
    } catch (error) {
      alertFailure(error, editing ? ACCOUNT_ERRORS.addressUpdate : ACCOUNT_ERRORS.addressAdd);
      throw error;
    }
  };

  const remove = async (address: Address) => {
    if (!window.confirm(ADDRESS_TEXT.confirmDelete)) return;
    try {
      updateUser(await deleteAddress(address._id));
      window.alert(ADDRESS_TEXT.deleted);
      await refresh();
    } catch (error) {
      alertFailure(error, ACCOUNT_ERRORS.addressDelete);
    }
  };

  const open = (address: Address | null) => {
    setEditing(address);
    setFormOpen(true);
  };

  return (
    <>
      <div className="section-head">
        <h2>Manage Addresses</h2>
        <button type="button" className="btn btn-primary" onClick={() => open(null)}>
          Add New Address
        </button>
      </div>
      {addresses.isPending ? (
        <LoadingState />
      ) : addresses.isError ? (
        <ErrorState
          message={connectionProblem(addresses.error) ?? ACCOUNT_ERRORS.load}
          onRetry={() => void addresses.refetch()}
        />
      ) : addresses.data.length === 0 ? (
        <EmptyState title="No saved addresses">
          <p>Add an address to check out faster.</p>
        </EmptyState>
      ) : (
        <ul className="address-cards">
          {addresses.data.map((address) => (
            <li key={address._id} className="address-card" aria-label={`Address of ${address.name}`}>
              <AddressCard address={address} />
              <div className="address-actions">
                <button type="button" className="btn-link" onClick={() => open(address)}>
                  Edit<span className="visually-hidden"> address of {address.name}</span>
                </button>
                <button type="button" className="btn-link danger" onClick={() => void remove(address)}>
                  Delete<span className="visually-hidden"> address of {address.name}</span>
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <AddressFormModal open={formOpen} address={editing} onClose={() => setFormOpen(false)} onSave={save} />
    </>
  );
}
