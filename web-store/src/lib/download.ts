/** Saves a file the shop sent through the browser's download, under the server's file name. */
export function saveFile(file: Blob, filename: string): void {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next task: some browsers start reading the file only after click() returns.
  window.setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** The file name a Content-Disposition header gives, or the fallback. */
export function filenameFrom(headers: unknown, fallback: string): string {
  const record = (headers ?? {}) as Record<string, unknown>;
  const disposition = String(record['content-disposition'] ?? '');
  return /filename="([^"]+)"/.exec(disposition)?.[1] ?? fallback;
}
