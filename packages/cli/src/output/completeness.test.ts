import { describe, expect, it } from 'vitest';
import { completenessLines } from './completeness.js';
import { createStyle } from './style.js';

const plain = createStyle(false);
const site = {
  reference: 'ctx.app.ensure_sync', kind: 'calls', filePath: 'src/flask/ctx.py', line: 204, column: 19,
  from: { id: 'f', kind: 'function', name: 'wrapper', qualifiedName: 'copy::wrapper', filePath: 'src/flask/ctx.py', language: 'python', startLine: 200, endLine: 210 },
  mayReach: ['m'], candidate: false, isTest: false,
};

describe('completenessLines', () => {
  it('prints nothing for a complete answer', () => {
    expect(completenessLines({ complete: true, reasons: [], unprovenSites: [], unprovenTotal: 0 }, plain)).toEqual([]);
  });

  it('lists the unproven sites apart, says how many are not shown, and gives the reason', () => {
    const lines = completenessLines({ complete: false, reasons: ['2 unresolved same-name sites'], unprovenSites: [site], unprovenTotal: 2 }, plain);
    expect(lines[0]).toBe('unproven sites that may also reach it (2, showing 1; not in the graph, not counted above)');
    expect(lines[1]).toMatch(/^ {2}src\/flask\/ctx\.py:204 {2}ctx\.app\.ensure_sync {2}receiver not proven {2}in copy::wrapper$/);
    expect(lines.at(-1)).toBe('may be incomplete: 2 unresolved same-name sites');
  });
});
