import type { BaseConfig } from '@shop/kit';
import { resolve } from 'node:path';
import { z } from 'zod';

/** The repository root, the same from src/ (tests) and dist/ (running service). */
const REPO_ROOT = resolve(__dirname, '..', '..', '..', '..');

export const cartEnvSchema = z.object({
  /** The uploads directory the catalog also writes to; the gateway serves it under UPLOADS_PUBLIC_URL. */
  UPLOADS_DIR: z.string().default(resolve(REPO_ROOT, 'var', 'uploads')),
  UPLOADS_PUBLIC_URL: z.string().default('/uploads'),
  /** A visitor's upload that no sign-in claimed within this many hours is deleted, row and bytes. */
  GUEST_UPLOAD_MAX_AGE_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 30)
    .default(72),
  /** How often each replica looks for abandoned guest uploads. */
  GUEST_UPLOAD_SWEEP_SECONDS: z.coerce.number().int().min(1).max(86_400).default(3600),
});

export type CartConfig = BaseConfig & z.infer<typeof cartEnvSchema>;
