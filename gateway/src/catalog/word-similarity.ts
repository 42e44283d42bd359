/**
 * pg_trgm's word_similarity(word, text) (trgm_op.c, calc_word_similarity and
 * iterate_word_similarity without the strict and threshold flags), for text of ASCII only: the
 * dropdown ranks name matches by it, and the gateway must rank them exactly as PostgreSQL does,
 * float4 rounding included. Words are runs of letters and digits, padded with two spaces before
 * and one after; each trigram is then three bytes, which pg_trgm compares as they are. Null when
 * either text has other characters: pg_trgm then hashes trigrams and the database's locale decides
 * what a letter is, so the catalog answers.
 */
export function wordSimilarity(word: string, text: string): number | null {
  return similarityTo(word)?.(text) ?? null;
}

/**
 * wordSimilarity(word, ·) with the word's trigrams taken once, for ranking many names against one
 * search text; null when the word is not ASCII.
 */
export function similarityTo(word: string): ((text: string) => number | null) | null {
  const wanted = trigrams(word);
  if (!wanted) return null;
  const required = new Set(wanted);
  return (text) => {
    const ofText = trigrams(text);
    return ofText && iterate(required, ofText);
  };
}

/** iterate_word_similarity over the text's trigrams in order, `required` being the word's. */
function iterate(required: Set<number>, trigramsOfText: number[]): number {
  const ulen1 = required.size;
  // Each distinct trigram of the text, numbered; whether the word has it.
  const distinct: number[] = [];
  const indexes = new Int32Array(trigramsOfText.length);
  for (let i = 0; i < trigramsOfText.length; i++) {
    let id = distinct.indexOf(trigramsOfText[i]);
    if (id < 0) id = distinct.push(trigramsOfText[i]) - 1;
    indexes[i] = id;
  }
  const found = distinct.map((t) => required.has(t));
  const lastpos = new Int32Array(distinct.length).fill(-1);
  let ulen2 = 0;
  let count = 0;
  let lower = -1;
  let best = 0;
  for (let i = 0; i < indexes.length; i++) {
    const index = indexes[i];
    if (lower >= 0 || found[index]) {
      if (lastpos[index] < 0) {
        ulen2++;
        if (found[index]) count++;
      }
      lastpos[index] = i;
    }
    if (!found[index]) continue;
    const upper = i;
    if (lower === -1) {
      lower = i;
      ulen2 = 1;
    }
    let current = similarity(count, ulen1, ulen2);
    let tmpCount = count;
    let tmpUlen2 = ulen2;
    const previousLower = lower;
    for (let tmpLower = lower; tmpLower <= upper; tmpLower++) {
      const candidate = similarity(tmpCount, ulen1, tmpUlen2);
      if (candidate > current) {
        current = candidate;
        ulen2 = tmpUlen2;
        lower = tmpLower;
        count = tmpCount;
      }
      const tmpIndex = indexes[tmpLower];
      if (lastpos[tmpIndex] === tmpLower) {
        tmpUlen2--;
        if (found[tmpIndex]) tmpCount--;
      }
    }
    best = Math.max(best, current);
    for (let tmpLower = previousLower; tmpLower < lower; tmpLower++) {
      const tmpIndex = indexes[tmpLower];
      if (lastpos[tmpIndex] === tmpLower) lastpos[tmpIndex] = -1;
    }
  }
  return best;
}

/** CALCSML: a float4 division of two integers, which rounding the double quotient reproduces. */
function similarity(count: number, len1: number, len2: number): number {
  return Math.fround(count / (len1 + len2 - count));
}

const SPACE = 0x20;

/** Whether an ASCII code is a letter or digit, which is all pg_trgm takes into words here. */
function isWordCode(c: number): boolean {
  return (c >= 0x30 && c <= 0x39) || (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a);
}

/** The text's trigrams in order, each as a 24-bit number (words lower-cased and padded); null when it is not ASCII. */
function trigrams(text: string): number[] | null {
  const found: number[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (c > 0x7f) return null;
    if (!isWordCode(c)) {
      i++;
      continue;
    }
    // "  word ": two spaces before, one after.
    let a = SPACE;
    let b = SPACE;
    for (; i < text.length && isWordCode(text.charCodeAt(i)); i++) {
      const code = text.charCodeAt(i) | (text.charCodeAt(i) >= 0x41 && text.charCodeAt(i) <= 0x5a ? 0x20 : 0);
      found.push((a << 16) | (b << 8) | code);
      a = b;
      b = code;
    }
    found.push((a << 16) | (b << 8) | SPACE);
  }
  return found;
}
