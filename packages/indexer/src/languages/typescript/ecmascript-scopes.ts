/**
 * Local (non-module) scopes of ECMAScript code: which names a function or block binds.
 *
 * A scope is computed when the walk enters its node, by a bounded scan of that node only
 * (parameters, hoisted `var`s of the function body, lexical declarations of the block), so the
 * whole file costs O(nodes). Names bound at module level are deliberately absent: the resolver
 * owns module scope.
 */
import type { Node as SyntaxNode } from 'web-tree-sitter';
import type { TypeRef } from '../../model/extraction.js';
import { annotatedType, initialiserType } from './ecmascript-types.js';
import { CLASS_DECLARATION_TYPES, FUNCTION_TYPES, FUNCTION_VALUE_TYPES } from './ecmascript-syntax.js';

/** What a local name is bound to: a syntax node id when it may be an extracted declaration. */
export interface LocalBinding {
  /** tree-sitter node id of the declaring node (function/class declaration or declarator), if any. */
  declarationNodeId?: number;
  /** The type the code states for the bound value (`p: Client`, `const c = new Client()`). */
  type?: TypeRef;
}

export class LocalScope {
  private readonly names = new Map<string, LocalBinding>();
  constructor(readonly parent: LocalScope | null) {}

  bind(name: string, binding: LocalBinding = {}): void {
    // The first binding wins: a function declaration and a later `var` of the same name are one slot.
    if (!this.names.has(name)) this.names.set(name, binding);
  }

  get size(): number {
    return this.names.size;
  }

  /** The innermost binding of a name in this scope chain. */
  lookup(name: string): LocalBinding | undefined {
    for (let scope: LocalScope | null = this; scope; scope = scope.parent) {
      const found = scope.names.get(name);
      if (found) return found;
    }
    return undefined;
  }
}

/** Identifiers a binding pattern introduces: `a`, `{ a, b: c, ...d }`, `[e = 1, [f]]`, `g = 2`. */
export function patternNames(pattern: SyntaxNode | null): string[] {
  const names: string[] = [];
  const stack: SyntaxNode[] = pattern ? [pattern] : [];
  while (stack.length > 0) {
    const node = stack.pop()!;
    switch (node.type) {
      case 'identifier':
      case 'shorthand_property_identifier_pattern':
        names.push(node.text);
        break;
      case 'object_pattern':
      case 'array_pattern':
      case 'rest_pattern': {
        // Reversed onto the stack, so names come out in source order.
        const children = node.namedChildren;
        for (let i = children.length - 1; i >= 0; i--) if (children[i]) stack.push(children[i]!);
        break;
      }
      case 'pair_pattern': {
        const value = node.childForFieldName('value');
        if (value) stack.push(value);
        break;
      }
      case 'assignment_pattern':
      case 'object_assignment_pattern': {
        const left = node.childForFieldName('left');
        if (left) stack.push(left);
        break;
      }
      case 'required_parameter':
      case 'optional_parameter': {
        const inner = node.childForFieldName('pattern');
        if (inner) stack.push(inner);
        break;
      }
      default:
        break; // types, default values, `this` parameters: bind nothing
    }
  }
  return names;
}

/** The scope of a function's parameters, its hoisted `var`s and (for expressions) its own name. */
export function functionScope(fn: SyntaxNode, parent: LocalScope | null): LocalScope {
  const scope = new LocalScope(parent);
  const ownName = fn.childForFieldName('name');
  if (ownName && (fn.type === 'function_expression' || fn.type === 'function' || fn.type === 'generator_function')) {
    scope.bind(ownName.text, { declarationNodeId: fn.id });
  }
  const single = fn.childForFieldName('parameter');
  if (single) for (const name of patternNames(single)) scope.bind(name);
  const params = fn.childForFieldName('parameters');
  if (params) {
    for (const param of params.namedChildren) {
      if (!param) continue;
      const pattern = param.childForFieldName('pattern');
      if (pattern?.type === 'identifier') {
        const type = annotatedType(param.childForFieldName('type'));
        scope.bind(pattern.text, type ? { type } : {});
        continue;
      }
      for (const name of patternNames(param)) scope.bind(name);
    }
  }
  const body = fn.childForFieldName('body');
  if (body && body.type === 'statement_block') bindHoistedVars(body, scope);
  return scope;
}

/** `var` declarations anywhere in a function body, except inside nested functions and classes. */
function bindHoistedVars(body: SyntaxNode, scope: LocalScope): void {
  const stack: SyntaxNode[] = [body];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node !== body && (FUNCTION_TYPES.has(node.type) || node.type === 'class_body' || node.type === 'class')) continue;
    if (node.type === 'variable_declaration') {
      for (const declarator of node.namedChildren) {
        if (declarator?.type === 'variable_declarator') {
          for (const name of patternNames(declarator.childForFieldName('name'))) scope.bind(name);
        }
      }
      continue;
    }
    if (node.type === 'for_in_statement' && forInKind(node) === 'var') {
      for (const name of patternNames(node.childForFieldName('left'))) scope.bind(name);
    }
    // Only statements hold `var` declarations; skipping expressions keeps the scan small.
    for (const child of node.namedChildren) {
      if (child && mayHoldStatements(child.type)) stack.push(child);
    }
  }
}

function mayHoldStatements(type: string): boolean {
  return type.endsWith('_statement') || type.endsWith('_clause') || type === 'statement_block' ||
    type === 'variable_declaration' || type === 'switch_body' || type === 'switch_case' ||
    type === 'switch_default' || type === 'else_clause';
}

export function forInKind(node: SyntaxNode): string | undefined {
  const kind = node.childForFieldName('kind');
  return kind?.text;
}

/** Lexical bindings of a block: `let`/`const`, class and function declarations directly inside. */
export function blockScope(block: SyntaxNode, parent: LocalScope | null): LocalScope {
  const scope = new LocalScope(parent);
  const statements: SyntaxNode[] = [];
  if (block.type === 'switch_body') {
    for (const clause of block.namedChildren) {
      if (!clause) continue;
      for (const statement of clause.namedChildren) if (statement) statements.push(statement);
    }
  } else {
    for (const statement of block.namedChildren) if (statement) statements.push(statement);
  }
  for (const statement of statements) bindDeclarationStatement(statement, scope);
  return scope;
}

/** The bindings a `for (let …;;)`, `for (const x of …)` or `catch (e)` head introduces. */
export function headScope(node: SyntaxNode, parent: LocalScope | null): LocalScope {
  const scope = new LocalScope(parent);
  if (node.type === 'for_statement') {
    const init = node.childForFieldName('initializer');
    if (init) bindDeclarationStatement(init, scope);
  } else if (node.type === 'for_in_statement') {
    if (forInKind(node) !== undefined) {
      for (const name of patternNames(node.childForFieldName('left'))) scope.bind(name);
    }
  } else if (node.type === 'catch_clause') {
    for (const name of patternNames(node.childForFieldName('parameter'))) scope.bind(name);
  }
  return scope;
}

function bindDeclarationStatement(statement: SyntaxNode, scope: LocalScope): void {
  const type = statement.type;
  if (type === 'lexical_declaration' || type === 'variable_declaration') {
    for (const declarator of statement.namedChildren) {
      if (declarator?.type !== 'variable_declarator') continue;
      const nameNode = declarator.childForFieldName('name');
      const value = declarator.childForFieldName('value');
      const boundToCode = nameNode?.type === 'identifier' && value !== null &&
        (FUNCTION_VALUE_TYPES.has(value.type) || value.type === 'class');
      if (nameNode?.type === 'identifier' && !boundToCode) {
        // A variable's type is its annotation, else — when nothing can reassign it — its initialiser.
        const constant = statement.childForFieldName('kind')?.text === 'const';
        const type = annotatedType(declarator.childForFieldName('type')) ?? (constant ? initialiserType(value) : null);
        scope.bind(nameNode.text, type ? { type } : {});
        continue;
      }
      for (const name of patternNames(nameNode)) {
        scope.bind(name, boundToCode ? { declarationNodeId: declarator.id } : {});
      }
    }
  } else if (type === 'function_declaration' || type === 'generator_function_declaration' ||
             CLASS_DECLARATION_TYPES.has(type) || type === 'enum_declaration') {
    const name = statement.childForFieldName('name');
    if (name) scope.bind(name.text, { declarationNodeId: statement.id });
  }
}
