/**
 * Remembers which edges were written, by identity (source, target, kind, line, col), to drop
 * duplicates. Endpoints are node ordinals and (kind, line, col) packs into one number below 2^48
 * where it fits (nearly always), so an identity is four 32-bit integers kept in one open-addressing
 * table on an Int32Array: no object, string or boxed number per edge. A Map keyed by a packed
 * double cost 1.6 s of the write's CPU and most of its garbage on a 1.15M-edge graph. Anything that
 * does not fit falls back to a string key.
 */
const ORDINAL_LIMIT = 2 ** 31 - 1; // ordinal + 1 is stored, 0 marks an empty slot
const LINE_LIMIT = 2 ** 24; // line + 1
const COL_LIMIT = 2 ** 20; // col + 1
const KIND_LIMIT = 16;
const LOW_BITS = 2 ** 24; // a code splits into two 24-bit halves
const INTS_PER_SLOT = 4;

export class EdgeIdentitySet {
  /** Slots of [source + 1, target, code high half, code low half]; source + 1 = 0 is empty. */
  private slots: Int32Array;
  private mask: number;
  private size = 0;
  private readonly kindCodes = new Map<string, number>();
  private readonly other = new Set<string>();

  /** `expected`: how many edges will be added, when known (the table is sized once instead of growing). */
  constructor(expected = 0) {
    let capacity = 1024;
    while (capacity * 3 < expected * 4) capacity *= 2;
    this.slots = new Int32Array(capacity * INTS_PER_SLOT);
    this.mask = capacity - 1;
  }

  /** Adds the edge; returns false if an identical edge was added before. */
  add(source: number, target: number, kind: string, line: number | null, col: number | null): boolean {
    const code = this.code(kind, line, col);
    if (code < 0 || !isOrdinal(source) || !isOrdinal(target)) {
      const key = `${source},${target},${kind},${line ?? ''},${col ?? ''}`;
      if (this.other.has(key)) return false;
      this.other.add(key);
      return true;
    }
    const high = Math.floor(code / LOW_BITS);
    const low = code - high * LOW_BITS;
    const stored = source + 1;
    const slots = this.slots;
    for (let slot = mix(stored, target, high, low) & this.mask; ; slot = (slot + 1) & this.mask) {
      const at = slot * INTS_PER_SLOT;
      const there = slots[at];
      if (there === 0) {
        slots[at] = stored;
        slots[at + 1] = target;
        slots[at + 2] = high;
        slots[at + 3] = low;
        if (++this.size * 4 > (this.mask + 1) * 3) this.grow();
        return true;
      }
      if (there === stored && slots[at + 1] === target && slots[at + 2] === high && slots[at + 3] === low) return false;
    }
  }

  /** Doubles the table, placing every identity again. */
  private grow(): void {
    const old = this.slots;
    const capacity = (this.mask + 1) * 2;
    const slots = new Int32Array(capacity * INTS_PER_SLOT);
    const mask = capacity - 1;
    for (let at = 0; at < old.length; at += INTS_PER_SLOT) {
      const stored = old[at];
      if (stored === 0) continue;
      let slot = mix(stored, old[at + 1], old[at + 2], old[at + 3]) & mask;
      while (slots[slot * INTS_PER_SLOT] !== 0) slot = (slot + 1) & mask;
      slots.set(old.subarray(at, at + INTS_PER_SLOT), slot * INTS_PER_SLOT);
    }
    this.slots = slots;
    this.mask = mask;
  }

  /** (kind, line, col) as one number below 2^48, or -1 when it does not fit. */
  private code(kind: string, line: number | null, col: number | null): number {
    const lineCode = positionCode(line, LINE_LIMIT);
    const colCode = positionCode(col, COL_LIMIT);
    if (lineCode < 0 || colCode < 0) return -1;
    let kindCode = this.kindCodes.get(kind);
    if (kindCode === undefined) {
      if (this.kindCodes.size >= KIND_LIMIT) return -1;
      kindCode = this.kindCodes.size;
      this.kindCodes.set(kind, kindCode);
    }
    return (kindCode * LINE_LIMIT + lineCode) * COL_LIMIT + colCode;
  }
}

function isOrdinal(value: number): boolean {
  return Number.isInteger(value) && value >= 0 && value < ORDINAL_LIMIT;
}

/** A 32-bit hash of the four parts (multiply-xorshift rounds). */
function mix(a: number, b: number, c: number, d: number): number {
  let h = Math.imul(a ^ 0x9e3779b9, 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 15) ^ b, 0xc2b2ae35);
  h = Math.imul(h ^ (h >>> 13) ^ c, 0x27d4eb2f);
  h = Math.imul(h ^ (h >>> 16) ^ d, 0x165667b1);
  return (h ^ (h >>> 15)) >>> 0;
}

/** 0 for "no position", value + 1 for a small non-negative integer, -1 otherwise. */
function positionCode(value: number | null, limit: number): number {
  if (value === null) return 0;
  return Number.isInteger(value) && value >= 0 && value < limit - 1 ? value + 1 : -1;
}
