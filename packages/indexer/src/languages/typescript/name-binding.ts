/**
 * How TypeScript and JavaScript bind names, for the shared resolver: `this` and `super`, no
 * implicit `this` for bare calls, and one global scope shared by scripts and ambient declarations
 * (so a bare name no module binds may be the one workspace declaration of that name).
 */
import type { NameBindingRules } from '../../model/language-support.js';

export const ecmascriptNameBinding: NameBindingRules = {
  instanceReceivers: ['this'],
  classReceivers: [],
  superReceiver: 'super',
  implicitThis: false,
  nameFallback: 'workspace',
  defaultExport: 'default',
  // Getters are not called as `obj.x()`; the extractor records them as their value's type instead.
  isAccessor: () => false,
  linkableByName: () => true,
  hiddenFromStarImport: (name: string) => name === 'default',
  injectionSources: () => [],
  isInjectable: () => false,
};
