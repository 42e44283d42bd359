import type { CustomizationDefinition } from '../../api/customizations';
import { EditIcon, PlusIcon } from '@shop/web-kit/icons';
import { LoadingState } from '@shop/web-kit/QueryStates';
import { ModifierInputs } from './ModifierInputs';
import { hasOptions, type LinkDraft } from './productForm';

export const CUSTOMIZATION_TYPE_LABELS: Record<string, string> = {
  boolean: 'Boolean Yes/No',
  select: 'Single Select',
  'multi-select': 'Multi-Select',
  text: 'Text',
  image: 'Image',
  file: 'File',
};

interface CustomizationsFieldProps {
  library: CustomizationDefinition[];
  loading: boolean;
  selected: LinkDraft[];
  onToggle(definition: CustomizationDefinition, selected: boolean): void;
  onChange(draft: LinkDraft): void;
  onCreate(): void;
  onEdit(definition: CustomizationDefinition): void;
}

/** Picks options from the customization library and sets this product's price modifiers. */
export function CustomizationsField({
  library,
  loading,
  selected,
  onToggle,
  onChange,
  onCreate,
  onEdit,
}: CustomizationsFieldProps) {
  const byId = new Map(selected.map((draft) => [draft.optionId, draft]));

  return (
    <div>
      <div className="section-toolbar">
        <p className="field-hint">Choose the options shoppers can set on this product.</p>
        <button type="button" className="btn btn-secondary btn-small" onClick={onCreate}>
          <PlusIcon />
          New Customization
        </button>
      </div>
      {loading ? (
        <LoadingState label="Loading customizations..." />
      ) : library.length === 0 ? (
        <p className="field-hint">The customization library is empty.</p>
      ) : (
        <ul className="option-list" aria-label="Customization library">
          {library.map((definition) => {
            const draft = byId.get(definition._id);
            const checkboxId = `customization-${definition._id}`;
            return (
              <li key={definition._id} className={`option-card${draft ? ' selected' : ''}`}>
                <div className="option-card-header">
                  <span className="option-card-title">
                    <label className="checkbox" htmlFor={checkboxId}>
                      <input
                        id={checkboxId}
                        type="checkbox"
                        checked={Boolean(draft)}
                        onChange={(event) => onToggle(definition, event.target.checked)}
                      />
                      <strong>{definition.name}</strong>
                    </label>
                    <span className="badge">
                      {CUSTOMIZATION_TYPE_LABELS[definition.type] ?? definition.type}
                    </span>
                    {definition.isDefault ? <span className="badge badge-info">Default</span> : null}
                  </span>
                  <button
                    type="button"
                    className="icon-button"
                    aria-label={`Edit customization ${definition.name}`}
                    onClick={() => onEdit(definition)}
                  >
                    <EditIcon />
                  </button>
                </div>
                {definition.description ? <p className="field-hint">{definition.description}</p> : null}
                {draft ? (
                  <div className="option-card-body">
                    {hasOptions(definition.type) ? (
                      draft.options.map((option, index) => (
                        <div key={`${option.value}-${index}`} className="modifier-row">
                          <span>{option.value}</span>
                          <ModifierInputs
                            label={`${definition.name} ${option.value} price`}
                            value={option.modifier}
                            onChange={(modifier) =>
                              onChange({
                                ...draft,
                                options: draft.options.map((o, i) => (i === index ? { ...o, modifier } : o)),
                              })
                            }
                          />
                        </div>
                      ))
                    ) : (
                      <div className="modifier-row">
                        <span>Price modifier</span>
                        <ModifierInputs
                          label={`${definition.name} price`}
                          value={draft.priceModifier}
                          onChange={(priceModifier) => onChange({ ...draft, priceModifier })}
                        />
                      </div>
                    )}
                  </div>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
