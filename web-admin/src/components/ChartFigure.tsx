import type { ReactElement } from 'react';
import { ResponsiveContainer } from 'recharts';

export interface ChartData {
  columns: string[];
  rows: (string | number)[][];
}

interface ChartFigureProps {
  title: string;
  /** Pixels (back-office spec, section 9: charts are 300 or 400 high). */
  height: number;
  /** The plotted figures as a table, read by assistive technology instead of the drawing. */
  data: ChartData;
  children: ReactElement;
}

/**
 * A recharts chart that fills its card's width, with its figures also given as a table. The drawing
 * is one image named by its title: assistive technology reads the table, not the shapes. Its chart
 * is drawn with `accessibilityLayer={false}` (and a pie with `rootTabIndex={-1}`), or recharts makes
 * the drawing a tab stop that says nothing to the keyboard user who lands on it.
 */
export function ChartFigure({ title, height, data, children }: ChartFigureProps) {
  return (
    <figure className="chart" aria-label={title}>
      <div
        className="chart-canvas"
        style={{ height }}
        role="img"
        aria-label={`${title}: chart; the table that follows gives its figures`}
      >
        <ResponsiveContainer width="100%" height={height} initialDimension={{ width: 640, height }}>
          {children}
        </ResponsiveContainer>
      </div>
      <table className="visually-hidden">
        <caption>{title}</caption>
        <thead>
          <tr>
            {data.columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {data.rows.map((row, index) => (
            <tr key={index}>
              {row.map((cell, column) => (
                <td key={column}>{cell}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
