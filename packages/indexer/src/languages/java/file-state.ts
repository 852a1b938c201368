/**
 * What Java's rules record while the shared walk runs over one file, the walk context they pass
 * down, and what is settled once the whole file is known: Java names members and nested types
 * anywhere in a class body (a field declared below the method that uses it), so a receiver's
 * meaning is decided after the walk, in Java's order — a local (from its declaration on), a field of
 * an enclosing class, a member type of an enclosing class, a statically imported member or a
 * nested type imported by name, then whatever the resolver finds for a type name (imports, the
 * package, on-demand imports).
 */
import { TypeBodyFile, type TypeBodyContext } from '../../extraction/core/type-body-file.js';
import type { Walk } from '../../extraction/core/syntax-walk.js';
export type { ArgumentType } from '../../extraction/core/type-body-file.js';

export interface JavaContext extends TypeBodyContext {
  file: JavaFile;
}

export class JavaFile extends TypeBodyFile<JavaContext> {
  constructor() {
    super({ receiverWords: new Set(['this', 'super']), stringType: 'String', bareCallsNameMethods: true });
  }
}

export type JavaWalk = Walk<JavaContext>;
