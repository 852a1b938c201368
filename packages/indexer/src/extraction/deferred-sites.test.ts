/**
 * A file's call sites detached from its extraction (on the thread that extracted it) come back, in the
 * extraction's order and equal to what they were, when the file is about to be resolved.
 */
import { describe, expect, it } from 'vitest';
import type { FileExtraction, ReferenceSite } from '../model/extraction.js';
import { deferCallSites, detachCallSites, withCallSites } from './deferred-sites.js';

const site = (kind: ReferenceSite['kind'], name: string, line: number, extra: Partial<ReferenceSite> = {}): ReferenceSite =>
  ({ kind, name, enclosing: null, line, column: 0, ...extra });

function extraction(): FileExtraction {
  return {
    path: 'src/a.ts', language: 'typescript', lineCount: 9,
    declarations: [{ kind: 'class', name: 'A', qualifiedName: 'A', parent: null, startLine: 1, endLine: 9, startColumn: 0, endColumn: 1 }],
    imports: [], exports: [], errors: [],
    references: [
      site('calls', 'f', 2, { receiver: ['this'], enclosing: 0 }), site('extends', 'Base', 1), site('calls', 'ǵ\nλ', 3),
      site('implements', 'I', 1), site('instantiates', 'H', 4, { typedReceiver: { type: { name: 'T' }, path: [] } as ReferenceSite['typedReceiver'] }),
    ],
  } as FileExtraction;
}

describe('call sites held as bytes', () => {
  it('leave the extends / implements sites in place and come back whole, in order', () => {
    const held = extraction();
    const bytes = detachCallSites(held, JSON.stringify(held.references));
    expect(held.references.map((s) => s.name)).toEqual(['Base', 'I']);
    // Bytes of their own: a view on a bigger buffer would carry all of it to another thread.
    expect(bytes.byteLength).toBe(bytes.buffer.byteLength);
    deferCallSites(held, bytes, true);
    expect(withCallSites(held)).toBe(held);
    expect(held).toEqual(extraction());
    // Asked again: nothing left to add.
    expect(withCallSites(held).references).toHaveLength(5);
  });

  it('leave an extraction that was never held as it is', () => {
    const plain = extraction();
    expect(withCallSites(plain)).toBe(plain);
    expect(plain.references).toHaveLength(5);
  });
});
