/**
 * The Scala version a project's build compiles by default, read from its build definition (cross-build.ts uses
 * it to tell which version folder the default build compiles). Only what the build writes literally is accepted;
 * anything else leaves the default unknown, and twins in version folders stay ambiguous.
 *
 *  - sbt (`build.sbt`, constants also from `project/*.scala`): the version `sbt compile` uses — the build-wide
 *    `ThisBuild / scalaVersion := …` (also `scalaVersion in ThisBuild`, or inside `inThisBuild(…)`), else the
 *    `scalaVersion := …` every project sets when they all agree. The value may be a string, a `val` holding one
 *    (through other `val`s), or `crossScalaVersions.value.head` (the first of the list the build sets).
 *  - Mill (`build.mill`, `build.sc`): `def scalaVersion = …` of plain modules, and the default cross value of each
 *    `Cross[…](versions)`, when every module agrees on the binary version (`2.13`, `3.3`). Mill's `Cross` module
 *    documents its default: `defaultCrossSegments`, "the first cross value per cross level" unless the build
 *    overrides it (`object foo extends Cross[M](…) { def defaultCrossSegments = Seq("3.3.1") }`); it is the module
 *    `mill foo[].compile` builds. A list whose first version is not written literally leaves the default unknown.
 *  - scala-cli (`project.scala` at the root): the first version of `//> using scala …`.
 * An sbt project that sets its own `scalaVersion` in its definition compiles the sources of its folder with it
 * (`projectScalaVersions`), whatever the build-wide default is.
 * A repository with both an sbt and a Mill build (an sbt file kept for one project) has a default only where both
 * state the same binary version (version folders name no more than that).
 */

export type ReadText = (relativePath: string) => string | undefined;

/** The build tool that states the default version: what a version folder means is the tool's convention (cross-build.ts). */
export type ScalaBuildTool = 'sbt' | 'mill' | 'scala-cli';

export interface DefaultScalaVersion {
  version: string;
  tool: ScalaBuildTool;
}

/** A list of versions as far as the build states it: `complete` false when an unknown part follows the items. */
interface Versions {
  items: string[];
  complete: boolean;
}

const MAX_DEPTH = 8;
const VERSION = /^\d+\.\d+(?:\.[\w.-]+)?$/;

/** The default Scala version of the project at the workspace root, or undefined when its build does not state one. */
export function defaultScalaVersion(read: ReadText, files: Iterable<string>): DefaultScalaVersion | undefined {
  const stated = (version: string | undefined, tool: ScalaBuildTool) => (version === undefined ? undefined : { version, tool });
  const sbt = read('build.sbt');
  const mill = read('build.mill') ?? read('build.sc');
  const sbtVersion = sbt === undefined ? undefined : sbtDefault(stripComments(sbt), [sbt, ...[...files].filter((file) => /^project\/[^/]+\.scala$/.test(file)).sort().map((file) => read(file) ?? '')].map(stripComments));
  const millVersion = mill === undefined ? undefined : millDefault(stripComments(mill));
  // Two build definitions (an sbt file kept for one project beside the Mill build): the default only where they agree.
  if (sbt !== undefined && mill !== undefined) return sameBinaryVersion([sbtVersion, millVersion]) ? stated(millVersion, 'mill') : undefined;
  if (sbt !== undefined) return stated(sbtVersion, 'sbt');
  if (mill !== undefined) return stated(millVersion, 'mill');
  const cli = read('project.scala');
  if (cli !== undefined) return stated(/^\s*\/\/>\s*using\s+scala\s+"?([\w.-]+)"?/m.exec(cli)?.[1], 'scala-cli');
  return undefined;
}

/** The tool whose conventions name the version folders: Mill where the repository has a Mill build, else sbt. */
export function buildTool(read: ReadText): ScalaBuildTool {
  return read('build.mill') !== undefined || read('build.sc') !== undefined ? 'mill' : 'sbt';
}

/** The Scala version one sbt project of the build sets for itself, and the folder holding its sources. */
export interface ProjectScalaVersion {
  folder: string;
  version: string;
}

/**
 * The projects of an sbt build that set their own `scalaVersion` (`lazy val core = project.settings(scalaVersion :=
 * "2.13.14")`, `crossProject(…).in(file("modules/core")).settings(…)`): a project's own setting is what `sbt compile`
 * uses for the sources under its folder, whatever the build-wide one is. Only settings written in the project's own
 * definition count; one the build does not state literally is left out.
 */
export function projectScalaVersions(read: ReadText, files: Iterable<string>): ProjectScalaVersion[] {
  const sbt = read('build.sbt');
  // Beside a Mill build, the sbt file is kept for a project or two: the Mill build's default decides.
  if (sbt === undefined || read('build.mill') !== undefined || read('build.sc') !== undefined) return [];
  const build = stripComments(sbt);
  const constants = new Constants([build, ...[...files].filter((file) => /^project\/[^/]+\.scala$/.test(file)).sort().map((file) => stripComments(read(file) ?? ''))]);
  const out: ProjectScalaVersion[] = [];
  for (const match of build.matchAll(/^\s*lazy\s+val\s+(\w+|`[^`]+`)\s*(?::\s*[\w.]+\s*)?=\s*/gm)) {
    const definition = readExpression(build, match.index + match[0].length);
    if (!/^\(?\s*(?:project\b|crossProject\s*\(|Project\s*\()/.test(definition)) continue;
    const folder = /\bin\s*\(?\s*file\s*\(\s*"([^"]*)"\s*\)/.exec(definition)?.[1] ?? match[1].replace(/`/g, '');
    const settings = settingValues(definition, 'scalaVersion', []).filter((each) => !each.thisBuild);
    const cross = settingValues(definition, 'crossScalaVersions', []).filter((each) => !each.thisBuild);
    const versions = settings.map((setting) => /^\(?\s*crossScalaVersions\s*\)?(?:\.value)?\.head$/.test(setting.expression)
      ? constants.list(cross.filter((each) => each.at < setting.at).pop()?.expression ?? '')?.items[0]
      : constants.single(setting.expression));
    const version = versions.length > 0 && versions.every((each) => each !== undefined && each === versions[0]) ? versions[0] : undefined;
    const normalised = folder.replace(/^\.\/?/, '').replace(/\/+$/, '');
    if (version !== undefined && normalised !== '') out.push({ folder: normalised, version });
  }
  return out;
}

function sbtDefault(build: string, definitions: string[]): string | undefined {
  const constants = new Constants(definitions);
  const thisBuild: string[] = [];
  const projects: string[] = [];
  const buildWide = spansOf(build, /\binThisBuild\s*[({]/g);
  const cross = settingValues(build, 'crossScalaVersions', buildWide).map((each) => ({ ...each, value: constants.list(each.expression) }));
  const buildCross = agreed(cross.filter((each) => each.thisBuild).map((each) => each.value));
  for (const setting of settingValues(build, 'scalaVersion', buildWide)) {
    // `crossScalaVersions.value.head`: the project's own list (the last one set before it), else the build's.
    const own = setting.thisBuild ? undefined : cross.filter((each) => !each.thisBuild && each.at < setting.at).pop()?.value;
    const value = /^\(?\s*(?:ThisBuild\s*\/\s*)?crossScalaVersions\s*\)?(?:\.value)?\.head$/.test(setting.expression)
      ? (own ?? buildCross)?.items[0]
      : constants.single(setting.expression);
    // A setting the build does not state literally leaves the default unknown.
    if (value === undefined) return undefined;
    (setting.thisBuild ? thisBuild : projects).push(value);
  }
  return onlyOne(thisBuild.length > 0 ? thisBuild : projects);
}

function millDefault(build: string): string | undefined {
  const constants = new Constants([build]);
  const chosen: string[] = [];
  for (const match of build.matchAll(/\bdef\s+scalaVersion\b(?:\s*:\s*[\w[\]]+)?\s*=\s*/g)) {
    const expression = unwrapTask(readExpression(build, match.index + match[0].length));
    if (/^crossScalaVersion$/.test(expression)) continue;
    const value = constants.single(expression);
    if (value === undefined) return undefined;
    chosen.push(value);
  }
  for (const match of build.matchAll(/\bCross\s*\[[^\]]*\]\s*\(/g)) {
    const open = match.index + match[0].length - 1;
    const close = closingOf(build, open);
    const inner = build.slice(open + 1, close);
    // `Cross[M](scalaVersions)` takes a list, `Cross[M]("2.13.8", "3.3.1")` its versions.
    const versions = splitTopLevel(inner, /,/).filter((each) => each !== '').length === 1 ? constants.list(inner) : constants.list(`Seq(${inner})`);
    const overridden = defaultCrossSegments(build, close, constants);
    // `{ def defaultCrossSegments = … }` the build does not state literally: the default is unknown.
    if (overridden === null) return undefined;
    const value = overridden ?? versions?.items[0];
    if (value === undefined) return undefined;
    chosen.push(value);
  }
  return sameBinaryVersion(chosen) ? chosen[0] : undefined;
}

/**
 * The version a cross module's body sets as its default (`object foo extends Cross[M](…) { def defaultCrossSegments =
 * Seq("3.3.1") }`): undefined when its body (from `close`, the list's closing parenthesis) does not set one, null when
 * it sets one the build does not write literally.
 */
function defaultCrossSegments(build: string, close: number, constants: Constants): string | undefined | null {
  const body = /^\s*(?:with\s+[\w.]+\s*)*\{/.exec(build.slice(close + 1));
  if (!body) return undefined;
  const open = close + body[0].length;
  const text = build.slice(open, closingOf(build, open));
  const setting = /\bdef\s+defaultCrossSegments\b(?:\s*:\s*[\w[\]]+)?\s*=\s*/.exec(text);
  if (!setting) return undefined;
  return constants.list(readExpression(text, setting.index + setting[0].length))?.items[0] ?? null;
}

/** `2.13` of `2.13.14`, `3` of `3.3.1` too: what a version folder can name (`src-2.13`, `src-3`). */
function binaryVersion(version: string): string {
  return /^(\d+\.\d+)/.exec(version)?.[1] ?? version;
}

/** Whether a non-empty list of versions all name one binary version (`2.12.8` and `2.12.20`). */
function sameBinaryVersion(versions: Array<string | undefined>): boolean {
  return versions.length > 0 && versions.every((version) => version !== undefined && binaryVersion(version) === binaryVersion(versions[0]!));
}

/** `T("2.13.8")`, `T { scala213 }`, `Task { … }`: the expression inside a Mill task. */
function unwrapTask(expression: string): string {
  const match = /^(?:T|Task)(?:\.\w+)?\s*[({]([\s\S]*)[)}]$/.exec(expression);
  return match ? match[1].trim() : expression;
}

/** The one value of a non-empty list where every entry agrees, else undefined. */
function onlyOne(values: string[]): string | undefined {
  return values.length > 0 && values.every((value) => value === values[0]) ? values[0] : undefined;
}

function agreed(lists: Array<Versions | undefined>): Versions | undefined {
  if (lists.length === 0 || lists.some((list) => list === undefined)) return undefined;
  const first = lists[0]!;
  return lists.every((list) => list!.items[0] === first.items[0]) ? first : undefined;
}

/** Every `key := expression` of an sbt build, and whether it is build-wide. */
function settingValues(build: string, key: string, buildWide: Array<[number, number]>): Array<{ expression: string; thisBuild: boolean; at: number }> {
  const out: Array<{ expression: string; thisBuild: boolean; at: number }> = [];
  const pattern = new RegExp(`(\\bThisBuild\\s*/\\s*)?\\b${key}(\\s+in\\s+ThisBuild)?\\s*:=\\s*`, 'g');
  for (const match of build.matchAll(pattern)) {
    // `Compile / scalaVersion`, `foo.scalaVersion`: some other scope's setting.
    const before = build.slice(Math.max(0, match.index - 2), match.index);
    if (match[1] === undefined && /[/.]\s*$/.test(before)) continue;
    const thisBuild = match[1] !== undefined || match[2] !== undefined || buildWide.some(([from, to]) => match.index > from && match.index < to);
    out.push({ expression: readExpression(build, match.index + match[0].length), thisBuild, at: match.index });
  }
  return out;
}

/** The spans (open paren to its closing one) of every call `pattern` finds. */
function spansOf(text: string, pattern: RegExp): Array<[number, number]> {
  return [...text.matchAll(pattern)].map((match) => {
    const open = match.index + match[0].length - 1;
    return [open, closingOf(text, open)];
  });
}

/** The `val`s (and parameterless `def`s) of the build definition holding a version or a list of versions, by name. */
class Constants {
  private readonly expressions = new Map<string, string[]>();

  constructor(texts: string[]) {
    for (const text of texts) {
      // `val scala213 = "2.13.14"`, `def scala213 = "2.13.14"` (no parameters): a constant of the build.
      for (const match of text.matchAll(/\b(?:val|def)\s+(\w+)(?:\s*:\s*[\w[\]]+)?\s*=\s*/g)) {
        const list = this.expressions.get(match[1]) ?? [];
        list.push(readExpression(text, match.index + match[0].length));
        this.expressions.set(match[1], list);
      }
    }
  }

  /** The one version an expression states, or undefined. */
  single(expression: string, depth = 0): string | undefined {
    const list = this.list(expression, depth);
    return list && list.complete && list.items.length === 1 && !/^(?:Seq|List|Vector|Agg)\s*\(/.test(expression) ? list.items[0] : undefined;
  }

  /** The versions an expression states: a string, a `val`, `Seq(…)`/`List(…)`, `a :: b :: rest`, `a ++ b`. */
  list(expression: string, depth = 0): Versions | undefined {
    const text = expression.trim().replace(/\s*:\s*_\s*\*$/, '');
    if (depth > MAX_DEPTH || text === '') return undefined;
    const string = /^"([^"\\]*)"$/.exec(text);
    if (string) return VERSION.test(string[1]) ? { items: [string[1]], complete: true } : undefined;
    const parts = splitTopLevel(text, /::|\+\+|:\+/);
    if (parts.length > 1) {
      const items: string[] = [];
      for (const part of parts) {
        const each = this.list(part, depth + 1);
        // What follows an unknown part is not known to be first; what precedes it is.
        if (!each) return items.length > 0 ? { items, complete: false } : undefined;
        items.push(...each.items);
        if (!each.complete) return { items, complete: false };
      }
      return { items, complete: true };
    }
    const call = /^(?:Seq|List|Vector|Agg|IndexedSeq)\s*\(([\s\S]*)\)$/.exec(text);
    if (call) {
      const items: string[] = [];
      for (const element of splitTopLevel(call[1], /,/).map((each) => each.trim()).filter((each) => each !== '')) {
        const value = this.single(element, depth + 1);
        if (value === undefined) return items.length > 0 ? { items, complete: false } : undefined;
        items.push(value);
      }
      return { items, complete: true };
    }
    // `scalaVersions.head`: the first of a list the build states.
    const head = /^([\w.]+)\.head$/.exec(text);
    if (head) {
      const first = this.list(head[1], depth + 1)?.items[0];
      return first === undefined ? undefined : { items: [first], complete: true };
    }
    const name = /^(?:\w+\.)*(\w+)$/.exec(text);
    if (name && name[1] !== 'Nil') {
      const written = this.expressions.get(name[1]);
      // Two `val`s of one name (in two files or two scopes): which one is meant is not proven.
      if (!written || written.length !== 1) return undefined;
      return this.list(written[0], depth + 1);
    }
    return text === 'Nil' ? { items: [], complete: true } : undefined;
  }
}

/** The expression starting at `start`: up to a `,` or closing bracket at its own depth, or a line end that ends it. */
function readExpression(text: string, start: number): string {
  let depth = 0;
  let i = start;
  for (; i < text.length; i++) {
    const c = text[i];
    if (c === '"') {
      i = endOfString(text, i);
      continue;
    }
    if (c === '(' || c === '[' || c === '{') depth++;
    else if (c === ')' || c === ']' || c === '}') {
      if (depth === 0) break;
      depth--;
    } else if (depth === 0 && c === ',') break;
    else if (depth === 0 && c === '\n') {
      const sofar = text.slice(start, i).trim();
      const next = text.slice(i + 1).trimStart();
      // A line ending in an operator, or a next line starting with one, continues the expression.
      if (sofar !== '' && !/(::|\+\+|:\+|=)$/.test(sofar) && !/^(::|\+\+|\.)/.test(next)) break;
    }
  }
  return text.slice(start, i).trim();
}

/** The index of the bracket closing the one at `open` (the text's end when unbalanced). */
function closingOf(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    const c = text[i];
    if (c === '"') i = endOfString(text, i);
    else if (c === '(' || c === '[' || c === '{') depth++;
    else if (c === ')' || c === ']' || c === '}') {
      depth--;
      if (depth === 0) return i;
    }
  }
  return text.length;
}

function endOfString(text: string, open: number): number {
  for (let i = open + 1; i < text.length; i++) {
    if (text[i] === '\\') i++;
    else if (text[i] === '"' || text[i] === '\n') return i;
  }
  return text.length;
}

/** `text` split at `separator` where no bracket or string is open. */
function splitTopLevel(text: string, separator: RegExp): string[] {
  const parts: string[] = [];
  let depth = 0;
  let from = 0;
  const sticky = new RegExp(separator.source, 'y');
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"') {
      i = endOfString(text, i);
      continue;
    }
    if (c === '(' || c === '[' || c === '{') depth++;
    else if (c === ')' || c === ']' || c === '}') depth--;
    else if (depth === 0) {
      sticky.lastIndex = i;
      const match = sticky.exec(text);
      if (match) {
        parts.push(text.slice(from, i));
        from = i + match[0].length;
        i = from - 1;
      }
    }
  }
  parts.push(text.slice(from));
  return parts.map((part) => part.trim());
}

/** The text with its `//` and `/* … *\/` comments blanked (strings kept). */
function stripComments(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"') {
      const end = endOfString(text, i);
      out += text.slice(i, end + 1);
      i = end;
    } else if (c === '/' && text[i + 1] === '/') {
      while (i < text.length && text[i] !== '\n') i++;
      out += '\n';
    } else if (c === '/' && text[i + 1] === '*') {
      const end = text.indexOf('*/', i + 2);
      i = end < 0 ? text.length : end + 1;
      out += ' ';
    } else out += c;
  }
  return out;
}
