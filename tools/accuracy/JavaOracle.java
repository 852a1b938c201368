// The Java oracle: javac's own attribution (JDK compiler API: JavacTask, Trees) of every method
// invocation, explicit constructor invocation (`this(...)`, `super(...)`) and `new C(...)` in the files named on
// standard input, one JSON line per file. Run by java-oracle.mjs as a single-file program:
//   java --add-exports jdk.compiler/com.sun.tools.javac.tree=ALL-UNNAMED JavaOracle.java < request
// Request (stdin, one path per line): the repository root first, then its .java files, relative.
// Third-party libraries are usually missing: a call javac cannot attribute (its symbol is an error, or
// its receiver's type is unknown) is answered "none", never counted for or against a graph.
import com.sun.source.tree.*;
import com.sun.source.util.*;
import com.sun.tools.javac.tree.JCTree;
import javax.lang.model.element.*;
import javax.lang.model.type.*;
import javax.tools.*;
import java.io.*;
import java.nio.charset.StandardCharsets;
import java.nio.file.*;
import java.util.*;

public class JavaOracle {
  public static void main(String[] args) throws Exception {
    BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
    Path root = Paths.get(in.readLine()).toAbsolutePath().normalize();
    List<File> files = new ArrayList<>();
    for (String line; (line = in.readLine()) != null; ) if (!line.isEmpty()) files.add(root.resolve(line).toFile());
    long started = System.currentTimeMillis();

    JavaCompiler compiler = ToolProvider.getSystemJavaCompiler();
    DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
    StandardJavaFileManager fm = compiler.getStandardFileManager(diagnostics, null, StandardCharsets.UTF_8);
    Iterable<? extends JavaFileObject> units = fm.getJavaFileObjectsFromFiles(files);
    // No class path: the repository alone, as arbor sees it. No annotation processing.
    List<String> options = List.of("-proc:none", "-implicit:none", "-Xmaxerrs", "1000000", "-encoding", "UTF-8", "-XDshould-stop.ifError=FLOW");
    JavacTask task = (JavacTask) compiler.getTask(null, fm, diagnostics, options, null, units);
    Trees trees = Trees.instance(task);
    Iterable<? extends CompilationUnitTree> parsed = task.parse();
    task.analyze();

    PrintStream out = new PrintStream(new FileOutputStream(FileDescriptor.out), false, StandardCharsets.UTF_8);
    int errors = 0;
    for (Diagnostic<?> d : diagnostics.getDiagnostics()) if (d.getKind() == Diagnostic.Kind.ERROR) errors++;
    out.println("{\"header\":{\"java\":" + str(System.getProperty("java.version")) + ",\"files\":" + files.size() + ",\"compilerErrors\":" + errors + "}}");
    for (CompilationUnitTree unit : parsed) {
      String rel = root.relativize(Paths.get(unit.getSourceFile().toUri()).normalize()).toString().replace(File.separatorChar, '/');
      StringBuilder sites = new StringBuilder();
      new Scanner(trees, unit, root, sites).scan(unit, null);
      out.println("{\"file\":" + str(rel) + ",\"sites\":[" + sites + "]}");
    }
    out.println("{\"done\":{\"seconds\":" + (System.currentTimeMillis() - started) / 1000.0 + "}}");
    out.flush();
  }

  /** Walks one file: each invocation with javac's answer and the declarations around it. */
  static final class Scanner extends TreePathScanner<Void, Void> {
    private final Trees trees;
    private final CompilationUnitTree unit;
    private final Path root;
    private final StringBuilder out;
    private final SourcePositions positions;

    Scanner(Trees trees, CompilationUnitTree unit, Path root, StringBuilder out) {
      this.trees = trees;
      this.unit = unit;
      this.root = root;
      this.out = out;
      this.positions = trees.getSourcePositions();
    }

    private String text;

    private String source() {
      if (text == null) {
        try {
          text = unit.getSourceFile().getCharContent(true).toString();
        } catch (IOException e) {
          text = "";
        }
      }
      return text;
    }

    private long lineOf(CompilationUnitTree in, long pos) {
      return pos < 0 ? -1 : in.getLineMap().getLineNumber(pos);
    }

    @Override
    public Void visitMethodInvocation(MethodInvocationTree node, Void unused) {
      ExpressionTree select = node.getMethodSelect();
      String name;
      String shape;
      String calleeText;
      if (select instanceof IdentifierTree) {
        name = ((IdentifierTree) select).getName().toString();
        shape = name.equals("this") || name.equals("super") ? name + "(...)" : "m()";
        calleeText = name;
      } else if (select instanceof MemberSelectTree) {
        MemberSelectTree member = (MemberSelectTree) select;
        name = member.getIdentifier().toString();
        ExpressionTree object = member.getExpression();
        String objectText = object.toString();
        shape = objectText.equals("this") ? "this.m()" : objectText.equals("super") ? "super.m()"
          : object instanceof MethodInvocationTree || object instanceof NewClassTree ? "call().m()"
          : "obj.m()";
        if (shape.equals("obj.m()")) {
          Element target = trees.getElement(new TreePath(getCurrentPath(), object));
          if (target != null && (target.getKind().isClass() || target.getKind().isInterface())) shape = "Cls.m()";
        }
        calleeText = (objectText.length() > 40 ? "…" : objectText) + "." + name;
      } else {
        return super.visitMethodInvocation(node, unused);
      }
      long start = positions.getStartPosition(unit, node);
      // javac adds `super()` to constructors that call none (and a default constructor): not in the source.
      if (shape.endsWith("(...)") && !source().startsWith(name, (int) Math.max(0, start))) return super.visitMethodInvocation(node, unused);
      long namePos = ((JCTree) select).getPreferredPosition();
      Element element = trees.getElement(new TreePath(getCurrentPath(), select));
      String answer;
      String decl = "";
      if (!(element instanceof ExecutableElement) || element.asType() == null || element.asType().getKind() == TypeKind.ERROR) {
        answer = "none";
      } else if (node.getArguments().stream().anyMatch((arg) -> erroneous(trees.getTypeMirror(new TreePath(getCurrentPath(), arg)), 0))) {
        // An argument of a type javac cannot see (a missing library): the overload it picked is a guess.
        answer = "none";
      } else {
        TreePath path = trees.getPath(element);
        if (path == null) {
          answer = "external";
        } else {
          answer = "workspace";
          decl = declaration(path, (ExecutableElement) element);
        }
      }
      if (out.length() > 0) out.append(',');
      out.append("{\"line\":").append(lineOf(unit, start))
        .append(",\"nameLine\":").append(lineOf(unit, namePos))
        .append(",\"col\":").append(unit.getLineMap().getColumnNumber(start) - 1)
        .append(",\"kind\":").append(str(shape))
        .append(",\"calleeText\":").append(str(calleeText))
        .append(",\"calleeName\":").append(str(name))
        .append(",\"answer\":").append(str(answer))
        .append(",\"external\":").append(answer.equals("external") ? str(ownerOf(element)) : "null")
        .append(",\"decls\":[").append(decl).append(']')
        .append(",\"callers\":[").append(callers()).append("]}");
      return super.visitMethodInvocation(node, unused);
    }

    /** `new C(...)`: an `instantiates` site naming the class (for `new I() {...}`, the type the anonymous class extends). */
    @Override
    public Void visitNewClass(NewClassTree node, Void unused) {
      // javac writes an enum constant (`A(1)`, `B { ... }`) as a `new` of its enum: not in the source.
      Tree parent = getCurrentPath().getParentPath().getLeaf();
      if (parent instanceof VariableTree) {
        Element variable = trees.getElement(getCurrentPath().getParentPath());
        if (variable != null && variable.getKind() == ElementKind.ENUM_CONSTANT) return super.visitNewClass(node, unused);
      }
      ExpressionTree type = node.getIdentifier();
      if (type instanceof ParameterizedTypeTree) type = (ExpressionTree) ((ParameterizedTypeTree) type).getType();
      String name = type instanceof MemberSelectTree ? ((MemberSelectTree) type).getIdentifier().toString()
        : type instanceof IdentifierTree ? ((IdentifierTree) type).getName().toString() : type.toString();
      Element element = trees.getElement(new TreePath(getCurrentPath(), type));
      // The class is known from its name alone, whichever constructor the arguments pick.
      boolean unknown = !(element instanceof TypeElement) || element.asType().getKind() == TypeKind.ERROR;
      instantiation(positions.getStartPosition(unit, node), ((JCTree) type).getPreferredPosition(), name, unknown ? null : (TypeElement) element, "new " + name);
      return super.visitNewClass(node, unused);
    }

    /** `C::new`: a constructor reference instantiates C as `new C(...)` does (other method references are not calls). */
    @Override
    public Void visitMemberReference(MemberReferenceTree node, Void unused) {
      if (node.getMode() != MemberReferenceTree.ReferenceMode.NEW) return super.visitMemberReference(node, unused);
      ExpressionTree type = node.getQualifierExpression();
      if (type instanceof ParameterizedTypeTree) type = (ExpressionTree) ((ParameterizedTypeTree) type).getType();
      String name = type instanceof MemberSelectTree ? ((MemberSelectTree) type).getIdentifier().toString()
        : type instanceof IdentifierTree ? ((IdentifierTree) type).getName().toString() : type.toString();
      Element element = trees.getElement(new TreePath(getCurrentPath(), type));
      boolean unknown = !(element instanceof TypeElement) || element.asType().getKind() == TypeKind.ERROR;
      instantiation(positions.getStartPosition(unit, node), ((JCTree) type).getPreferredPosition(), name, unknown ? null : (TypeElement) element, name + "::new");
      return super.visitMemberReference(node, unused);
    }

    private void instantiation(long start, long namePos, String name, TypeElement element, String calleeText) {
      String answer;
      String decl = "";
      TreePath path = element == null ? null : trees.getPath(element);
      if (element == null) answer = "none";
      else if (path == null) answer = "external";
      else {
        answer = "workspace";
        decl = classDeclaration(path, element);
      }
      if (out.length() > 0) out.append(',');
      out.append("{\"line\":").append(lineOf(unit, start))
        .append(",\"nameLine\":").append(lineOf(unit, namePos))
        .append(",\"col\":").append(unit.getLineMap().getColumnNumber(start) - 1)
        .append(",\"kind\":\"new\"")
        .append(",\"calleeText\":").append(str(calleeText))
        .append(",\"calleeName\":").append(str(name))
        .append(",\"answer\":").append(str(answer))
        .append(",\"external\":").append(answer.equals("external") ? str(element.toString()) : "null")
        .append(",\"decls\":[").append(decl).append(']')
        .append(",\"callers\":[").append(callers()).append("]}");
    }

    /** A class javac names as instantiated: its file, name and lines (its constructors are accepted too). */
    private String classDeclaration(TreePath path, TypeElement element) {
      CompilationUnitTree in = path.getCompilationUnit();
      Tree tree = path.getLeaf();
      String file = root.relativize(Paths.get(in.getSourceFile().toUri()).normalize()).toString().replace(File.separatorChar, '/');
      long start = positions.getStartPosition(in, tree);
      long end = positions.getEndPosition(in, tree);
      long namePos = ((JCTree) tree).getPreferredPosition();
      return "{\"file\":" + str(file) + ",\"name\":" + str(element.getSimpleName().toString()) + ",\"nameLine\":" + lineOf(in, namePos)
        + ",\"startLine\":" + lineOf(in, start) + ",\"endLine\":" + lineOf(in, end) + ",\"isClass\":true}";
    }

    /** Whether a type is, or is built from, a type javac could not resolve. */
    private static boolean erroneous(TypeMirror type, int depth) {
      if (type == null || type.getKind() == TypeKind.ERROR) return true;
      if (depth > 4) return false;
      if (type instanceof ArrayType) return erroneous(((ArrayType) type).getComponentType(), depth + 1);
      if (type instanceof DeclaredType) {
        for (TypeMirror argument : ((DeclaredType) type).getTypeArguments()) if (erroneous(argument, depth + 1)) return true;
      }
      return false;
    }

    private static String ownerOf(Element element) {
      Element owner = element.getEnclosingElement();
      return owner == null ? "?" : owner.toString();
    }

    /** The declaration javac names: its file, name (a constructor is named like its class) and lines. */
    private String declaration(TreePath path, ExecutableElement element) {
      CompilationUnitTree in = path.getCompilationUnit();
      Tree tree = path.getLeaf();
      String file = root.relativize(Paths.get(in.getSourceFile().toUri()).normalize()).toString().replace(File.separatorChar, '/');
      String name = element.getKind() == ElementKind.CONSTRUCTOR ? element.getEnclosingElement().getSimpleName().toString() : element.getSimpleName().toString();
      long start = positions.getStartPosition(in, tree);
      long end = positions.getEndPosition(in, tree);
      long namePos = ((JCTree) tree).getPreferredPosition();
      return "{\"file\":" + str(file) + ",\"name\":" + str(name) + ",\"nameLine\":" + lineOf(in, namePos)
        + ",\"startLine\":" + lineOf(in, start) + ",\"endLine\":" + lineOf(in, end) + ",\"isClass\":false}";
    }

    /** Declarations around the site, innermost first: methods (strong), field initialisers and classes (weak). */
    private String callers() {
      StringBuilder sb = new StringBuilder();
      for (TreePath p = getCurrentPath(); p != null; p = p.getParentPath()) {
        Tree leaf = p.getLeaf();
        String name = null;
        boolean strong = false;
        if (leaf instanceof MethodTree) {
          MethodTree method = (MethodTree) leaf;
          name = method.getName().toString();
          if (name.equals("<init>")) {
            Tree owner = p.getParentPath().getLeaf();
            name = owner instanceof ClassTree ? ((ClassTree) owner).getSimpleName().toString() : name;
          }
          strong = true;
        } else if (leaf instanceof VariableTree && p.getParentPath() != null && p.getParentPath().getLeaf() instanceof ClassTree) {
          name = ((VariableTree) leaf).getName().toString();
        } else if (leaf instanceof ClassTree) {
          name = ((ClassTree) leaf).getSimpleName().toString();
        }
        if (name == null || name.isEmpty()) continue;
        long line = lineOf(unit, ((JCTree) leaf).getPreferredPosition());
        if (sb.length() > 0) sb.append(',');
        sb.append("{\"name\":").append(str(name)).append(",\"line\":").append(line).append(",\"strong\":").append(strong).append('}');
      }
      return sb.toString();
    }
  }

  static String str(String s) {
    if (s == null) return "null";
    StringBuilder sb = new StringBuilder("\"");
    for (char c : s.toCharArray()) {
      switch (c) {
        case '"': sb.append("\\\""); break;
        case '\\': sb.append("\\\\"); break;
        case '\n': sb.append("\\n"); break;
        case '\r': sb.append("\\r"); break;
        case '\t': sb.append("\\t"); break;
        default:
          if (c < 0x20) sb.append(String.format("\\u%04x", (int) c));
          else sb.append(c);
      }
    }
    return sb.append('"').toString();
  }
}
