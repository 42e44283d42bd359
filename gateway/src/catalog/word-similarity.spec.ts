import { wordSimilarity } from './word-similarity';

describe('word similarity, as pg_trgm computes it', () => {
  it.each([
    // PostgreSQL 15's word_similarity(a, b), printed as float4.
    ['metallic steel bott', 'metallic steel water bottle', 0.75],
    ['lanyrd', 'satin lanyard with metal hook', 0.5714286],
    ['diar', 'leather diary a5', 0.8],
    ['notebok', 'kraft paper notebook', 0.75],
    ['premium bottle', 'premium glass bottles', 0.6666667],
    ['eco', 'eco-friendly eco bag', 1],
    ['a', 'b', 0],
    ['word', '', 0],
  ])('word_similarity(%j, %j) = %d', (word, text, expected) => {
    expect(wordSimilarity(word, text)).toBe(Math.fround(expected));
  });

  it('leaves text beyond ASCII to PostgreSQL', () => {
    expect(wordSimilarity('gift box', '🎁 gift box')).toBeNull();
    expect(wordSimilarity('café', 'cafe mug')).toBeNull();
  });
});
