// Swift 5.9: async/await, actors, result builders, if/switch expressions, parameter packs, macros.
import Foundation

actor Counter {
    private var value = 0
    func increment() -> Int {
        value += 1
        return value
    }
}

protocol Shape {
    var area: Double { get }
}

struct Circle: Shape {
    let radius: Double
    var area: Double { .pi * radius * radius }
}

func describe(_ shape: some Shape) -> String {
    let size = if shape.area > 10 { "large" } else { "small" }
    return "\(size) shape"
}

func all<each T>(_ value: repeat each T) -> (repeat each T) {
    return (repeat each value)
}

func load(urls: [URL]) async throws -> [Data] {
    try await withThrowingTaskGroup(of: Data.self) { group in
        for url in urls {
            group.addTask { try Data(contentsOf: url) }
        }
        return try await group.reduce(into: []) { $0.append($1) }
    }
}
