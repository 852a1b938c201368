import { describe, expect, it } from 'vitest';
import { resolveRubyRequire } from './module-resolution.js';

describe('Ruby requires', () => {
  const files = new Set([
    'lib/shop.rb', 'lib/shop/order.rb', 'lib/shop/order/line.rb', 'test/helper.rb', 'test/order_test.rb',
    'gems/billing/lib/billing.rb', 'gems/billing/lib/billing/invoice.rb', 'gems/billing/test/invoice_test.rb',
  ]);

  it('require_relative lands beside the requiring file, never outside the root', () => {
    expect(resolveRubyRequire(files, 'lib/shop.rb', './shop/order')).toBe('lib/shop/order.rb');
    expect(resolveRubyRequire(files, 'lib/shop/order.rb', './order/line.rb')).toBe('lib/shop/order/line.rb');
    expect(resolveRubyRequire(files, 'test/order_test.rb', '../lib/shop')).toBe('lib/shop.rb');
    expect(resolveRubyRequire(files, 'lib/shop.rb', '../../outside/secret')).toBeNull();
  });

  it('a folder whose name starts with two dots is inside the root', () => {
    const dotted = new Set(['..vendor/shop.rb', 'lib/app.rb']);
    expect(resolveRubyRequire(dotted, 'lib/app.rb', '../..vendor/shop')).toBe('..vendor/shop.rb');
  });

  it('require searches the lib/ of the requiring gem, then the one gem of the workspace that has the file', () => {
    expect(resolveRubyRequire(files, 'test/order_test.rb', 'shop/order')).toBe('lib/shop/order.rb');
    expect(resolveRubyRequire(files, 'gems/billing/test/invoice_test.rb', 'billing/invoice')).toBe('gems/billing/lib/billing/invoice.rb');
    expect(resolveRubyRequire(files, 'test/order_test.rb', 'billing')).toBe('gems/billing/lib/billing.rb');
    expect(resolveRubyRequire(files, 'test/order_test.rb', 'json')).toBeNull();
    expect(resolveRubyRequire(files, 'test/order_test.rb', '/etc/passwd')).toBeNull();
  });
});
