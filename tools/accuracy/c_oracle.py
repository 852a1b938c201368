"""The C/C++ oracle: clang's own answer, through libclang, for every call site of a repository.

Reads {"root", "files", "cplusplus"} as JSON on stdin (root-relative C-family files) and writes one JSON object:
{"header": {...}, "sites": [...], "scannedFiles": [...], "translationUnits": N, "errors": N}.

Each source file (.c, .cc, .cpp, ...) is a translation unit, and so is each header no source includes. The
compile flags come from compile_commands.json when the repository has one, else from the tree: every folder
holding a header, and each folder above it, is an include path, C mode for .c (and for .h in a repository without C++ sources), C++ mode
for the rest. A site is a call whose callee clang names; what it names is mapped, across translation units by
USR, to the repository's definition of it, so a call in main.c to a function util.h declares and util.c
defines answers util.c's line (see tools/README.md, "C and C++ oracle").
"""
import ctypes
import json
import os
import re
import sys
import threading
import time

import clang.cindex as ci

K = ci.CursorKind
SOURCE = re.compile(r'\.(c|cc|cpp|cxx|c\+\+|m|mm)$', re.I)
HEADER = re.compile(r'\.(h|hh|hpp|hxx|h\+\+|inl|ipp|tpp)$', re.I)
C_SOURCE = re.compile(r'\.c$')
FUNCTION_KINDS = {K.FUNCTION_DECL, K.CXX_METHOD, K.CONSTRUCTOR, K.DESTRUCTOR, K.FUNCTION_TEMPLATE,
                  K.CONVERSION_FUNCTION}
CLASS_KINDS = {K.CLASS_DECL, K.STRUCT_DECL, K.CLASS_TEMPLATE, K.UNION_DECL}
# Calls through a value: which function runs is decided at run time.
VALUE_KINDS = {K.VAR_DECL, K.PARM_DECL, K.FIELD_DECL}


def file_location(location):
    """(file name, line, column, offset) where the text is written: a macro argument's own place in the file, a
    macro body's expansion at its use (clang_getFileLocation; the bindings only give the expansion location)."""
    f, line, col, off = ci.c_object_p(), ctypes.c_uint(), ctypes.c_uint(), ctypes.c_uint()
    ci.conf.lib.clang_getFileLocation(location, ctypes.byref(f), ctypes.byref(line), ctypes.byref(col), ctypes.byref(off))
    name = ci.File(f).name if f else None
    return (str(name) if name is not None else None, line.value, col.value, off.value)


def category_of(cursor):
    kind = cursor.kind
    if kind == K.CONSTRUCTOR:
        return 'constructor'
    if kind == K.CXX_METHOD or (kind == K.FUNCTION_TEMPLATE and cursor.semantic_parent is not None
                                and cursor.semantic_parent.kind in CLASS_KINDS):
        return 'method'
    if kind in CLASS_KINDS:
        return 'class'
    if kind == K.MACRO_DEFINITION:
        return 'macro'
    return 'function'


class Oracle:
    def __init__(self, root, files, cplusplus):
        self.root = os.path.realpath(root)
        self.files = files
        self.cplusplus = cplusplus
        self.index = ci.Index.create()
        self.database = self.compile_database()
        self.include_dirs = self.guessed_include_dirs(files)
        self.definitions = {}   # USR -> [decl] of the repository's definitions
        self.declarations = {}  # USR -> [decl] of the repository's other declarations (prototypes)
        self.raw_sites = []     # (site, usr, fallback decl, external where)
        self.seen_sites = set()
        self.walked = set()     # files whose sites are collected (a header: by the first unit that includes it)
        self.units = 0
        self.sources = {}       # file -> bytes, for the call's text
        self.macro_uses = set()  # (file name, offset) of the unit's macro uses
        self.macros_seen = set()  # USRs of the macros whose other #defines are looked up
        self.bodies = {}        # file -> [(body start offset, end offset, function name, its line)]
        self.errors = 0

    # ---- files and flags ----
    def rel(self, path):
        if not path:
            return None
        full = os.path.realpath(path)
        if not full.startswith(self.root + os.sep):
            return None
        return os.path.relpath(full, self.root).replace(os.sep, '/')

    def compile_database(self):
        for folder in ('', 'build', 'out', 'cmake-build-debug', 'builddir'):
            if os.path.isfile(os.path.join(self.root, folder, 'compile_commands.json')):
                try:
                    return ci.CompilationDatabase.fromDirectory(os.path.join(self.root, folder))
                except ci.CompilationDatabaseError:
                    return None
        return None

    def guessed_include_dirs(self, files):
        """Every folder holding a header, and each folder above it up to the root: `#include <lib/x.h>` names
        the folder above lib/."""
        dirs = set()
        for f in files:
            if not HEADER.search(f):
                continue
            parts = f.split('/')[:-1]
            for i in range(len(parts), 0, -1):
                dirs.add(os.path.join(self.root, *parts[:i]))
        return sorted(dirs)

    def flags_for(self, rel):
        full = os.path.join(self.root, rel)
        if self.database is not None:
            commands = list(self.database.getCompileCommands(full) or [])
            if commands:
                args = list(commands[0].arguments)[1:]
                # Keep what shapes the parse (defines, include paths, language, standard), drop output and inputs.
                kept, skip = [], False
                for a in args:
                    if skip:
                        skip = False
                        continue
                    if a in ('-o', '-MF', '-MT', '-MQ'):
                        skip = True
                        continue
                    if a == '-c' or a.endswith(os.path.basename(rel)) or a.startswith('-M') or a.startswith('-W'):
                        continue
                    kept.append(a)
                # Relative include paths are relative to the command's folder.
                folder = commands[0].directory
                return [self.absolute_flag(a, folder) for a in kept] + ['-w']
        cpp = not (C_SOURCE.search(rel) or (rel.endswith('.h') and not self.cplusplus))
        lang = ['-x', 'c++', '-std=c++17'] if cpp else ['-x', 'c', '-std=gnu11']
        return lang + ['-I' + d for d in self.include_dirs] + ['-I' + self.root, '-w']

    @staticmethod
    def absolute_flag(arg, folder):
        if arg.startswith('-I') and len(arg) > 2 and not os.path.isabs(arg[2:]):
            return '-I' + os.path.normpath(os.path.join(folder, arg[2:]))
        return arg

    # ---- declarations ----
    def describe(self, cursor):
        loc = cursor.location
        extent = cursor.extent
        return {
            'file': self.rel(loc.file.name if loc.file else None),
            'name': cursor.spelling,
            'nameLine': loc.line,
            'startLine': extent.start.line,
            'endLine': extent.end.line,
            'category': category_of(cursor),
            'isClass': cursor.kind in CLASS_KINDS,
        }

    def record_declaration(self, cursor):
        usr = cursor.get_usr()
        if not usr:
            return
        decl = self.describe(cursor)
        if decl['file'] is None:
            return
        table = self.definitions if cursor.is_definition() or cursor.kind == K.MACRO_DEFINITION else self.declarations
        entries = table.setdefault(usr, [])
        if decl not in entries:
            entries.append(decl)
            if cursor.kind in FUNCTION_KINDS and cursor.is_definition():
                for child in cursor.get_children():
                    if child.kind == K.COMPOUND_STMT:
                        self.bodies.setdefault(decl['file'], []).append(
                            (child.extent.start.offset, child.extent.end.offset, decl['name'], decl['nameLine']))

    # ---- traversal ----
    def run(self):
        sources = [f for f in self.files if SOURCE.search(f)]
        included = set()
        for rel in sources:
            included |= self.parse(rel)
        # Headers no source reaches (a header-only library, or an unused header) are units of their own.
        for rel in self.files:
            if HEADER.search(rel) and rel not in included and rel not in self.walked:
                self.parse(rel)
        return self.result()

    def parse(self, rel):
        options = ci.TranslationUnit.PARSE_DETAILED_PROCESSING_RECORD | ci.TranslationUnit.PARSE_INCOMPLETE
        try:
            tu = self.index.parse(os.path.join(self.root, rel), args=self.flags_for(rel), options=options)
        except ci.TranslationUnitLoadError:
            self.errors += 1
            return set()
        self.units += 1
        self.errors += sum(1 for d in tu.diagnostics if d.severity >= ci.Diagnostic.Error)
        files = {self.rel(inc.include.name) for inc in tu.get_includes()} | {rel}
        files.discard(None)
        fresh = {f for f in files if f not in self.walked}
        # Where macros are used: a call clang places at a macro's name comes from the macro's body.
        self.macro_uses = {file_location(c.location)[::3] for c in tu.cursor.get_children()
                           if c.kind == K.MACRO_INSTANTIATION and c.location.file is not None}
        self.walk(tu.cursor, [], fresh)
        self.walked |= fresh
        return files

    def walk(self, cursor, callers, fresh):
        for child in cursor.get_children():
            if child.location.file is None:
                # An implicit node has no place of its own (the member of a conversion clang inserted: the
                # `operator T` around `Return(1)` in `WillOnce(Return(1))`); what is written inside it is still code.
                self.walk(child, callers, fresh)
                continue
            file = self.rel(child.location.file.name)
            if file is None:
                continue  # system headers: neither sites nor repository declarations
            kind = child.kind
            if kind in FUNCTION_KINDS or kind in CLASS_KINDS or kind == K.MACRO_DEFINITION:
                self.record_declaration(child)
            if file not in fresh:
                # Declarations of a header another unit walked still count (a definition seen once is enough),
                # but its sites are already collected.
                if kind in FUNCTION_KINDS or kind in CLASS_KINDS or kind in (K.NAMESPACE, K.LINKAGE_SPEC):
                    self.walk_declarations(child)
                continue
            if kind == K.CALL_EXPR:
                self.add_call(child, file, callers, cursor.kind == K.CXX_NEW_EXPR)
            elif kind == K.MACRO_INSTANTIATION:
                self.add_macro(child, file, callers)
            inner = callers
            if kind in FUNCTION_KINDS and child.is_definition():
                inner = [{'name': child.spelling, 'line': child.location.line, 'strong': True}] + callers
            self.walk(child, inner, fresh)

    def walk_declarations(self, cursor):
        for child in cursor.get_children():
            if child.kind in FUNCTION_KINDS or child.kind in CLASS_KINDS:
                if self.rel(child.location.file.name if child.location.file else None):
                    self.record_declaration(child)
            if child.kind in CLASS_KINDS or child.kind in (K.NAMESPACE, K.LINKAGE_SPEC, K.CLASS_TEMPLATE):
                self.walk_declarations(child)

    def site_shape(self, call):
        children = list(call.get_children())
        callee = children[0] if children else None
        while callee is not None and callee.kind == K.UNEXPOSED_EXPR:
            inner = list(callee.get_children())
            callee = inner[0] if inner else None
        if callee is not None and callee.kind == K.MEMBER_REF_EXPR:
            return 'obj.m()'
        text = ''.join(t.spelling for t in call.get_tokens())
        return 'Cls::m()' if '::' in text.split('(')[0] else 'f()'

    def add_call(self, call, file, callers, after_new):
        ref = call.referenced
        if ref is None:
            # A call clang leaves unresolved until instantiation (a template's dependent call,
            # `CheckType<Node>(m_impl.f(x))`): clang has no answer, so an edge at it is not judged.
            name = call.spelling or self.dependent_callee(call)
            if name:
                self.add_unanswered(call, name, file, callers)
            return
        if not call.spelling:
            return
        if ref.spelling.startswith('operator'):
            return  # overloaded operators and conversions: no call syntax at the site
        if ref.kind == K.CONSTRUCTOR and (ref.is_copy_constructor() or ref.is_move_constructor()
                                           or ref.is_default_constructor() and not self.has_parens(call)):
            return  # implicit copies, moves and default constructions
        kind = ('new' if after_new else 'T()') if ref.kind == K.CONSTRUCTOR else self.site_shape(call)
        site = self.new_site(call, file, callers, kind, ref.spelling, ref.get_usr())
        if site is None:
            return
        if ref.spelling.startswith('__builtin_'):
            self.raw_sites.append((site, None, None, 'compiler builtin'))
            return
        if ref.kind in VALUE_KINDS:
            self.raw_sites.append((site, None, None, 'pointer'))
            return
        if ref.kind not in FUNCTION_KINDS:
            self.raw_sites.append((site, None, None, 'none'))
            return
        declared = self.rel(ref.location.file.name if ref.location.file else None)
        # C's implicit declaration of an undeclared function (or of a builtin) is made at its first call: no
        # text of its own (no extent). clang knows nothing about what runs.
        if ref.kind == K.FUNCTION_DECL and not ref.is_definition() and ref.extent.start.file is None:
            self.raw_sites.append((site, None, None, 'none'))
            return
        fallback = self.describe(ref.canonical) if declared else None
        self.raw_sites.append((site, ref.get_usr(), fallback, None if declared else self.external_where(ref)))
        if ref.kind == K.CONSTRUCTOR and ref.semantic_parent is not None:
            site['classUsr'] = ref.semantic_parent.get_usr()

    @staticmethod
    def dependent_callee(call):
        """The name a dependent call is written with: the overload set it names (`cast<int>(t.p())`), else the last
        name of its callee's text with template arguments left out (`t.ptr()`, `m_impl.template get<T>()`)."""
        children = list(call.get_children())
        if not children:
            return None
        callee = children[0]
        for node in callee.walk_preorder():
            if node.kind == K.OVERLOADED_DECL_REF and node.spelling:
                return node.spelling
        depth, names = 0, []
        for token in callee.get_tokens():
            if token.spelling == '<':
                depth += 1
            elif token.spelling == '>':
                depth = max(0, depth - 1)
            elif depth == 0 and token.kind == ci.TokenKind.IDENTIFIER:
                names.append(token.spelling)
        return names[-1] if names else None

    def add_unanswered(self, call, name, file, callers):
        site = self.new_site(call, file, callers, self.site_shape(call), name, 'dependent:' + name)
        if site is not None:
            self.raw_sites.append((site, None, None, 'dependent'))

    def new_site(self, call, file, callers, kind, name, identity):
        """The site of a call, once per place and callee (`identity`); None for a call written in a macro's body (the
        site is the macro's use, a MACRO() site) or one already recorded."""
        written = file_location(call.location)
        if written[::3] in self.macro_uses:
            return None
        start = file_location(call.extent.start)
        key = (file, start[3], written[3], identity)
        if key in self.seen_sites:
            return None
        self.seen_sites.add(key)
        # A call in a macro's argument: its own text, else the whole use.
        text = self.source_text(call.extent) if start[3] == call.extent.start.offset else self.text_at(start, call)
        return {
            'file': file,
            'line': start[1],
            'col': start[2] - 1,
            'nameLine': written[1],
            'kind': kind,
            'calleeName': name,
            'calleeText': re.sub(r'\s+', ' ', text)[:80],
            'callers': callers,
        }

    @staticmethod
    def has_parens(call):
        return any(t.spelling in ('(', '{') for t in call.get_tokens())

    def source_text(self, extent):
        name = extent.start.file.name if extent.start.file else None
        if name is None or extent.end.file is None or extent.end.file.name != name:
            return ''
        return self.load(name)[extent.start.offset:extent.end.offset].decode('utf-8', 'replace')

    def load(self, name):
        if name not in self.sources:
            with open(name, 'rb') as f:
                self.sources[name] = f.read()
        return self.sources[name]

    def text_at(self, start, call):
        """The line's text from a call's first written character: the extent of a call in a macro argument
        spans the whole macro use."""
        data = self.load(start[0])
        end = data.find(b'\n', start[3])
        text = data[start[3]:end if end >= 0 else len(data)].decode('utf-8', 'replace')
        depth = 0
        for i, ch in enumerate(text):  # up to the parenthesis that closes the call's arguments
            if ch == '(':
                depth += 1
            elif ch == ')':
                depth -= 1
                if depth == 0:
                    return text[:i + 1]
        return text

    def external_where(self, ref):
        f = ref.location.file
        return f'{os.path.basename(f.name)}:{ref.spelling}' if f else ref.spelling

    def add_macro(self, use, file, callers):
        definition = use.referenced
        if definition is None or not self.function_like(definition):
            return
        key = (file, use.location.line, use.location.column, 'macro')
        if key in self.seen_sites:
            return
        self.seen_sites.add(key)
        site = {
            'file': file, 'line': use.location.line, 'col': use.location.column - 1, 'nameLine': use.location.line,
            'kind': 'MACRO()', 'calleeName': use.spelling, 'calleeText': use.spelling, 'callers': callers,
            'offset': use.location.offset,
        }
        declared = self.rel(definition.location.file.name if definition.location.file else None)
        if declared is None:
            self.raw_sites.append((site, None, None, self.external_where(definition)))
        else:
            self.record_declaration(definition)
            usr = definition.get_usr()
            if usr not in self.macros_seen:
                self.macros_seen.add(usr)
                self.definitions.setdefault(usr, []).extend(self.inactive_definitions(definition))
            self.raw_sites.append((site, definition.get_usr(), self.describe(definition), None))

    def inactive_definitions(self, definition):
        """The macro's other `#define`s in its file (`#if DEBUG / #else` branches): the oracle sees one
        configuration, a graph cannot know which, and each defines the macro the use names."""
        name = definition.spelling
        data = self.load(definition.location.file.name).decode('utf-8', 'replace')
        pattern = re.compile(r'^[ \t]*#[ \t]*define[ \t]+' + re.escape(name) + r'\(', re.M)
        found = []
        for match in pattern.finditer(data):
            line = data.count('\n', 0, match.start()) + 1
            if line != definition.location.line:
                found.append({'file': self.rel(definition.location.file.name), 'name': name, 'nameLine': line,
                              'startLine': line, 'endLine': line, 'category': 'macro', 'isClass': False})
        return found

    @staticmethod
    def function_like(definition):
        tokens = list(definition.get_tokens())
        # `#define F(x) ...`: the parenthesis touches the name; `#define F (x)` is an object-like macro.
        return (len(tokens) > 1 and tokens[1].spelling == '('
                and tokens[1].location.column == tokens[0].location.column + len(tokens[0].spelling))

    # ---- answers ----
    def enclosing_function(self, file, offset):
        """The function whose body holds an offset (innermost): a macro use is no child of the function it sits
        in, and one in a signature (`CJSON_PUBLIC(cJSON *) cJSON_Parse(...)`) is outside the body."""
        best = None
        for start, end, name, line in self.bodies.get(file, []):
            if start <= offset < end and (best is None or start >= best[0]):
                best = (start, end, name, line)
        return [{'name': best[2], 'line': best[3], 'strong': True}] if best else []

    def result(self):
        sites = []
        for site, usr, fallback, outside in self.raw_sites:
            if site['kind'] == 'MACRO()':
                # Macro uses in declarations (`CJSON_PUBLIC(type) f(...)`) call nothing: only uses in a body count.
                site['callers'] = self.enclosing_function(site['file'], site.pop('offset'))
                if not site['callers']:
                    continue
            if outside == 'pointer':
                site.update(answer='none', decls=[], via='function pointer')
            elif outside == 'none':
                site.update(answer='none', decls=[])
            elif outside == 'dependent':
                site.update(answer='none', decls=[], via='dependent call')
            elif outside is not None:
                site.update(answer='external', externalWhere=outside, decls=[])
            else:
                # The repository's definition(s) of what clang names, then its other declarations (prototypes):
                # an edge to either names the same function. `prototype` marks the second kind, so a report can
                # count edges that stop at a prototype while the repository holds the definition.
                defined = self.definitions.get(usr) or []
                declared = [dict(d, prototype=True) for d in self.declarations.get(usr) or [fallback]
                            if d not in defined]
                decls = defined + declared
                if site['kind'] in ('new', 'T()'):
                    cls = self.definitions.get(site.pop('classUsr', None)) or []
                    decls = cls + decls
                site.pop('classUsr', None)
                site.update(answer='workspace', category=decls[-1]['category'], decls=decls,
                            edgeKind='instantiates' if site['kind'] in ('new', 'T()') else 'calls')
            sites.append(site)
        return {
            'header': {'clang': clang_version(), 'compileCommands': self.database is not None},
            'sites': sites,
            'scannedFiles': sorted(f for f in self.walked if f in set(self.files)),
            'translationUnits': self.units,
            'errors': self.errors,
        }


def clang_version():
    lib = ci.conf.lib
    lib.clang_getClangVersion.restype = ci._CXString
    lib.clang_getClangVersion.errcheck = ci._CXString.from_result
    return lib.clang_getClangVersion()


def main():
    request = json.load(sys.stdin)
    started = time.time()
    out = Oracle(request['root'], request['files'], request.get('cplusplus', False)).run()
    out['seconds'] = time.time() - started
    json.dump(out, sys.stdout)


if __name__ == '__main__':
    # The walk recurses as deep as the syntax tree (long else-if chains): a large stack on a thread of its own.
    sys.setrecursionlimit(200000)
    threading.stack_size(512 * 1024 * 1024)
    failed = []

    def guarded():
        try:
            main()
        except BaseException as e:  # noqa: BLE001 - reported, and the exit status says so
            failed.append(e)
            raise

    worker = threading.Thread(target=guarded)
    worker.start()
    worker.join()
    sys.exit(1 if failed else 0)

