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

/** A recharts chart that fills its card's width, with its figures also given as a table. */
export function ChartFigure({ title, height, data, children }: ChartFigureProps) {
  return (
    <figure className="chart" aria-label={title}>
      <div className="chart-canvas" style={{ height }} aria-hidden="true">
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
