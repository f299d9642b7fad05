import MetroCore
import MetroData

/// A random source that a seed fixes completely (SplitMix64, Steele, Lea and Flood 2014): the
/// simulator takes one as a parameter, so a seed gives the same world, rides and figures on
/// every machine. Not for anything secret.

package struct SeededGenerator: RandomNumberGenerator, Sendable {
    private var state: UInt64

    package init(seed: UInt64) {
        state = seed
    }

    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// An independent stream for one purpose (the world, the rides): the same seed, mixed with
    /// a label, so drawing more rides never changes the world.
    package static func stream(_ seed: UInt64, _ label: UInt64) -> SeededGenerator {
        var mixer = SeededGenerator(seed: seed ^ (label &* 0xD6E8_FEB8_6659_FD93))
        return SeededGenerator(seed: mixer.next())
    }
}

extension RandomNumberGenerator {
    /// Uniform on [a, b] (a == b gives a, without drawing).
    mutating func uniform(_ a: Double, _ b: Double) -> Double {
        a == b ? a : Double.random(in: a...b, using: &self)
    }
}
