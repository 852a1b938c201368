# Ruby 3.x: endless methods, pattern matching, hash shorthand, numbered/it block params, refinements.
module Geometry
  Point = Struct.new(:x, :y)

  class Shape
    attr_reader :name

    def initialize(name:)
      @name = name
    end

    def area = 0

    def describe(value)
      case value
      in { kind: :circle, radius: Integer => r } then "circle #{r}"
      in [Integer => a, *rest] if rest.empty? then "one #{a}"
      in Point[x, y] then "point #{x},#{y}"
      else "other"
      end
    end

    def options(x:, y:) = { x:, y: }

    def doubled(list) = list.map { _1 * 2 }
  end
end
