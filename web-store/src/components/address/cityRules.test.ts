import { INDIAN_STATES } from '@shop/proto';
import { cityAfterStateChange, citySuggestions, stateForCity } from './cityRules';

describe('the address form city rules', () => {
  it('offers the 32 states and union territories', () => {
    expect(INDIAN_STATES).toHaveLength(32);
  });

  it("narrows suggestions to the chosen state's cities", () => {
    expect(citySuggestions('Karnataka', '')).toEqual([
      'Bengaluru',
      'Mysuru',
      'Mangaluru',
      'Hubballi',
      'Belagavi',
    ]);
  });

  it('filters suggestions by substring, in any case', () => {
    expect(citySuggestions('Karnataka', 'URU')).toEqual(['Bengaluru', 'Mysuru', 'Mangaluru']);
    expect(citySuggestions('', 'pur')).toEqual(
      expect.arrayContaining(['Jaipur', 'Jodhpur', 'Udaipur', 'Nagpur']),
    );
  });

  it('clears the city when the chosen state does not have it, and keeps it when it does', () => {
    expect(cityAfterStateChange('Gujarat', 'Pune')).toBe('');
    expect(cityAfterStateChange('Maharashtra', 'pune')).toBe('pune');
    expect(cityAfterStateChange('Maharashtra', '')).toBe('');
  });

  it('sets the state from a known city, keeping the current state when it also has that city', () => {
    expect(stateForCity('Pune', '')).toBe('Maharashtra');
    expect(stateForCity('  kochi ', 'Goa')).toBe('Kerala');
    expect(stateForCity('Udaipur', 'Tripura')).toBe('Tripura');
    expect(stateForCity('Udaipur', '')).toBe('Rajasthan');
    expect(stateForCity('Lonavala', 'Maharashtra')).toBeNull();
  });
});
