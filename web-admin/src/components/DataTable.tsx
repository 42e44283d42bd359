import type { ReactNode } from 'react';

interface DataTableProps {
  columns: readonly string[];
  /** The table's accessible name, where no caption or heading names it. */
  label?: string;
  /** The body's rows. */
  children: ReactNode;
}

/** A list's table: column headings, and the rows scroll sideways on a narrow screen. */
export function DataTable({ columns, label, children }: DataTableProps) {
  return (
    <div className="table-wrap">
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
