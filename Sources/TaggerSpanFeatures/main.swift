// Prints the words the tagger's span model judges, with their own features, for the training script
// (Evaluation/tagger/train.py): one line of text in, one JSON line out.
// Usage: TaggerSpanFeatures LOCALE [--data-dir DIR]... < sentences.txt (DIR with <lang>/span-model.txt: its weights)
//   {"names": [...]} first, then per line {"words": [[start, end, joinedPrevious, probability, [features...]], ...],
//   "fixed": [[start, end, language], ...]} (the spans the model does not decide: lexicon terms, other scripts and languages)
// Offsets are Unicode scalars of the line; probability is what the embedded weights give (0 without).
import Foundation
import SpokenForm

var arguments = Array(CommandLine.arguments.dropFirst())
var directories: [URL] = []
while let index = arguments.firstIndex(of: "--data-dir"), index + 1 < arguments.count {
    directories.append(URL(fileURLWithPath: arguments[index + 1]))
    arguments.removeSubrange(index...(index + 1))
}
guard arguments.count == 1, let locale = try? SpokenLocale(arguments[0]),
      let tagger = try? LanguageTagger(locale: locale, dataStore: LocaleDataStore(directories: directories)) else {
    FileHandle.standardError.write(Data("usage: TaggerSpanFeatures LOCALE [--data-dir DIR]... < sentences.txt\n".utf8))
    exit(2)
}
func number(_ x: Float) -> String { x == x.rounded() ? String(Int(x)) : String(format: "%.6g", Double(x)) }
let names = LanguageTagger.spanModelFeatureNames.map { "\"\($0)\"" }.joined(separator: ",")
print("{\"names\":[\(names)]}")
while let line = readLine(strippingNewline: true) {
    let (found, fixed) = tagger.spanModelWords(line)
    let words = found.map { word in
        "[\(word.start),\(word.end),\(word.joinedPrevious ? 1 : 0),\(number(word.probability)),[\(word.features.map(number).joined(separator: ","))]]"
    }
    let spans = fixed.map { "[\($0.start),\($0.end),\"\($0.language)\"]" }
    print("{\"words\":[\(words.joined(separator: ","))],\"fixed\":[\(spans.joined(separator: ","))]}")
}
