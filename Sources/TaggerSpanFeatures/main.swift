// Prints the words the tagger's span model judges, with their own features, for the training script
// (Evaluation/tagger/train.py): one line of text in, one JSON line out.
// Usage: TaggerSpanFeatures LOCALE < sentences.txt
//   {"names": [...]} first, then per line {"words": [[start, end, joinedPrevious, probability, [features...]], ...],
//   "fixed": [[start, end, language], ...]} (the spans the model does not decide: lexicon terms, other scripts and languages)
// Offsets are Unicode scalars of the line; probability is what the embedded weights give (0 without).
import Foundation
import SpokenForm

guard CommandLine.arguments.count == 2, let locale = try? SpokenLocale(CommandLine.arguments[1]),
      let tagger = try? LanguageTagger(locale: locale) else {
    FileHandle.standardError.write(Data("usage: TaggerSpanFeatures LOCALE < sentences.txt\n".utf8))
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
