// The Go oracle: every call site of a repository's Go files, with what go/types says it calls.
//
// Input (stdin, JSON): {"root": "/abs/repo", "files": ["rel/a.go", ...]} — the files to report on
// (every other Go file under the root is still type-checked when a reported one needs it).
// Output (stdout): one JSON object per line: {"header": ...}, then {"file", "sites", "unresolved"} per
// file, then {"done": ...}. Only the standard library is needed: packages of the repository are
// type-checked from source (import paths mapped to folders through go.mod `module` and local
// `replace` lines), the standard library is read by go/importer, and an import that is neither (a
// third-party dependency) fails quietly: go/types then knows nothing of what it provides, and the
// sites that need it answer "none" (never counted for or against a graph).
//
// Run: go run tools/accuracy/go-oracle.go < request.json
package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"go/ast"
	"go/build"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"sort"
	"strings"
	"time"
)

type request struct {
	Root  string   `json:"root"`
	Files []string `json:"files"`
}

type decl struct {
	File      string `json:"file"`
	Name      string `json:"name"`
	NameLine  int    `json:"nameLine"`
	StartLine int    `json:"startLine"`
	EndLine   int    `json:"endLine"`
	Category  string `json:"category"`
	IsClass   bool   `json:"isClass"`
}

type caller struct {
	Name   string `json:"name"`
	Line   int    `json:"line"`
	Strong bool   `json:"strong"`
}

type site struct {
	File          string   `json:"file"`
	Line          int      `json:"line"`
	Col           int      `json:"col"`
	NameLine      int      `json:"nameLine"`
	Kind          string   `json:"kind"`
	EdgeKind      string   `json:"edgeKind"`
	CalleeName    string   `json:"calleeName"`
	CalleeText    string   `json:"calleeText"`
	Callers       []caller `json:"callers"`
	Answer        string   `json:"answer"`
	Category      string   `json:"category,omitempty"`
	ExternalWhere string   `json:"externalWhere,omitempty"`
	Decls         []decl   `json:"decls"`
}

type module struct {
	dir      string // absolute folder of the go.mod
	path     string
	replaces map[string]string // module path → absolute local folder
}

var (
	fset     = token.NewFileSet()
	root     string
	modules  []module
	stdlib   types.Importer
	parsed   = map[string]*ast.File{} // absolute path → syntax
	clauses  = map[string]string{}    // absolute path → package clause
	filesIn  = map[string][]string{}  // absolute folder → its Go files
	checked  = map[string]*types.Package{}
	checking = map[string]bool{}
	// Import paths of the repository's packages: only their objects are workspace declarations (the
	// standard library's export data carries positions that may not name its own files).
	repoPaths = map[string]bool{}
	skipDirs  = map[string]bool{".git": true, "node_modules": true, "testdata": true, ".codegraph": true, "vendor": true}
)

var lineComment = regexp.MustCompile(`//.*$`)
var vendored = regexp.MustCompile(`(^|/)vendor/`)
var moduleLine = regexp.MustCompile(`^module\s+"?([^\s"]+)"?`)
var replaceLine = regexp.MustCompile(`^"?([^\s"]+)"?(?:\s+\S+)?\s*=>\s*"?([^\s"]+)"?(?:\s+\S+)?$`)

func readGoMod(dir string) {
	data, err := os.ReadFile(filepath.Join(dir, "go.mod"))
	if err != nil {
		return
	}
	m := module{dir: dir, replaces: map[string]string{}}
	inBlock := false
	for _, raw := range strings.Split(string(data), "\n") {
		line := strings.TrimSpace(lineComment.ReplaceAllString(raw, ""))
		if match := moduleLine.FindStringSubmatch(line); match != nil {
			m.path = match[1]
			continue
		}
		if line == "replace (" {
			inBlock = true
			continue
		}
		if inBlock && line == ")" {
			inBlock = false
			continue
		}
		directive := ""
		if inBlock {
			directive = line
		} else if strings.HasPrefix(line, "replace ") {
			directive = strings.TrimSpace(strings.TrimPrefix(line, "replace "))
		}
		if match := replaceLine.FindStringSubmatch(directive); match != nil && strings.HasPrefix(match[2], ".") {
			m.replaces[match[1]] = filepath.Clean(filepath.Join(dir, match[2]))
		}
	}
	if m.path != "" {
		modules = append(modules, m)
	}
}

func scan() {
	filepath.WalkDir(root, func(path string, entry os.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		if entry.IsDir() {
			if path != root && (skipDirs[entry.Name()] || strings.HasPrefix(entry.Name(), ".") || strings.HasPrefix(entry.Name(), "_")) {
				return filepath.SkipDir
			}
			readGoMod(path)
			return nil
		}
		// Files the default build leaves out (other platforms, `//go:build ignore`, opt-in tags) are not Go
		// of this package: a graph's edges from them are not judged.
		if match, _ := build.Default.MatchFile(filepath.Dir(path), entry.Name()); match && strings.HasSuffix(path, ".go") {
			filesIn[filepath.Dir(path)] = append(filesIn[filepath.Dir(path)], path)
		}
		return nil
	})
	// Longest module path first: a nested module owns its folders.
	sort.Slice(modules, func(i, j int) bool { return len(modules[i].path) > len(modules[j].path) })
}

func parse(path string) *ast.File {
	if file, ok := parsed[path]; ok {
		return file
	}
	file, _ := parser.ParseFile(fset, path, nil, parser.ParseComments|parser.AllErrors)
	parsed[path] = file
	if file != nil {
		clauses[path] = file.Name.Name
	}
	return file
}

// The folder an import path lands on inside the repository, or "".
func folderOf(fromDir, importPath string) string {
	under := func(prefix string) (string, bool) {
		if importPath == prefix {
			return "", true
		}
		if strings.HasPrefix(importPath, prefix+"/") {
			return importPath[len(prefix)+1:], true
		}
		return "", false
	}
	// The importing module's local replaces first.
	for _, m := range modules {
		if fromDir != m.dir && !strings.HasPrefix(fromDir, m.dir+string(filepath.Separator)) {
			continue
		}
		best := ""
		for prefix := range m.replaces {
			if _, ok := under(prefix); ok && len(prefix) > len(best) {
				best = prefix
			}
		}
		if best != "" {
			rest, _ := under(best)
			return filepath.Join(m.replaces[best], rest)
		}
		break
	}
	for _, m := range modules {
		if rest, ok := under(m.path); ok {
			return filepath.Join(m.dir, rest)
		}
	}
	return ""
}

// The files of one package of a folder: its package clause, tests included or not.
func packageFiles(dir string, external bool, withTests bool) ([]*ast.File, string) {
	counts := map[string]int{}
	var files []string
	for _, path := range filesIn[dir] {
		if parse(path) == nil {
			continue
		}
		files = append(files, path)
		if !strings.HasSuffix(clauses[path], "_test") && !strings.HasSuffix(path, "_test.go") {
			counts[clauses[path]]++
		}
	}
	name := ""
	for candidate, count := range counts {
		if count > counts[name] || (count == counts[name] && candidate < name) {
			name = candidate
		}
	}
	if external {
		name += "_test"
	}
	var chosen []*ast.File
	for _, path := range files {
		if clauses[path] != name {
			continue
		}
		if strings.HasSuffix(path, "_test.go") && !withTests {
			continue
		}
		chosen = append(chosen, parsed[path])
	}
	return chosen, name
}

type repoImporter struct {
	fromDir string
	// The package under test, seen by its external test package with its test files.
	override map[string]*types.Package
}

func (r repoImporter) Import(path string) (*types.Package, error) {
	return r.ImportFrom(path, r.fromDir, 0)
}

func (r repoImporter) ImportFrom(path, dir string, mode types.ImportMode) (*types.Package, error) {
	if pkg, ok := r.override[path]; ok {
		return pkg, nil
	}
	if folder := folderOf(r.fromDir, path); folder != "" {
		return importRepoPackage(path, folder)
	}
	if pkg, err := stdlib.Import(path); err == nil {
		return pkg, nil
	}
	return nil, fmt.Errorf("not found: %s", path)
}

func importRepoPackage(path, folder string) (*types.Package, error) {
	if pkg, ok := checked[folder]; ok {
		if pkg == nil {
			return nil, fmt.Errorf("cannot check %s", path)
		}
		return pkg, nil
	}
	if checking[folder] {
		return nil, fmt.Errorf("import cycle through %s", path)
	}
	checking[folder] = true
	repoPaths[path] = true
	defer delete(checking, folder)
	files, name := packageFiles(folder, false, false)
	if len(files) == 0 {
		checked[folder] = nil
		return nil, fmt.Errorf("no Go files for %s", path)
	}
	config := types.Config{Importer: repoImporter{fromDir: folder}, Error: func(error) {}, FakeImportC: true}
	pkg, _ := config.Check(path, fset, files, nil)
	if pkg != nil && pkg.Name() == "" {
		pkg.SetName(name)
	}
	checked[folder] = pkg
	return pkg, nil
}

// The import path of a folder of the repository (its module path and the folder below it).
func importPathOf(folder string) string {
	for _, m := range modules {
		if folder == m.dir {
			return m.path
		}
		if strings.HasPrefix(folder, m.dir+string(filepath.Separator)) {
			return m.path + "/" + filepath.ToSlash(folder[len(m.dir)+1:])
		}
	}
	return "repo/" + filepath.ToSlash(strings.TrimPrefix(folder, root))
}

type checkedPackage struct {
	files []*ast.File
	info  *types.Info
	pkg   *types.Package
}

func newInfo() *types.Info {
	return &types.Info{
		Types:      map[ast.Expr]types.TypeAndValue{},
		Uses:       map[*ast.Ident]types.Object{},
		Defs:       map[*ast.Ident]types.Object{},
		Selections: map[*ast.SelectorExpr]*types.Selection{},
	}
}

// The package of a folder with its own test files, and its external test package: what the sites are read from.
func checkForSites(folder string) []checkedPackage {
	var out []checkedPackage
	path := importPathOf(folder)
	repoPaths[path], repoPaths[path+"_test"] = true, true
	files, _ := packageFiles(folder, false, true)
	var withTests *types.Package
	if len(files) > 0 {
		info := newInfo()
		config := types.Config{Importer: repoImporter{fromDir: folder}, Error: func(error) {}, FakeImportC: true}
		withTests, _ = config.Check(path, fset, files, info)
		out = append(out, checkedPackage{files, info, withTests})
	}
	external, _ := packageFiles(folder, true, true)
	if len(external) > 0 {
		info := newInfo()
		override := map[string]*types.Package{}
		if withTests != nil {
			override[path] = withTests
		}
		config := types.Config{Importer: repoImporter{fromDir: folder, override: override}, Error: func(error) {}, FakeImportC: true}
		pkg, _ := config.Check(path+"_test", fset, external, info)
		out = append(out, checkedPackage{external, info, pkg})
	}
	return out
}

func rel(path string) (string, bool) {
	r, err := filepath.Rel(root, path)
	if err != nil || strings.HasPrefix(r, "..") {
		return "", false
	}
	r = filepath.ToSlash(r)
	if vendored.MatchString(r) {
		return "", false
	}
	return r, true
}

func unparen(e ast.Expr) ast.Expr {
	for {
		p, ok := e.(*ast.ParenExpr)
		if !ok {
			return e
		}
		e = p.X
	}
}

// What a call's callee names: the declaration go/types resolves it to.
func answer(obj types.Object, site *site) {
	site.Decls = []decl{}
	if obj == nil {
		site.Answer = "none"
		return
	}
	position := fset.Position(obj.Pos())
	file, inRepo := rel(position.Filename)
	inRepo = inRepo && obj.Pkg() != nil && repoPaths[obj.Pkg().Path()]
	one := func(category string) []decl {
		return []decl{{File: file, Name: obj.Name(), NameLine: position.Line, StartLine: position.Line, EndLine: position.Line, Category: category}}
	}
	switch o := obj.(type) {
	case *types.Func:
		category := "function"
		if recv := o.Type().(*types.Signature).Recv(); recv != nil {
			category = "method"
			if types.IsInterface(recv.Type()) {
				category = "interface-method"
			}
		}
		if o.Pkg() == nil || !inRepo || !position.IsValid() {
			site.Answer = "external"
			if o.Pkg() != nil {
				site.ExternalWhere = o.Pkg().Path()
			} else {
				site.ExternalWhere = "universe"
			}
			return
		}
		site.Answer, site.Category, site.Decls = "workspace", category, one(category)
	case *types.Var:
		if !inRepo || o.Pkg() == nil {
			site.Answer = "external"
			if o.Pkg() != nil {
				site.ExternalWhere = o.Pkg().Path()
			}
			return
		}
		if o.IsField() {
			// A field holding a function: no declaration a graph links a call to.
			site.Answer, site.Decls = "attribute", one("field")
		} else if o.Parent() != nil && o.Pkg() != nil && o.Parent() == o.Pkg().Scope() {
			site.Answer, site.Category, site.Decls = "workspace", "package-variable", one("package-variable")
		} else {
			site.Answer, site.Decls = "local", one("local")
		}
	default:
		site.Answer = "none"
	}
}

func collect(pkg checkedPackage, wanted map[string]bool, emit func(file string, sites []site, unresolved map[string]int)) {
	for _, file := range pkg.files {
		position := fset.Position(file.Pos())
		path, ok := rel(position.Filename)
		if !ok || !wanted[path] {
			continue
		}
		source, _ := os.ReadFile(position.Filename)
		unresolved := map[string]int{}
		for _, spec := range file.Imports {
			importPath := strings.Trim(spec.Path.Value, "\"`")
			if folderOf(filepath.Dir(position.Filename), importPath) != "" || importPath == "C" {
				continue
			}
			if _, err := stdlib.Import(importPath); err != nil {
				unresolved[importPath]++
			}
		}
		sites := []site{}
		var stack []caller
		var walk func(n ast.Node) bool
		walk = func(n ast.Node) bool {
			switch node := n.(type) {
			case *ast.FuncDecl:
				stack = append(stack, caller{Name: node.Name.Name, Line: fset.Position(node.Name.Pos()).Line, Strong: true})
				if node.Body != nil {
					ast.Inspect(node.Body, walk)
				}
				stack = stack[:len(stack)-1]
				return false
			case *ast.CallExpr:
				if s, ok := callSite(pkg.info, node, path, source); ok {
					chain := make([]caller, 0, len(stack))
					for i := len(stack) - 1; i >= 0; i-- {
						chain = append(chain, stack[i])
					}
					s.Callers = chain
					sites = append(sites, s)
				}
			}
			return true
		}
		ast.Inspect(file, walk)
		emit(path, sites, unresolved)
	}
}

func callSite(info *types.Info, call *ast.CallExpr, path string, source []byte) (site, bool) {
	fun := unparen(call.Fun)
	// `F[int](x)`: the generic function called.
	switch f := fun.(type) {
	case *ast.IndexExpr:
		if tv, ok := info.Types[f.X]; ok && isGenericFunc(tv.Type) {
			fun = f.X
		}
	case *ast.IndexListExpr:
		fun = f.X
	}
	if tv, ok := info.Types[fun]; ok && (tv.IsType() || tv.IsBuiltin()) {
		return site{}, false // a conversion or a builtin: no call of a declaration
	}
	var name *ast.Ident
	var obj types.Object
	kind := "f()"
	switch f := fun.(type) {
	case *ast.Ident:
		name, obj = f, info.Uses[f]
	case *ast.SelectorExpr:
		name = f.Sel
		if selection, ok := info.Selections[f]; ok {
			obj = selection.Obj()
			switch {
			case selection.Kind() == types.MethodExpr:
				kind = "T.m()"
			case types.IsInterface(selection.Recv()):
				kind = "iface.m()"
			case len(selection.Index()) > 1:
				kind = "promoted.m()"
			default:
				kind = "obj.m()"
			}
		} else {
			obj = info.Uses[f.Sel]
			kind = "pkg.F()"
			if head, ok := f.X.(*ast.Ident); ok {
				if _, isPkg := info.Uses[head].(*types.PkgName); !isPkg && obj == nil {
					kind = "obj.m()"
				}
			}
		}
		if _, ok := obj.(*types.Var); ok && kind != "pkg.F()" {
			kind = "field()"
		}
	default:
		return site{}, false // `f()()`, `x[0]()`, `func(){}()`: no name to ask about
	}
	start := fset.Position(call.Pos())
	s := site{
		File: path, Line: start.Line, Col: start.Column - 1, NameLine: fset.Position(name.Pos()).Line,
		Kind: kind, EdgeKind: "calls", CalleeName: name.Name,
	}
	from, to := fset.Position(fun.Pos()).Offset, fset.Position(fun.End()).Offset
	if from >= 0 && to <= len(source) && from < to {
		text := strings.Join(strings.Fields(string(source[from:to])), " ")
		if len(text) > 80 {
			text = text[:80]
		}
		s.CalleeText = text
	}
	answer(obj, &s)
	return s, true
}

func isGenericFunc(t types.Type) bool {
	sig, ok := t.(*types.Signature)
	return ok && sig.TypeParams() != nil && sig.TypeParams().Len() > 0
}

func main() {
	started := time.Now()
	var req request
	if err := json.NewDecoder(os.Stdin).Decode(&req); err != nil {
		fmt.Fprintln(os.Stderr, "go-oracle: bad request:", err)
		os.Exit(2)
	}
	root = filepath.Clean(req.Root)
	stdlib = importer.Default()
	if _, err := stdlib.Import("fmt"); err != nil {
		// A toolchain without compiled standard packages: type-check them from source.
		stdlib = importer.ForCompiler(fset, "source", nil)
	}
	scan()
	wanted := map[string]bool{}
	folders := map[string]bool{}
	for _, file := range req.Files {
		wanted[file] = true
		folders[filepath.Dir(filepath.Join(root, filepath.FromSlash(file)))] = true
	}
	out := bufio.NewWriter(os.Stdout)
	defer out.Flush()
	encoder := json.NewEncoder(out)
	modulePaths := []string{}
	for _, m := range modules {
		modulePaths = append(modulePaths, m.path)
	}
	encoder.Encode(map[string]any{"header": map[string]any{"go": runtime.Version(), "modules": modulePaths}})
	ordered := make([]string, 0, len(folders))
	for folder := range folders {
		ordered = append(ordered, folder)
	}
	sort.Strings(ordered)
	for _, folder := range ordered {
		for _, pkg := range checkForSites(folder) {
			collect(pkg, wanted, func(file string, sites []site, unresolved map[string]int) {
				encoder.Encode(map[string]any{"file": file, "sites": sites, "unresolved": unresolved})
			})
		}
	}
	encoder.Encode(map[string]any{"done": map[string]any{"seconds": time.Since(started).Seconds()}})
}
