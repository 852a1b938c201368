// Zig 0.11+: comptime generics, error unions, defer, labelled blocks, for over ranges.
const std = @import("std");

pub fn Stack(comptime T: type) type {
    return struct {
        items: std.ArrayList(T),

        const Self = @This();

        pub fn init(allocator: std.mem.Allocator) Self {
            return .{ .items = std.ArrayList(T).init(allocator) };
        }

        pub fn push(self: *Self, value: T) !void {
            try self.items.append(value);
        }
    };
}

pub fn sum(values: []const i32) i64 {
    var total: i64 = 0;
    for (values, 0..) |v, i| {
        _ = i;
        total += v;
    }
    return total;
}

test "sum" {
    const result = blk: {
        break :blk sum(&[_]i32{ 1, 2, 3 });
    };
    try std.testing.expectEqual(@as(i64, 6), result);
}
