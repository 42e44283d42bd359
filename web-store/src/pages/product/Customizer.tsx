import {
  CUSTOMIZATION_FILES_MAX,
  CUSTOMIZATION_TEXT_MAX,
  type ProductCustomizationOptionView,
  type UploadedFileView,
} from '@shop/proto';
import { useId, useState } from 'react';
import { uploadCustomizationFile } from '../../api/cart';
import { failureMessage } from '../../api/client';
import { useHydrated } from '../../hooks/useHydrated';
import type { Product } from '../../api/types';
import {
  modifierLabel,
  UPLOAD_HINT,
  uploadProblem,
  type CustomizationDraft,
  type OptionValue,
  type UploadedValue,
} from './customization';

export const UPLOAD_FAILED = 'Failed to upload image';

interface CustomizerProps {
  product: Product;
  draft: CustomizationDraft;
  onChange(next: CustomizationDraft): void;
  onUploadingChange(uploading: boolean): void;
}

/** Every option the product offers, by type: boolean, select, multi-select, text, image and file. */
export function Customizer({ product, draft, onChange, onUploadingChange }: CustomizerProps) {
  const id = useId();
  const setOption = (optionId: string, value: OptionValue | undefined) => {
    const options = { ...draft.options };
    if (value === undefined || value === '' || (Array.isArray(value) && value.length === 0))
      delete options[optionId];
    else options[optionId] = value;
    onChange({ ...draft, options });
  };

  const hasAny =
    product.customizationOptions.length > 0 || product.availableSizes.length > 0 || product.allowsImageUpload;
  // A library image option already asks for the artwork (with its price); a second field would
  // leave the shopper wondering which one the print uses.
  const offersImageOption = product.customizationOptions.some(
    ({ optionId }) => optionId.type === 'image' || optionId.type === 'file',
  );

  return (
    <section className="customizer" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="customizer-title">
        {hasAny ? 'Customise your product' : 'Special instructions'}
      </h2>
      {product.availableSizes.length > 0 && (
        <div className="field">
          <label htmlFor={`${id}-size`}>Size</label>
          <select
            id={`${id}-size`}
            value={draft.size}
            onChange={(e) => onChange({ ...draft, size: e.target.value })}
          >
            <option value="">Choose a size</option>
            {product.availableSizes.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </select>
        </div>
      )}
      {product.customizationOptions.map(({ optionId: option }) => (
        <OptionField
          key={option._id}
          option={option}
          value={draft.options[option._id]}
          onChange={(value) => setOption(option._id, value)}
          onUploadingChange={onUploadingChange}
        />
      ))}
      {product.allowsImageUpload && !offersImageOption && (
        <DesignUploads
          files={draft.uploadedFiles}
          onChange={(uploadedFiles) => onChange({ ...draft, uploadedFiles })}
          onUploadingChange={onUploadingChange}
        />
      )}
      <div className="field">
        <label htmlFor={`${id}-comments`}>Special instructions</label>
        <textarea
          id={`${id}-comments`}
          rows={3}
          maxLength={CUSTOMIZATION_TEXT_MAX}
          value={draft.comments}
          aria-describedby={`${id}-comments-count`}
          onChange={(e) => onChange({ ...draft, comments: e.target.value.slice(0, CUSTOMIZATION_TEXT_MAX) })}
        />
        <p id={`${id}-comments-count`} className="field-hint">
          {draft.comments.length}/{CUSTOMIZATION_TEXT_MAX} characters
        </p>
      </div>
    </section>
  );
}

interface OptionFieldProps {
  option: ProductCustomizationOptionView['optionId'];
  value: OptionValue | undefined;
  onChange(value: OptionValue | undefined): void;
  onUploadingChange(uploading: boolean): void;
}

function OptionField({ option, value, onChange, onUploadingChange }: OptionFieldProps) {
  const id = useId();
  const extra = modifierLabel(option.priceModifier);
  const hint = option.description ? <p className="field-hint">{option.description}</p> : null;

  switch (option.type) {
    case 'boolean':
      return (
        <div className="field">
          <label className="checkbox">
            <input type="checkbox" checked={value === true} onChange={(e) => onChange(e.target.checked)} />
            {option.name}
            {extra && <span className="modifier"> ({extra})</span>}
          </label>
          {hint}
        </div>
      );
    case 'select':
      return (
        <div className="field">
          <label htmlFor={`${id}-select`}>{option.name}</label>
          <select
            id={`${id}-select`}
            value={typeof value === 'string' ? value : ''}
            onChange={(e) => onChange(e.target.value || undefined)}
          >
            <option value="">None</option>
            {option.options.map((choice) => {
              const label = modifierLabel(choice.priceModifier);
              return (
                <option key={choice.value} value={choice.value}>
                  {label ? `${choice.value} (${label})` : choice.value}
                </option>
              );
            })}
          </select>
          {hint}
        </div>
      );
    case 'multi-select': {
      const chosen = Array.isArray(value) ? value : [];
      return (
        <fieldset className="field option-group">
          <legend>{option.name}</legend>
          {hint}
          {option.options.map((choice) => {
            const label = modifierLabel(choice.priceModifier);
            return (
              <label key={choice.value} className="checkbox">
                <input
                  type="checkbox"
                  checked={chosen.includes(choice.value)}
                  onChange={(e) =>
                    onChange(
                      e.target.checked
                        ? [...chosen, choice.value]
                        : chosen.filter((picked) => picked !== choice.value),
                    )
                  }
                />
                {choice.value}
                {label && <span className="modifier"> ({label})</span>}
              </label>
            );
          })}
        </fieldset>
      );
    }
    case 'text': {
      const text = typeof value === 'string' ? value : '';
      return (
        <div className="field">
          <label htmlFor={`${id}-text`}>
            {option.name}
            {extra && <span className="modifier"> ({extra})</span>}
          </label>
          <input
            id={`${id}-text`}
            type="text"
            maxLength={CUSTOMIZATION_TEXT_MAX}
            value={text}
            aria-describedby={`${id}-count`}
            onChange={(e) => onChange(e.target.value.slice(0, CUSTOMIZATION_TEXT_MAX))}
          />
          <p id={`${id}-count`} className="field-hint">
            {text.length}/{CUSTOMIZATION_TEXT_MAX} characters
          </p>
          {hint}
        </div>
      );
    }
    default: {
      const file =
        value && typeof value === 'object' && !Array.isArray(value) ? (value as UploadedValue) : null;
      return (
        <ImageUploadField
          label={extra ? `${option.name} (${extra})` : option.name}
          description={option.description}
          files={file ? [file] : []}
          onAdd={(uploaded) => onChange({ ...uploaded, value: uploaded.url ?? uploaded.name })}
          onRemove={() => onChange(undefined)}
          max={1}
          onUploadingChange={onUploadingChange}
        />
      );
    }
  }
}

function DesignUploads({
  files,
  onChange,
  onUploadingChange,
}: {
  files: UploadedFileView[];
  onChange(files: UploadedFileView[]): void;
  onUploadingChange(uploading: boolean): void;
}) {
  return (
    <ImageUploadField
      label="Upload your design"
      files={files}
      onAdd={(file) => onChange([...files, file])}
      onRemove={(index) => onChange(files.filter((_, i) => i !== index))}
      max={CUSTOMIZATION_FILES_MAX}
      onUploadingChange={onUploadingChange}
    />
  );
}

interface ImageUploadFieldProps {
  label: string;
  description?: string;
  files: UploadedFileView[];
  onAdd(file: UploadedFileView): void;
  onRemove(index: number): void;
  max: number;
  onUploadingChange(uploading: boolean): void;
}

/**
 * Picks an image for a customization: images only, at most 2 MB, stored at once. A visitor's file
 * is held by their guest cart and becomes theirs as a customer when they sign in.
 */
function ImageUploadField({
  label,
  description,
  files,
  onAdd,
  onRemove,
  max,
  onUploadingChange,
}: ImageUploadFieldProps) {
  const id = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const hydrated = useHydrated();

  const onPick = async (input: HTMLInputElement) => {
    const file = input.files?.[0];
    input.value = '';
    if (!file) return;
    const refused = uploadProblem(file);
    setProblem(refused);
    if (refused) return;
    setUploading(true);
    onUploadingChange(true);
    try {
      const stored = await uploadCustomizationFile(file);
      onAdd({
        name: stored.name,
        size: stored.size,
        type: stored.type,
        url: stored.url,
        fileId: stored.fileId,
      });
    } catch (error) {
      setProblem(failureMessage(error, UPLOAD_FAILED));
    } finally {
      setUploading(false);
      onUploadingChange(false);
    }
  };

  return (
    <div className="field upload-field">
      <label htmlFor={`${id}-file`}>{label}</label>
      {description && <p className="field-hint">{description}</p>}
      {files.length < max && (
        <input
          id={`${id}-file`}
          type="file"
          accept="image/*"
          disabled={uploading || !hydrated}
          aria-describedby={`${id}-hint`}
          aria-invalid={problem ? true : undefined}
          onChange={(e) => void onPick(e.currentTarget)}
        />
      )}
      <p id={`${id}-hint`} className="field-hint">
        {UPLOAD_HINT}
      </p>
      {uploading && (
        <p className="field-hint" role="status">
          Uploading...
        </p>
      )}
      {problem && (
        <p className="field-error" role="alert">
          {problem}
        </p>
      )}
      {files.length > 0 && (
        <ul className="upload-list" aria-label={`${label}: chosen files`}>
          {files.map((file, index) => (
            <li key={`${file.name}-${index}`}>
              {file.url ? <img src={file.url} alt="" width={40} height={40} loading="lazy" /> : null}
              <span>{file.name}</span>
              <button type="button" className="btn-link" onClick={() => onRemove(index)}>
                Remove<span className="visually-hidden"> {file.name}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
