/**
 * The modifiers written before a declaration — keywords (`public`, `static`, `open`) and annotations
 * (`@Override`, `[Obsolete]`) — read the same way for every grammar that lists them as nodes: a
 * language states, as `ModifierShape` in its folder, where the list is and what each entry is.
 */
import type { Node as SyntaxNode } from 'web-tree-sitter';

export interface Modifiers {
  keywords: Set<string>;
  /** Each annotation's text as the language writes it in a declaration's `decorators`. */
  decorators: string[];
  /** Where the declaration's own text starts: after its last annotation (its signature leaves them out). */
  start: number;
}

export interface ModifierShape {
  /** The child node holding the modifiers (`modifiers`); without it, the declaration's own named children. */
  container?: string;
  /** Within the container, every child (the grammar leaves keywords anonymous) rather than the named ones. */
  everyChild?: boolean;
  /** Annotation entries: the decorators each one gives (an attribute list gives several). */
  annotations: ReadonlyMap<string, (node: SyntaxNode) => string[]>;
  /** Entries that are neither keyword nor annotation (comments). */
  skip: ReadonlySet<string>;
  /** A keyword entry's word (undefined: it adds none); its text by default. */
  keyword?: (node: SyntaxNode) => string | undefined;
  /** Without a container: the node types of keyword entries; the list ends at the first other entry. */
  keywordEntries?: ReadonlySet<string>;
}

/** The modifiers of `declaration` as `shape` reads them. */
export function modifiersOf(declaration: SyntaxNode, shape: ModifierShape): Modifiers {
  const keywords = new Set<string>();
  const decorators: string[] = [];
  let start = declaration.startIndex;
  let entries: Array<SyntaxNode | null>;
  if (shape.container) {
    const container = declaration.namedChildren.find((c) => c?.type === shape.container);
    entries = (shape.everyChild ? container?.children : container?.namedChildren) ?? [];
  } else {
    entries = declaration.namedChildren;
  }
  for (const entry of entries) {
    if (!entry) continue;
    const annotation = shape.annotations.get(entry.type);
    if (annotation) {
      decorators.push(...annotation(entry));
      start = entry.endIndex;
    } else if (shape.skip.has(entry.type) && entry.isNamed) {
      continue;
    } else if (!shape.container && !shape.keywordEntries?.has(entry.type)) {
      break;
    } else {
      const word = shape.keyword ? shape.keyword(entry) : entry.text;
      if (word !== undefined) keywords.add(word);
    }
  }
  return { keywords, decorators, start };
}
