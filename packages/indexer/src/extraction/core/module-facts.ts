/**
 * The module facts (`FileExtraction.module`) a language's rules record during the walk, kept apart
 * from declarations: they place the file in its package or library and name the modules it declares.
 * A file that states none gets no `module` field, so extractions of languages without such facts are
 * as they were.
 */
import type { FileExtraction, ModuleFacts } from '../../model/extraction.js';
import type { Located } from './declaration-builder.js';

export class ModuleFactsRecorder {
  private readonly facts: ModuleFacts = {};

  /** A package or namespace clause: its full name (white space removed) where `at` starts. */
  package(name: string, at: Located): void {
    (this.facts.packages ??= []).push({ name: name.replace(/\s+/g, ''), line: at.startPosition.row + 1 });
  }

  library(name: string): void {
    this.facts.library = name.replace(/\s+/g, '');
  }

  part(uri: string): void {
    (this.facts.parts ??= []).push(uri);
  }

  partOf(of: { uri: string } | { library: string }): void {
    this.facts.partOf = 'library' in of ? { library: of.library.replace(/\s+/g, '') } : of;
  }

  submodule(name: string, details: { inline?: boolean; macroUse?: boolean } = {}): void {
    (this.facts.submodules ??= []).push({ name, ...(details.inline ? { inline: true } : {}), ...(details.macroUse ? { macroUse: true } : {}) });
  }

  projectImport(specifier: string): void {
    (this.facts.projectImports ??= []).push(specifier);
  }

  declaredName(name: string): void {
    (this.facts.declaredNames ??= []).push(name);
  }

  /** `{ module }` when anything was recorded, else nothing. Packages in source order (the walk meets a nested block later). */
  finish(): Pick<FileExtraction, 'module'> {
    this.facts.packages?.sort((a, b) => a.line - b.line);
    return Object.keys(this.facts).length > 0 ? { module: this.facts } : {};
  }
}
