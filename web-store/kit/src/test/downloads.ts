/** The files the page saved through a link's download (@shop/web-kit/download), each with its name and content. */
export function captureDownloads() {
  const saved: { filename: string; file: Blob }[] = [];
  const files = new Map<string, Blob>();
  vi.spyOn(URL, 'createObjectURL').mockImplementation((file) => {
    const url = `blob:saved-${files.size + 1}`;
    files.set(url, file as Blob);
    return url;
  });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    const file = files.get(this.href);
    if (file) saved.push({ filename: this.download, file });
  });
  return saved;
}

/** A PDF as the server sends it: the bytes and a Content-Disposition that names the file. */
export function pdfReply(filename: string, content = '%PDF-1.7 test') {
  return {
    data: new Blob([content], { type: 'application/pdf' }),
    headers: {
      'content-type': 'application/pdf',
      'content-disposition': `attachment; filename="${filename}"`,
    },
  };
}

/** An error as a file download receives it: the usual JSON body, as a Blob. */
export function blobError(status: number, message: string) {
  return {
    status,
    data: new Blob([JSON.stringify({ success: false, status, message, errors: [] })], {
      type: 'application/json',
    }),
  };
}
