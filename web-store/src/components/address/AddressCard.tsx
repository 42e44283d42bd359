import type { AddressView } from '@shop/proto';
import './address.css';

/** The customer's saved addresses, shared by My Account and checkout. */
export const ADDRESSES_KEY = ['account', 'addresses'] as const;

export function AddressCard({ address }: { address: AddressView }) {
  return (
    <>
      <p className="address-name">
        <strong>{address.name}</strong>
        {address.isDefault && <span className="default-badge">Default</span>}
      </p>
      <p>{address.street}</p>
      <p>
        {address.city}, {address.state} {address.pinCode}
      </p>
      <p>{address.country}</p>
      <p>Phone: {address.phone}</p>
    </>
  );
}
