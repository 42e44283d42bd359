import { SearchIcon } from '@shop/web-kit/icons';

export interface FilterOption<T extends string> {
  value: T;
  label: string;
}

interface SearchFilterProps {
  /** Read by assistive technology; the placeholder says what is searched. */
  label: string;
  placeholder: string;
  value: string;
  onChange(value: string): void;
}

/** A list's search box, with its magnifier icon. */
export function SearchFilter({ label, placeholder, value, onChange }: SearchFilterProps) {
  return (
    <label className="search">
      <SearchIcon />
      <span className="visually-hidden">{label}</span>
      <input
        type="search"
        placeholder={placeholder}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </label>
  );
}

interface SelectFilterProps<T extends string> {
  label: string;
  /** Shows the label beside the selector; otherwise the first option names the filter. */
  showLabel?: boolean;
  value: T;
  options: readonly FilterOption<T>[];
  onChange(value: NoInfer<T>): void;
}

/** A list's drop-down filter. */
export function SelectFilter<T extends string>({
  label,
  showLabel = false,
  value,
  options,
  onChange,
}: SelectFilterProps<T>) {
  return (
    <label className={showLabel ? 'inline-form' : undefined}>
      <span className={showLabel ? undefined : 'visually-hidden'}>{label}</span>
      <select value={value} onChange={(event) => onChange(event.target.value as T)}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </label>
  );
}
