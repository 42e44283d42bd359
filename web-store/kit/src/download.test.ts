import { downloadFile, downloadText, filenameFrom } from './download';
import { captureDownloads } from './test/downloads';

describe('downloading a file', () => {
  it('hands the file to a download link under its name, and leaves no link behind', () => {
    const saved = captureDownloads();
    const file = new Blob(['%PDF-1.7'], { type: 'application/pdf' });
    downloadFile(file, 'INV-26-27-000001.pdf');
    expect(saved).toEqual([{ filename: 'INV-26-27-000001.pdf', file }]);
    expect(document.querySelector('a[download]')).toBeNull();
  });

  it('saves text as a UTF-8 CSV unless told another type', () => {
    const saved = captureDownloads();
    downloadText('id,total\n1,848', 'orders.csv');
    downloadText('{}', 'settings.json', 'application/json');
    expect(saved.map((s) => [s.filename, s.file.type])).toEqual([
      ['orders.csv', 'text/csv;charset=utf-8'],
      ['settings.json', 'application/json'],
    ]);
  });
});

describe("the server's file name", () => {
  it('is read from Content-Disposition', () => {
    const headers = { 'content-disposition': 'attachment; filename="CN-26-27-000001.pdf"' };
    expect(filenameFrom(headers, 'document.pdf')).toBe('CN-26-27-000001.pdf');
  });

  it('falls back when the header is missing or names no file', () => {
    expect(filenameFrom({}, 'invoice.pdf')).toBe('invoice.pdf');
    expect(filenameFrom({ 'content-disposition': 'inline' }, 'invoice.pdf')).toBe('invoice.pdf');
    expect(filenameFrom(undefined, 'invoice.pdf')).toBe('invoice.pdf');
  });
});
