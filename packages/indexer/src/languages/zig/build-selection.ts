/**
 * Declarations a comptime condition on the target selects (`const Tty = switch (builtin.os.tag) { .windows =>
 * WindowsTty, else => PosixTty };`), read for one documented build: a Linux target, not a test build
 * (`builtin.is_test` false). The graph then holds the declaration that build compiles, as the judges of a
 * default build read it. Any other condition (a build option, the CPU, an OS predicate call) selects nothing.
 */
import type { Node as SyntaxNode } from 'web-tree-sitter';

/** The OS the build is read for. */
const TARGET_OS = 'linux';

const OS_TAG = new Set(['builtin.os.tag', 'builtin.target.os.tag', '@import("builtin").os.tag', '@import("builtin").target.os.tag']);
const IS_TEST = new Set(['builtin.is_test', '@import("builtin").is_test']);

function named(node: SyntaxNode): SyntaxNode[] {
  return node.namedChildren.filter((c): c is SyntaxNode => c !== null && c.type !== 'comment');
}

/** `.linux` → "linux"; null for anything but an enum literal. */
function enumLiteral(node: SyntaxNode | undefined): string | null {
  if (node?.type !== 'field_expression' || node.childForFieldName('object')) return null;
  return node.childForFieldName('member')?.text ?? null;
}

/** What a condition is for that build: true, false, or null (it depends on something else). */
function conditionValue(node: SyntaxNode | null): boolean | null {
  if (!node) return null;
  const text = node.text.replace(/\s+/g, '');
  if (IS_TEST.has(text)) return false;
  if (node.type === 'parenthesized_expression') return conditionValue(named(node)[0] ?? null);
  if (node.type === 'unary_expression' && node.child(0)?.type === '!') {
    const inner = conditionValue(named(node)[0] ?? null);
    return inner === null ? null : !inner;
  }
  if (node.type === 'binary_expression') {
    const operator = node.childForFieldName('operator')?.type;
    const left = node.childForFieldName('left');
    const right = node.childForFieldName('right');
    if ((operator === '==' || operator === '!=') && left && OS_TAG.has(left.text.replace(/\s+/g, ''))) {
      const os = enumLiteral(right ?? undefined);
      if (os === null) return null;
      return (os === TARGET_OS) === (operator === '==');
    }
    if (operator === 'and' || operator === 'or') {
      const a = conditionValue(left);
      const b = conditionValue(right);
      if (operator === 'and') return a === false || b === false ? false : a === true && b === true ? true : null;
      return a === true || b === true ? true : a === false && b === false ? false : null;
    }
  }
  return null;
}

/**
 * The expression `value` evaluates to in that build, where it is a comptime selection on the target (nested ones
 * too); null when it is none or depends on something else.
 */
export function selectedForBuild(value: SyntaxNode | null, depth = 0): SyntaxNode | null {
  if (!value || depth > 4) return null;
  let chosen: SyntaxNode | null = null;
  if (value.type === 'if_expression') {
    const verdict = conditionValue(value.childForFieldName('condition'));
    const branches = named(value).filter((c) => c.id !== value.childForFieldName('condition')?.id);
    if (verdict === null || branches.length !== 2) return null;
    chosen = verdict ? branches[0] : branches[1];
  } else if (value.type === 'switch_expression') {
    const children = named(value);
    if (!children[0] || !OS_TAG.has(children[0].text.replace(/\s+/g, ''))) return null;
    const prongs = children.filter((c) => c.type === 'switch_case');
    const items = (prong: SyntaxNode) => named(prong).slice(0, -1);
    const forTarget = prongs.find((prong) => items(prong).some((item) => enumLiteral(item) === TARGET_OS));
    const otherwise = prongs.find((prong) => prong.children.some((c) => c?.type === 'else'));
    chosen = (forTarget ?? otherwise) ? named((forTarget ?? otherwise)!).at(-1) ?? null : null;
  } else {
    return null;
  }
  return chosen && (chosen.type === 'if_expression' || chosen.type === 'switch_expression') ? selectedForBuild(chosen, depth + 1) : chosen;
}
