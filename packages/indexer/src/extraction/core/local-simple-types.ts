/**
 * The simple types of locals and parameters (`String`, `int[]`), by the scope that binds them:
 * what languages with overloads read to tell which overload a call's arguments fit.
 */
import type { Node as SyntaxNode } from 'web-tree-sitter';
import type { TypeRef } from '../../model/extraction.js';
import { positionOf, type Scope, type SourcePosition } from './scopes.js';

/**
 * A binding visible from after its initialiser (Swift `let request = request(for: task)` calls the method), whose value is
 * evaluated where the initialiser starts (its names are not the binding itself).
 */
export interface BindingSpan {
  visibleFrom: SourcePosition;
  valueAt: SourcePosition;
}

export class LocalSimpleTypes {
  private readonly byScope = new WeakMap<Scope, Map<string, string>>();

  /** Binds a local or parameter in `scope` with the class its declared type proves, and notes its simple type. */
  bind(scope: Scope, name: string, kind: string, type: TypeRef | null, simple: string | null, at?: SyntaxNode | BindingSpan, declaration?: number): void {
    const span = at === undefined || 'startPosition' in at ? undefined : at;
    const value = type ? { type, scope, ...(span ? { at: span.valueAt } : {}) } : undefined;
    scope.bind(name, kind, declaration, value, span ? span.visibleFrom : at ? positionOf(at as SyntaxNode) : undefined);
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
