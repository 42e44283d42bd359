import { COMPANY_NAME_MAX_LENGTH, GSTIN_LENGTH } from '@shop/proto';
import { useId, type RefObject } from 'react';
import type { GstField, GstInvoiceInput } from './checkoutRules';

interface GstInvoiceFieldsProps {
  wanted: boolean;
  onWantedChange(wanted: boolean): void;
  values: GstInvoiceInput;
  onChange(field: GstField, value: string): void;
  onBlur(field: GstField): void;
  /** The problem to show under each field, if any. */
  problems: Partial<Record<GstField, string>>;
  inputs: Record<GstField, RefObject<HTMLInputElement | null>>;
}

/**
 * "Need a GST invoice?": a business buyer's GSTIN and company name, printed with the shop's on the
 * tax invoice so the buyer can claim the GST back. Unticking keeps what was typed.
 */
export function GstInvoiceFields({
  wanted,
  onWantedChange,
  values,
  onChange,
  onBlur,
  problems,
  inputs,
}: GstInvoiceFieldsProps) {
  const id = useId();
  const field = (name: GstField, label: string, hint: string, props: Record<string, unknown>) => {
    const problem = problems[name];
    return (
      <div className="field">
        <label htmlFor={`${id}-${name}`}>{label}</label>
        <input
          id={`${id}-${name}`}
          ref={inputs[name]}
          value={values[name]}
          aria-invalid={problem ? true : undefined}
          aria-describedby={`${id}-${name}-hint${problem ? ` ${id}-${name}-error` : ''}`}
          onChange={(event) => onChange(name, event.target.value)}
          onBlur={() => onBlur(name)}
          {...props}
        />
        <p id={`${id}-${name}-hint`} className="field-hint">
          {hint}
        </p>
        {problem && (
          <p id={`${id}-${name}-error`} className="field-error" role="alert">
            {problem}
          </p>
        )}
      </div>
    );
  };

  return (
    <section className="checkout-card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="visually-hidden">
        GST invoice
      </h2>
      <label className="checkbox gst-toggle">
        <input
          type="checkbox"
          checked={wanted}
          aria-controls={`${id}-fields`}
          aria-expanded={wanted}
          onChange={(event) => onWantedChange(event.target.checked)}
        />
        Need a GST invoice?
      </label>
      <p className="muted gst-note">
        Buying for a business? Add its GSTIN and company name: your tax invoice will carry both, so you can
        claim the GST back.
      </p>
      <div id={`${id}-fields`} hidden={!wanted} className="gst-fields">
        {field('gstin', 'GSTIN', `${GSTIN_LENGTH} characters, registered in the delivery address's state`, {
          autoComplete: 'off',
          autoCapitalize: 'characters',
          spellCheck: false,
          maxLength: GSTIN_LENGTH + 5,
        })}
        {field('companyName', 'Company name', 'As registered with this GSTIN', {
          autoComplete: 'organization',
          maxLength: COMPANY_NAME_MAX_LENGTH,
        })}
      </div>
    </section>
  );
}
