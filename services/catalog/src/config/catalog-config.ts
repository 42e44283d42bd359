import { BaseConfig } from '@shop/kit';
import { resolve } from 'node:path';
import { z } from 'zod';

/** The repository root, the same from src/ (tests) and dist/ (running service). */
const REPO_ROOT = resolve(__dirname, '..', '..', '..', '..');

export const catalogEnvSchema = z.object({
  /** Where product images are written; the gateway serves the same directory under /uploads. */
  UPLOADS_DIR: z.string().default(resolve(REPO_ROOT, 'var', 'uploads')),
  /** The public path (or absolute URL) the stored images are reachable under. */
  UPLOADS_PUBLIC_URL: z.string().default('/uploads'),
  /** How long a user's name is awaited from the user service when the projection lacks it. */
  USER_LOOKUP_TIMEOUT_MS: z.coerce.number().int().min(100).default(3000),
  /** How long a list filter's total and a search text's dropdown are reused; 0 computes every time. */
  READ_CACHE_MS: z.coerce.number().int().min(0).default(10_000),
});

export type CatalogConfig = BaseConfig & z.infer<typeof catalogEnvSchema>;
