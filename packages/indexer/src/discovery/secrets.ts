/**
 * File names that usually hold credentials. Such files are never opened, whatever their extension,
 * so that no secret ever reaches a parser, a log or the database.
 *
 * Deliberately narrow: a `secrets.py` or `credentials.ts` is normally code (Python's stdlib has a
 * `secrets` module), so only data-file names and key material count.
 */
const SECRET_EXTENSIONS = new Set([
  '.pem', '.key', '.p12', '.pfx', '.p8', '.jks', '.keystore', '.ppk', '.kdbx', '.gpg',
]);

const SECRET_NAMES = new Set([
  '.npmrc', '.pypirc', '.netrc', '_netrc', '.pgpass', '.htpasswd', '.git-credentials', '.dockercfg',
  'credentials', 'service-account.json',
]);

const CREDENTIAL_DATA_EXTENSIONS = new Set(['.json', '.yml', '.yaml', '.xml', '.ini', '.toml', '.csv', '.txt']);

const SSH_KEY_PREFIXES = ['id_rsa', 'id_dsa', 'id_ecdsa', 'id_ed25519'];

/** Whether a file's base name looks like it holds secrets. */
export function isLikelySecret(baseName: string): boolean {
  const name = baseName.toLowerCase();
  if (name === '.env' || name.startsWith('.env.')) return true;
  if (SECRET_NAMES.has(name)) return true;
  if (SSH_KEY_PREFIXES.some((prefix) => name.startsWith(prefix))) return true;
  const dot = name.lastIndexOf('.');
  if (dot > 0) {
    const extension = name.slice(dot);
    if (SECRET_EXTENSIONS.has(extension)) return true;
    const stem = name.slice(0, dot);
    if ((stem === 'credentials' || stem === 'secrets') && CREDENTIAL_DATA_EXTENSIONS.has(extension)) return true;
  }
  return false;
}
