import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs a program and reports its wall time and its own peak memory.
///
/// `Foundation.Process` cannot report a child's resource usage, and `getrusage(RUSAGE_CHILDREN)`
/// gives the largest peak of all children so far, so each phase would inherit the previous
/// phase's peak. `posix_spawn` and `wait4` give each child's `ru_maxrss` on its own.
enum ChildProcess {
  enum Status: Equatable, CustomStringConvertible {
    case exited(Int32)
    case signaled(Int32)

    var succeeded: Bool { self == .exited(0) }

    var description: String {
      switch self {
      case .exited(let code): return "exited with code \(code)"
      case .signaled(let signal): return "killed by signal \(signal)"
      }
    }
  }

  struct Outcome {
    let milliseconds: Double
    /// The CPU time, user and system, of the program and the children it waited for.
    let cpuMilliseconds: Double
    /// Peak resident set size in KiB.
    let peakKiB: Int
    let status: Status
  }

  struct SpawnError: Error, CustomStringConvertible {
    let description: String
  }

  /// Runs `executable` with `arguments`, stdin from `/dev/null` and stdout and stderr into the
  /// given files, and waits for it. The time runs from just before the spawn to just after the
  /// wait, so it includes the program's start-up, as a user would see it.
  static func run(
    _ executable: String, _ arguments: [String], stdoutPath: String, stderrPath: String
  ) throws(SpawnError) -> Outcome {
    #if canImport(Darwin)
      var actions: posix_spawn_file_actions_t?
    #else
      var actions = posix_spawn_file_actions_t()
    #endif
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, stdoutPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    posix_spawn_file_actions_addopen(&actions, 2, stderrPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)

    let argv = ([executable] + arguments).map { strdup($0) } + [nil]
    let environment = ProcessInfo.processInfo.environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
      for pointer in argv + environment { free(pointer) }
    }

    var pid = pid_t()
    let clock = ContinuousClock()
    let start = clock.now
    let spawnResult = posix_spawn(&pid, executable, &actions, nil, argv, environment)
    guard spawnResult == 0 else {
      throw SpawnError(
        description: "could not start '\(executable)': \(String(cString: strerror(spawnResult)))")
    }
    var status: Int32 = 0
    var usage = rusage()
    while wait4(pid, &status, 0, &usage) == -1 {
      guard errno == EINTR else {
        throw SpawnError(
          description: "could not wait for '\(executable)': \(String(cString: strerror(errno)))")
      }
    }
    let elapsed = start.duration(to: clock.now)
    let milliseconds =
      Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
    #if canImport(Darwin)
      let peakKiB = Int(usage.ru_maxrss) / 1024  // bytes on Darwin
    #else
      let peakKiB = Int(usage.ru_maxrss)  // KiB on Linux
    #endif
    func cpuMilliseconds(_ time: timeval) -> Double {
      Double(time.tv_sec) * 1000 + Double(time.tv_usec) / 1000
    }
    let cpu = cpuMilliseconds(usage.ru_utime) + cpuMilliseconds(usage.ru_stime)
    // The <sys/wait.h> macros are not imported: the low 7 bits are the terminating signal,
    // 0 for a normal exit, whose code is the next byte.
    let signal = status & 0x7F
    return Outcome(
      milliseconds: milliseconds, cpuMilliseconds: cpu, peakKiB: peakKiB,
      status: signal == 0 ? .exited((status >> 8) & 0xFF) : .signaled(signal))
  }
}
