// The oracle: the TypeScript checker's answer for every call site and every extends/implements clause of a
// repository. One job: turn source files into flat lists of sites with the declarations the checker binds them to.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

export const SCRIPT_FILE = /\.(?:ts|tsx|mts|cts|js|jsx|mjs|cjs)$/;
const DECLARATION_FILE = /\.d\.[cm]?ts$/;

/** Categories of declarations that are not graph nodes: calls into them are never expected as edges. */
export const NON_GRAPH_CATEGORIES = new Set(['local', 'anonymous']);

const toPosix = (p) => p.split(path.sep).join('/');

/** Compiler options: the repo's tsconfig when there is one (for paths/baseUrl/jsx), always with JS allowed. */
function loadCompilerOptions(root, tsconfigPath) {
  const found = ts.findConfigFile(root, ts.sys.fileExists, 'tsconfig.json');
  // findConfigFile walks upwards: a tsconfig above the repo root belongs to another project.
  const configPath = tsconfigPath ? path.resolve(tsconfigPath)
    : found && path.resolve(found).startsWith(path.resolve(root) + path.sep) ? found : null;
  if (configPath) {
    const parsed = ts.getParsedCommandLineOfConfigFile(configPath, {}, {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: () => {},
    });
    if (parsed) return { configPath, options: parsed.options, fileNames: parsed.fileNames };
  }
  return {
    configPath: null,
    fileNames: [],
    options: {
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      jsx: ts.JsxEmit.Preserve,
      resolveJsonModule: true,
      esModuleInterop: true,
    },
  };
}

const SKIPPED_DIRS = new Set(['node_modules', '.git', '.codegraph', 'dist', 'build', 'coverage']);

/** Script files and package.json files under root (no .gitignore semantics: see README). */
export function walkRepo(root) {
  const scripts = []; const packageJsons = [];
  const stack = [root];
  while (stack.length) {
    const dir = stack.pop();
    let entries;
    try { entries = fs.readdirSync(dir, { withFileTypes: true }); } catch { continue; }
    for (const e of entries) {
      if (e.isDirectory()) { if (!SKIPPED_DIRS.has(e.name)) stack.push(path.join(dir, e.name)); }
      else if (e.isFile() && SCRIPT_FILE.test(e.name)) scripts.push(path.join(dir, e.name));
      else if (e.isFile() && e.name === 'package.json') packageJsons.push(path.join(dir, e.name));
    }
  }
  return { scripts, packageJsons };
}

/** name -> folder of every package.json in the repo: imports of these names stay inside the workspace. */
function workspacePackages(packageJsons) {
  const byName = new Map();
  for (const file of packageJsons) {
    try {
      const name = JSON.parse(fs.readFileSync(file, 'utf8')).name;
      if (typeof name === 'string' && name && !byName.has(name)) byName.set(name, path.dirname(file));
    } catch { /* not JSON: ignore */ }
  }
  return byName;
}

const packageNameOf = (specifier) => specifier.split('/').slice(0, specifier.startsWith('@') ? 2 : 1).join('/');

/**
 * Build a program over the repo and collect every call site in its non-declaration workspace files.
 * @param {string} root absolute repo root
 * @param {{ graphFiles?: string[], tsconfig?: string, conditions?: string[] }} opts graphFiles: repo-relative
 *   paths the graph indexed; conditions: extra package.json `exports` conditions (TypeScript customConditions)
 */
export function collectOracleSites(root, { graphFiles = [], tsconfig, conditions = [] } = {}) {
  root = path.resolve(root);
  const config = loadCompilerOptions(root, tsconfig);
  const options = {
    ...config.options,
    allowJs: true, checkJs: false, noEmit: true, skipLibCheck: true,
    incremental: false, composite: false, declaration: false, tsBuildInfoFile: undefined,
  };
  if (conditions.length) options.customConditions = [...(options.customConditions ?? []), ...conditions];
  const walked = walkRepo(root);
  const discovered = config.configPath ? config.fileNames : walked.scripts;
  // Workspace package names resolve to their folders, as a monorepo's tooling would (paths the repo's tsconfig
  // already maps are left alone). Absolute targets need no baseUrl.
  const packages = workspacePackages(walked.packageJsons);
  const paths = { ...(options.paths ?? {}) };
  for (const [name, dir] of packages) {
    if (!paths[name]) paths[name] = [dir];
    if (!paths[`${name}/*`]) paths[`${name}/*`] = [`${dir}/*`];
  }
  if (packages.size) options.paths = paths;
  const graphAbs = graphFiles.filter((f) => SCRIPT_FILE.test(f)).map((f) => path.join(root, f));
  const rootNames = [...new Set([...discovered.map((f) => path.resolve(f)), ...graphAbs])];

  const host = ts.createCompilerHost(options, true);
  const program = ts.createProgram({ rootNames, options, host });
  const checker = program.getTypeChecker();

  const isWorkspaceFile = (abs) => {
    const rel = path.relative(root, abs);
    return rel !== '' && rel !== '..' && !rel.startsWith(`..${path.sep}`) && !path.isAbsolute(rel) && !rel.split(path.sep).includes('node_modules');
  };
  const rel = (abs) => toPosix(path.relative(root, abs));

  const sites = [];
  const scannedFiles = [];
  // extends/implements clauses: judged apart from calls, and in .d.ts files too (a type hierarchy written
  // there is the real one: preact's types live in .d.ts beside its .js).
  const heritageSites = [];
  const heritageScannedFiles = [];
  const unresolvedModules = new Map(); // specifier -> import statements the checker could not resolve
  for (const sf of program.getSourceFiles()) {
    if (!isWorkspaceFile(sf.fileName)) continue;
    const declarationFile = sf.isDeclarationFile || DECLARATION_FILE.test(sf.fileName);
    const file = rel(sf.fileName);
    if (!declarationFile) scannedFiles.push(file);
    heritageScannedFiles.push(file);
    const ctx = { checker, sf, file, isWorkspaceFile, rel, packages };
    if (!declarationFile) countUnresolvedModules(sf, checker, unresolvedModules);
    // Iterative walk: deeply nested files must not overflow the stack.
    const stack = [sf];
    while (stack.length) {
      const node = stack.pop();
      if (ts.isHeritageClause(node)) heritageSites.push(...heritageSitesOf(node, ctx));
      const site = declarationFile ? null : siteOf(node, ctx);
      if (site) sites.push(site);
      ts.forEachChild(node, (child) => { stack.push(child); });
    }
  }
  return {
    sites,
    scannedFiles,
    heritage: { sites: heritageSites, scannedFiles: heritageScannedFiles },
    configPath: config.configPath ? rel(config.configPath) : null,
    conditions: options.customConditions ?? [],
    unresolvedModules: [...unresolvedModules].sort((a, b) => b[1] - a[1]).map(([specifier, imports]) => ({ specifier, imports })),
    typescriptVersion: ts.version,
  };
}

/** Import/export-from statements whose module the checker cannot find: a measure of how well it sees the repo. */
function countUnresolvedModules(sf, checker, counts) {
  for (const st of sf.statements) {
    const spec = (ts.isImportDeclaration(st) || ts.isExportDeclaration(st)) ? st.moduleSpecifier : null;
    if (!spec || !ts.isStringLiteralLike(spec) || st.importClause?.isTypeOnly || st.isTypeOnly) continue;
    if (!checker.getSymbolAtLocation(spec)) counts.set(spec.text, (counts.get(spec.text) ?? 0) + 1);
  }
}

const lineOf = (sf, pos) => sf.getLineAndCharacterOfPosition(pos).line + 1;
const colOf = (sf, pos) => sf.getLineAndCharacterOfPosition(pos).character;

function unwrap(expr) {
  while (ts.isParenthesizedExpression(expr) || ts.isNonNullExpression(expr)) expr = expr.expression;
  return expr;
}

/** The token that names the callee: `f`, `obj.f`'s `f`, `obj['f']`'s literal, or null for computed callees. */
function calleeNameNode(expr) {
  expr = unwrap(expr);
  if (ts.isIdentifier(expr) || ts.isPrivateIdentifier(expr)) return expr;
  if (ts.isPropertyAccessExpression(expr)) return expr.name;
  if (ts.isElementAccessExpression(expr) && ts.isStringLiteralLike(expr.argumentExpression)) return expr.argumentExpression;
  return null;
}

function siteOf(node, ctx) {
  let kind; let callee;
  if (ts.isCallExpression(node)) {
    if (node.expression.kind === ts.SyntaxKind.ImportKeyword) return null; // dynamic import()
    kind = node.expression.kind === ts.SyntaxKind.SuperKeyword ? 'super' : 'call';
    callee = node.expression;
  } else if (ts.isNewExpression(node)) {
    kind = 'new'; callee = node.expression;
  } else if (ts.isTaggedTemplateExpression(node)) {
    kind = 'call'; callee = node.tag;
  } else if (ts.isJsxOpeningElement(node) || ts.isJsxSelfClosingElement(node)) {
    const tag = node.tagName;
    // Intrinsic elements (<div>) are not calls into the workspace.
    if (ts.isIdentifier(tag) && !/^[A-Z]/.test(tag.text)) return null;
    if (!ts.isIdentifier(tag) && !ts.isPropertyAccessExpression(tag)) return null;
    kind = 'jsx'; callee = tag;
  } else {
    return null;
  }
  const { sf, file } = ctx;
  const start = node.getStart(sf);
  let nameNode = kind === 'super' ? null : calleeNameNode(callee);
  let answer = resolveCallee(node, kind, callee, nameNode, ctx);
  // `f.call(t, ...)` / `f.apply(t, args)` run f: answer for f when the checker sees f.
  const target = unwrap(callee);
  if (kind === 'call' && answer.answer === 'external' && ts.isPropertyAccessExpression(target)
    && (target.name.text === 'call' || target.name.text === 'apply')) {
    const receiverName = calleeNameNode(target.expression);
    const receiver = receiverName ? resolveCallee(node, kind, target.expression, receiverName, ctx) : null;
    if (receiver && receiver.answer !== 'external' && receiver.answer !== 'none') { nameNode = receiverName; answer = receiver; }
  }
  return {
    file,
    line: lineOf(sf, start),
    col: colOf(sf, start),
    nameLine: nameNode ? lineOf(sf, nameNode.getStart(sf)) : lineOf(sf, start),
    kind,
    calleeName: kind === 'super' ? 'super' : nameNode ? nameText(nameNode) : '',
    calleeText: callee.getText(sf).replace(/\s+/g, ' ').slice(0, 80),
    callers: enclosingCallers(node, sf),
    ...answer,
  };
}

/**
 * One site per base in `class C extends E implements T, U` / `interface I extends T, U`. A class's `extends`
 * names a value (what the expression evaluates to: a class, or a variable holding one); `implements` and an
 * interface's `extends` name a type. A merged symbol (`interface X` + `const X`) answers with the declarations
 * of that meaning only, so an edge to the other one is wrong.
 */
function heritageSitesOf(clause, ctx) {
  const owner = clause.parent;
  const kind = clause.token === ts.SyntaxKind.ImplementsKeyword ? 'implements' : 'extends';
  const space = ts.isClassLike(owner) && kind === 'extends' ? 'value' : 'type';
  const ownerName = owner.name ?? (owner.parent && ts.isVariableDeclaration(owner.parent) ? owner.parent.name : null);
  const { sf, file } = ctx;
  return clause.types.map((base) => {
    const expr = base.expression;
    const nameNode = calleeNameNode(expr);
    const start = expr.getStart(sf);
    return {
      file,
      line: lineOf(sf, start),
      col: colOf(sf, start),
      nameLine: nameNode ? lineOf(sf, nameNode.getStart(sf)) : lineOf(sf, start),
      kind,
      edgeKind: kind,
      space,
      calleeName: nameNode ? nameText(nameNode) : '',
      calleeText: expr.getText(sf).replace(/\s+/g, ' ').slice(0, 80),
      callers: ownerName && !ts.isBindingPattern(ownerName)
        ? [{ name: nameText(ownerName), line: lineOf(sf, ownerName.getStart(sf)), strong: true }] : [],
      ...resolveHeritage(expr, nameNode, space, ctx),
    };
  });
}

// Declarations that only name a type; the rest (class, variable, function, enum, ...) also name a value.
const typeOnly = (d) => ts.isInterfaceDeclaration(d) || ts.isTypeAliasDeclaration(d) || ts.isModuleDeclaration(d)
  || ts.isTypeParameterDeclaration(d);
const namesType = (d) => ts.isInterfaceDeclaration(d) || ts.isTypeAliasDeclaration(d) || ts.isClassLike(d)
  || ts.isEnumDeclaration(d) || ts.isTypeParameterDeclaration(d);

function resolveHeritage(expr, nameNode, space, ctx) {
  const { checker } = ctx;
  // `extends mixin(Base)`, `extends Data.TaggedError('X')<...>`: the value is a call's result, no declaration.
  if (!nameNode) return { answer: 'none', decls: [] };
  let symbol = checker.getSymbolAtLocation(nameNode);
  if (symbol && symbol.flags & ts.SymbolFlags.Alias) {
    const target = checker.getAliasedSymbol(symbol);
    if (!target?.declarations?.length) return unresolvedImportAnswer(symbol, ctx.packages);
    symbol = target;
  }
  if (!symbol?.declarations?.length) {
    const unresolvedRoot = importedFromUnresolvedModule(expr, checker);
    return unresolvedRoot ? unresolvedImportAnswer(unresolvedRoot, ctx.packages) : { answer: 'none', decls: [] };
  }
  const declarations = symbol.declarations.filter(space === 'type' ? namesType : (d) => !typeOnly(d));
  if (!declarations.length) return { answer: 'none', decls: [] };
  const workspace = declarations.filter((d) => ctx.isWorkspaceFile(d.getSourceFile().fileName));
  if (!workspace.length) {
    const d = declarations[0];
    return { answer: 'external', externalWhere: `${path.basename(d.getSourceFile().fileName)}:${declName(d)}`, decls: [] };
  }
  const decls = workspace.map((d) => describeDeclaration(d, ctx))
    .sort((a, b) => categoryRank(a.category) - categoryRank(b.category));
  const graphable = decls.filter((d) => !NON_GRAPH_CATEGORIES.has(d.category));
  if (!graphable.length) return { answer: decls[0].category, decls };
  // A value only a .d.ts declares (a JS class typed by hand): which implementation runs is unknown. A type
  // declared in a .d.ts is that type.
  if (space === 'value' && workspace.every((d) => d.getSourceFile().isDeclarationFile)) {
    return { answer: 'declared-only', category: graphable[0].category, decls: graphable };
  }
  return { answer: 'workspace', category: graphable[0].category, decls: graphable };
}

/**
 * `const { defaultPlugin } = plugins` (a name chain, no default value): a call of `defaultPlugin` runs what the
 * chain's member is, as the judging rules read it, not the local binding. Any other binding is itself.
 */
function throughDestructuredAlias(symbol, checker) {
  const d = symbol?.declarations?.length === 1 ? symbol.declarations[0] : undefined;
  if (d && ts.isVariableDeclaration(d) && ts.isIdentifier(d.name) && !d.type) return throughValueAlias(d, symbol, checker);
  if (!d || !ts.isBindingElement(d) || d.initializer || d.dotDotDotToken || !ts.isObjectBindingPattern(d.parent)) return symbol;
  const declaration = d.parent.parent;
  if (!ts.isVariableDeclaration(declaration) || !(ts.getCombinedNodeFlags(declaration) & ts.NodeFlags.Const)) return symbol;
  let chain = declaration.initializer;
  while (chain && ts.isPropertyAccessExpression(chain)) chain = chain.expression;
  if (!declaration.initializer || !chain || !ts.isIdentifier(chain)) return symbol;
  const name = d.propertyName ?? d.name;
  if (!ts.isIdentifier(name)) return symbol;
  let member = checker.getTypeAtLocation(declaration.initializer).getProperty(name.text);
  if (member && member.flags & ts.SymbolFlags.Alias) member = checker.getAliasedSymbol(member);
  return member?.declarations?.length ? member : symbol;
}

/**
 * `const stringType = ZodString.create` (a const whose initializer is a member chain, no call): a call of
 * `stringType` runs the member, as arbor's value aliases and the judging rules read it. A chain through a call,
 * an element access or anything but names is itself.
 */
function throughValueAlias(d, symbol, checker) {
  if (!(ts.getCombinedNodeFlags(d) & ts.NodeFlags.Const) || !d.initializer || !ts.isPropertyAccessExpression(d.initializer)) return symbol;
  let chain = d.initializer;
  while (ts.isPropertyAccessExpression(chain)) chain = chain.expression;
  if (!ts.isIdentifier(chain)) return symbol;
  let member = checker.getSymbolAtLocation(d.initializer.name);
  if (member && member.flags & ts.SymbolFlags.Alias) member = checker.getAliasedSymbol(member);
  const declaration = member?.declarations?.[0];
  const functionValued = (n) => n.initializer && (ts.isArrowFunction(n.initializer) || ts.isFunctionExpression(n.initializer));
  const callable = declaration && (ts.isMethodDeclaration(declaration) || ts.isFunctionDeclaration(declaration) || ts.isMethodSignature(declaration)
    || (ts.isPropertyDeclaration(declaration) && functionValued(declaration)));
  return callable && member.declarations.length === 1 ? member : symbol;
}

function nameText(n) {
  if (ts.isIdentifier(n) || ts.isPrivateIdentifier(n) || ts.isStringLiteralLike(n) || ts.isNumericLiteral(n)) return n.text;
  return n.getText();
}

/**
 * What the checker binds the callee to. Returns { answer, decls } where answer is
 * 'workspace' | 'external' | 'local' | 'anonymous' | 'none' and decls are the workspace declarations.
 */
function resolveCallee(node, kind, callee, nameNode, ctx) {
  const { checker } = ctx;
  let symbol;
  if (nameNode) {
    symbol = checker.getSymbolAtLocation(nameNode);
    if (symbol && symbol.flags & ts.SymbolFlags.Alias) {
      const target = checker.getAliasedSymbol(symbol);
      if (!target?.declarations?.length) return unresolvedImportAnswer(symbol, ctx.packages);
      symbol = target;
    }
  }
  symbol = throughDestructuredAlias(symbol, checker);
  let declarations = symbol?.declarations ?? [];
  if (!declarations.length) {
    const unresolvedRoot = kind === 'super' ? null : importedFromUnresolvedModule(callee, checker);
    if (unresolvedRoot) return unresolvedImportAnswer(unresolvedRoot, ctx.packages);
    const signature = safeResolvedSignature(checker, node);
    const decl = signature?.declaration;
    if (decl && !ts.isJSDocSignature(decl)) declarations = [decl];
    else if (kind === 'super') declarations = baseClassDeclarations(node, checker);
  }
  if (!declarations.length) return { answer: 'none', decls: [] };

  const workspace = declarations.filter((d) => ctx.isWorkspaceFile(d.getSourceFile().fileName));
  if (!workspace.length) {
    const d = declarations[0];
    return { answer: 'external', externalWhere: `${path.basename(d.getSourceFile().fileName)}:${declName(d)}`, decls: [] };
  }
  const decls = workspace.map((d) => describeDeclaration(d, ctx));
  // Constructing a class is answered by the class and by its constructor: accept either form.
  if (kind === 'new' || kind === 'super' || kind === 'jsx') {
    for (const d of workspace) {
      if (ts.isConstructorDeclaration(d) && d.parent) decls.push(describeDeclaration(d.parent, ctx));
    }
  }
  const graphable = decls.filter((d) => !NON_GRAPH_CATEGORIES.has(d.category))
    .sort((a, b) => categoryRank(a.category) - categoryRank(b.category));
  if (!graphable.length) return { answer: decls[0].category, decls };
  // Only a .d.ts declares it: the checker cannot say which implementation runs (preact's index.d.ts vs *.js).
  if (workspace.every((d) => d.getSourceFile().isDeclarationFile)) {
    return { answer: 'declared-only', category: graphable[0].category, decls: graphable };
  }
  return { answer: 'workspace', category: graphable[0].category, decls: graphable };
}

// Merged declarations (class + interface, function + namespace): name the site by its most concrete one.
const CATEGORY_ORDER = ['function', 'method', 'class', 'constructor', 'module-variable', 'nested-function', 'accessor',
  'property', 'object-method', 'object-property', 'js-assignment', 'interface-member', 'namespace', 'type', 'other'];
function categoryRank(category) {
  const i = CATEGORY_ORDER.indexOf(category);
  return i < 0 ? CATEGORY_ORDER.length : i;
}

function safeResolvedSignature(checker, node) {
  try { return checker.getResolvedSignature(node); } catch { return undefined; }
}

function baseClassDeclarations(superCall, checker) {
  for (let n = superCall.parent; n; n = n.parent) {
    if (ts.isClassLike(n)) {
      const heritage = n.heritageClauses?.find((h) => h.token === ts.SyntaxKind.ExtendsKeyword);
      const expr = heritage?.types[0]?.expression;
      if (!expr) return [];
      let s = checker.getSymbolAtLocation(expr);
      if (s && s.flags & ts.SymbolFlags.Alias) s = checker.getAliasedSymbol(s);
      return s?.declarations ?? [];
    }
  }
  return [];
}

/** `f()` / `ns.f()` / `x.f()` whose leftmost identifier is imported from a module the checker cannot find. */
function importedFromUnresolvedModule(callee, checker) {
  let e = unwrap(callee);
  while (ts.isPropertyAccessExpression(e) || ts.isElementAccessExpression(e) || ts.isCallExpression(e)) e = unwrap(e.expression);
  if (!ts.isIdentifier(e)) return null;
  const s = checker.getSymbolAtLocation(e);
  if (!s || !(s.flags & ts.SymbolFlags.Alias)) return null;
  const target = checker.getAliasedSymbol(s);
  return target?.declarations?.length ? null : s;
}

/** The module specifier an import binding came from, or null. */
export function importSpecifierOf(aliasSymbol) {
  for (let n = aliasSymbol.declarations?.[0]; n; n = n.parent) {
    if ((ts.isImportDeclaration(n) || ts.isExportDeclaration(n)) && n.moduleSpecifier && ts.isStringLiteralLike(n.moduleSpecifier)) {
      return n.moduleSpecifier.text;
    }
    if (ts.isImportEqualsDeclaration(n) && ts.isExternalModuleReference(n.moduleReference)
      && ts.isStringLiteralLike(n.moduleReference.expression)) return n.moduleReference.expression.text;
  }
  return null;
}

/**
 * An import the checker cannot follow. A package specifier names code outside the workspace (a dependency
 * that is not installed): external. A relative one names a workspace file it could not load: no answer.
 */
function unresolvedImportAnswer(aliasSymbol, packages) {
  const specifier = importSpecifierOf(aliasSymbol);
  // A workspace package name the checker cannot follow (its entry points at missing build output): unknown.
  if (specifier && !specifier.startsWith('.') && !specifier.startsWith('/') && !packages.has(packageNameOf(specifier))) {
    return { answer: 'external', externalWhere: `unresolved package '${specifier}'`, decls: [] };
  }
  return { answer: 'none', decls: [] };
}

function declName(d) {
  if (ts.isConstructorDeclaration(d)) return 'constructor';
  const n = ts.getNameOfDeclaration(d);
  if (n) return nameText(n);
  if (ts.isFunctionLike(d) || ts.isClassLike(d)) {
    // `const f = () => ...` / `const C = class {}`: the binding names it.
    const p = d.parent;
    if (p && (ts.isVariableDeclaration(p) || ts.isPropertyDeclaration(p) || ts.isPropertyAssignment(p)) && p.name) return nameText(p.name);
  }
  return 'default';
}

function isModuleLevel(statementParent) {
  return ts.isSourceFile(statementParent) || ts.isModuleBlock(statementParent);
}

function categoryOf(d) {
  switch (d.kind) {
    case ts.SyntaxKind.FunctionDeclaration: return isModuleLevel(d.parent) ? 'function' : 'nested-function';
    case ts.SyntaxKind.MethodDeclaration: return ts.isObjectLiteralExpression(d.parent) ? 'object-method' : 'method';
    case ts.SyntaxKind.Constructor: return 'constructor';
    case ts.SyntaxKind.GetAccessor: case ts.SyntaxKind.SetAccessor: return 'accessor';
    case ts.SyntaxKind.MethodSignature: case ts.SyntaxKind.PropertySignature:
    case ts.SyntaxKind.CallSignature: case ts.SyntaxKind.ConstructSignature: return 'interface-member';
    case ts.SyntaxKind.PropertyDeclaration: return 'property';
    case ts.SyntaxKind.ClassDeclaration: return 'class';
    case ts.SyntaxKind.ClassExpression:
      return d.name || ts.isVariableDeclaration(d.parent) ? 'class' : 'anonymous';
    case ts.SyntaxKind.InterfaceDeclaration: case ts.SyntaxKind.TypeAliasDeclaration: return 'type';
    case ts.SyntaxKind.EnumDeclaration: case ts.SyntaxKind.ModuleDeclaration: return 'namespace';
    case ts.SyntaxKind.VariableDeclaration: {
      const statement = d.parent?.parent;
      if (statement && ts.isVariableStatement(statement) && isModuleLevel(statement.parent)) return 'module-variable';
      // `const f = () => ...` inside a function is a local function: a graph may hold it.
      return boundFunction(d) ? 'nested-function' : 'local';
    }
    case ts.SyntaxKind.BindingElement: {
      // `const { isArray } = Array` at module level declares a module variable.
      let n = d;
      while (n && (ts.isBindingElement(n) || ts.isObjectBindingPattern(n) || ts.isArrayBindingPattern(n))) n = n.parent;
      return n && ts.isVariableDeclaration(n) && categoryOf(n) === 'module-variable' ? 'module-variable' : 'local';
    }
    // `constructor(private f: () => void)` declares a property.
    case ts.SyntaxKind.Parameter: return ts.isParameterPropertyDeclaration(d, d.parent) ? 'property' : 'local';
    case ts.SyntaxKind.PropertyAssignment: case ts.SyntaxKind.ShorthandPropertyAssignment: return 'object-property';
    case ts.SyntaxKind.ArrowFunction: case ts.SyntaxKind.FunctionExpression: {
      const p = d.parent;
      if (p && ts.isVariableDeclaration(p)) return categoryOf(p);
      if (p && (ts.isPropertyDeclaration(p) || ts.isPropertyAssignment(p))) return categoryOf(p);
      return 'anonymous';
    }
    case ts.SyntaxKind.BinaryExpression: case ts.SyntaxKind.PropertyAccessExpression: return 'js-assignment';
    case ts.SyntaxKind.ImportSpecifier: case ts.SyntaxKind.ImportClause: case ts.SyntaxKind.NamespaceImport:
    case ts.SyntaxKind.ImportEqualsDeclaration: case ts.SyntaxKind.ExportSpecifier: return 'import-binding';
    default: return 'other';
  }
}

function describeDeclaration(d, { rel }) {
  const sf = d.getSourceFile();
  const nameNode = ts.isConstructorDeclaration(d) ? null : ts.getNameOfDeclaration(d);
  // A function/class expression is named by its binding (`const f = () => ...`): use the binding's line.
  const anchor = nameNode ?? (ts.isConstructorDeclaration(d) ? d : (ts.getNameOfDeclaration(d.parent) ?? d));
  // `const f: LongType = (...) => ...`: writers may start f's node at the function, lines below the name.
  const bound = boundFunction(d);
  return {
    file: rel(sf.fileName),
    name: declName(d),
    nameLine: lineOf(sf, anchor.getStart(sf)),
    ...(bound ? { altLine: lineOf(sf, bound.getStart(sf)) } : {}),
    startLine: lineOf(sf, d.getStart(sf)),
    endLine: lineOf(sf, d.getEnd()),
    category: categoryOf(d),
    isClass: ts.isClassLike(d),
  };
}

/** The function or class expression a variable/property declaration binds, or the expression itself. */
function boundFunction(d) {
  const isFunctionValue = (e) => e && (ts.isArrowFunction(e) || ts.isFunctionExpression(e) || ts.isClassExpression(e));
  if ((ts.isVariableDeclaration(d) || ts.isPropertyDeclaration(d) || ts.isPropertyAssignment(d)) && isFunctionValue(d.initializer)) {
    return d.initializer;
  }
  return isFunctionValue(d) ? d : null;
}

/**
 * The named declarations around a site, innermost first; empty at file level. `strong` entries are functions
 * (declarations, methods, constructors, accessors, functions bound to a variable or class property); weak ones
 * are declarations a writer may or may not turn into nodes: a variable or property whose initializer holds the
 * site (`export const f = dual(2, (a) => g(a))`), object-literal members.
 */
function enclosingCallers(node, sf) {
  const chain = [];
  const named = (name, anchor, strong, fn) => chain.push({
    name, line: lineOf(sf, anchor.getStart(sf)), strong, ...(fn ? { altLine: lineOf(sf, fn.getStart(sf)) } : {}),
  });
  const inObjectLiteral = (n) => ts.isObjectLiteralExpression(n.parent);
  for (let n = node.parent, child = node; n && !ts.isSourceFile(n); child = n, n = n.parent) {
    if (ts.isConstructorDeclaration(n)) named('constructor', n, true);
    else if ((ts.isFunctionDeclaration(n) || ts.isMethodDeclaration(n) || ts.isAccessor(n)) && n.name) {
      named(nameText(n.name), n.name, !inObjectLiteral(n));
    } else if (ts.isFunctionExpression(n) && n.name) named(n.name.text, n.name, true);
    else if (ts.isArrowFunction(n) || ts.isFunctionExpression(n)) {
      const p = n.parent;
      if ((ts.isVariableDeclaration(p) || ts.isPropertyDeclaration(p) || ts.isPropertyAssignment(p)) && p.name && !ts.isBindingPattern(p.name)) {
        named(nameText(p.name), p.name, !ts.isPropertyAssignment(p), n);
      }
    } else if ((ts.isVariableDeclaration(n) || ts.isPropertyDeclaration(n)) && n.initializer === child
      && n.name && !ts.isBindingPattern(n.name) && !boundFunction(n)) {
      named(nameText(n.name), n.name, false);
    }
  }
  return chain;
}
