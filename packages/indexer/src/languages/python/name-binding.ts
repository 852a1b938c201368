/**
 * How Python binds names, for the shared resolver: `self`/`cls` are the first parameter of a method
 * (by convention, which the extractor checks), a name no scope binds is a NameError, `@property`
 * members are read rather than called, and `.pyi` stubs only describe some module's surface.
 */
import type { Declaration } from '../../model/extraction.js';
import type { NameBindingRules } from '../../model/language-support.js';

const ACCESSOR_DECORATOR = /^(?:(?:functools\.)?cached_property|property|[\w.]*\.(?:setter|getter|deleter))$/;

export const pythonNameBinding: NameBindingRules = {
  instanceReceivers: ['self', 'cls'],
  classReceivers: ['cls'],
  superReceiver: 'super',
  implicitThis: false,
  nameFallback: 'none',
  isAccessor: (declaration: Declaration) => declaration.decorators?.some((d) => ACCESSOR_DECORATOR.test(d)) ?? false,
  linkableByName: (path: string) => !path.endsWith('.pyi'),
  hiddenFromStarImport: (name: string) => name.startsWith('_'),
};
