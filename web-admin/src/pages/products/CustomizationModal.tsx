import { CATALOG_MESSAGES, type PriceOperator } from '@shop/proto';
import { useEffect, useState } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import {
  createCustomization,
  updateCustomization,
  type CustomizationDefinition,
  type CustomizationPayload,
} from '../../api/customizations';
import { Modal } from '../../components/Modal';
import { useToast } from '../../components/ToastProvider';
import { createLogger } from '@shop/web-kit/logger';
import { hasOptions, PRODUCT_FORM_MESSAGES as MSG, toNumber } from './productForm';

const logger = createLogger('admin:customizations');

type LibraryType = CustomizationPayload['type'];

export const LIBRARY_TYPES: { value: LibraryType; label: string }[] = [
  { value: 'boolean', label: 'Boolean Yes/No' },
  { value: 'select', label: 'Single Select' },
  { value: 'multi-select', label: 'Multi-Select' },
];

interface ModalValues {
  name: string;
  type: LibraryType;
  description: string;
  operator: PriceOperator;
  amount: string;
  options: { value: string; operator: PriceOperator; amount: string }[];
  isDefault: boolean;
}

function valuesFrom(definition?: CustomizationDefinition): ModalValues {
  const type = LIBRARY_TYPES.some((t) => t.value === definition?.type)
    ? (definition!.type as LibraryType)
    : 'boolean';
  return {
    name: definition?.name ?? '',
    type,
    description: definition?.description ?? '',
    operator: definition?.priceModifier?.operator ?? '+',
    amount: String(definition?.priceModifier?.value ?? 0),
    options: (definition?.options ?? []).map((o) => ({
      value: o.value,
      operator: o.priceModifier?.operator ?? '+',
      amount: String(o.priceModifier?.value ?? 0),
    })),
    isDefault: definition?.isDefault ?? false,
  };
}

export function customizationPayload(values: ModalValues, isActive: boolean): CustomizationPayload {
  const base = {
    name: values.name.trim(),
    type: values.type,
    description: values.description.trim(),
    isDefault: values.isDefault,
    isActive,
  };
  if (hasOptions(values.type)) {
    return {
      ...base,
      options: values.options
        .filter((o) => o.value.trim())
        .map((o) => ({
          value: o.value.trim(),
          priceModifier: { type: 'fixed', operator: o.operator, value: toNumber(o.amount) },
        })),
    };
  }
  return {
    ...base,
    priceModifier: { type: 'fixed', operator: values.operator, value: toNumber(values.amount) },
  };
}

interface CustomizationModalProps {
  open: boolean;
  /** The definition being edited; none creates a new one. */
  definition?: CustomizationDefinition;
  onClose(): void;
  onSaved(definition: CustomizationDefinition, created: boolean): void;
}

/** Creates or edits a definition of the customization library (back-office spec, section 2). */
export function CustomizationModal({ open, definition, onClose, onSaved }: CustomizationModalProps) {
  const toast = useToast();
  const [saving, setSaving] = useState(false);
  const { register, handleSubmit, watch, control, reset, formState } = useForm<ModalValues>({
    defaultValues: valuesFrom(definition),
  });
  const options = useFieldArray({ control, name: 'options' });
  const type = watch('type');

  useEffect(() => {
    if (open) reset(valuesFrom(definition));
  }, [open, definition, reset]);

  const onSubmit = handleSubmit(async (values) => {
    setSaving(true);
    const payload = customizationPayload(values, definition?.isActive ?? true);
    try {
      const saved = definition
        ? await updateCustomization(definition._id, payload)
        : await createCustomization(payload);
      toast.show(definition ? MSG.customizationUpdated : MSG.customizationCreated, 'success');
      onSaved(saved, !definition);
      onClose();
    } catch (error) {
      logger.error('Could not save the customization', error);
      toast.show(definition ? MSG.customizationUpdateFailed : MSG.customizationCreateFailed, 'error');
    } finally {
      setSaving(false);
    }
  });

  return (
    <Modal open={open} onClose={onClose} title={definition ? 'Edit Customization' : 'New Customization'}>
      <form onSubmit={(event) => void onSubmit(event)} noValidate>
        <div className="field">
          <label htmlFor="customization-name">Name *</label>
          <input
            id="customization-name"
            aria-invalid={formState.errors.name ? true : undefined}
            {...register('name', {
              validate: (v) => v.trim().length > 0 || CATALOG_MESSAGES.customizationName,
            })}
          />
          {formState.errors.name ? <p className="field-error">{formState.errors.name.message}</p> : null}
        </div>
        <div className="field">
          <label htmlFor="customization-type">Type *</label>
          <select id="customization-type" {...register('type')}>
            {LIBRARY_TYPES.map((t) => (
              <option key={t.value} value={t.value}>
                {t.label}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="customization-description">Description</label>
          <textarea id="customization-description" rows={2} {...register('description')} />
        </div>

        {hasOptions(type) ? (
          <fieldset className="field">
            <legend className="field-label">Options</legend>
            {options.fields.map((field, index) => (
              <div key={field.id} className="modifier-row modifier-row-option">
                <input
                  aria-label={`Option ${index + 1} value`}
                  placeholder="Value, e.g. Large"
                  {...register(`options.${index}.value`)}
                />
                <select
                  aria-label={`Option ${index + 1} operator`}
                  {...register(`options.${index}.operator`)}
                >
                  <option value="+">+</option>
                  <option value="-">-</option>
                </select>
                <input
                  type="number"
                  min="0"
                  step="0.01"
                  aria-label={`Option ${index + 1} amount`}
                  {...register(`options.${index}.amount`)}
                />
                <button
                  type="button"
                  className="icon-button"
                  aria-label={`Remove option ${index + 1}`}
                  onClick={() => options.remove(index)}
                >
                  ×
                </button>
              </div>
            ))}
            <button
              type="button"
              className="btn btn-secondary btn-small"
              onClick={() => options.append({ value: '', operator: '+', amount: '0' })}
            >
              Add Option
            </button>
          </fieldset>
        ) : (
          <fieldset className="field">
            <legend className="field-label">Price modifier</legend>
            <div className="modifier-row modifier-row-single">
              <select aria-label="Price modifier operator" {...register('operator')}>
                <option value="+">+</option>
                <option value="-">-</option>
              </select>
              <input
                type="number"
                min="0"
                step="0.01"
                aria-label="Price modifier amount"
                {...register('amount')}
              />
            </div>
          </fieldset>
        )}

        <label className="checkbox">
          <input type="checkbox" {...register('isDefault')} />
          Set as Default
        </label>

        <div className="modal-actions">
          <button type="button" className="btn btn-secondary" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={saving}>
            {saving ? 'Saving...' : definition ? 'Update Customization' : 'Create Customization'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
