/**
 * What Dart's rules record while the shared walk runs over one file, the walk context they pass
 * down, and what is settled once the whole file is known: a class names its members anywhere in
 * its body (a field declared below the method that uses it), so a receiver's meaning is decided
 * after the walk, in Dart's lexical order — a local (from its declaration on), then a field or
 * getter of an enclosing class (its stated type), then whatever the resolver finds for the name
 * (the library, its parts, its imports, an import prefix).
 */
import type { Node as SyntaxNode } from 'web-tree-sitter';
import type { ExportStatement, ReferenceKind, ReferenceSite, TypeRef } from '../../model/extraction.js';
import { DeclarationBuilder, type BuiltExtraction } from '../../extraction/core/declaration-builder.js';
import { FileFacts, type SiteTarget } from '../../extraction/core/file-facts.js';
import { classAround, classesAround } from '../../extraction/core/class-nesting.js';
import { positionOf, type Scope, type SourcePosition } from '../../extraction/core/scopes.js';
import type { Walk, WalkContext } from '../../extraction/core/syntax-walk.js';
import { ModuleFactsRecorder } from '../../extraction/core/module-facts.js';

export interface DartContext extends WalkContext {
  file: DartFile;
  /** `parent` of declarations made here. */
  parentDecl: number | null;
  /** `enclosing` of reference sites made here. */
  enclosing: number | null;
  /** The innermost class-like declaration (what `this` is). */
  classId: number | null;
  /** Type variables in scope: they prove no class. */
  typeVariables: ReadonlySet<string>;
}

/** What a class-like declaration makes visible to the code inside it. */
export interface ClassInfo {
  /** Fields and getters, with the type they state (null: none proven). */
  fields: Map<string, TypeRef | null>;
  methods: Set<string>;
  /** The simple name of the class it extends (`super(...)` calls its constructor). */
  superName?: string;
  /** An extension's `on` type: its members are that type's. */
  extends?: TypeRef;
}

const RECEIVER_WORDS = new Set(['this', 'super']);

export class DartFile {
  readonly builder = new DeclarationBuilder();
  readonly facts = new FileFacts(this.builder);
  /** What the file says about its module (`FileExtraction.module`). */
  readonly module = new ModuleFactsRecorder();
  readonly classes = new Map<number, ClassInfo>();
  /** `export` directives and the library's `part`s (an importer of the library sees a part's names). */
  readonly exports: ExportStatement[] = [];
  private readonly siteClasses = new Map<ReferenceSite, number | null>();

  classInfo(id: number): ClassInfo {
    let info = this.classes.get(id);
    if (!info) {
      info = { fields: new Map(), methods: new Set() };
      this.classes.set(id, info);
    }
    return info;
  }

  addSite(kind: ReferenceKind, target: SiteTarget, at: SyntaxNode | { startPosition: SyntaxNode['startPosition']; endPosition: SyntaxNode['endPosition'] }, ctx: DartContext): ReferenceSite {
    const site = this.facts.addSite(kind, target, ctx.enclosing, at, ctx.scope);
    this.siteClasses.set(site, ctx.classId);
    return site;
  }

  /** A local or parameter, bound in `scope` with the class its declared type (or initialiser) proves. */
  bindLocal(scope: Scope, name: string, kind: string, type: TypeRef | null, at?: SyntaxNode, declaration?: number): void {
    scope.bind(name, kind, declaration, type ? { type, scope } : undefined, at ? positionOf(at) : undefined);
  }

  finish(): BuiltExtraction {
    const memberFacts = this.facts.finish();
    for (const site of this.builder.references) this.settleSite(site, this.siteClasses.get(site) ?? null);
    this.builder.declarations.forEach((declaration, id) => {
      for (const field of ['valueType', 'returnType'] as const) {
        const type = declaration[field];
        if (!type) continue;
        const settled = this.qualify(type, this.classOf(id));
        if (settled) declaration[field] = settled;
        else delete declaration[field];
      }
    });
    return this.builder.finish(memberFacts);
  }

  /** The innermost class-like declaration at or around a declaration. */
  private classOf(id: number): number | null {
    return classAround(this.builder.declarations, this.classes, id);
  }

  private enclosingClasses(classId: number | null): Generator<[number, ClassInfo]> {
    return classesAround(this.builder.declarations, this.classes, classId);
  }

  private field(name: string, classId: number | null): { type: TypeRef | null } | undefined {
    for (const [, info] of this.enclosingClasses(classId)) {
      if (info.fields.has(name)) return { type: info.fields.get(name) ?? null };
      // A method of that name hides a top-level one of it: no field.
      if (info.methods.has(name)) return undefined;
    }
    return undefined;
  }

  private declaresMethod(name: string, classId: number | null): boolean {
    for (const [, info] of this.enclosingClasses(classId)) if (info.methods.has(name)) return true;
    return false;
  }

  /** A stated type with its names settled where it is written; undefined when it proves nothing. */
  private qualify(type: TypeRef, classId: number | null): TypeRef | undefined {
    switch (type.kind) {
      case 'member-call': {
        const of = this.qualify(type.of, classId);
        return of ? { ...type, of } : undefined;
      }
      case 'field': {
        const of = this.qualify(type.of, classId);
        return of ? { ...type, of } : undefined;
      }
      case 'call': {
        if (type.construct) return type;
        const [head, ...rest] = type.callee;
        if (RECEIVER_WORDS.has(head)) return type;
        // `m()` written bare inside a class is `this.m()`.
        if (rest.length === 0 && this.declaresMethod(head, classId)) return { ...type, callee: ['this', head] };
        const field = this.field(head, classId);
        if (field) {
          if (!field.type || rest.length !== 1) return undefined;
          const of = this.qualify(field.type, classId);
          return of ? { kind: 'member-call', of, name: rest[0] } : undefined;
        }
        return type;
      }
      default:
        return type;
    }
  }

  /** A site's receiver settled in Dart's order (see the file comment). */
  private settleSite(site: ReferenceSite, classId: number | null): void {
    if (site.typedReceiver) {
      const type = this.qualify(site.typedReceiver.type, classId);
      if (type) site.typedReceiver.type = type;
      else delete site.typedReceiver;
    }
    const receiver = site.receiver;
    if (!receiver || receiver.length === 0 || site.locallyBound) return;
    const head = receiver[0];
    if (RECEIVER_WORDS.has(head)) return;
    const field = this.field(head, classId);
    if (field) {
      // `field.m()`: the field's stated class (a field hides a top-level name or an import prefix).
      site.receiver = undefined;
      const type = field.type ? this.qualify(field.type, classId) : undefined;
      if (type) site.typedReceiver = { type, path: receiver.slice(1) };
    }
  }
}

export type DartWalk = Walk<DartContext>;
export type FrameIn = { node: SyntaxNode; ctx: DartContext; doc?: string; leading?: SyntaxNode[] };
