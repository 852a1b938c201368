/** A changed interface moved only in its lines when everything else is equal and the lines keep their order. */
import { describe, expect, it } from 'vitest';
import type { FileExtraction } from '../model/extraction.js';
import { resolutionInterface } from '../resolution/resolution-interface.js';
import { onlyLinesMoved } from './interface-shift.js';

/** A file with an import on `importLine` and a function `name` spanning `start`..`start + 2`, at `column`. */
function file(importLine: number, start: number, name = 'f', column = 0): string {
  return resolutionInterface({
    path: 'a.py', language: 'python', lineCount: 20,
    declarations: [{ kind: 'function', name, qualifiedName: name, parent: null, startLine: start, endLine: start + 2, startColumn: column, endColumn: 10 }],
    imports: [{ specifier: 'util', line: importLine, column: 0, bindings: [] }],
    exports: [], errors: [],
    references: [{ kind: 'calls', name: 'g', enclosing: 0, line: start + 1, column: 4 }],
  } as unknown as FileExtraction);
}

describe('an interface that only moved lines', () => {
  it('is one whose lines moved together, above and below an insertion', () => {
    expect(onlyLinesMoved(file(1, 3), file(2, 4))).toBe(true);
    expect(onlyLinesMoved(file(1, 3), file(1, 7))).toBe(true);
  });

  it('is not one whose lines changed order, nor one with another name or column', () => {
    // The function moved above the import: a wildcard or namespace rule could now decide otherwise.
    expect(onlyLinesMoved(file(1, 3), file(6, 2))).toBe(false);
    // Two lines that were apart now the same.
    expect(onlyLinesMoved(file(1, 3), file(3, 3))).toBe(false);
    expect(onlyLinesMoved(file(1, 3), file(2, 4, 'h'))).toBe(false);
    expect(onlyLinesMoved(file(1, 3), file(2, 4, 'f', 2))).toBe(false);
  });
});
