import { describe, expect, it } from 'vitest';
import type { FileExtraction } from '../../model/extraction.js';
import { extractForTest } from '../../test-support/test-parser.js';
import { rubyExtractor } from './extractor.js';

function extract(source: string): Promise<FileExtraction> {
  return extractForTest(rubyExtractor, source, 'lib/a.rb');
}

describe('Ruby extraction', () => {
  it('declares modules, classes (reopenings share a qualified name), methods, attributes and constants', async () => {
    const file = await extract(`require 'json'
require_relative 'shop/base'

module Shop
  # An order.
  class Order < Base
    include Comparable
    attr_accessor :name, :total
    LIMIT = 3

    def self.build; end

    class << self
      def make; end
    end

    def save; end
  end

  Point = Struct.new(:x) do
    def norm; end
  end
end

class Shop::Order
  def extra; end
end

def helper; end

describe 'x' do
  def in_block; end
end
`);
    const rows = file.declarations.filter((d) => d.kind !== 'import').map((d) => `${d.kind} ${d.qualifiedName}${d.isStatic ? ' static' : ''}`);
    expect(rows).toEqual([
      'module Shop', 'class Shop::Order', 'property Shop::Order::name', 'property Shop::Order::name=',
      'property Shop::Order::total', 'property Shop::Order::total=', 'constant Shop::Order::LIMIT',
      'method Shop::Order::build static', 'method Shop::Order::make static', 'method Shop::Order::save',
      'class Shop::Point', 'method Shop::Point::norm', 'class Shop::Order', 'method Shop::Order::extra', 'function helper',
      'method in_block',
    ]);
    expect(file.declarations.find((d) => d.name === 'Order')!.docstring).toBe('An order.');
    expect(file.imports.map((i) => i.specifier)).toEqual(['json', './shop/base']);
    expect(file.references.filter((r) => r.kind !== 'calls').map((r) => `${r.kind} ${r.name}`)).toEqual(['extends Base', 'implements Comparable']);
  });

  it('calls bare identifiers that are no locals, and states receivers from Foo.new', async () => {
    const file = await extract(`class A
  def run(param)
    before_local
    x = Client.new
    x.post
    x
    param.go
    @y = Other.new
    @y.call
    [1].each { |item| item.size }
    super
    obj.name = 1
  end
end
`);
    const sites = file.references.map((r) => `${r.kind} ${[...(r.receiver ?? ['?']), r.name].join('.')}${r.locallyBound ? ' local' : ''}`);
    expect(sites).toEqual([
      'calls before_local', 'instantiates Client', 'calls x.post local', 'calls param.go local', 'instantiates Other',
      'calls self.@y.call', 'calls ?.each', 'calls item.size local', 'calls super.run', 'calls obj.name=', 'calls obj',
    ]);
    expect(file.references.find((r) => r.name === 'post')!.typedReceiver).toEqual({ type: { kind: 'call', callee: ['Client'], construct: true }, path: [] });
    expect(file.memberTypes).toEqual([{ owner: 0, name: '@y', type: { kind: 'call', callee: ['Other'], construct: true }, enclosing: 1 }]);
  });

  it('states what self a method evaluates its block with, and the block calls of each enclosing call', async () => {
    const file = await extract(`class DSL
  def self.run(block)
    new.instance_eval(&block)
  end

  def factory(&block)
    proxy = Proxy.new
    proxy.instance_eval(&block)
  end

  def later(&block)
    Other.run(block)
  end

  def evals(&block)
    Host.class_eval(&block)
  end
end

Builder.define do
  factory { attribute }
end
`);
    const blockSelf = (name: string) => file.declarations.find((d) => d.name === name)!.blockSelf;
    expect(blockSelf('run')).toEqual({ kind: 'call', callee: ['DSL'], construct: true });
    expect(blockSelf('factory')).toEqual({ kind: 'call', callee: ['Proxy'], construct: true });
    expect(blockSelf('later')).toEqual({ kind: 'call', callee: ['Other', 'run'], block: true });
    expect(blockSelf('evals')).toBeUndefined();
    const outer = { kind: 'call', callee: ['Builder', 'define'], block: true };
    expect(file.references.find((r) => r.name === 'attribute')!.blockSelf).toEqual([{ kind: 'member-call', of: outer, name: 'factory', block: true }, outer]);
  });

  it('lists the modules a configure block mixes into every example, for the examples under its test folder', async () => {
    const file = await extractForTest(rubyExtractor, `RSpec.configure do |config|
  config.include Helpers::Models
  config.include Matchers
end

describe "x" do
  let(:app) { 1 }
  it { app; helper }
end
`, 'gem/spec/support/setup.rb');
    // Then what every example group of the test frameworks includes.
    expect(file.module?.ambientMixins).toEqual({
      folder: 'gem/spec',
      modules: [['Helpers', 'Models'], ['Matchers'], ['RSpec', 'Matchers'], ['Minitest', 'Assertions'], ['MiniTest', 'Assertions']],
    });
    const inExample = file.references.filter((r) => r.inExample).map((r) => r.name);
    expect(inExample).toEqual(['let', 'it', 'helper']);
  });

  it('states the modules a test framework base includes as implied mixins, and mixes in nothing for a file without examples', async () => {
    const file = await extractForTest(rubyExtractor, `class WidgetTest < Minitest::Test
end
class Other < Base
end
`, 'test/widget_test.rb');
    const implied = file.references.filter((r) => r.implied).map((r) => [...(r.receiver ?? []), r.name].join('::'));
    expect(implied).toEqual(['Minitest::Assertions', 'MiniTest::Assertions']);
    expect(file.module?.ambientMixins).toBeUndefined();
  });
});
