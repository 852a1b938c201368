// Java 21: records, sealed interfaces, pattern matching for switch, record patterns, text blocks, var.
package demo.shapes;

import java.util.List;

sealed interface Shape permits Circle, Square {}

record Circle(double radius) implements Shape {}

record Square(double side) implements Shape {}

final class Areas {
    static double area(Shape shape) {
        return switch (shape) {
            case Circle(double r) when r > 0 -> Math.PI * r * r;
            case Circle c -> 0;
            case Square s -> s.side() * s.side();
        };
    }

    static String describe(Object o) {
        if (o instanceof String s && !s.isBlank()) {
            return s.strip();
        }
        var text = """
            multi-line
            text block
            """;
        return text + List.of(1, 2, 3).stream().map(i -> i * 2).toList();
    }
}
