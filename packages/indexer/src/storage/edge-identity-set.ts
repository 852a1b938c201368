/**
 * Remembers which edges were written, by identity (source, target, kind, line, col), to drop
 * duplicates. Endpoints are node ordinals; the identity is packed into two numbers where it
 * fits (nearly always), which is several times faster and smaller than string keys on
 * million-edge graphs. Anything that does not fit falls back to a string key.
 */
const PAIR_SHIFT = 2 ** 26; // node ordinals below 67M
const LINE_LIMIT = 2 ** 24; // line + 1
const COL_LIMIT = 2 ** 20; // col + 1
const KIND_LIMIT = 16;

export class EdgeIdentitySet {
  private readonly byPair = new Map<number, number | Set<number>>();
  private readonly kindCodes = new Map<string, number>();
  private readonly other = new Set<string>();

  /** Adds the edge; returns false if an identical edge was added before. */
  add(source: number, target: number, kind: string, line: number | null, col: number | null): boolean {
    const code = this.code(kind, line, col);
    if (code < 0 || source >= PAIR_SHIFT || target >= PAIR_SHIFT) {
      const key = `${source},${target},${kind},${line ?? ''},${col ?? ''}`;
      if (this.other.has(key)) return false;
      this.other.add(key);
      return true;
    }
    const pair = source * PAIR_SHIFT + target;
    const seen = this.byPair.get(pair);
    if (seen === undefined) {
      this.byPair.set(pair, code);
      return true;
    }
    if (typeof seen === 'number') {
      if (seen === code) return false;
      this.byPair.set(pair, new Set([seen, code]));
      return true;
    }
    if (seen.has(code)) return false;
    seen.add(code);
    return true;
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

/** 0 for "no position", value + 1 for a small non-negative integer, -1 otherwise. */
function positionCode(value: number | null, limit: number): number {
  if (value === null) return 0;
  return Number.isInteger(value) && value >= 0 && value < limit - 1 ? value + 1 : -1;
}
