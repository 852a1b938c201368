/**
 * Whether a file holds the code a repository is about, or code around it: tests (by each
 * language's conventions, tests-convention.ts), benchmarks and examples. Rankings put the
 * implementation first when it matches as well, because that is what a reader means to change.
 */
import { isTestFile } from './tests-convention.js';

export type CodeRole = 'implementation' | 'test' | 'example';

/** Benchmarks, examples, samples and demos: code that uses the library rather than being it. */
const AROUND = /(^|\/)(benchmarks?|bench|examples?|samples?|demos?)\//;

export function codeRole(filePath: string): CodeRole {
  if (isTestFile(filePath)) return 'test';
  return AROUND.test(filePath) ? 'example' : 'implementation';
}
