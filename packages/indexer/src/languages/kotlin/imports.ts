/** Kotlin's imports, and the top-level names a file declares. */
import { flatSignature } from '../../extraction/core/declaration-text.js';
import type { Node as SyntaxNode } from 'web-tree-sitter';
import type { KotlinContext } from './file-state.js';

export function visitImport(node: SyntaxNode, ctx: KotlinContext): void {
  const file = ctx.file;
  const nameNode = node.namedChildren.find((c) => c?.type === 'qualified_identifier' || c?.type === 'identifier');
  if (!nameNode) return;
  const parts = nameNode.namedChildren.length > 0 ? nameNode.namedChildren.filter((c) => c !== null).map((c) => c!.text.replace(/`/g, '')) : [nameNode.text];
  const wildcard = node.children.some((c) => c?.type === '*');
  const aliasNode = node.children.some((c) => c?.type === 'as') ? node.namedChildren.filter((c) => c?.type === 'identifier').at(-1) : undefined;
  const signature = flatSignature(node.text);
  if (wildcard) {
    // `import a.b.*` (a package) or `import a.b.Foo.*` (Foo's members, reached through a hidden name for Foo).
    const top = parts.findIndex((part) => /^[A-Z]/.test(part));
    if (top >= 0) {
      const specifier = parts.slice(0, top + 1).join('.');
      file.builder.addImport(specifier, ctx.parentDecl, node, signature, [{ local: specifier, imported: parts[top] }]);
      return;
    }
    file.builder.addImport(`${parts.join('.')}.*`, ctx.parentDecl, node, signature, [{ local: '*', imported: '*' }]);
    return;
  }
  file.importPath(parts, aliasNode?.text ?? parts[parts.length - 1], ctx.parentDecl, node, signature);
}

/** Top-level declarations by node type, and the words that start one where the grammar misread it. */
const TOP_LEVEL_DECLARATIONS = new Set(['class_declaration', 'object_declaration', 'function_declaration', 'property_declaration', 'type_alias']);
const DECLARATION_WORDS = new Set(['class', 'interface', 'object', 'fun', 'val', 'var', 'typealias']);

/**
 * The names the file declares at its top level (`FileExtraction.module.declaredNames`), for the
 * package's importers. A top-level node of another type that holds a declaration word followed by a
 * name (`@Target(FUNCTION) public annotation class FromJson`, read as an annotated expression) declares it too.
 */
export function recordTopLevelNames(root: SyntaxNode, ctx: KotlinContext): void {
  const record = (name: SyntaxNode | null | undefined) => {
    if (name) ctx.file.module.declaredName(name.text.replace(/`/g, ''));
  };
  for (const child of root.namedChildren) {
    if (!child || child.type === 'package_header' || child.type === 'import' || child.type === 'import_list' || child.type.endsWith('comment')) continue;
    if (child.type === 'property_declaration') {
      const variable = child.namedChildren.find((c) => c?.type === 'variable_declaration');
      record(variable?.namedChildren.find((c) => c?.type === 'identifier'));
    } else if (TOP_LEVEL_DECLARATIONS.has(child.type)) {
      record(child.childForFieldName('name') ?? child.namedChildren.find((c) => c?.type === 'identifier' || c?.type === 'type_identifier'));
    } else {
      for (const word of child.descendantsOfType('identifier')) {
        const name = word && DECLARATION_WORDS.has(word.text) ? word.nextNamedSibling : null;
        if (name?.type === 'identifier') record(name);
      }
    }
  }
}
