/**
 * One copy of each text the main thread holds across every file's extraction. An extraction comes
 * from a worker (structured-cloned) or from the cache (JSON-parsed) with a fresh copy of every
 * string: kinds, names, receivers, type names, specifiers repeat across files and sites, and a
 * global pass holds every file's extraction at once. Pooling them as each extraction arrives cut
 * the heap an extraction holds by a quarter on the generated scale-bench tree (18.2 → 13.7 KiB a
 * file, structured-cloned); values are unchanged, so the graph is too.
 *
 * A structured-cloned object keeps only its first four properties inside itself and the rest in a
 * second, growable array; a reference site or a declaration has more. Each such object inside the
 * extraction is copied once, through an object literal with its keys in their order (the same
 * object: same keys, order and values), which holds every property inside itself.
 */
export class StringPool {
  private readonly pool = new Map<string, string>();
  /** An object literal's maker per list of keys (few: the extraction model's shapes). */
  private readonly makers = new Map<string, ((from: Record<string, unknown>) => Record<string, unknown>) | null>();
  /** Each object of the extraction being interned and its copy: an object met twice stays one object. */
  private copies = new Map<object, object>();

  /** `value` with every string inside it (array items and object values, recursively) replaced by the pool's copy. In place, but for the objects inside it. */
  intern<T>(value: T): T {
    try {
      if (typeof value !== 'object' || value === null || Array.isArray(value)) return this.visit(value) as T;
      this.visitRecord(value as Record<string, unknown>);
      return value;
    } finally {
      this.copies = new Map();
    }
  }

  private visit(value: unknown): unknown {
    if (typeof value === 'string') {
      const known = this.pool.get(value);
      if (known !== undefined) return known;
      this.pool.set(value, value);
      return value;
    }
    if (typeof value !== 'object' || value === null) return value;
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) {
        const item = value[i];
        if (typeof item === 'string' || (typeof item === 'object' && item !== null)) value[i] = this.visit(item);
      }
      return value;
    }
    const done = this.copies.get(value);
    if (done !== undefined) return done;
    const record = value as Record<string, unknown>;
    this.visitRecord(record);
    const copy = this.compact(record);
    this.copies.set(value, copy);
    return copy;
  }

  private visitRecord(record: Record<string, unknown>): void {
    for (const key in record) {
      const item = record[key];
      if (typeof item === 'string' || (typeof item === 'object' && item !== null)) record[key] = this.visit(item);
    }
  }

  /** The record as one object literal of its keys, or itself: four keys or fewer fit already, and a record keyed by names is left as it is. */
  private compact(record: Record<string, unknown>): Record<string, unknown> {
    if (Object.getPrototypeOf(record) !== Object.prototype) return record;
    const keys = Object.keys(record);
    if (keys.length <= 4 || keys.length > MAX_COMPACT_KEYS) return record;
    const signature = keys.join('\0');
    let maker = this.makers.get(signature);
    if (maker === undefined) {
      maker = this.makers.size < MAX_MAKERS && keys.every((key) => FIELD_NAME.test(key)) ? literalMaker(keys) : null;
      this.makers.set(signature, maker);
    }
    return maker === null ? record : maker(record);
  }
}

/** Shapes of the extraction model: field names, not a source file's names (a map keyed by those is left alone). */
const FIELD_NAME = /^[a-z][A-Za-z]{0,39}$/;
const MAX_COMPACT_KEYS = 24;
const MAX_MAKERS = 256;

/** `(from) => ({ a: from.a, b: from.b, … })` for these keys (checked to be plain field names). */
// The literal is what gives the object its in-object fields (Object.fromEntries or a loop would not).
function literalMaker(keys: string[]): (from: Record<string, unknown>) => Record<string, unknown> {
  return new Function('from', `return { ${keys.map((key) => `${key}: from.${key}`).join(', ')} };`) as (from: Record<string, unknown>) => Record<string, unknown>;
}
