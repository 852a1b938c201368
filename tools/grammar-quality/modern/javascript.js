// ES2022-2025: class fields and static blocks, private `in`, import attributes, top-level await,
// optional chaining, nullish assignment, regex v flag, hashbang-free module.
import config from './config.json' with { type: 'json' };

export class Counter {
  #count = 0;
  static instances = 0;
  static {
    Counter.instances = 0;
  }
  static isCounter(value) {
    return #count in value;
  }
  increment() {
    this.#count += 1;
    return this.#count;
  }
}

const settings = await fetch(config?.url ?? '/default').then((r) => r.json());
settings.retries ??= 3;
export const words = /[\p{L}--\p{Ll}]/v.test('A');
export const big = 1_000_000n;
