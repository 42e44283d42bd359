import { useState, type KeyboardEvent } from 'react';
import { EditIcon } from '@shop/web-kit/icons';

interface TagsFieldProps {
  tags: string[];
  onAdd(tag: string): void;
  onEdit(index: number, tag: string): void;
  onRemove(index: number): void;
}

/** Tags: add, edit in place, delete (the form offers undo). */
export function TagsField({ tags, onAdd, onEdit, onRemove }: TagsFieldProps) {
  const [draft, setDraft] = useState('');
  const [editing, setEditing] = useState<{ index: number; text: string } | null>(null);

  const add = () => {
    const tag = draft.trim();
    if (!tag) return;
    onAdd(tag);
    setDraft('');
  };

  const finishEdit = () => {
    if (!editing) return;
    const tag = editing.text.trim();
    if (tag) onEdit(editing.index, tag);
    setEditing(null);
  };

  const onDraftKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      add();
    }
  };

  return (
    <div>
      <div className="inline-form">
        <label htmlFor="new-tag" className="visually-hidden">
          New tag
        </label>
        <input
          id="new-tag"
          className="input"
          placeholder="Add a tag, e.g. corporate"
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={onDraftKey}
        />
        <button type="button" className="btn btn-secondary" onClick={add}>
          Add Tag
        </button>
      </div>
      {tags.length > 0 ? (
        <ul className="chip-list" aria-label="Tags">
          {tags.map((tag, index) =>
            editing?.index === index ? (
              <li key={`edit-${index}`} className="chip">
                <input
                  aria-label={`Edit tag ${tag}`}
                  value={editing.text}
                  autoFocus
                  onChange={(event) => setEditing({ index, text: event.target.value })}
                  onBlur={finishEdit}
                  onKeyDown={(event) => {
                    if (event.key === 'Enter') {
                      event.preventDefault();
                      finishEdit();
                    } else if (event.key === 'Escape') {
                      event.preventDefault();
                      setEditing(null);
                    }
                  }}
                />
              </li>
            ) : (
              <li key={`${tag}-${index}`} className="chip">
                <span>{tag}</span>
                <button
                  type="button"
                  className="icon-button"
                  aria-label={`Edit tag ${tag}`}
                  onClick={() => setEditing({ index, text: tag })}
                >
                  <EditIcon width={14} height={14} />
                </button>
                <button
                  type="button"
                  className="icon-button"
                  aria-label={`Remove tag ${tag}`}
                  onClick={() => onRemove(index)}
                >
                  ×
                </button>
              </li>
            ),
          )}
        </ul>
      ) : (
        <p className="field-hint">No tags yet.</p>
      )}
    </div>
  );
}
