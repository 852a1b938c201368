/**
 * What C#'s rules record while the shared walk runs over one file, the walk context they pass down,
 * and what is settled once the whole file is known: C# names members and nested types anywhere in
 * a type body (a field declared below the method that uses it), so a receiver's meaning is decided
 * after the walk, in C#'s order — a local (from its declaration on), a field or property of an
 * enclosing type, a member type of an enclosing type, a member of the one `using static` type, then
 * whatever the resolver finds for a type name (usings, the namespace and the namespaces around it).
 */
import { TypeBodyFile, type TypeBodyContext } from '../../extraction/core/type-body-file.js';

export type { ArgumentType } from '../../extraction/core/type-body-file.js';

export interface CSharpContext extends TypeBodyContext {
  file: CSharpFile;
  /** The full name of the namespace block around this point, if any. */
  namespace?: string;
}

export class CSharpFile extends TypeBodyFile<CSharpContext> {
  constructor() {
    super({ receiverWords: new Set(['this', 'base']), stringType: 'string', bareCallsNameMethods: false });
  }
}
