/**
 * How PHP binds names, for the shared resolver: `$this` is the instance, `self::` and `static::` the
 * class (static members first), `parent::` the superclass; a bare call is never `$this->m()`; a name
 * nothing binds is an error, not another file's name (functions fall back to the global namespace
 * through the module resolver's `fallbackPackage`, classes never do).
 */
import { defineNameBinding } from '../../model/language-support.js';

export const phpNameBinding = defineNameBinding({
  instanceReceivers: ['$this', 'self', 'static'],
  classReceivers: ['self', 'static'],
  superReceiver: 'parent',
  lookup: ['scoped-imports', 'enclosing-namespaces', 'module-scope', 'qualified-packages', 'package', 'fallback-package'],
});
