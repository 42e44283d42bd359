import {
  DOCUMENT_NUMBER_MAX_LENGTH,
  DOCUMENT_SEQUENCE_MAX,
  DOCUMENT_SERIES,
  documentFilename,
  documentNumber,
  financialYearOf,
} from './document-number';

describe('document numbers', () => {
  it('puts 31 March 23:59 IST in the year that ends and 1 April 00:00 IST in the next', () => {
    expect(financialYearOf(new Date('2027-03-31T23:59:59.999+05:30'))).toBe('26-27');
    expect(financialYearOf(new Date('2027-04-01T00:00:00.000+05:30'))).toBe('27-28');
  });

  it('reads the date in IST, not UTC: 1 April 00:30 IST is still 31 March in UTC', () => {
    expect(financialYearOf(new Date('2027-03-31T19:00:00.000Z'))).toBe('27-28');
    expect(financialYearOf(new Date('2027-03-31T18:29:59.999Z'))).toBe('26-27');
  });

  it('spans January to March of the next calendar year and crosses the century with two digits', () => {
    expect(financialYearOf(new Date('2027-01-15T12:00:00+05:30'))).toBe('26-27');
    expect(financialYearOf(new Date('2026-04-15T12:00:00+05:30'))).toBe('26-27');
    expect(financialYearOf(new Date('2099-12-31T12:00:00+05:30'))).toBe('99-00');
  });

  it('numbers each series as INV/26-27/000001, RCT/… and CN/…, at most 16 characters', () => {
    expect(documentNumber(DOCUMENT_SERIES.invoice, '26-27', 1)).toBe('INV/26-27/000001');
    expect(documentNumber(DOCUMENT_SERIES.receipt, '26-27', 42)).toBe('RCT/26-27/000042');
    expect(documentNumber(DOCUMENT_SERIES['credit-note'], '26-27', 7)).toBe('CN/26-27/000007');
    for (const series of Object.values(DOCUMENT_SERIES))
      expect(documentNumber(series, '26-27', DOCUMENT_SEQUENCE_MAX).length).toBeLessThanOrEqual(
        DOCUMENT_NUMBER_MAX_LENGTH,
      );
  });

  it('refuses a number the series cannot print within 16 characters', () => {
    expect(() => documentNumber('INV', '26-27', DOCUMENT_SEQUENCE_MAX + 1)).toThrow(RangeError);
    expect(() => documentNumber('INV', '26-27', 0)).toThrow(RangeError);
  });

  it('names the PDF after the number, with dashes for slashes', () => {
    expect(documentFilename('INV/26-27/000001')).toBe('INV-26-27-000001.pdf');
  });
});
