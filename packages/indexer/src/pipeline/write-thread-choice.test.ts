import { describe, expect, it } from 'vitest';
import { WRITE_THREAD_MIN_BYTES, WRITE_THREAD_MIN_FILES, writesOnThread } from './index-repository.js';

const jobs = (count: number, size: number) => Array.from({ length: count }, () => ({ size }));

describe('writesOnThread', () => {
  it('writes on the main thread for a small run, on a thread of its own from the file or byte threshold', () => {
    expect(writesOnThread(jobs(500, 8_000), false)).toBe(false);
    expect(writesOnThread(jobs(WRITE_THREAD_MIN_FILES, 100), false)).toBe(true);
    // python/mypy's shape: fewer files than the file threshold, more source than the byte threshold.
    expect(writesOnThread(jobs(1449, Math.ceil(WRITE_THREAD_MIN_BYTES / 1449)), false)).toBe(true);
    expect(writesOnThread(jobs(1449, Math.floor(WRITE_THREAD_MIN_BYTES / 1449) - 1), false)).toBe(false);
  });

  it('counts bytes only when the files are to be parsed, files either way', () => {
    expect(writesOnThread(jobs(1449, Math.ceil(WRITE_THREAD_MIN_BYTES / 1449)), true)).toBe(false);
    expect(writesOnThread(jobs(WRITE_THREAD_MIN_FILES, 100), true)).toBe(true);
  });

  it('counts a job of unknown size as empty', () => {
    expect(writesOnThread([{ size: undefined }, { size: WRITE_THREAD_MIN_BYTES }], false)).toBe(true);
    expect(writesOnThread([{ size: undefined }], false)).toBe(false);
  });
});
