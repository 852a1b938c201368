/**
 * Which preprocessor branch a default build compiles, where the conditions name only the platform: the default
 * build is a POSIX one (Linux, GCC-compatible), so `#if defined(_WIN32)`, `#ifdef __APPLE__` and `#if 0` are not
 * taken and their `#else` is. A definition in a branch that build leaves out is a build variant
 * (`Declaration.buildVariant`): a twin of the same name in the compiled branch is the one a call means. A
 * condition naming anything else (a project option, a version test) decides nothing here.
 */
import type { Node as SyntaxNode } from 'web-tree-sitter';

/** Platforms and compilers other than the default build's. */
const OTHER_PLATFORMS = new Set([
  '_WIN32', '_WIN64', 'WIN32', '_WINDOWS', '_MSC_VER', '__MINGW32__', '__MINGW64__', '__CYGWIN__', '__APPLE__', '__MACH__',
  '__ANDROID__', '__FreeBSD__', '__OpenBSD__', '__NetBSD__', '__DragonFly__', '__EMSCRIPTEN__', '__sun', '_AIX', '__HAIKU__', '__wasi__',
]);
/** What the default build defines. */
const DEFAULT_PLATFORM = new Set(['__linux__', '__linux', '__unix__', '__unix', '__GNUC__']);

type Truth = boolean | undefined;

function definedTruth(name: string | undefined): Truth {
  if (name === undefined) return undefined;
  if (OTHER_PLATFORMS.has(name)) return false;
  if (DEFAULT_PLATFORM.has(name)) return true;
  return undefined;
}

/** A `#if` condition's value in the default build; undefined when it depends on anything but the platform. */
function evaluate(node: SyntaxNode | null): Truth {
  if (!node) return undefined;
  switch (node.type) {
    case 'number_literal':
      return /^0+$/.test(node.text) ? false : /^[1-9]\d*$/.test(node.text) ? true : undefined;
    case 'preproc_defined':
      return definedTruth(node.namedChildren.find((c) => c?.type === 'identifier')?.text);
    case 'identifier':
      // `#if _WIN32`: an undefined name is 0.
      return definedTruth(node.text);
    case 'parenthesized_expression':
      return evaluate(node.namedChildren[0]);
    case 'unary_expression': {
      if (node.child(0)?.type !== '!') return undefined;
      const value = evaluate(node.childForFieldName('argument'));
      return value === undefined ? undefined : !value;
    }
    case 'binary_expression': {
      const operator = node.childForFieldName('operator')?.type;
      const left = evaluate(node.childForFieldName('left'));
      const right = evaluate(node.childForFieldName('right'));
      if (operator === '&&') return left === false || right === false ? false : left === true && right === true ? true : undefined;
      if (operator === '||') return left === true || right === true ? true : left === false && right === false ? false : undefined;
      return undefined;
    }
    default:
      return undefined;
  }
}

const BRANCHES = new Set(['preproc_if', 'preproc_ifdef', 'preproc_elif', 'preproc_elifdef', 'preproc_else']);

/** A branch's own condition (true for `#else`). */
function conditionOf(branch: SyntaxNode): Truth {
  if (branch.type === 'preproc_else') return true;
  if (branch.type === 'preproc_ifdef' || branch.type === 'preproc_elifdef') {
    const value = definedTruth(branch.childForFieldName('name')?.text);
    const negated = /^#(?:ifndef|elifndef)$/.test(branch.child(0)?.type ?? '');
    return value === undefined ? undefined : value !== negated;
  }
  return evaluate(branch.childForFieldName('condition'));
}

/** Whether the default build compiles `branch`'s body: every earlier branch of its chain false, its own true. */
function taken(branch: SyntaxNode): Truth {
  let result: Truth = conditionOf(branch);
  if (result === false) return false;
  for (let current = branch, parent = branch.parent; parent && BRANCHES.has(parent.type)
    && parent.childForFieldName('alternative')?.id === current.id; current = parent, parent = parent.parent) {
    const earlier = conditionOf(parent);
    if (earlier === true) return false;
    if (earlier === undefined) result = undefined;
  }
  return result;
}

/**
 * The condition of the branch around `node` that the default build leaves out (its text), or undefined when
 * every branch around it is compiled or the conditions name more than the platform.
 */
export function platformVariant(node: SyntaxNode): string | undefined {
  for (let child = node, parent = node.parent; parent; child = parent, parent = parent.parent) {
    if (!BRANCHES.has(parent.type)) continue;
    // In the branch's body: not its condition, not its alternative (a later branch).
    const condition = parent.childForFieldName('condition') ?? parent.childForFieldName('name');
    const alternative = parent.childForFieldName('alternative');
    if (condition && child.id === condition.id) continue;
    if (alternative && child.id === alternative.id) continue;
    if (taken(parent) === false) {
      const head = parent.type === 'preproc_else' ? '#else' : parent.text.split('\n', 1)[0];
      return head.replace(/\s+/g, ' ').trim();
    }
  }
  return undefined;
}
