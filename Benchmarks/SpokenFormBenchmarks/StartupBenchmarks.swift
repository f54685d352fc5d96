import Foundation

/// Milliseconds from exec to exit of the release `spokenform` beside this binary, one value
/// per command (best of 10 runs: the least disturbed one on a shared machine).
func runStartupBenchmarks() throws {
    let here = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
    let spokenform = here.appendingPathComponent("spokenform").path
    guard FileManager.default.isExecutableFile(atPath: spokenform) else {
        print("needs the release CLI beside this binary: swift build -c release --product spokenform")
        return
    }
    let commands: [(name: String, arguments: [String])] = [
        ("number", ["number", "1234", "--locale", "fr-FR"]),
        ("date", ["date", "2015-04-01", "--locale", "fr-FR"]),
        ("phone", ["phone", "06 11 22 33 06", "--locale", "fr-FR"]),
        ("expand", ["expand", "12,50 €", "--locale", "fr-FR"]),
        ("text", ["text", "RDV le 01/04/2015 à 5h30", "--locale", "fr-FR"]),
        // With a phone number (libphonenumber starts), and a label without a run of 7 digits (it does not).
        ("text_phone", ["text", "RDV le 01/04/2015 à 5h30 au 06.11.22.33.06", "--locale", "fr-FR"]),
        ("text_label", ["text", "Batterie : 85 %", "--locale", "fr-FR"]),
        ("tag", ["tag", "Activez le Bluetooth", "--locale", "fr-FR"]),
        // German has the largest verb list (49,000 forms) the linter reads.
        ("label", ["label", "--label", "Nachrichten", "--value", "3", "--traits", "button", "--locale", "de-DE"]),
        ("lint", ["lint", "--label", "Senden.", "--hint", "Sendet die Nachricht.", "--locale", "de-DE"]),
    ]
    var rows: [[String]] = []
    for command in commands {
        var best = Double.infinity
        var bestCPU = Double.infinity
        for _ in 0..<10 {
            let (wall, cpu) = try timeSpawned(spokenform, command.arguments)
            best = min(best, wall)
            bestCPU = min(bestCPU, cpu)
        }
        rows.append([command.name, format(best, digits: 1), format(bestCPU, digits: 1)])
        record("startup.\(command.name)_ms", best)
        record("startup.\(command.name)_cpu_ms", bestCPU)
    }
    print("ms from exec to exit of `spokenform COMMAND VALUE` (release build, best of 10), and its CPU time")
    printTable(["command", "ms", "CPU ms"], rows)
}

/// Wall and CPU milliseconds of one run of `path` with `arguments`, output to /dev/null.
/// posix_spawn and wait4 rather than Foundation's `Process`, whose `waitUntilExit` polls
/// its run loop and rounded every start-up here up to about 50 ms.
private func timeSpawned(_ path: String, _ arguments: [String]) throws -> (wall: Double, cpu: Double) {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    let argv: [UnsafeMutablePointer<CChar>?] = ([path] + arguments).map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    var pid: pid_t = 0
    let start = DispatchTime.now().uptimeNanoseconds
    let status = posix_spawn(&pid, path, &actions, nil, argv, environ)
    guard status == 0 else { throw POSIXError(POSIXErrorCode(rawValue: status) ?? .EIO) }
    var usage = rusage()
    var exitStatus: Int32 = 0
    _ = wait4(pid, &exitStatus, 0, &usage)
    let wall = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
    func ms(_ time: timeval) -> Double { Double(time.tv_sec) * 1000 + Double(time.tv_usec) / 1000 }
    return (wall, ms(usage.ru_utime) + ms(usage.ru_stime))
}
