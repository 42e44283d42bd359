import { useState, type MouseEvent } from 'react';
import { ProductImage } from '../../components/ProductImage';
import { PICTURE_SIZES } from '../../lib/pictures';

/** Thumbnails shown at once, and the main image's magnification (storefront spec, section 9). */
export const THUMBNAILS_PER_PAGE = 5;
export const ZOOM_SCALE = 2;

/**
 * The product's images: one large, zoomed 2x on click or Enter around the pointer, and the
 * thumbnails paged five at a time.
 */
export function Gallery({ images, name }: { images: string[]; name: string }) {
  const pictures = images.length > 0 ? images : ['/logo.svg'];
  const [active, setActive] = useState(0);
  const [page, setPage] = useState(0);
  const [zoomed, setZoomed] = useState(false);
  const [origin, setOrigin] = useState('50% 50%');
  const pages = Math.ceil(pictures.length / THUMBNAILS_PER_PAGE);
  const first = page * THUMBNAILS_PER_PAGE;
  const visible = pictures.slice(first, first + THUMBNAILS_PER_PAGE);

  const follow = (event: MouseEvent<HTMLElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    if (!box.width || !box.height) return;
    const x = ((event.clientX - box.left) / box.width) * 100;
    const y = ((event.clientY - box.top) / box.height) * 100;
    setOrigin(`${x.toFixed(1)}% ${y.toFixed(1)}%`);
  };

  const show = (index: number) => {
    setActive(index);
    setZoomed(false);
  };

  return (
    <div className="gallery">
      <button
        type="button"
        className={zoomed ? 'gallery-main zoomed' : 'gallery-main'}
        aria-pressed={zoomed}
        aria-label={zoomed ? 'Zoom out' : 'Zoom in 2x'}
        onClick={() => setZoomed((z) => !z)}
        onMouseMove={zoomed ? follow : undefined}
        onMouseLeave={() => setZoomed(false)}
      >
        {zoomed ? (
          // Magnified, the picture needs every pixel it has: its largest width, whatever the screen.
          <img
            src={pictures[active]}
            alt={`${name}, image ${active + 1} of ${pictures.length}`}
            width={600}
            height={600}
            style={{ transform: `scale(${ZOOM_SCALE})`, transformOrigin: origin }}
          />
        ) : (
          <ProductImage
            src={pictures[active]}
            sizes={PICTURE_SIZES.gallery}
            alt={`${name}, image ${active + 1} of ${pictures.length}`}
            width={600}
            height={600}
            priority
            avif={false}
            style={{ transformOrigin: origin }}
          />
        )}
      </button>
      {pictures.length > 1 && (
        <div className="gallery-thumbs">
          {pages > 1 && (
            <button
              type="button"
              className="thumb-page"
              aria-label="Previous images"
              disabled={page === 0}
              onClick={() => setPage((p) => p - 1)}
            >
              ‹
            </button>
          )}
          <ul aria-label="Product images">
            {visible.map((src, i) => {
              const index = first + i;
              return (
                <li key={`${src}-${index}`}>
                  <button
                    type="button"
                    className={index === active ? 'thumb active' : 'thumb'}
                    aria-label={`Show image ${index + 1}`}
                    aria-current={index === active ? 'true' : undefined}
                    onClick={() => show(index)}
                  >
                    <ProductImage src={src} sizes={PICTURE_SIZES.thumbnail} width={56} height={56} />
                  </button>
                </li>
              );
            })}
          </ul>
          {pages > 1 && (
            <button
              type="button"
              className="thumb-page"
              aria-label="Next images"
              disabled={page >= pages - 1}
              onClick={() => setPage((p) => p + 1)}
            >
              ›
            </button>
          )}
        </div>
      )}
    </div>
  );
}
