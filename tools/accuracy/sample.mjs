// Reproducible sampling: the same seed picks the same examples, so two runs can be compared.

/** mulberry32: a small deterministic PRNG (also the bench generator's, so a size always yields one tree). */
export function mulberry32(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Up to n items chosen uniformly without replacement, in their original order. */
export function sample(items, n, seed = 1) {
  if (n >= items.length) return items.slice();
  const random = mulberry32(seed);
  const indexes = items.map((_, i) => i);
  for (let i = 0; i < n; i++) {
    const j = i + Math.floor(random() * (indexes.length - i));
    [indexes[i], indexes[j]] = [indexes[j], indexes[i]];
  }
  return indexes.slice(0, n).sort((a, b) => a - b).map((i) => items[i]);
}
