/**
 * A picture as a Mermaid flowchart, the dialect GitHub and GitLab render in Markdown.
 *
 * Labels are double-quoted strings in which Mermaid reads `#name;` and `#NN;` as entity codes.
 * Everything that could end the string or be taken as markup is written that way: `"` `#` `&`
 * `<` `>` and the backtick (which would start a Markdown string). Other text, any script,
 * passes as it is. Node ids are generated (`n0`, `n1`, …), never taken from names.
 */
import type { Picture } from './picture.js';

const ENTITIES: Record<string, string> = { '"': '#quot;', '#': '#35;', '&': '#amp;', '<': '#lt;', '>': '#gt;', '`': '#96;' };

/** Text for inside a quoted Mermaid label. */
export function mermaidText(text: string): string {
  return text.replace(/["#&<>`]/g, (ch) => ENTITIES[ch]).replace(/[\r\n]+/g, ' ');
}

/** A `%%` comment line: one line, whatever the text holds. */
const comment = (text: string) => `%% ${text.replace(/[\r\n]+/g, ' ')}`;

export function toMermaid(picture: Picture): string {
  const ids = new Map(picture.nodes.map((node, i) => [node.id, `n${i}`]));
  const lines = ['flowchart LR', comment(picture.title), ...picture.notes.map(comment)];
  for (const node of picture.nodes) {
    const label = node.where ? `${mermaidText(node.title)}<br>${mermaidText(node.where)}` : mermaidText(node.title);
    lines.push(`  ${ids.get(node.id)}["${label}"]`);
  }
  for (const edge of picture.edges) {
    const from = ids.get(edge.from);
    const to = ids.get(edge.to);
    if (from === undefined || to === undefined) continue;
    const arrow = edge.nameBased ? '-.->' : '-->';
    lines.push(edge.label ? `  ${from} ${arrow}|"${mermaidText(edge.label)}"| ${to}` : `  ${from} ${arrow} ${to}`);
  }
  const focus = picture.nodes.filter((n) => n.focus).map((n) => ids.get(n.id));
  if (focus.length > 0) {
    lines.push('  classDef focus stroke-width:3px', `  class ${focus.join(',')} focus`);
  }
  return `${lines.join('\n')}\n`;
}
