import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { productImage } from '../api/catalogPaths';
import { searchProducts } from '../api/products';
import { useDebouncedValue } from '@shop/web-kit/useDebouncedValue';
import { PICTURE_SIZES } from '../lib/pictures';
import { SearchIcon } from '@shop/web-kit/icons';
import { ProductImage } from './ProductImage';

export const SEARCH_DEBOUNCE_MS = 300;
export const DROPDOWN_CLOSE_DELAY_MS = 150;

/** The header's product search: a combobox whose options are matching products. */
export function SearchBox() {
  const navigate = useNavigate();
  const listId = useId();
  const [term, setTerm] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const closeTimer = useRef<number | undefined>(undefined);
  const query = useDebouncedValue(term.trim(), SEARCH_DEBOUNCE_MS);

  const results = useQuery({
    queryKey: ['product-search', query],
    queryFn: ({ signal }) => searchProducts(query, signal),
    enabled: query.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });

  useEffect(() => () => window.clearTimeout(closeTimer.current), []);
  useEffect(() => setActive(-1), [query]);

  const hits = query ? (results.data ?? []) : [];
  const showDropdown = open && query.length > 0 && (results.data !== undefined || !results.isFetching);

  function reset() {
    setTerm('');
    setOpen(false);
    setActive(-1);
  }

  function choose(id: string) {
    reset();
    navigate(`/product/${encodeURIComponent(id)}`);
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (active >= 0 && hits[active]) return choose(hits[active]._id);
    const text = term.trim();
    if (!text) return;
    reset();
    navigate(`/products?search=${encodeURIComponent(text)}`);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' && hits.length) {
      event.preventDefault();
      setOpen(true);
      setActive((i) => (i + 1) % hits.length);
    } else if (event.key === 'ArrowUp' && hits.length) {
      event.preventDefault();
      setActive((i) => (i <= 0 ? hits.length - 1 : i - 1));
    } else if (event.key === 'Escape') {
      setOpen(false);
      setActive(-1);
    }
  }

  return (
    // A plain GET to the list as well, so searching works before the app has loaded, or without it.
    <form className="search" role="search" action="/products" method="get" onSubmit={onSubmit}>
      <label htmlFor={`${listId}-input`} className="visually-hidden">
        Search products
      </label>
      <SearchIcon className="search-icon" />
      <input
        id={`${listId}-input`}
        type="search"
        name="search"
        placeholder="Search products..."
        autoComplete="off"
        role="combobox"
        aria-expanded={showDropdown}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={active >= 0 ? `${listId}-${active}` : undefined}
        value={term}
        onChange={(event) => {
          setTerm(event.target.value);
          setOpen(true);
        }}
        onFocus={() => {
          window.clearTimeout(closeTimer.current);
          setOpen(true);
        }}
        onBlur={() => {
          // A short delay lets a click on a suggestion land before the list disappears.
          closeTimer.current = window.setTimeout(() => setOpen(false), DROPDOWN_CLOSE_DELAY_MS);
        }}
        onKeyDown={onKeyDown}
      />
      {showDropdown && (
        <ul id={listId} role="listbox" aria-label="Matching products" className="search-results">
          {hits.length === 0 ? (
            <li className="search-empty" role="presentation">
              No products found.
            </li>
          ) : (
            hits.map((hit, index) => {
              const image = productImage(hit);
              return (
                <li
                  key={hit._id}
                  id={`${listId}-${index}`}
                  role="option"
                  aria-selected={index === active}
                  className={index === active ? 'active' : undefined}
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => choose(hit._id)}
                >
                  {image ? (
                    <ProductImage
                      src={image}
                      sizes={PICTURE_SIZES.searchResult}
                      width={40}
                      height={40}
                      // The dropdown opens on screen: its pictures are wanted at once.
                      loading="eager"
                    />
                  ) : (
                    <span className="search-thumb" aria-hidden="true" />
                  )}
                  <span>{hit.name}</span>
                </li>
              );
            })
          )}
        </ul>
      )}
    </form>
  );
}
