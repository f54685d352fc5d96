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
    ]
    var rows: [[String]] = []
    for command in commands {
        var best = Double.infinity
        for _ in 0..<10 {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: spokenform)
            process.arguments = command.arguments
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            let start = DispatchTime.now().uptimeNanoseconds
            try process.run()
            process.waitUntilExit()
            best = min(best, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
        }
        rows.append([command.name, format(best, digits: 1)])
        record("startup.\(command.name)_ms", best)
    }
    print("ms from exec to exit of `spokenform COMMAND VALUE` (release build, best of 10)")
    printTable(["command", "ms"], rows)
}
