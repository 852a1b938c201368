import { describe, expect, it } from 'vitest';
import { extractedWorkspace } from '../../test-support/extracted-workspace.js';
import { createCSharpImportResolver, GLOBAL_NAMESPACE } from './module-resolution.js';

describe('C# namespaces from the files\' extractions', () => {
  it('file-scoped and block namespaces, several namespaces in one file, global usings', async () => {
    const resolver = createCSharpImportResolver(await extractedWorkspace({
      'src/Parser.cs': '// namespace Wrong;\nnamespace Acme.Cli;\n\npublic partial class Parser { class Inner {} }\n',
      'src/Options.cs': 'namespace Acme.Cli\n{\n    public record struct Options;\n}\n',
      'src/Root.cs': 'namespace Acme { class Root {} }\n',
      'src/Nested.cs': 'namespace Acme { namespace Text { class Token {} } }\n',
      'src/Program.cs': 'class Program {}\n',
      'src/Guard.cs': 'namespace System.Runtime.CompilerServices { sealed class CallerArgumentExpressionAttribute {} }\nnamespace Acme.Internal { static class Guard {} }\n',
      'src/Usings.cs': 'global using Acme.Text;\nglobal using static System.Math;\nglobal using Json = System.Text.Json;\n',
    }));
    const packages = resolver.packages!;
    expect(packages.packageOf('src/Parser.cs')).toBe('Acme.Cli');
    expect(packages.packageOf('src/Options.cs')).toBe('Acme.Cli');
    expect(packages.packageOf('src/Program.cs')).toBe(GLOBAL_NAMESPACE);
    // Two namespaces (`Acme` and `Acme.Text`): no single key says where each type is.
    expect(packages.packageOf('src/Nested.cs')).toBeNull();
    // A polyfill of a framework attribute beside the file's own namespace: the file is in its own.
    expect(packages.packageOf('src/Guard.cs')).toBe('Acme.Internal');
    expect(packages.enclosingPackages!('src/Parser.cs')).toEqual(['Acme', GLOBAL_NAMESPACE]);
    expect(packages.implicitImports!('src/Parser.cs')).toEqual(['Acme.Text']);
    expect(resolver.specifiers.resolveModule('x', 'Acme.Cli.Parser')).toBe('src/Parser.cs');
    expect(resolver.specifiers.resolveModule('x', 'Acme.Cli.Inner')).toBe('src/Parser.cs');
    expect(resolver.specifiers.resolveModule('x', 'Acme.Cli.Options')).toBe('src/Options.cs');
    expect(resolver.specifiers.resolveModule('x', 'Acme.Cli.Missing')).toBeNull();
  });
});
