/**
 * Facts about Ruby's test frameworks, as data: which modules a framework's base classes and example groups mix
 * in. A repository that reopens one of those modules (`module Minitest; module Assertions; def assert_x` in
 * `test/test_helper.rb`) gives every test class of that base its methods, though no `include` is written.
 */

const MINITEST = [['Minitest', 'Assertions'], ['MiniTest', 'Assertions']];
const ACTIVE_SUPPORT = [...MINITEST, ['ActiveSupport', 'Testing', 'Assertions']];

/** Framework base classes (as written after `<`) and the modules they include. `MiniTest` is an alias of `Minitest`. */
export const BASE_CLASS_MIXINS: ReadonlyMap<string, readonly string[][]> = new Map([
  ['Minitest::Test', MINITEST],
  ['MiniTest::Test', MINITEST],
  ['Minitest::Spec', MINITEST],
  ['MiniTest::Spec', MINITEST],
  ['Minitest::Unit::TestCase', MINITEST],
  ['MiniTest::Unit::TestCase', MINITEST],
  ['Test::Unit::TestCase', [['Test', 'Unit', 'Assertions']]],
  ['ActiveSupport::TestCase', ACTIVE_SUPPORT],
  ['ActionDispatch::IntegrationTest', ACTIVE_SUPPORT],
  ['ActionController::TestCase', ACTIVE_SUPPORT],
  ['ActionView::TestCase', ACTIVE_SUPPORT],
  ['ActionMailer::TestCase', ACTIVE_SUPPORT],
  ['ActiveJob::TestCase', ACTIVE_SUPPORT],
  ['ActionDispatch::SystemTestCase', ACTIVE_SUPPORT],
]);

/**
 * What every example group mixes in: RSpec's groups include `RSpec::Matchers`; a minitest-spec `describe` block is
 * a `Minitest::Spec`, which includes `Minitest::Assertions`. A bare call in an example may mean one of their methods
 * the repository declares (where two declare the name, none).
 */
export const EXAMPLE_GROUP_MIXINS: readonly string[][] = [['RSpec', 'Matchers'], ...MINITEST];
