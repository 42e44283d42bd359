import type { BaseConfig } from '@shop/kit';
import { resolve } from 'node:path';
import { z } from 'zod';

/** The repository root, the same from src/ (tests) and dist/ (running service). */
const REPO_ROOT = resolve(__dirname, '..', '..', '..', '..');

export const cartEnvSchema = z.object({
  /** The uploads directory the catalog also writes to; the gateway serves it under UPLOADS_PUBLIC_URL. */
  UPLOADS_DIR: z.string().default(resolve(REPO_ROOT, 'var', 'uploads')),
  UPLOADS_PUBLIC_URL: z.string().default('/uploads'),
});

export type CartConfig = BaseConfig & z.infer<typeof cartEnvSchema>;
