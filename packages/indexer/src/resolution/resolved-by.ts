/**
 * How an edge was resolved. Written to `edges.metadata.resolvedBy` so that readers can tell
 * a scope-proven edge from a name-based one. Each value is counted separately in the report.
 */
export const RESOLVED_BY = {
  /** A function or class declared in an enclosing local scope of the call. */
  localScope: 'local-scope',
  /** A module-level declaration of the caller's own file (lexical scope). */
  sameFile: 'same-file',
  /** An import binding whose module lands on an indexed file (incl. re-export chains and namespaces). */
  import: 'import',
  /** A member of a class reached through a proven name: `Cls.staticMethod()`, `ns.Cls.m()`. */
  qualifiedMember: 'qualified-member',
  /** `this.m()` / `self.m()` / `cls.m()` to a method declared in the enclosing class. */
  thisMember: 'this-member',
  /** `this.m()` / `super.m()` to a method a proven superclass declares (the class itself does not). */
  inheritedMember: 'inherited-member',
  /** The only callable declaration with that name in the caller's language family. */
  uniqueName: 'unique-name',
  /** `import` edges: a module specifier that lands on an indexed file. */
  moduleImport: 'module-import',
} as const;
export type ResolvedBy = (typeof RESOLVED_BY)[keyof typeof RESOLVED_BY];

/** Why a site was left unresolved. Recorded in the report (not in the database). */
export type UnresolvedReason =
  | 'local-binding'       // bound to a parameter or local variable we cannot follow
  | 'external-import'     // bound to an import of an unindexed module
  | 'builtin'             // a runtime builtin
  | 'import-name-missing' // the import lands on an indexed file that does not export the name
  | 'ambiguous'           // several workspace declarations share the name
  | 'not-found'           // no workspace declaration has the name
  | 'unknown-receiver'    // a member call whose receiver we cannot type
  | 'not-callable';       // the name resolves to something that cannot be called that way

/** Confidence recorded beside resolvedBy, for readers that rank edges. */
export const CONFIDENCE: Record<ResolvedBy, number> = {
  'local-scope': 1,
  'same-file': 1,
  import: 1,
  'qualified-member': 0.95,
  'this-member': 0.95,
  'inherited-member': 0.9,
  'unique-name': 0.8,
  'module-import': 1,
};
