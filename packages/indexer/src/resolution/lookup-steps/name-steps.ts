/**
 * The lookup steps that need only a name and where it is written: WorkspaceSymbols.resolveName runs
 * these (the reference resolver runs them too, between its own site steps, site-steps.ts).
 */
import type { LookupStep } from '../../model/language-support.js';
import type { Target } from '../targets.js';
import { enclosingClassType, enclosingPartialType } from './class-scope-steps.js';
import { enclosingContainerMember, enclosingNamespaceMember, functionLocalType, globalConstant, moduleScopeName, reopenedScopeConstant, scopedImport } from './lexical-steps.js';
import type { NameQuery } from './name-query.js';
import { directiveMember, globalNamespaceType, scriptGlobalNamespace } from './namespace-steps.js';
import {
  enclosingPackageMember, implicitModule, ownPackageMember, qualifiedPackage, sharedPackageImport, wildcardPackageMember,
} from './package-steps.js';
import type { ContextSteps } from './run-lookup.js';
import type { SymbolLookup } from './symbol-lookup.js';

export const NAME_STEPS: ContextSteps<SymbolLookup, NameQuery, Target> = {
  'scoped-imports': scopedImport,
  'enclosing-namespaces': enclosingNamespaceMember,
  'reopened-scopes': reopenedScopeConstant,
  'enclosing-containers': enclosingContainerMember,
  'enclosing-class-types': enclosingClassType,
  'enclosing-partial-types': enclosingPartialType,
  'function-local-types': functionLocalType,
  'module-scope': moduleScopeName,
  'namespace-directives': directiveMember,
  'global-namespace-types': globalNamespaceType,
  'script-globals': scriptGlobalNamespace,
  'global-constants': globalConstant,
  'qualified-packages': qualifiedPackage,
  'package': ownPackageMember,
  'enclosing-packages': enclosingPackageMember,
  'package-shared-imports': sharedPackageImport,
  'package-wildcard-imports': wildcardPackageMember,
  'implicit-modules': implicitModule,
};

/** The lookup of a file whose language states none (no resolution rules): the file's own scopes. */
export const SCOPE_ONLY: readonly LookupStep[] = ['scoped-imports', 'enclosing-namespaces', 'module-scope'];
