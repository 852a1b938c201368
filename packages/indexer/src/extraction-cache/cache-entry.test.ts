/**
 * An entry read without its call sites (for a file whose rows a re-index keeps) holds its `extends` /
 * `implements` sites, and gives every site back, in the extraction's order, when asked.
 */
import { describe, expect, it } from 'vitest';
import type { FileExtraction, ReferenceSite } from '../model/extraction.js';
import { cacheKeyOf } from './cache-key.js';
import { decodeEntry, encodeEntry, withCallSites } from './cache-entry.js';

const SECRET = Buffer.from('a test secret');
const site = (kind: ReferenceSite['kind'], name: string, line: number): ReferenceSite => ({ kind, name, enclosing: null, line, column: 0 });

function extraction(): FileExtraction {
  return {
    path: 'src/a.ts', language: 'typescript', lineCount: 9,
    declarations: [{ kind: 'class', name: 'A', qualifiedName: 'A', parent: null, startLine: 1, endLine: 9, startColumn: 0, endColumn: 1 }],
    imports: [], exports: [], errors: [],
    // A call site with a line break in its name: the payload's two lines still split where they should.
    references: [site('calls', 'f\nx', 2), site('extends', 'Base', 1), site('calls', 'g', 3), site('implements', 'I', 1), site('instantiates', 'H', 4)],
  } as FileExtraction;
}

describe('a cache entry', () => {
  const key = cacheKeyOf('src/a.ts', 'typescript', 'ab'.repeat(32));
  const bytes = encodeEntry(key, { extraction: extraction(), size: 120 }, SECRET);

  it('decodes whole by default', () => {
    expect(decodeEntry(bytes, key, SECRET)).toEqual({ extraction: extraction(), size: 120 });
  });

  it('decodes without its call sites, and gives them back in order when asked', () => {
    const light = decodeEntry(bytes, key, SECRET, false)!;
    expect(light.extraction.references.map((s) => s.name)).toEqual(['Base', 'I']);
    const { references: _all, ...rest } = extraction();
    const { references: _some, ...lightRest } = light.extraction;
    expect(lightRest).toEqual(rest);
    expect(withCallSites(light.extraction)).toBe(light.extraction);
    expect(light.extraction).toEqual(extraction());
    // Asked again: nothing left to add.
    expect(withCallSites(light.extraction).references).toHaveLength(5);
  });

  it('is not believed when its call sites were changed, read with them or not', () => {
    const text = bytes.toString('utf8');
    const altered = Buffer.from(text.replace('"g"', '"h"'), 'utf8');
    expect(altered.equals(bytes)).toBe(false);
    expect(decodeEntry(altered, key, SECRET)).toBeUndefined();
    expect(decodeEntry(altered, key, SECRET, false)).toBeUndefined();
  });
});
