import { pictureUrlFor } from '@shop/proto';
import { useRef, useState, type DragEvent } from 'react';
import { UploadIcon } from '@shop/web-kit/icons';
import { Modal } from '../../components/Modal';

export type ImageItem =
  { kind: 'url'; key: string; url: string } | { kind: 'file'; key: string; file: File; previewUrl: string };

export const imageSource = (item: ImageItem) => (item.kind === 'url' ? item.url : item.previewUrl);
/** A tile is at most some 200 px wide: a stored picture's width that fills it on a 2x screen; the preview shows the largest. */
const tileSource = (item: ImageItem) =>
  item.kind === 'url' ? pictureUrlFor(item.url, 400) : item.previewUrl;

interface ImagesFieldProps {
  images: ImageItem[];
  onAddFiles(files: File[]): void;
  onRemove(item: ImageItem): void;
}

/** Product images: drag-and-drop or the picker, several at once, click to preview, remove with undo. */
export function ImagesField({ images, onAddFiles, onRemove }: ImagesFieldProps) {
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const [preview, setPreview] = useState<ImageItem | null>(null);

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    onAddFiles([...event.dataTransfer.files]);
  };

  return (
    <div>
      <div
        className={`dropzone${dragging ? ' dragging' : ''}`}
        data-testid="image-dropzone"
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        onClick={() => input.current?.click()}
      >
        <UploadIcon />
        <p className="state-title">Drag and drop images here</p>
        <p className="field-hint">or</p>
        <button
          type="button"
          className="btn btn-secondary btn-small"
          onClick={(event) => {
            event.stopPropagation();
            input.current?.click();
          }}
        >
          Choose images
        </button>
        <input
          ref={input}
          type="file"
          accept="image/*"
          multiple
          hidden
          aria-label="Product images"
          onChange={(event) => {
            onAddFiles([...(event.target.files ?? [])]);
            event.target.value = '';
          }}
        />
      </div>

      {images.length > 0 ? (
        <ul className="image-grid" aria-label="Product images">
          {images.map((item, index) => (
            <li key={item.key} className="image-tile">
              <button
                type="button"
                className="preview"
                aria-label={`Preview image ${index + 1}`}
                onClick={() => setPreview(item)}
              >
                <img src={tileSource(item)} alt={`Product image ${index + 1}`} />
              </button>
              {item.kind === 'file' ? <span className="badge badge-info new-badge">New</span> : null}
              <button
                type="button"
                className="icon-button remove"
                aria-label={`Remove image ${index + 1}`}
                onClick={() => onRemove(item)}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      ) : null}

      <Modal open={preview !== null} onClose={() => setPreview(null)} title="Image preview" size="large">
        {preview ? (
          <img className="image-preview" src={imageSource(preview)} alt="Product image preview" />
        ) : null}
      </Modal>
    </div>
  );
}
