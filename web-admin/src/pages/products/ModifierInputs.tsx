import type { PriceOperator } from '@shop/proto';
import type { ModifierDraft } from './productForm';

/** A fixed price modifier: + or - and an amount in rupees. */
export function ModifierInputs({
  label,
  value,
  onChange,
}: {
  label: string;
  value: ModifierDraft;
  onChange(next: ModifierDraft): void;
}) {
  return (
    <>
      <select
        aria-label={`${label} operator`}
        value={value.operator}
        onChange={(event) => onChange({ ...value, operator: event.target.value as PriceOperator })}
      >
        <option value="+">+</option>
        <option value="-">-</option>
      </select>
      <input
        type="number"
        min="0"
        step="0.01"
        inputMode="decimal"
        aria-label={`${label} amount`}
        value={value.value}
        onChange={(event) => onChange({ ...value, value: event.target.value })}
      />
    </>
  );
}
