/**
 * How an edge was resolved: the values of `edges.metadata.resolvedBy`.
 *
 * The indexer writes them and the query package labels results with them, so both read this one
 * table; a value added here is classified everywhere at once. The strings are written to disk and
 * read by other tools: never rename one.
 */

/** One way of resolving a site to a declaration. */
export interface ResolutionRule {
  /** The string written to `edges.metadata.resolvedBy`. */
  readonly value: string;
  /** Written beside it as `edges.metadata.confidence`, for readers that rank edges. */
  readonly confidence: number;
  /** True when only the names agree, so the edge may be wrong; false when scope, an import or a type proves it. */
  readonly nameBased: boolean;
  /** What the rule proved, in one line. */
  readonly meaning: string;
}

/**
 * Every rule arbor resolves with. Keys are the names code uses (`RESOLVED_BY.localScope`);
 * each key is the camelCase form of its value.
 */
export const ARBOR_RESOLUTION_RULES = {
  localScope: {
    value: 'local-scope', confidence: 1, nameBased: false,
    meaning: 'a function or class declared in an enclosing local scope of the site',
  },
  sameFile: {
    value: 'same-file', confidence: 1, nameBased: false,
    meaning: "a module-level declaration of the caller's own file",
  },
  import: {
    value: 'import', confidence: 1, nameBased: false,
    meaning: 'an import binding landing on an indexed file (re-export chains, namespaces, CommonJS default exports)',
  },
  samePackage: {
    value: 'same-package', confidence: 1, nameBased: false,
    meaning: 'a declaration of another file of the same package or namespace (Go, Java packages), visible without import',
  },
  qualifiedMember: {
    value: 'qualified-member', confidence: 0.95, nameBased: false,
    meaning: '`Cls.m()` / `ns.Cls.m()` through a proven class, including members its proven base classes declare',
  },
  thisMember: {
    value: 'this-member', confidence: 0.95, nameBased: false,
    meaning: '`this.m()` / `self.m()` / `cls.m()` to a member of the enclosing class',
  },
  inheritedMember: {
    value: 'inherited-member', confidence: 0.9, nameBased: false,
    meaning: '`this.m()` / `super.m()` to a member a proven base class declares',
  },
  implicitThis: {
    value: 'implicit-this', confidence: 0.95, nameBased: false,
    meaning: 'a bare call inside a class body meaning a member of the class or a proven base (Java, C#, Kotlin...)',
  },
  annotatedReceiver: {
    value: 'annotated-receiver', confidence: 0.95, nameBased: false,
    meaning: '`x.m()` where `x` has a declared type (parameter, variable, field or property) naming an indexed class or interface',
  },
  constructedReceiver: {
    value: 'constructed-receiver', confidence: 0.95, nameBased: false,
    meaning: '`x.m()` where `x` was initialised by a constructor of an indexed class (`new Foo()`, Python `Foo()`), or `Foo().m()`',
  },
  returnedReceiver: {
    value: 'returned-receiver', confidence: 0.9, nameBased: false,
    meaning: '`x.m()` where `x` (or the receiver expression) is the result of a call whose declared return type names an indexed class',
  },
  uniqueName: {
    value: 'unique-name', confidence: 0.8, nameBased: true,
    meaning: "the only callable declaration with that name in the caller's language family",
  },
  moduleImport: {
    value: 'module-import', confidence: 1, nameBased: false,
    meaning: '`imports` edges: a module specifier landing on an indexed file',
  },
} as const satisfies Record<string, ResolutionRule>;

type ArborRules = typeof ARBOR_RESOLUTION_RULES;

/** The resolvedBy strings by the names code uses: `RESOLVED_BY.inheritedMember === 'inherited-member'`. */
export const RESOLVED_BY = Object.fromEntries(
  Object.entries(ARBOR_RESOLUTION_RULES).map(([key, rule]) => [key, rule.value]),
) as { readonly [K in keyof ArborRules]: ArborRules[K]['value'] };

/** A resolvedBy value arbor writes. */
export type ResolvedBy = ArborRules[keyof ArborRules]['value'];

/** Every resolvedBy value arbor writes, in table order. */
export const ARBOR_RESOLVED_BY: readonly ResolvedBy[] = Object.values(ARBOR_RESOLUTION_RULES).map((rule) => rule.value);

/** Confidence recorded beside resolvedBy, for readers that rank edges. */
export const CONFIDENCE = Object.fromEntries(
  Object.values(ARBOR_RESOLUTION_RULES).map((rule) => [rule.value, rule.confidence]),
) as Readonly<Record<ResolvedBy, number>>;

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

/**
 * The resolvedBy values the codegraph CLI (0.9.x) writes, as its type declarations list them.
 * These are not arbor's rules: they are facts of the on-disk format arbor reads, so that a graph
 * the codegraph CLI built gets the same labels. It has no confidence column here because the CLI
 * records its own per edge.
 */
export const CODEGRAPH_RESOLUTION_RULES = {
  'exact-match': { nameBased: true, meaning: 'a declaration whose name equals the referenced name' },
  fuzzy: { nameBased: true, meaning: 'an approximate name match, its last resort' },
  'qualified-name': { nameBased: true, meaning: 'a declaration whose qualified name matches the reference' },
  'instance-method': { nameBased: true, meaning: 'a method of that name on some class; the receiver type is not proven' },
  framework: { nameBased: true, meaning: "a link made by one of its framework resolvers (routes, components)" },
  import: { nameBased: false, meaning: 'an import that lands on an indexed file' },
  'file-path': { nameBased: false, meaning: 'a path-like reference matched against an indexed file' },
} as const satisfies Record<string, Omit<ResolutionRule, 'value' | 'confidence'>>;

const NAME_BASED = new Map<string, boolean>([
  ...Object.entries(CODEGRAPH_RESOLUTION_RULES).map(([value, rule]) => [value, rule.nameBased] as const),
  // arbor's own table wins where both writers use the same string (`import`).
  ...Object.values(ARBOR_RESOLUTION_RULES).map((rule) => [rule.value, rule.nameBased] as const),
]);

/**
 * Whether a resolvedBy value (from arbor or the codegraph CLI) links by name alone: true when it
 * may be wrong, false when proven, undefined for a value neither writer is known to use.
 */
export function resolvedByIsNameBased(resolvedBy: string): boolean | undefined {
  return NAME_BASED.get(resolvedBy);
}
