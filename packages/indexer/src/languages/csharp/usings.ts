/** C#'s `using` directives and namespace names. */
import { flatSignature } from '../../extraction/core/declaration-text.js';
import type { Node as SyntaxNode } from 'web-tree-sitter';
import type { CSharpContext } from './file-state.js';
import { typeChain } from './types.js';

export function visitUsing(node: SyntaxNode, ctx: CSharpContext): void {
  const file = ctx.file;
  const isStatic = node.children.some((c) => c?.type === 'static');
  const alias = node.childForFieldName('name');
  const target = node.namedChildren.find((c) => c !== null && c.id !== alias?.id && c.type !== 'comment');
  const chain = target ? typeChain(target) : null;
  if (!chain) return;
  const specifier = chain.join('.');
  const signature = flatSignature(node.text);
  if (alias) {
    // An alias in one branch of `#if X` / `#else` binds in one build variant only (`Assert` is XUnitAssert in one, NUnit's
    // in the other): the name is left to the file's other usings, never linked to the variant's type.
    if (file.variantLines.has(node.startPosition.row)) return;
    // `using X = A.B.C;`: X means type C of namespace A.B (found through the file declaring it).
    file.builder.addImport(specifier, ctx.parentDecl, node, signature, [{ local: alias.text, imported: chain[chain.length - 1] }]);
    return;
  }
  if (isStatic) {
    // `using static A.B.C;`: C's members are called bare, reached through a hidden name for C (a dotted name no identifier can be).
    file.builder.addImport(specifier, ctx.parentDecl, node, signature, [{ local: specifier, imported: chain[chain.length - 1] }]);
    file.staticWildcards.push(specifier);
    return;
  }
  // `using A.B;` (and `global using A.B;`, which module-resolution.ts also applies to the project's other files).
  file.builder.addImport(specifier, ctx.parentDecl, node, signature, [{ local: '*', imported: '*' }]);
  if (node.children.some((c) => c?.type === 'global')) file.module.projectImport(specifier);
}

/** A namespace declaration's name as written, without `global::`, `@` and white space; null when it has none. */
export function namespaceName(node: SyntaxNode): string | null {
  const name = node.childForFieldName('name');
  return name ? name.text.replace(/\s+/g, '').replace(/^global::/, '').replace(/@/g, '') : null;
}
