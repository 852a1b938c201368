// Dart 3: records, patterns, sealed classes, class modifiers, switch expressions, extension types.
import 'dart:math' as math;

sealed class Shape {}

final class Circle extends Shape {
  Circle(this.radius);
  final double radius;
}

final class Square extends Shape {
  Square(this.side);
  final double side;
}

double area(Shape shape) => switch (shape) {
      Circle(radius: var r) => math.pi * r * r,
      Square(side: var s) => s * s,
    };

(int, String) pair() => (1, 'one');

extension type Meters(double value) {}

void main() {
  final (count, label) = pair();
  var items = <int>[1, 2, 3];
  for (final item in items) {
    if (item case > 1) print('$label $count $item');
  }
}
