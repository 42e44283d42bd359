import { useRef, type ReactNode } from 'react';
import { useScrollsSideways } from '../hooks/useScrollsSideways';

interface DataTableProps {
  columns: readonly string[];
  /** Names the table and, while it scrolls sideways, its scrolling box. */
  label: string;
  /** The body's rows. */
  children: ReactNode;
}

/**
 * A list's table: column headings, and the rows scroll sideways on a narrow screen. While they do,
 * the scrolling box is a named region the keyboard can reach and scroll with the arrow keys (a table
 * of plain figures has nothing else to tab to); a table that fits is no extra tab stop.
 */
export function DataTable({ columns, label, children }: DataTableProps) {
  const box = useRef<HTMLDivElement>(null);
  const scrolls = useScrollsSideways(box);
  return (
    <div
      ref={box}
      className="table-wrap"
      {...(scrolls ? { role: 'region', 'aria-label': label, tabIndex: 0 } : {})}
    >
      <table className="data-table" aria-label={label}>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
