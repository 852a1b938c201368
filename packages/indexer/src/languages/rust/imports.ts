/** Rust's imports and modules: `use` trees (each leaf one import), `extern crate`, and `mod` items (inline, or a file module the file names). */
import type { Node as SyntaxNode } from 'web-tree-sitter';
import type { ImportBinding } from '../../model/extraction.js';
import { type RustContext, type RustWalk, attributesOf, docCommentOf, signatureOf, visibilityOf } from './file-state.js';
import { pathChain } from './type-expressions.js';

/** One leaf of a `use` tree: the full path, the local name (undefined: a glob). */
interface UseLeaf {
  path: string[];
  local?: string;
  glob?: boolean;
}

function useLeaves(node: SyntaxNode | null, prefix: string[], out: UseLeaf[]): void {
  if (!node) return;
  switch (node.type) {
    case 'identifier':
    case 'self':
    case 'super':
    case 'crate':
    case 'scoped_identifier': {
      const chain = pathChain(node);
      if (!chain) return;
      // `use a::{self}`: the module `a` itself.
      if (chain.length === 1 && chain[0] === 'self' && prefix.length > 0) out.push({ path: prefix, local: prefix[prefix.length - 1] });
      else out.push({ path: [...prefix, ...chain], local: chain[chain.length - 1] });
      return;
    }
    case 'use_as_clause': {
      const chain = pathChain(node.childForFieldName('path'));
      const alias = node.childForFieldName('alias');
      if (!chain || !alias) return;
      const path = chain.length === 1 && chain[0] === 'self' && prefix.length > 0 ? prefix : [...prefix, ...chain];
      out.push({ path, local: alias.text });
      return;
    }
    case 'use_wildcard': {
      const inner = node.namedChildren.find((c) => c !== null && c.type !== 'comment');
      const chain = inner ? pathChain(inner) : [];
      if (chain) out.push({ path: [...prefix, ...chain], glob: true });
      return;
    }
    case 'scoped_use_list': {
      const path = node.childForFieldName('path');
      const chain = path ? pathChain(path) : [];
      if (!chain) return;
      useLeaves(node.childForFieldName('list'), [...prefix, ...chain], out);
      return;
    }
    case 'use_list':
      for (const child of node.namedChildren) useLeaves(child, prefix, out);
      return;
    default:
  }
}

/** A path as written inside inline modules, as seen from the file's module: `super::x` in `mod tests` is `self::x`. */
function fromFileModule(path: string[], ctx: RustContext): string[] {
  const depth = ctx.inlineModules.length;
  if (depth === 0) return path;
  let supers = 0;
  while (path[supers] === 'super') supers++;
  if (supers > 0) {
    // Each `super` leaves one inline module; past the last one it leaves the file's module.
    if (supers <= depth) return ['self', ...ctx.inlineModules.slice(0, depth - supers), ...path.slice(supers)];
    return [...Array<string>(supers - depth).fill('super'), ...path.slice(supers)];
  }
  if (path[0] === 'self') return ['self', ...ctx.inlineModules, ...path.slice(1)];
  return path;
}

export function visitUse(node: SyntaxNode, ctx: RustContext): void {
  const leaves: UseLeaf[] = [];
  useLeaves(node.childForFieldName('argument'), [], leaves);
  const signature = signatureOf(node, null);
  // One import per specifier: `use a::{b, c}` binds two names of one module.
  const bySpecifier = new Map<string, ImportBinding[]>();
  for (const leaf of leaves) {
    const path = fromFileModule(leaf.path, ctx);
    if (path.length === 0) continue;
    if (leaf.glob) {
      const specifier = path.join('::');
      bySpecifier.set(specifier, [...(bySpecifier.get(specifier) ?? []), { local: '*', imported: '*' }]);
      continue;
    }
    if (!leaf.local || leaf.local === 'self' || leaf.local === 'super' || leaf.local === 'crate') continue;
    const single = path.length === 1;
    const specifier = single ? path[0] : path.slice(0, -1).join('::');
    const binding: ImportBinding = { local: leaf.local, imported: single ? '*' : path[path.length - 1] };
    if (leaf.local === '_') continue; // `use Trait as _`: brings the trait's methods, binds no name
    bySpecifier.set(specifier, [...(bySpecifier.get(specifier) ?? []), binding]);
  }
  for (const [specifier, bindings] of bySpecifier) ctx.file.builder.addImport(specifier, ctx.parentDecl, node, signature, bindings);
}

export function visitExternCrate(node: SyntaxNode, ctx: RustContext): void {
  const name = node.childForFieldName('name');
  if (!name || name.text === 'self') return;
  const alias = node.childForFieldName('alias');
  ctx.file.builder.addImport(name.text, ctx.parentDecl, node, signatureOf(node, null), [{ local: (alias ?? name).text, imported: '*' }]);
}

export function visitMod(node: SyntaxNode, ctx: RustContext, walk: RustWalk): void {
  const name = node.childForFieldName('name');
  if (!name) return;
  const body = node.childForFieldName('body');
  ctx.file.module.submodule(name.text, { inline: body !== null, macroUse: body === null && attributesOf(node).includes('macro_use') });
  if (!body) {
    // `mod a;`: the file `a.rs` / `a/mod.rs`, bound to `a` here.
    const specifier = fromFileModule(['self', name.text], ctx).join('::');
    ctx.file.builder.addImport(specifier, ctx.parentDecl, node, signatureOf(node, null), [{ local: name.text, imported: '*' }]);
    return;
  }
  const id = ctx.file.builder.declare('module', name.text, ctx.parentDecl, node, {
    signature: signatureOf(node, body),
    docstring: docCommentOf(node),
    decorators: attributesOf(node),
    ...visibilityOf(node),
  });
  // Its item-level sites (a macro call among the items) are the module's; names in it are looked up there first.
  const enclosing = ctx.enclosing ?? id;
  walk.push(body, { ...ctx, parentDecl: id, enclosing, impl: undefined, self: undefined, selfFields: undefined, inlineModules: [...ctx.inlineModules, name.text] });
}

// ---------------------------------------------------------------------------------------------
// Items.
