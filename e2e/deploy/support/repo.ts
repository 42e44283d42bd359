import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export const ROOT = join(__dirname, '..', '..', '..');

export const repoPath = (...parts: string[]) => join(ROOT, ...parts);

export const readRepoFile = (path: string) => readFileSync(repoPath(path), 'utf8');

export const repoFileExists = (path: string) => existsSync(repoPath(path));
