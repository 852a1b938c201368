/**
 * The simple types of locals and parameters (`String`, `int[]`), by the scope that binds them:
 * what languages with overloads read to tell which overload a call's arguments fit.
 */
import type { Node as SyntaxNode } from 'web-tree-sitter';
import type { TypeRef } from '../../model/extraction.js';
import { positionOf, type Scope } from './scopes.js';

export class LocalSimpleTypes {
  private readonly byScope = new WeakMap<Scope, Map<string, string>>();

  /** Binds a local or parameter in `scope` with the class its declared type proves, and notes its simple type. */
  bind(scope: Scope, name: string, kind: string, type: TypeRef | null, simple: string | null, at?: SyntaxNode, declaration?: number): void {
    scope.bind(name, kind, declaration, type ? { type, scope } : undefined, at ? positionOf(at) : undefined);
    if (simple !== null && simple !== '*') {
      let types = this.byScope.get(scope);
      if (!types) this.byScope.set(scope, (types = new Map()));
      types.set(name, simple);
    }
  }

  /** The simple type noted for `name` where `scope` binds it (null: none). */
  of(scope: Scope | undefined, name: string): string | null {
    return (scope && this.byScope.get(scope)?.get(name)) ?? null;
  }
}
