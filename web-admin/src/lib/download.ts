/** Saves text as a file through the browser's download. */
export function downloadText(text: string, filename: string, type = 'text/csv;charset=utf-8') {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

/** The file name a Content-Disposition header gives, or the fallback. */
export function filenameFrom(headers: unknown, fallback: string): string {
  const record = (headers ?? {}) as Record<string, unknown>;
  const disposition = String(record['content-disposition'] ?? '');
  return /filename="([^"]+)"/.exec(disposition)?.[1] ?? fallback;
}
