/**
 * What an index run uses, from the project's configuration and the flags of the command that
 * runs it (`index`, `watch`, or the settings `mcp` starts with): a flag that was given wins over
 * the file's value for its key, and the rest comes from the file or the indexer's defaults. The
 * result also describes itself, so the graph records which configuration built it.
 */
import { parseByteSize } from '../output/byte-size.js';
import { checkLanguages, ConfigurationError, readProjectConfiguration, type LoadedConfiguration } from './project-configuration.js';

/** The index flags as parsed: undefined (or an empty list) when not given. */
export interface IndexFlags {
  languages?: string;
  exclude?: string[];
  gitignore?: boolean;
  maxFileSize?: string;
  cacheDir?: string;
}

export interface IndexSettings {
  languages?: string[];
  exclude?: string[];
  gitignore?: boolean;
  maxFileSize?: number;
  cacheDir?: string;
}

/** What `project_metadata.arbor_configuration` holds: the file, its hash, the keys flags overrode, the effective settings. */
export interface RecordedConfiguration {
  file: string | null;
  sha256: string | null;
  fromFlags: string[];
  settings: IndexSettings;
}

export interface ResolvedIndexSettings {
  settings: IndexSettings;
  configuration: LoadedConfiguration;
  recorded: RecordedConfiguration;
}

/** Reads the root's configuration and lays the flags over it; throws ConfigurationError naming a bad key or flag. */
export function resolveIndexSettings(root: string, flags: IndexFlags, knownLanguages: readonly string[]): ResolvedIndexSettings {
  const configuration = readProjectConfiguration(root, knownLanguages);
  const file = configuration.values;
  const fromFlags: string[] = [];
  const given = <T>(key: string, value: T | undefined): value is T => {
    if (value === undefined) return false;
    fromFlags.push(key);
    return true;
  };
  const settings: IndexSettings = {};
  if (given('languages', flags.languages)) settings.languages = checkLanguages(flags.languages.split(','), knownLanguages);
  else if (file.languages) settings.languages = file.languages;
  if (given('exclude', flags.exclude?.length ? flags.exclude : undefined)) settings.exclude = flags.exclude;
  else if (file.exclude) settings.exclude = file.exclude;
  if (given('gitignore', flags.gitignore)) settings.gitignore = flags.gitignore;
  else if (file.gitignore !== undefined) settings.gitignore = file.gitignore;
  if (given('maxFileSize', flags.maxFileSize)) {
    const bytes = parseByteSize(flags.maxFileSize);
    if (bytes === undefined) throw new ConfigurationError(`--max-file-size: not a size: ${flags.maxFileSize}`);
    settings.maxFileSize = bytes;
  } else if (file.maxFileSize !== undefined) settings.maxFileSize = file.maxFileSize;
  if (given('cacheDir', flags.cacheDir)) settings.cacheDir = flags.cacheDir;
  else if (file.cacheDir !== undefined) settings.cacheDir = file.cacheDir;
  return { settings, configuration, recorded: { file: configuration.file, sha256: configuration.sha256, fromFlags, settings } };
}
