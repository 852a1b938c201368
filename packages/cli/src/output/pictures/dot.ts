/**
 * A picture in Graphviz's DOT language (`dot -Tsvg`). Every id and label is a double-quoted DOT
 * string: a backslash and a double quote are escaped (a backslash would otherwise start one of
 * DOT's label escapes such as `\N` or `\l`), line breaks become `\n`; anything else, `<>` and
 * any script included, is literal text inside quotes.
 */
import type { Picture } from './picture.js';

export function dotString(text: string): string {
  return `"${text.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\r\n|\r|\n/g, '\\n')}"`;
}

export function toDot(picture: Picture): string {
  const ids = new Map(picture.nodes.map((node, i) => [node.id, `n${i}`]));
  const lines = [
    'digraph arbor {',
    `  label=${dotString([picture.title, ...picture.notes].join('\n'))};`,
    '  labelloc=t;',
    '  rankdir=LR;',
    '  node [shape=box, fontname="Helvetica"];',
    '  edge [fontname="Helvetica", fontsize=10];',
  ];
  for (const node of picture.nodes) {
    const label = node.where ? `${node.title}\n${node.where}` : node.title;
    lines.push(`  ${ids.get(node.id)} [label=${dotString(label)}${node.focus ? ', penwidth=3' : ''}];`);
  }
  for (const edge of picture.edges) {
    const from = ids.get(edge.from);
    const to = ids.get(edge.to);
    if (from === undefined || to === undefined) continue;
    const attributes = [...(edge.label ? [`label=${dotString(edge.label)}`] : []), ...(edge.nameBased ? ['style=dashed'] : [])];
    lines.push(`  ${from} -> ${to}${attributes.length > 0 ? ` [${attributes.join(', ')}]` : ''};`);
  }
  lines.push('}');
  return `${lines.join('\n')}\n`;
}
