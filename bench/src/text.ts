/**
 * Reproducible, realistic-looking text: a vocabulary of pronounceable words drawn with a Zipf
 * distribution (word of rank r has weight 1/r), so a few words are everywhere and most are rare,
 * as in natural language. Short words are the frequent ones.
 */

/** mulberry32: a small, fast seeded generator. */
export function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
export type Random = ReturnType<typeof random>;

const ONSETS = 'b c d f g h j k l m n p r s t v w z br ch cl dr fl gr pl pr sh st th tr'.split(' ');
const VOWELS = 'a e i o u a e i o ai ea ie ou'.split(' ');
const CODAS = ['', '', '', '', 'n', 'r', 's', 'l', 'm', 't', 'nd', 'st'];
export const VOCABULARY_SIZE = 20_000;

export function vocabulary(rand: Random): string[] {
  const pick = (list: string[]) => list[Math.floor(rand() * list.length)] ?? '';
  const words = new Set<string>();
  while (words.size < VOCABULARY_SIZE) {
    const rank = words.size;
    const syllables =
      rank < 150 ? 1 + Math.floor(rand() * 2) : 2 + Math.floor(rand() * (rank < 3000 ? 2 : 3));
    let word = '';
    for (let s = 0; s < syllables; s++) word += pick(ONSETS) + pick(VOWELS);
    words.add(word + pick(CODAS));
  }
  return [...words];
}

/** Draws word ranks (0-based) with weight 1/(rank+1). */
export function zipf(rand: Random, size: number) {
  const cdf = new Float64Array(size);
  let sum = 0;
  for (let i = 0; i < size; i++) cdf[i] = sum += 1 / (i + 1);
  return () => {
    const target = rand() * sum;
    let lo = 0;
    let hi = size - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((cdf[mid] ?? 0) < target) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
}

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export interface PostText {
  title: string;
  shortDescription: string;
  html: string;
  text: string;
  state: string;
}

/** Writes titles, descriptions and a few paragraphs of body text. */
export function writer(seed: number) {
  const rand = random(seed);
  const words = vocabulary(rand);
  const rank = zipf(rand, words.length);
  const between = (min: number, max: number) => min + Math.floor(rand() * (max - min + 1));
  const phrase = (n: number) => Array.from({ length: n }, () => words[rank()]).join(' ');
  const sentence = () => `${capitalize(phrase(between(6, 16)))}.`;
  const paragraph = () => Array.from({ length: between(2, 5) }, sentence).join(' ');

  function post(): PostText {
    const title = capitalize(phrase(between(4, 9)));
    const paragraphs = Array.from({ length: between(2, 5) }, paragraph);
    const first = paragraphs[0] ?? '';
    // A small Lexical state (the first paragraph), enough to be valid and realistic in size.
    const state = JSON.stringify({
      root: {
        type: 'root',
        version: 1,
        direction: 'ltr',
        format: '',
        indent: 0,
        children: [
          {
            type: 'paragraph',
            version: 1,
            direction: 'ltr',
            format: '',
            indent: 0,
            children: [
              { type: 'text', version: 1, detail: 0, format: 0, mode: 'normal', style: '', text: first },
            ],
          },
        ],
      },
    });
    return {
      title,
      shortDescription: sentence() + ' ' + sentence(),
      html: paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join(''),
      text: paragraphs.join('\n\n'),
      state,
    };
  }

  /** A word of about this rank that is a plausible search term (5 letters or more). */
  function wordNear(targetRank: number) {
    for (let r = targetRank; r < words.length; r++) if ((words[r] ?? '').length >= 5) return words[r] ?? '';
    return words[targetRank] ?? '';
  }

  /**
   * The rarest plausible search term: a word of 8 letters or more from the end of the vocabulary
   * that starts no other word (a prefix search for it matches that word alone).
   */
  function rareWord() {
    const sorted = [...words].sort();
    const startsAnother = new Set(sorted.filter((w, i) => sorted[i + 1]?.startsWith(w)));
    for (let r = words.length - 1; r > 0; r--) {
      const word = words[r] ?? '';
      if (word.length >= 8 && !startsAnother.has(word)) return word;
    }
    return words[words.length - 1] ?? '';
  }

  return { post, wordNear, rareWord, rand, between, words, capitalize };
}

export type Writer = ReturnType<typeof writer>;
