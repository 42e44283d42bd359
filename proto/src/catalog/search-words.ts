/** At most this many words of what a shopper typed take part in a search. */
export const SEARCH_MAX_WORDS = 6;

/**
 * The words of a search: letters (with their marks) and digits of any script, lower-cased.
 */
export function searchWords(text: string): string[] {
  return (text.toLowerCase().match(/[\p{L}\p{M}\p{N}]+/gu) ?? []).slice(0, SEARCH_MAX_WORDS);
}
