"""The Python oracle: jedi's answer for every call site of a repository.

Run by python-oracle.mjs in one long-lived process (jedi's start-up and parso's parse cache are paid once).
Reads one JSON request on stdin: {"root": abs path, "files": [repo-relative .py paths], "sourceRoots": [abs paths]}.
Writes JSON lines on stdout: first {"header": {...}}, then one {"file": ..., "sites": [...], "unresolved": {...}}
per file (or {"file": ..., "error": ...}), then {"done": {...}}. Progress goes to stderr.

A site is the same record the TypeScript oracle produces (see oracle.mjs), so compare.mjs judges both; `kind`
is the call's shape (`f()`, `mod.f()`, `self.m()`, `super().m()`, `Cls.m()`, `obj.m()`, `@decorator`) and
`edgeKind` the edge kind it expects (`calls`, or null when the callee is a class: `C()` constructs).
"""
import ast
import json
import os
import re
import sys
import time

import jedi
from parso.python import tree as pytree

# Folders whose files are not the repository's own code even when they sit inside it.
FOREIGN_DIRS = {'site-packages', 'dist-packages', 'node_modules', '.venv', 'venv', '.tox', '.nox', '.eggs'}
# Categories a graph holds no node for: a call into them is never expected as an edge (as in oracle.mjs).
NON_GRAPH = {'local', 'attribute', 'module', 'import-binding'}
CATEGORY_ORDER = ['function', 'method', 'class', 'constructor', 'nested-function', 'module-variable',
                  'class-attribute', 'other']
LINE_BREAK = re.compile(r'\r\n|\r|\n')
FROM_MODULE = re.compile(r'from\s+(\.*)\s*([\w.]*)')


def is_workspace_path(root, path):
    if path is None:
        return False
    path = str(path)
    if not path.startswith(root + os.sep):
        return False
    parts = os.path.relpath(path, root).split(os.sep)
    return not any(p in FOREIGN_DIRS for p in parts[:-1])


class FileOracle:
    def __init__(self, root, rel, source, script, workspace_names):
        self.root = root
        self.workspace_names = workspace_names
        self.rel = rel
        self.script = script
        self.source = source
        self.lines = LINE_BREAK.split(source)
        self.sites = []
        self.unresolved = {}

    # ---- positions: ast counts UTF-8 bytes, jedi counts characters ----
    def char_col(self, line, byte_col):
        text = self.lines[line - 1] if 0 < line <= len(self.lines) else ''
        return len(text.encode('utf-8')[:byte_col].decode('utf-8', errors='replace'))

    def name_pos(self, expr):
        """(line, char column) of the token that names a Name/Attribute callee."""
        if isinstance(expr, ast.Name):
            return expr.lineno, self.char_col(expr.lineno, expr.col_offset)
        end = self.char_col(expr.end_lineno, expr.end_col_offset)
        return expr.end_lineno, end - len(expr.attr)

    def goto(self, line, col, follow=True):
        self.fresh_question()
        try:
            return self.script.goto(line, col, follow_imports=follow)
        except Exception:  # jedi raises on odd positions and on its own internal failures: no answer
            return []

    def fresh_question(self):
        """Each question starts from jedi's parsed and imported modules but nothing else it learnt.

        jedi keeps per-Script budgets meant for one editor request: 200 function executions, a count of how often
        each node was inferred (it gives up past a limit), and a memo that stores "nothing" for lookups it cut
        short to break a recursion. A file asks hundreds of questions; without a reset, answers would depend on
        how many and which questions came before (a pytest fixture would resolve for the first tests only).
        Private jedi state (checked: jedi 0.18): each part is reset only when present.
        """
        state = getattr(self.script, '_inference_state', None)
        if state is None:
            return
        for cache in ('memoize_cache', 'inferred_element_counts'):
            if isinstance(getattr(state, cache, None), dict):
                getattr(state, cache).clear()
        if hasattr(state, 'reset_recursion_limitations'):
            state.reset_recursion_limitations()

    def rel_path(self, path):
        return os.path.relpath(str(path), self.root).replace(os.sep, '/')

    # ---- walking: the caller chain follows the rules of oracle.mjs's enclosingCallers ----
    def walk(self, node, chain):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            # Decorators, defaults and annotations run where the def runs, not inside it.
            for d in node.decorator_list:
                self.decorator(d, chain)
                self.walk(d, chain)
            self.walk(node.args, chain)
            if node.returns:
                self.walk(node.returns, chain)
            inner = [{'name': node.name, 'line': node.lineno, 'strong': True}] + chain
            for st in node.body:
                self.walk(st, inner)
            return
        if isinstance(node, ast.ClassDef):
            for d in node.decorator_list:
                self.decorator(d, chain)
                self.walk(d, chain)
            for b in node.bases + [k.value for k in node.keywords]:
                self.walk(b, chain)
            # Class-body code belongs to the class's own enclosing def; an attribute initialiser to the attribute.
            for st in node.body:
                self.walk(st, chain)
            return
        if isinstance(node, (ast.Assign, ast.AnnAssign)) and node.value is not None:
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            for t in targets:
                self.walk(t, chain)
            if isinstance(node, ast.AnnAssign):
                self.walk(node.annotation, chain)
            inner = chain
            if len(targets) == 1 and isinstance(targets[0], ast.Name):
                inner = [{'name': targets[0].id, 'line': targets[0].lineno, 'strong': False}] + chain
            self.walk(node.value, inner)
            return
        if isinstance(node, ast.Call):
            self.call(node, chain)
        for child in ast.iter_child_nodes(node):
            self.walk(child, chain)

    def decorator(self, expr, chain):
        # `@x` / `@x.y` apply x: a call. `@x(...)` is an ordinary call node, visited as such.
        if isinstance(expr, (ast.Name, ast.Attribute)):
            self.add_site(expr, expr, '@decorator', chain)

    def call(self, node, chain):
        fn = node.func
        if not isinstance(fn, (ast.Name, ast.Attribute)):
            return  # `f()()`, `x[0]()`: no name to ask about
        self.add_site(node, fn, self.shape(fn), chain)

    def shape(self, fn):
        if isinstance(fn, ast.Name):
            return 'f()'
        recv = fn.value
        if isinstance(recv, ast.Name) and recv.id in ('self', 'cls'):
            return 'self.m()'
        if isinstance(recv, ast.Call) and isinstance(recv.func, ast.Name) and recv.func.id == 'super':
            return 'super().m()'
        if isinstance(recv, (ast.Name, ast.Attribute)):
            types = {n.type for n in self.goto(*self.name_pos(recv))}
            if 'module' in types:
                return 'mod.f()'
            if 'class' in types:
                return 'Cls.m()'
            if not types and self.unresolved_import_head(fn) is not None:
                return 'mod.f()'  # `missing.f()` / `missing.C.m()`: an import jedi cannot follow
        return 'obj.m()'

    def add_site(self, node, fn, shape, chain):
        line, col = self.name_pos(fn)
        answer = self.answer(fn, line, col)
        text = ast.get_source_segment(self.source, fn) or ''
        self.sites.append({
            'file': self.rel,
            'line': node.lineno,
            'col': self.char_col(node.lineno, node.col_offset),
            'nameLine': line,
            'kind': shape,
            'edgeKind': None if any(d['isClass'] for d in answer['decls']) else 'calls',
            'calleeName': fn.id if isinstance(fn, ast.Name) else fn.attr,
            'calleeText': re.sub(r'\s+', ' ', text)[:80],
            'callers': chain,
            **answer,
        })

    # ---- answers ----
    def answer(self, fn, line, col):
        names = self.goto(line, col)
        if not names:
            # An import jedi cannot follow, of the name itself or of the head of `a.b.f`.
            imp = self.unresolved_import_at(line, col) or self.unresolved_import_head(fn)
            if imp is not None:
                return self.unresolved_answer(imp)
            return {'answer': 'none', 'decls': []}
        workspace = [n for n in names if is_workspace_path(self.root, n.module_path)]
        if not workspace:
            return {'answer': 'external', 'externalWhere': external_where(names[0]), 'decls': []}
        decls = []
        values = []  # what a variable the callee names holds, when jedi can tell: (workspace decls, external name)
        for n in workspace:
            described = self.describe(n)
            decls.extend(described)
            if described and described[0]['category'] in ('module-variable', 'class-attribute'):
                values.append(self.callable_values(n))
        if not decls:
            return {'answer': 'none', 'decls': []}
        if any(d['category'] == 'property' for d in decls):
            # `obj.prop()` calls what the getter returns; jedi names the getter, not that.
            return {'answer': 'none', 'decls': []}
        # `self.response_class()` where `response_class = Response`: the call runs the value. Accept the variable
        # and what it holds; when it holds only code outside the repo, the call is external.
        held = [d for ws, _ in values for d in ws]
        decls.extend(held)
        outside = [ext for ws, ext in values if ext and not ws]
        if outside and not held and all(d['category'] in ('module-variable', 'class-attribute') for d in decls):
            return {'answer': 'external', 'externalWhere': f'{outside[0]} (held by {decls[0]["name"]})', 'decls': decls}
        graphable = sorted((d for d in decls if d['category'] not in NON_GRAPH),
                           key=lambda d: CATEGORY_ORDER.index(d['category']) if d['category'] in CATEGORY_ORDER else 99)
        if not graphable:
            return {'answer': decls[0]['category'], 'decls': decls}
        if all(d['file'].endswith('.pyi') for d in graphable):
            return {'answer': 'declared-only', 'category': graphable[0]['category'], 'decls': graphable}
        return {'answer': 'workspace', 'category': graphable[0]['category'], 'decls': graphable}

    def callable_values(self, n):
        self.fresh_question()
        try:
            inferred = n.infer()
        except Exception:  # jedi's own failures: nothing known about the value
            return [], None
        ws, ext = [], None
        for v in inferred:
            workspace = is_workspace_path(self.root, v.module_path)
            if v.type in ('function', 'class') and workspace:
                ws.extend(self.describe(v))
            # Calling an instance runs its class's __call__: outside the repo when the class is
            # (`possible_keys = pytest.mark.parametrize(...)` … `@possible_keys`).
            elif v.type in ('function', 'class', 'instance') and not workspace and ext is None:
                ext = external_where(v)
        return ws, ext

    def describe(self, n):
        """The declarations a jedi name stands for: itself, plus its overloads / the class's __init__."""
        tn = n._name.tree_name
        if n.type == 'module' or tn is None:
            return self.decl(n, 'module')
        if tn.search_ancestor('import_from', 'import_name') is not None:
            return self.decl(n, 'import-binding')
        if n.type == 'property':
            return self.decl(n, 'property')
        if n.type == 'param':
            return self.decl(n, 'local')
        definition = tn.get_definition()
        if definition is not None and definition.type == 'funcdef':
            scope = scope_of(definition)
            kind = {'classdef': 'method', 'file_input': 'function'}.get(scope.type if scope else '', 'nested-function')
            # `@overload` signatures and conditional redefinitions name the same function: accept any of them,
            # as the TypeScript oracle accepts any overload.
            siblings = [self.tree_decl(n.module_path, f, kind) for f in same_named_defs(definition)]
            return self.decl(n, kind) + siblings
        if definition is not None and definition.type == 'classdef':
            init = self.own_init(n)
            return self.decl(n, 'class', is_class=True) + ([init] if init else [])
        # Some binding: `self.x = ...` is an attribute of an instance, else the scope decides.
        if tn.parent is not None and tn.parent.type == 'trailer':
            return self.decl(n, 'attribute')
        scope = scope_of(tn)
        kind = {'classdef': 'class-attribute', 'file_input': 'module-variable'}.get(scope.type if scope else '', 'local')
        return self.decl(n, kind)

    def decl(self, n, category, is_class=False):
        if n.module_path is None or n.line is None:
            return []
        start = n.get_definition_start_position() or (n.line, n.column)
        end = n.get_definition_end_position() or (n.line, n.column)
        return [{'file': self.rel_path(n.module_path), 'name': n.name, 'nameLine': n.line,
                 'startLine': start[0], 'endLine': end_line(start, end), 'category': category, 'isClass': is_class}]

    def tree_decl(self, path, funcdef, category):
        return {'file': self.rel_path(path), 'name': funcdef.name.value, 'nameLine': funcdef.name.line,
                'startLine': funcdef.start_pos[0], 'endLine': end_line(funcdef.start_pos, funcdef.end_pos),
                'category': category, 'isClass': False}

    def own_init(self, n):
        """`C()` runs C.__init__: a writer may link either, as with `new C()` in TypeScript."""
        classdef = n._name.tree_name.get_definition()
        for f in classdef.iter_funcdefs():
            if f.name.value == '__init__':
                return self.tree_decl(n.module_path, f, 'constructor')
        return None

    def unresolved_import_at(self, line, col):
        for n in self.goto(line, col, follow=False):
            tn = n._name.tree_name
            imp = tn.search_ancestor('import_from', 'import_name') if tn is not None else None
            if imp is not None and n.module_path is not None and str(n.module_path) == str(self.script.path):
                return imp
        return None

    def unresolved_import_head(self, fn):
        head = fn
        while isinstance(head, ast.Attribute):
            head = head.value
        if head is fn or not isinstance(head, ast.Name):
            return None
        line, col = self.name_pos(head)
        if self.goto(line, col):
            return None
        return self.unresolved_import_at(line, col)

    def unresolved_answer(self, imp):
        spec = import_specifier(imp)
        # A package that is not installed is code outside the workspace. A relative import, or one whose top-level
        # name is a module or folder of the repo (`tests/test_apps/blueprintapp`, put on sys.path by a conftest; or
        # a name jedi lost inside the workspace package), names workspace code it could not follow: unknown.
        if not spec.startswith('.') and spec.split('.')[0] not in self.workspace_names:
            return {'answer': 'external', 'externalWhere': f"unresolved package '{spec}'", 'decls': []}
        return {'answer': 'none', 'decls': []}

    # ---- how well jedi sees the repository: imports it cannot follow ----
    def count_unresolved_imports(self, tree):
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                for alias in node.names:
                    line = alias.lineno
                    col = self.char_col(line, alias.col_offset) + len(alias.name) - len(alias.name.split('.')[-1])
                    if not self.goto(line, col):
                        self.unresolved[alias.name] = self.unresolved.get(alias.name, 0) + 1
            elif isinstance(node, ast.ImportFrom):
                # Ask about the module's last component (`from a.b import c`: `b`); `from . import c`: about `c`.
                text = self.lines[node.lineno - 1] if node.lineno <= len(self.lines) else ''
                m = FROM_MODULE.match(text, self.char_col(node.lineno, node.col_offset))
                if node.module and m and m.group(2) == node.module:
                    pos = (node.lineno, m.end(2) - len(node.module.split('.')[-1]))
                elif node.names[0].name != '*':
                    pos = (node.names[0].lineno, self.char_col(node.names[0].lineno, node.names[0].col_offset))
                else:
                    continue
                if not self.goto(*pos):
                    spec = '.' * node.level + (node.module or '')
                    self.unresolved[spec] = self.unresolved.get(spec, 0) + 1


def scope_of(node):
    scope = node.parent
    while scope is not None and scope.type not in ('funcdef', 'classdef', 'file_input', 'lambdef'):
        scope = scope.parent
    return scope


def same_named_defs(funcdef):
    """Other defs of the same name directly in the same class body or module (overloads, if/else variants)."""
    scope = scope_of(funcdef)
    if scope is None or scope.type not in ('classdef', 'file_input'):
        return []
    return [f for f in scope.iter_funcdefs() if f is not funcdef and f.name.value == funcdef.name.value]


def end_line(start, end):
    # parso ends a def's span at the start of the line after it: that line is not part of the def.
    return end[0] - 1 if end[1] == 0 and end[0] > start[0] else end[0]


def external_where(n):
    where = os.path.basename(str(n.module_path)) if n.module_path else 'builtins'
    return f'{where}:{n.name}'


def import_specifier(imp):
    if imp.type == 'import_from':
        return '.' * imp.level + '.'.join(n.value for n in (imp.get_from_names() or []))
    paths = imp.get_paths()
    return '.'.join(n.value for n in paths[0]) if paths else ''


def hide_workspace_stubs(roots):
    """Keeps jedi's bundled third-party stubs from answering for the repository's own packages.

    jedi ships old typeshed stubs for flask, requests, werkzeug, click... and prefers a stub over the source it
    finds; measuring flask or requests, that stub (not the checkout) would answer for `from flask import x`, and
    its names differ from the source's. Stubs of packages the repo does not define stay: they tell jedi about
    dependencies that are not installed. Uses jedi's private stub map (checked: jedi 0.18); returns the names
    hidden, or None when that map is not there.
    """
    try:
        from jedi.inference.gradual import typeshed
        stub_map = typeshed._cache_stub_file_map(sys.version_info)
    except (ImportError, AttributeError, TypeError):
        return None
    own = set()
    for r in roots:
        try:
            entries = os.listdir(r)
        except OSError:
            continue
        for e in entries:
            if e.endswith('.py'):
                own.add(e[:-3])
            elif os.path.isfile(os.path.join(r, e, '__init__.py')):
                own.add(e)
    hidden = sorted(name for name, info in stub_map.items() if name in own and info.is_third_party)
    typeshed._version_cache[sys.version_info[:2]] = {k: v for k, v in stub_map.items() if k not in hidden}
    return hidden


def main():
    request = json.loads(sys.stdin.read())
    root = os.path.realpath(request['root'])
    roots = [os.path.realpath(r) for r in request.get('sourceRoots', [])]
    # The repo's own source roots come before the interpreter's path, so an installed copy of the package being
    # measured (site-packages/requests) never answers for the repo's files.
    sys_path = list(dict.fromkeys(roots + [p for p in sys.path if p and os.path.isdir(p)]))
    files = request['files']
    workspace_names = {part for f in files for part in os.path.splitext(f)[0].split('/')}
    stubs_hidden = hide_workspace_stubs(roots)
    project = jedi.Project(root, sys_path=sys_path, smart_sys_path=True, load_unsafe_extensions=False)
    environment = jedi.InterpreterEnvironment()
    emit({'header': {'jedi': jedi.__version__, 'python': sys.version.split()[0], 'sysPath': sys_path,
                     'stubsHidden': stubs_hidden}})
    started = time.time()
    for i, rel in enumerate(files):
        path = os.path.join(root, rel)
        try:
            with open(path, 'rb') as fh:
                raw = fh.read()
            tree = ast.parse(raw, filename=rel)
            source = raw.decode('utf-8-sig', errors='replace')
            script = jedi.Script(code=source, path=path, project=project, environment=environment)
            fo = FileOracle(root, rel, source, script, workspace_names)
            fo.walk(tree, [])
            fo.count_unresolved_imports(tree)
            emit({'file': rel, 'sites': fo.sites, 'unresolved': fo.unresolved})
        except (SyntaxError, ValueError, UnicodeDecodeError, RecursionError) as e:
            emit({'file': rel, 'error': f'{type(e).__name__}: {e}'})
        if request.get('progress') and (i + 1) % 10 == 0:
            sys.stderr.write(f'python oracle: {i + 1}/{len(files)} files, {time.time() - started:.0f}s\n')
    emit({'done': {'seconds': time.time() - started}})


def emit(obj):
    sys.stdout.write(json.dumps(obj) + '\n')
    sys.stdout.flush()


if __name__ == '__main__':
    sys.setrecursionlimit(10000)
    main()
