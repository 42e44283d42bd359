import { amountInWords, indianNumberInWords } from './amount-in-words';

describe('amount in words', () => {
  it('writes an amount with paise in Indian numbering, as the issue shows', () => {
    expect(amountInWords(12_345_650)).toBe(
      'Rupees One Lakh Twenty-Three Thousand Four Hundred Fifty-Six and Fifty Paise Only',
    );
  });

  it('writes zero as "Rupees Zero Only" and paise alone after zero rupees', () => {
    expect(amountInWords(0)).toBe('Rupees Zero Only');
    expect(amountInWords(5)).toBe('Rupees Zero and Five Paise Only');
    expect(amountInWords(99)).toBe('Rupees Zero and Ninety-Nine Paise Only');
  });

  it('leaves out the paise of a whole-rupee amount', () => {
    expect(amountInWords(100)).toBe('Rupees One Only');
    expect(amountInWords(118_000)).toBe('Rupees One Thousand One Hundred Eighty Only');
  });

  it('counts lakhs and crores, and crores beyond ninety-nine in the same words', () => {
    expect(indianNumberInWords(100_000)).toBe('One Lakh');
    expect(indianNumberInWords(10_000_000)).toBe('One Crore');
    expect(indianNumberInWords(12_345_678)).toBe(
      'One Crore Twenty-Three Lakh Forty-Five Thousand Six Hundred Seventy-Eight',
    );
    expect(indianNumberInWords(99_99_99_999)).toBe(
      'Ninety-Nine Crore Ninety-Nine Lakh Ninety-Nine Thousand Nine Hundred Ninety-Nine',
    );
    expect(indianNumberInWords(12_340_000_000)).toBe('One Thousand Two Hundred Thirty-Four Crore');
    expect(indianNumberInWords(10_000_001)).toBe('One Crore One');
  });

  it('writes the teens, the tens and the hundreds', () => {
    expect(indianNumberInWords(11)).toBe('Eleven');
    expect(indianNumberInWords(19)).toBe('Nineteen');
    expect(indianNumberInWords(40)).toBe('Forty');
    expect(indianNumberInWords(101)).toBe('One Hundred One');
    expect(indianNumberInWords(110)).toBe('One Hundred Ten');
    expect(indianNumberInWords(1_000)).toBe('One Thousand');
    expect(indianNumberInWords(20_020)).toBe('Twenty Thousand Twenty');
  });

  it('refuses what is not a whole, non-negative amount of paise', () => {
    expect(() => amountInWords(-100)).toThrow(RangeError);
    expect(() => amountInWords(1.5)).toThrow(RangeError);
  });
});
