import { describe, expect, it } from 'vitest';
import { dotString, toDot } from './dot.js';
import { mermaidText, toMermaid } from './mermaid.js';
import type { Picture } from './picture.js';

const picture: Picture = {
  title: 'callers of Box<T>::get',
  notes: ['1 of 2 callers shown (raise --limit)'],
  nodes: [
    { id: 'a', title: 'method Box<T>::get', where: 'src/box.ts:3', focus: true },
    { id: 'b', title: 'function `say "hi" [x] #1 & \\ end`', where: 'src/ünï.kt:1', focus: false },
  ],
  edges: [{ from: 'b', to: 'a', label: 'src/ünï.kt:2 (unique-name, name-based)', nameBased: true }],
};

describe('label escaping', () => {
  it('Mermaid: quote, hash, ampersand, angle brackets and backtick become entity codes; the rest passes', () => {
    expect(mermaidText('a "b" <T> #1 & `c` [d] (e) ünï\\')).toBe('a #quot;b#quot; #lt;T#gt; #35;1 #amp; #96;c#96; [d] (e) ünï\\');
    expect(mermaidText('two\nlines')).toBe('two lines');
  });

  it('DOT: backslash and quote escaped, line breaks as \\n, inside quotes', () => {
    expect(dotString('say "hi" \\ <T>\nnext')).toBe('"say \\"hi\\" \\\\ <T>\\nnext"');
  });
});

describe('diagrams', () => {
  it('Mermaid: generated ids, the focus class, a dashed arrow for a name-based edge, notes as comments', () => {
    expect(toMermaid(picture)).toBe([
      'flowchart LR',
      '%% callers of Box<T>::get',
      '%% 1 of 2 callers shown (raise --limit)',
      '  n0["method Box#lt;T#gt;::get<br>src/box.ts:3"]',
      '  n1["function #96;say #quot;hi#quot; [x] #35;1 #amp; \\ end#96;<br>src/ünï.kt:1"]',
      '  n1 -.->|"src/ünï.kt:2 (unique-name, name-based)"| n0',
      '  classDef focus stroke-width:3px',
      '  class n0 focus',
      '',
    ].join('\n'));
  });

  it('DOT: a graph label with the notes, a thick focus, a dashed name-based edge', () => {
    const dot = toDot(picture);
    expect(dot).toContain('label="callers of Box<T>::get\\n1 of 2 callers shown (raise --limit)";');
    expect(dot).toContain('n0 [label="method Box<T>::get\\nsrc/box.ts:3", penwidth=3];');
    expect(dot).toContain('n1 [label="function `say \\"hi\\" [x] #1 & \\\\ end`\\nsrc/ünï.kt:1"];');
    expect(dot).toContain('n1 -> n0 [label="src/ünï.kt:2 (unique-name, name-based)", style=dashed];');
  });
});
