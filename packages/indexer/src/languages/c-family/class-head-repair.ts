/**
 * C++ libraries mark exported classes with a macro between the keyword and the name
 * (`class LEVELDB_EXPORT WriteBatch {`). The grammar cannot know the macro expands to an attribute:
 * it reads `class LEVELDB_EXPORT` as a type and `WriteBatch { … }` as a function of that type, so the
 * class, its members and its bases are lost. The repair blanks those macro names (same length, so
 * every position stays) and parses the file again.
 */
import type { Node as SyntaxNode, Tree } from 'web-tree-sitter';
import { reparse } from '../../extraction/core/reparse.js';

const CLASS_KEYS = new Set(['class_specifier', 'struct_specifier', 'union_specifier']);

/** The macro names of misread class heads: `function_definition` whose type is a body-less class named by the macro. */
function misreadHeads(root: SyntaxNode): SyntaxNode[] {
  const found: SyntaxNode[] = [];
  {
    // Class heads sit at namespace level or in class bodies: no need to enter function bodies.
    const visit = (node: SyntaxNode): void => {
      for (const child of node.namedChildren) {
        if (!child) continue;
        if (child.type === 'function_definition') {
          const type = child.childForFieldName('type');
          const name = type && CLASS_KEYS.has(type.type) && !type.childForFieldName('body') ? type.childForFieldName('name') : null;
          const declarator = child.childForFieldName('declarator');
          if (name?.type === 'type_identifier' && /^[A-Z][A-Z0-9_]*$/.test(name.text) && declarator?.type === 'identifier') found.push(name);
          continue;
        }
        if (['namespace_definition', 'declaration_list', 'linkage_specification', 'template_declaration', 'ERROR'].includes(child.type)
          || child.type.startsWith('preproc_')) visit(child);
      }
    };
    visit(root);
  }
  return found;
}

/** The tree with misread class heads read again, or undefined when none is misread (the caller owns a returned tree). */
export function repairClassHeads(tree: Tree, source: string): { tree: Tree; source: string } | undefined {
  const heads = misreadHeads(tree.rootNode);
  if (heads.length === 0) return undefined;
  const macros = new Set(heads.map((h) => h.text));
  // Every use of those macros right after a class key: `class LEVELDB_EXPORT Name`, `class GTEST_API_ [[nodiscard]] Name`.
  const repaired = source.replace(/\b(class|struct|union)(\s+)([A-Z][A-Z0-9_]*)(?=\s+(?:\w|\[\[))/g, (whole, key: string, space: string, macro: string) =>
    (macros.has(macro) ? `${key}${space}${' '.repeat(macro.length)}` : whole));
  if (repaired === source) return undefined;
  const again = reparse(tree.language, repaired);
  return again ? { tree: again, source: repaired } : undefined;
}
