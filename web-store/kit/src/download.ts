/** Saves text (a CSV made here) as a file through the browser's download. */
export function downloadText(text: string, filename: string, type = 'text/csv;charset=utf-8'): void {
  downloadFile(new Blob([text], { type }), filename);
}

/** Saves a file the server sent (a PDF) through the browser's download, under its file name. */
export function downloadFile(file: Blob, filename: string): void {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next task: some browsers start reading the file only after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** The file name a Content-Disposition header gives, or the fallback. */
export function filenameFrom(headers: unknown, fallback: string): string {
  const record = (headers ?? {}) as Record<string, unknown>;
  const disposition = String(record['content-disposition'] ?? '');
  return /filename="([^"]+)"/.exec(disposition)?.[1] ?? fallback;
}
