import { CITIES_BY_STATE, INDIAN_STATES, type IndianState } from '@shop/proto';

const ALL_CITIES = [...new Set(Object.values(CITIES_BY_STATE).flat())].sort((a, b) => a.localeCompare(b));

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

export function isIndianState(value: string): value is IndianState {
  return (INDIAN_STATES as readonly string[]).includes(value);
}

/** Cities offered for what was typed: the chosen state's, else every state's, by substring match. */
export function citySuggestions(state: string, typed: string): string[] {
  const pool = isIndianState(state) ? CITIES_BY_STATE[state] : ALL_CITIES;
  const needle = typed.trim().toLowerCase();
  return needle ? pool.filter((city) => city.toLowerCase().includes(needle)) : pool;
}

/**
 * The state a typed city belongs to: the current state when the city is one of its own (two
 * states have an Udaipur), else the first state that has it, else none.
 */
export function stateForCity(city: string, currentState: string): IndianState | null {
  if (!city.trim()) return null;
  if (isIndianState(currentState) && CITIES_BY_STATE[currentState].some((c) => same(c, city)))
    return currentState;
  return INDIAN_STATES.find((state) => CITIES_BY_STATE[state].some((c) => same(c, city))) ?? null;
}

/** Choosing a state keeps the city only when it is one of that state's cities. */
export function cityAfterStateChange(state: string, city: string): string {
  if (!city.trim() || !isIndianState(state)) return city;
  return CITIES_BY_STATE[state].some((c) => same(c, city)) ? city : '';
}
