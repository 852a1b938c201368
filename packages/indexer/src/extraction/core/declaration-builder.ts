/**
 * One builder for what every extractor records about a file: declarations (with containment,
 * qualified names and the node-id collision rule), the import statements and reference sites that
 * point at them, finished in source order. The walk that finds them stays with the language.
 *
 * Rules it owns, the same for every language:
 *  - **Qualified names** chain containers with `::` (`Outer::Inner::name`); a top-level
 *    declaration's is its name. An `import` node is named by its specifier and never qualified,
 *    as in the codegraph CLI's graphs.
 *  - **Collisions**: codegraph node ids hash (path, kind, name, start line), so two declarations
 *    with the same kind, name and start line would be one node. The first one is kept and a later
 *    one gets the first one's local id.
 *  - **Optional fields** that are undefined, false, empty strings or empty lists are left out, so
 *    equal declarations are equal objects whichever language made them.
 *  - **Source order**: `finish()` orders declarations by start, imports and sites by position
 *    (ties keep the order they were recorded in) and rewrites every local id accordingly.
 *  - **Row offset**: rows of everything recorded are shifted by `lineOffset`, for a piece of the
 *    file parsed on its own.
 */
import type { Point } from 'web-tree-sitter';
import type { Declaration, ImportBinding, ImportStatement, MemberTypeFact, ReferenceKind, ReferenceSite, Span } from '../../model/extraction.js';
import type { NodeKind } from '../../model/graph-vocabulary.js';
import { localCalleesSoFar } from './scopes.js';

/** Where something is written: a syntax node, or anything with its start and end. */
export interface Located {
  startPosition: Point;
  endPosition: Point;
}

/** What a declaration states beyond its kind, name, container and position. */
export type DeclarationDetails = Omit<Partial<Declaration>, 'kind' | 'name' | 'qualifiedName' | 'parent' | keyof Span>;

export interface BuiltExtraction {
  declarations: Declaration[];
  imports: ImportStatement[];
  references: ReferenceSite[];
  memberTypes?: MemberTypeFact[];
}

export class DeclarationBuilder {
  /** Local id = index. Callers may complete a declaration they made (a type found later). */
  readonly declarations: Declaration[] = [];
  readonly imports: ImportStatement[] = [];
  readonly references: ReferenceSite[] = [];
  /** Added to every row recorded from now on. */
  lineOffset = 0;
  /** `kind\0name\0startLine` → local id. */
  private readonly keys = new Map<string, number>();
  /** `localCalleesSoFar()` when this builder was made: unchanged at `finish`, no type recorded here names a local id. */
  private readonly localCalleesBefore = localCalleesSoFar();

  /** Records a declaration written at `at` inside `parent` (null: the file); returns its local id. */
  declare(kind: NodeKind, name: string, parent: number | null, at: Located, details: DeclarationDetails = {}): number {
    const startLine = at.startPosition.row + 1 + this.lineOffset;
    const key = `${kind}\0${name}\0${startLine}`;
    const existing = this.keys.get(key);
    if (existing !== undefined) return existing;
    const declaration: Declaration = {
      kind,
      name,
      qualifiedName: kind === 'import' || parent === null ? name : `${this.declarations[parent].qualifiedName}::${name}`,
      parent,
      startLine,
      endLine: at.endPosition.row + 1 + this.lineOffset,
      startColumn: at.startPosition.column,
      endColumn: at.endPosition.column,
    };
    for (const [field, value] of Object.entries(details)) {
      if (value === undefined || value === false || value === '' || (Array.isArray(value) && value.length === 0)) continue;
      (declaration as unknown as Record<string, unknown>)[field] = value;
    }
    const id = this.declarations.length;
    this.declarations.push(declaration);
    this.keys.set(key, id);
    return id;
  }

  /** An import statement and its `import` declaration (named by the specifier, `signature` = statement text). */
  addImport(
    specifier: string, parent: number | null, at: Located, signature: string, bindings: ImportBinding[],
    flags: { typeOnly?: boolean; sideEffectOnly?: boolean; importsMembers?: boolean } = {},
  ): ImportStatement {
    const declaration = this.declare('import', specifier, parent, at, { signature });
    const statement: ImportStatement = {
      declaration, specifier, bindings, line: at.startPosition.row + 1 + this.lineOffset, column: at.startPosition.column,
    };
    if (flags.typeOnly) statement.typeOnly = true;
    if (flags.sideEffectOnly) statement.sideEffectOnly = true;
    if (flags.importsMembers) statement.importsMembers = true;
    this.imports.push(statement);
    return statement;
  }

  /** Records a reference site at the start of `at`; the caller completes its receiver and bindings. */
  addReference(kind: ReferenceKind, name: string, enclosing: number | null, at: Located): ReferenceSite {
    const site: ReferenceSite = {
      kind, name, enclosing, line: at.startPosition.row + 1 + this.lineOffset, column: at.startPosition.column,
    };
    this.references.push(site);
    return site;
  }

  /**
   * Everything in source order, with every local id (parents, import declarations, enclosing and
   * local targets of sites, owners of member facts) rewritten to the new positions. Call once,
   * after the last record.
   */
  finish(memberTypes: MemberTypeFact[] = []): BuiltExtraction {
    const declarations = this.declarations;
    const order = positionOrder(declarations, (d) => d.startLine, (d) => d.startColumn);
    if (order) {
      const newId = new Array<number>(order.length);
      order.forEach((oldId, position) => { newId[oldId] = position; });
      const remap = (id: number | null): number | null => (id === null ? null : newId[id]);
      const sorted = order.map((oldId) => declarations[oldId]);
      sorted.forEach((declaration, position) => {
        declaration.parent = remap(declaration.parent);
        if (declaration.aliasOfLocal !== undefined) declaration.aliasOfLocal = newId[declaration.aliasOfLocal];
        declarations[position] = declaration;
      });
      for (const statement of this.imports) statement.declaration = newId[statement.declaration];
      for (const site of this.references) {
        site.enclosing = remap(site.enclosing);
        if (site.localTarget !== undefined) site.localTarget = newId[site.localTarget];
        if (site.headTarget !== undefined) site.headTarget = newId[site.headTarget];
      }
      for (const fact of memberTypes) {
        fact.owner = newId[fact.owner];
        fact.enclosing = remap(fact.enclosing);
      }
      // Types naming a local declaration (`{ kind: 'call', local }`), wherever they were stated: a walk of everything
      // recorded, skipped where none was made (only some languages' scopes make them).
      if (localCalleesSoFar() !== this.localCalleesBefore) {
        const seen = new Set<object>();
        for (const declaration of sorted) remapLocalCalls(declaration, newId, seen);
        for (const site of this.references) remapLocalCalls(site, newId, seen);
        for (const fact of memberTypes) remapLocalCalls(fact, newId, seen);
      }
    }
    return {
      declarations,
      imports: inPositionOrder(this.imports),
      references: inPositionOrder(this.references),
      ...(memberTypes.length > 0 ? { memberTypes } : {}),
    };
  }
}

/** Rewrites the `localCallee` id of every call type inside `value` (a declaration, a site, a fact) to its new position. */
function remapLocalCalls(value: unknown, newId: readonly number[], seen: Set<object>): void {
  if (value === null || typeof value !== 'object' || seen.has(value)) return;
  seen.add(value);
  if (Array.isArray(value)) {
    for (const item of value) remapLocalCalls(item, newId, seen);
    return;
  }
  const record = value as Record<string, unknown>;
  if (record.kind === 'call' && typeof record.localCallee === 'number') record.localCallee = newId[record.localCallee];
  for (const key of Object.keys(record)) remapLocalCalls(record[key], newId, seen);
}

/** Indexes of `items` in (line, column, index) order, or null when they are in that order already. */
function positionOrder<T>(items: readonly T[], line: (item: T) => number, column: (item: T) => number): number[] | null {
  let ordered = true;
  for (let i = 1; i < items.length && ordered; i++) {
    const before = items[i - 1];
    const after = items[i];
    ordered = line(before) < line(after) || (line(before) === line(after) && column(before) <= column(after));
  }
  if (ordered) return null;
  return items
    .map((_, index) => index)
    .sort((a, b) => line(items[a]) - line(items[b]) || column(items[a]) - column(items[b]) || a - b);
}

function inPositionOrder<T extends { line: number; column: number }>(items: T[]): T[] {
  const order = positionOrder(items, (item) => item.line, (item) => item.column);
  return order ? order.map((index) => items[index]) : items;
}
