import { addressSchema, COUNTRY, INDIAN_STATES, type AddressInput, type AddressView } from '@shop/proto';
import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@shop/web-kit/zodResolver';
import { Modal } from '../Modal';
import { cityAfterStateChange, citySuggestions, stateForCity } from './cityRules';
import './address.css';

export interface AddressFormValues {
  name: string;
  phone: string;
  street: string;
  city: string;
  state: string;
  pinCode: string;
  country: string;
  isDefault: boolean;
}

const FIELD_ORDER: (keyof AddressFormValues)[] = ['name', 'phone', 'street', 'state', 'city', 'pinCode'];
const MAX_SUGGESTIONS = 8;

function valuesOf(address: AddressView | null): AddressFormValues {
  return {
    name: address?.name ?? '',
    phone: address?.phone ?? '',
    street: address?.street ?? '',
    city: address?.city ?? '',
    state: address?.state ?? '',
    pinCode: address?.pinCode ?? '',
    country: COUNTRY,
    isDefault: address?.isDefault ?? false,
  };
}

interface AddressFormModalProps {
  open: boolean;
  /** The address being edited; none adds a new one. */
  address: AddressView | null;
  onClose(): void;
  /** Saves the address; a rejection keeps the dialog open. */
  onSave(address: AddressInput): Promise<void>;
}

/**
 * The add/edit address dialog (storefront spec, sections 2 and 5): every field checked with the
 * shared schema's messages, the 32 states, and city suggestions that follow the chosen state.
 */
export function AddressFormModal({ open, address, onClose, onSave }: AddressFormModalProps) {
  const id = useId();
  const {
    register,
    handleSubmit,
    reset,
    watch,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<AddressFormValues>({ resolver: zodResolver(addressSchema), defaultValues: valuesOf(address) });
  const [suggestOpen, setSuggestOpen] = useState(false);
  const [activeSuggestion, setActiveSuggestion] = useState(-1);

  useEffect(() => {
    if (open) reset(valuesOf(address));
  }, [open, address, reset]);

  const state = watch('state');
  const city = watch('city');
  const suggestions = citySuggestions(state, city).slice(0, MAX_SUGGESTIONS);
  const showSuggestions = suggestOpen && suggestions.length > 0;

  const problems = [
    ...new Set(FIELD_ORDER.map((field) => errors[field]?.message).filter((m): m is string => Boolean(m))),
  ];

  const chooseCity = (picked: string) => {
    setValue('city', picked, { shouldDirty: true });
    const owner = stateForCity(picked, state);
    if (owner) setValue('state', owner, { shouldDirty: true });
    setSuggestOpen(false);
    setActiveSuggestion(-1);
  };

  const onCityKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (!showSuggestions) {
      if (event.key === 'ArrowDown') setSuggestOpen(true);
      return;
    }
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActiveSuggestion((i) => (i + step + suggestions.length) % suggestions.length);
    } else if (event.key === 'Enter' && activeSuggestion >= 0) {
      event.preventDefault();
      chooseCity(suggestions[activeSuggestion]);
    } else if (event.key === 'Escape') {
      // Closes the suggestions only, not the dialog.
      event.stopPropagation();
      event.preventDefault();
      setSuggestOpen(false);
    }
  };

  const submit = handleSubmit(async (values) => {
    const { isDefault, ...fields } = values;
    try {
      await onSave({
        name: fields.name.trim(),
        phone: fields.phone.trim(),
        street: fields.street.trim(),
        city: fields.city.trim(),
        state: fields.state as AddressInput['state'],
        pinCode: fields.pinCode.trim(),
        country: COUNTRY,
        isDefault,
      });
    } catch {
      // The caller has told the shopper why; the form stays as typed.
    }
  });

  const invalid = (field: keyof AddressFormValues) => (errors[field] ? true : undefined);
  const cityField = register('city');

  return (
    <Modal open={open} title={address ? 'Edit Address' : 'Add New Address'} onClose={onClose} size="large">
      <form className="address-form" onSubmit={(e) => void submit(e)} noValidate>
        {problems.length > 0 && (
          <div className="notice notice-error" role="alert">
            <ul className="problem-list">
              {problems.map((p) => (
                <li key={p}>{p}</li>
              ))}
            </ul>
          </div>
        )}
        <div className="address-grid">
          <div className="field">
            <label htmlFor={`${id}-name`}>Full name</label>
            <input
              id={`${id}-name`}
              autoComplete="name"
              aria-invalid={invalid('name')}
              {...register('name')}
            />
          </div>
          <div className="field">
            <label htmlFor={`${id}-phone`}>Phone</label>
            <input
              id={`${id}-phone`}
              type="tel"
              inputMode="numeric"
              autoComplete="tel-national"
              maxLength={10}
              aria-invalid={invalid('phone')}
              {...register('phone')}
            />
          </div>
          <div className="field span-2">
            <label htmlFor={`${id}-street`}>Street address</label>
            <input
              id={`${id}-street`}
              autoComplete="street-address"
              aria-invalid={invalid('street')}
              {...register('street')}
            />
          </div>
          <div className="field">
            <label htmlFor={`${id}-state`}>State</label>
            <select
              id={`${id}-state`}
              aria-invalid={invalid('state')}
              {...register('state', {
                onChange: (e) => setValue('city', cityAfterStateChange(e.target.value, city)),
              })}
            >
              <option value="">Select a state</option>
              {INDIAN_STATES.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </select>
          </div>
          <div className="field city-field">
            <label htmlFor={`${id}-city`}>City</label>
            <input
              id={`${id}-city`}
              role="combobox"
              autoComplete="off"
              aria-autocomplete="list"
              aria-expanded={showSuggestions}
              aria-controls={`${id}-cities`}
              aria-activedescendant={
                showSuggestions && activeSuggestion >= 0 ? `${id}-city-${activeSuggestion}` : undefined
              }
              aria-invalid={invalid('city')}
              {...cityField}
              onChange={(e) => {
                void cityField.onChange(e);
                setSuggestOpen(true);
                setActiveSuggestion(-1);
                // Typing a known city sets its state (storefront spec, section 4).
                const owner = stateForCity(e.target.value, state);
                if (owner && owner !== state) setValue('state', owner);
              }}
              onFocus={() => setSuggestOpen(true)}
              onBlur={(e) => {
                void cityField.onBlur(e);
                setSuggestOpen(false);
              }}
              onKeyDown={onCityKeyDown}
            />
            {showSuggestions && (
              <ul
                id={`${id}-cities`}
                role="listbox"
                aria-label="City suggestions"
                className="city-suggestions"
              >
                {suggestions.map((suggestion, index) => (
                  <li
                    key={suggestion}
                    id={`${id}-city-${index}`}
                    role="option"
                    aria-selected={index === activeSuggestion}
                    onMouseDown={(e) => {
                      e.preventDefault();
                      chooseCity(suggestion);
                    }}
                  >
                    {suggestion}
                  </li>
                ))}
              </ul>
            )}
          </div>
          <div className="field">
            <label htmlFor={`${id}-pin`}>Pin code</label>
            <input
              id={`${id}-pin`}
              inputMode="numeric"
              autoComplete="postal-code"
              maxLength={6}
              aria-invalid={invalid('pinCode')}
              {...register('pinCode')}
            />
          </div>
          <div className="field">
            <label htmlFor={`${id}-country`}>Country</label>
            <input id={`${id}-country`} value={COUNTRY} readOnly aria-readonly="true" />
          </div>
        </div>
        <label className="checkbox">
          <input type="checkbox" {...register('isDefault')} />
          Set as default address
        </label>
        <div className="modal-actions">
          <button type="button" className="btn btn-secondary" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
            {isSubmitting ? 'Saving...' : address ? 'Update Address' : 'Save Address'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
