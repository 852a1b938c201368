/**
 * PHP name resolution, as the language defines it at compile time and file by file: a class name is
 * fully qualified by the `use` imports and the namespace it is written in; a function or constant
 * name likewise, except that an unqualified one in a namespace falls back to the global one at run
 * time (the resolver's `fallbackPackage`). So the extractor writes every name as what it means:
 *
 *  - a name an import binds → the import's local name (resolved through the import);
 *  - a name of the file's own namespace → the bare name (the file, then its namespace's other files);
 *  - any other fully qualified name → `['\\A\\B', 'Name']`: a qualifier no identifier can be, which the
 *    resolver's `qualifiedPackage` turns into namespace `A\B` (`['\\', 'Name']`: the global namespace).
 *
 * Classes and functions are case-insensitive in PHP; imports are matched case-insensitively, and
 * declarations by their written case (code almost always writes a name as declared).
 */

import type { Node as SyntaxNode } from 'web-tree-sitter';

export const GLOBAL_NAMESPACE = '\\';

/** The package key of a namespace (`php:App\Models`, `php:\` for the global one): apart from other languages' package keys. */
export function namespaceKey(namespace: string): string {
  return `php:${namespace === '' ? GLOBAL_NAMESPACE : namespace}`;
}

/** The qualifier the extractor writes for a namespace: `\App\Models`, `\` for the global one. */
export function qualifierOf(namespace: string): string {
  return namespace === '' ? GLOBAL_NAMESPACE : `\\${namespace}`;
}

interface Imported {
  /** The local name the import binds. */
  local: string;
  /** The fully qualified name it imports. */
  fqn: string;
}

export type NameSpace = 'class' | 'function' | 'constant';

/**
 * The namespaces of one file: a `namespace A;` clause holds from there to the next one, a
 * `namespace A { … }` block for its body; each has its own imports. Found before the walk (the
 * walk meets a method body after the file's later clauses), by position.
 */
export class PhpNamespaces {
  private readonly regions: Array<{ start: number; end: number; names: PhpNames }> = [];
  private readonly global = new PhpNames('');

  /** Reads the namespace clauses and `use` imports of the file's top level (and of namespace blocks). */
  prepare(root: SyntaxNode): void {
    let current = this.global;
    for (const child of root.namedChildren) {
      if (!child) continue;
      if (child.type === 'namespace_definition') {
        const names = new PhpNames(child.childForFieldName('name')?.text.replace(/\s+/g, '') ?? '');
        const body = child.childForFieldName('body');
        if (body) {
          this.regions.push({ start: body.startIndex, end: body.endIndex, names });
          for (const statement of body.namedChildren) if (statement?.type === 'namespace_use_declaration') names.readUse(statement);
        } else {
          this.regions.push({ start: child.endIndex, end: Infinity, names });
          const previous = this.regions[this.regions.length - 2];
          if (previous && previous.end === Infinity) previous.end = child.startIndex;
          current = names;
        }
      } else if (child.type === 'namespace_use_declaration') {
        current.readUse(child);
      }
    }
  }

  /** The names in force where `node` is written. */
  at(node: SyntaxNode): PhpNames {
    for (let i = this.regions.length - 1; i >= 0; i--) {
      const region = this.regions[i];
      if (node.startIndex >= region.start && node.startIndex < region.end) return region.names;
    }
    return this.global;
  }
}

export class PhpNames {
  readonly namespace: string;
  private readonly imports: Record<NameSpace, Map<string, Imported>> = { class: new Map(), function: new Map(), constant: new Map() };

  constructor(namespace: string) {
    this.namespace = namespace.replace(/^\\/, '');
  }

  /** The imports of a `use` declaration (group uses, `use function`, `use const`, aliases). */
  readUse(node: SyntaxNode): void {
    for (const clause of useClauses(node)) this.addImport(clause.space, clause.local, clause.fqn);
  }

  addImport(space: NameSpace, local: string, fqn: string): void {
    this.imports[space].set(space === 'constant' ? local : local.toLowerCase(), { local, fqn: fqn.replace(/^\\/, '') });
  }

  private imported(space: NameSpace, name: string): Imported | undefined {
    return this.imports[space].get(space === 'constant' ? name : name.toLowerCase());
  }

  /** The fully qualified name a class name written here means (`namespace\X` included). */
  classFqn(text: string): string {
    const written = text.replace(/\s+/g, '');
    if (written.startsWith('\\')) return written.slice(1);
    const parts = written.split('\\');
    if (parts[0].toLowerCase() === 'namespace' && parts.length > 1) return this.within(parts.slice(1).join('\\'));
    const head = this.imported('class', parts[0]);
    if (head) return [head.fqn, ...parts.slice(1)].join('\\');
    return this.within(written);
  }

  private within(name: string): string {
    return this.namespace === '' ? name : `${this.namespace}\\${name}`;
  }

  /** How a class name written here is written for the resolver (see the file comment). */
  classChain(text: string): string[] {
    const written = text.replace(/\s+/g, '');
    if (!written.includes('\\')) {
      const head = this.imported('class', written);
      if (head) return [head.local];
    }
    return this.chainOf(this.classFqn(written), 'class');
  }

  /** A fully qualified name as a chain: bare in the file's own namespace (unless an import hides it), else qualified. */
  chainOf(fqn: string, space: NameSpace): string[] {
    const cut = fqn.lastIndexOf('\\');
    const namespace = cut < 0 ? '' : fqn.slice(0, cut);
    const name = fqn.slice(cut + 1);
    if (namespace === this.namespace && !this.imported(space, name)) return [name];
    return [qualifierOf(namespace), name];
  }

  /**
   * A called function name: an unqualified one is its import or the bare name (its namespace, then
   * the global one: the resolver's fallback); a qualified one is fully qualified like a class name.
   */
  functionChain(text: string): string[] {
    const written = text.replace(/\s+/g, '');
    if (written.startsWith('\\')) return this.chainOf(written.slice(1), 'function');
    if (!written.includes('\\')) {
      const imported = this.imported('function', written);
      return [imported ? imported.local : written];
    }
    return this.chainOf(this.classFqn(written), 'function');
  }
}

export interface UseClause {
  space: NameSpace;
  local: string;
  imported: string;
  fqn: string;
  node: SyntaxNode;
}

/** `use A\B as C, function A\f;`, `use A\{B, C as D}`: each clause's fully qualified name and local name. */
export function useClauses(node: SyntaxNode): UseClause[] {
  const wordOf = (n: SyntaxNode): NameSpace | undefined => {
    const word = n.children.find((c) => c !== null && !c.isNamed && (c.type === 'function' || c.type === 'const'))?.type;
    return word === 'function' ? 'function' : word === 'const' ? 'constant' : undefined;
  };
  const space = wordOf(node) ?? 'class';
  const group = node.namedChildren.find((c) => c?.type === 'namespace_use_group');
  const prefixNode = group ? node.namedChildren.find((c) => c?.type === 'namespace_name' || c?.type === 'qualified_name' || c?.type === 'name') : undefined;
  const prefix = prefixNode ? prefixNode.text.replace(/\s+/g, '').replace(/^\\/, '').replace(/\\$/, '') : '';
  const out: UseClause[] = [];
  for (const clause of (group ?? node).namedChildren) {
    if (!clause || (clause.type !== 'namespace_use_clause' && clause.type !== 'namespace_use_group_clause')) continue;
    const nameNode = clause.namedChildren.find((c) => c?.type === 'qualified_name' || c?.type === 'namespace_name' || c?.type === 'name');
    if (!nameNode) continue;
    const written = nameNode.text.replace(/\s+/g, '').replace(/^\\/, '');
    const fqn = prefix ? `${prefix}\\${written}` : written;
    const alias = clause.namedChildren.find((c) => c?.type === 'namespace_aliasing_clause')?.namedChildren.find((c) => c?.type === 'name')?.text;
    const imported = fqn.slice(fqn.lastIndexOf('\\') + 1);
    out.push({ space: wordOf(clause) ?? space, local: alias ?? imported, imported, fqn, node: clause });
  }
  return out;
}
