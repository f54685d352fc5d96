import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing

@Suite struct TagCLITests {
    @Test func bluetoothIsEnglishInFrench() throws {
        let result = try CLI.run(["tag", "Activez le Bluetooth de votre smartphone", "--locale", "fr-FR", "--format", "json"])
        #expect(result.status == 0)
        #expect(result.stdout == #"{"locale":"fr-FR","spans":[{"end":20,"end16":20,"lang":"en","start":11,"start16":11}],"text":"Activez le Bluetooth de votre smartphone"}"# + "\n")
    }

    @Test func reglagesHasNoSpan() throws {
        let result = try CLI.run(["tag", "Ouvrez les Réglages", "--locale", "fr-FR", "--format", "json"])
        #expect(result.stdout == #"{"locale":"fr-FR","spans":[],"text":"Ouvrez les Réglages"}"# + "\n")
    }

    @Test func ssmlAndHTML() throws {
        let ssml = try CLI.run(["tag", "Activez le Bluetooth", "--locale", "fr-FR", "--format", "ssml"])
        #expect(ssml.stdout == #"<speak xml:lang="fr-FR">Activez le <lang xml:lang="en">Bluetooth</lang></speak>"# + "\n")
        let html = try CLI.run(["tag", "Activez le Bluetooth", "--locale", "fr-FR", "--format", "html"])
        #expect(html.stdout == #"Activez le <span lang="en">Bluetooth</span>"# + "\n")
    }

    @Test func stdinLineByLineSSMLParses() throws {
        let input = "Activez le Bluetooth & <b>\nOuvrez les Réglages\n\"Sign in with Apple\" 😀 שלום\n"
        let result = try CLI.run(["tag", "--locale", "fr", "--format", "ssml"], stdin: input)
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(lines.count == 3)
        for line in lines { #expect(XMLParser(data: Data(line.utf8)).parse(), "\(line)") }
    }

    @Test func unsupportedLocaleExitCode() throws {
        let result = try CLI.run(["tag", "Bonjour", "--locale", "pl"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("'pl'"))
    }
}
