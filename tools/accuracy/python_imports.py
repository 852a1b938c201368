"""Every .py file's imports, resolved to repo files by Python's own rules (an independent oracle for arbor).

Usage: python3 python_imports.py <repo>   -> JSON {"file": ["dep", ...]} on stdout, paths relative to <repo>.

Module names: a file's module is its path from the first folder up the tree that is not a package (has no
__init__.py and is not directly inside a package, which would make it a namespace subpackage), like the sys.path entry a test run would put there. `import a.b.c` runs a/__init__.py,
a/b/__init__.py and a/b/c.py (the parent packages execute first); `from a.b import x` also runs a.b.x when
x is a submodule. Relative imports resolve against the importing file's package. Every import counts,
whether at module level, inside a function or under try/except: each one makes the file depend on the module.
"""
import ast
import json
import os
import sys

SKIPPED = {'.git', 'node_modules', '.codegraph', '__pycache__', '.venv', 'venv', 'build', 'dist', '.tox'}


def main(root):
    root = os.path.abspath(root)
    files = []
    for d, dirs, names in os.walk(root):
        dirs[:] = sorted(x for x in dirs if x not in SKIPPED)
        files += [os.path.join(d, n) for n in sorted(names) if n.endswith('.py')]

    def is_package(d):
        # A regular package, or a folder inside one (a PEP 420 namespace subpackage, like flask/sansio).
        if d == root or len(d) < len(root):
            return False
        return os.path.isfile(os.path.join(d, '__init__.py')) or (
            os.path.dirname(d) != root and os.path.isfile(os.path.join(os.path.dirname(d), '__init__.py')))

    def module_of(path):
        """(module name, sys.path root) of a file: walk up while the folder is a package."""
        d, base = os.path.split(path)
        parts = [] if base == '__init__.py' else [base[:-3]]
        while is_package(d):
            d, pkg = os.path.split(d)
            parts.insert(0, pkg)
        return '.'.join(parts), d

    modules = {}  # dotted name -> file; several roots may hold the same name: first (shortest path) wins
    info = {}
    for f in sorted(files, key=lambda p: (p.count(os.sep), p)):
        name, _ = module_of(f)
        info[f] = name
        if name and name not in modules:
            modules[name] = f

    def chain(dotted):
        """Files run by importing `dotted`: every parent package, then the module."""
        out = []
        parts = dotted.split('.')
        for i in range(1, len(parts) + 1):
            target = modules.get('.'.join(parts[:i]))
            if target:
                out.append(target)
        return out

    result = {}
    for f in files:
        try:
            tree = ast.parse(open(f, 'rb').read(), f)
        except (SyntaxError, ValueError):
            continue
        name = info[f]
        is_pkg = f.endswith('__init__.py')
        package = name if is_pkg else name.rpartition('.')[0]
        deps = []
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                for alias in node.names:
                    deps += chain(alias.name)
            elif isinstance(node, ast.ImportFrom):
                if node.level:
                    base = package.split('.') if package else []
                    up = node.level - 1
                    if up > len(base):
                        continue
                    base = base[:len(base) - up]
                    dotted = '.'.join(base + ([node.module] if node.module else []))
                else:
                    dotted = node.module or ''
                if not dotted:
                    continue
                deps += chain(dotted)
                for alias in node.names:
                    if alias.name != '*' and dotted + '.' + alias.name in modules:
                        deps.append(modules[dotted + '.' + alias.name])
        rel = lambda p: os.path.relpath(p, root).replace(os.sep, '/')
        result[rel(f)] = sorted({rel(d) for d in deps if d != f})
    json.dump(result, sys.stdout, indent=0, sort_keys=True)


if __name__ == '__main__':
    main(sys.argv[1])
