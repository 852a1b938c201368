/**
 * How Python binds names, for the shared resolver: `self`/`cls` are the first parameter of a method
 * (by convention, which the extractor checks), a name no scope binds is a NameError, `@property`
 * members are read rather than called, `.pyi` stubs only describe some module's surface, and pytest
 * hands a test the value of the fixture its parameter is named after.
 */
import { posix } from 'node:path';
import type { Declaration } from '../../model/extraction.js';
import type { NameBindingRules } from '../../model/language-support.js';

/** `@pytest.fixture`, `@pytest.fixture(scope="session")`, `@fixture` (imported from pytest). */
export const FIXTURE_DECORATOR = /^(?:pytest\.)?fixture\b/;

/** pytest's fixture lookup: the test module itself, then each `conftest.py` from its folder up to the root. */
function fixtureSources(file: string): string[] {
  const sources = [file];
  for (let dir = posix.dirname(file); ; dir = posix.dirname(dir)) {
    const conftest = dir === '.' ? 'conftest.py' : `${dir}/conftest.py`;
    if (conftest !== file) sources.push(conftest);
    if (dir === '.' || dir === '/' || dir === '') break;
  }
  return sources;
}

const ACCESSOR_DECORATOR = /^(?:(?:functools\.)?cached_property|property|[\w.]*\.(?:setter|getter|deleter))$/;

export const pythonNameBinding: NameBindingRules = {
  instanceReceivers: ['self', 'cls'],
  classReceivers: ['cls'],
  superReceiver: 'super',
  lookup: ['scoped-imports', 'enclosing-namespaces', 'module-scope'],
  isAccessor: (declaration: Declaration) => declaration.decorators?.some((d) => ACCESSOR_DECORATOR.test(d)) ?? false,
  linkableByName: (path: string) => !path.endsWith('.pyi'),
  hiddenFromStarImport: (name: string) => name.startsWith('_'),
  injectionSources: fixtureSources,
  isInjectable: (declaration: Declaration) => declaration.decorators?.some((d) => FIXTURE_DECORATOR.test(d)) ?? false,
};
