import type { ValueTransformer } from 'typeorm';

/** Money columns are bigint paise; pg hands bigint back as text. Orders stay far below 2^53 paise. */
export const paiseColumn: ValueTransformer = {
  to: (value: number | null | undefined) => value,
  from: (value: string | null) => (value === null ? null : Number(value)),
};
