import type { ReactNode } from 'react';
import { Cell, Pie, PieChart } from 'recharts';

export interface PieSlice {
  name: string;
  value: number;
  fill: string;
}

interface SlicesPieProps {
  slices: readonly PieSlice[];
  /** A doughnut's hole, e.g. '45%'. */
  innerRadius?: string;
  /** The chart's tooltip and legend. */
  children?: ReactNode;
}

/** A pie chart of coloured slices, for a ChartFigure. */
export function SlicesPie({ slices, innerRadius, children }: SlicesPieProps) {
  // A single slice is the whole disc: its border would draw a seam from the centre to the edge.
  const whole = slices.filter((slice) => slice.value > 0).length <= 1;
  return (
    <PieChart accessibilityLayer={false}>
      <Pie
        rootTabIndex={-1}
        data={[...slices]}
        dataKey="value"
        nameKey="name"
        innerRadius={innerRadius}
        outerRadius="80%"
        stroke={whole ? 'none' : undefined}
      >
        {slices.map((slice) => (
          <Cell key={slice.name} fill={slice.fill} />
        ))}
      </Pie>
      {children}
    </PieChart>
  );
}
