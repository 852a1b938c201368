/**
 * Java's scoping, as rules for the shared engine (`src/extraction/core/scopes.ts`): block scopes
 * (a method body, every `{}`, `for` heads, `catch` and try-with-resources), and locals visible
 * from their declaration on — `x.m()` before `Foo x = …;` in the same block still means the field
 * or type `x`. Parameters are visible in the whole method. A class body binds nothing here: fields
 * and methods are members, found through implicit `this` by the resolver.
 */
import type { ScopeRules } from '../../extraction/core/scopes.js';

export type JavaScopeKind = 'file' | 'class' | 'method' | 'lambda' | 'block';

export type JavaBindingKind =
  | 'local' // a local variable, a pattern variable, a for/catch/resource variable
  | 'parameter' // a method, constructor or lambda parameter
  | 'local-class'; // a class declared in a block

export const JAVA_SCOPES: ScopeRules<JavaScopeKind, JavaBindingKind> = {
  scopes: { file: { fileLevel: true }, class: {}, method: {}, lambda: {}, block: {} },
  bindings: { local: { fromPosition: true }, parameter: {}, 'local-class': { fromPosition: true } },
};
