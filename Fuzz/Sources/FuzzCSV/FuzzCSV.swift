import FuzzSupport
import SpokenForm
import SpokenFormCSV

/// The streaming CSV scanner and converter. The first byte picks the delimiter, the read
/// size (tiny reads cross every buffer boundary) and whether columns are converted; with
/// no column the output must be the input, byte for byte.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCSV(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let data, size >= 1 else { return 0 }
    let control = data[0]
    let bytes = Array(UnsafeBufferPointer(start: data + 1, count: size - 1))
    let delimiters: [UInt8] = [UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: "\t"), UInt8(ascii: "|")]
    var options = CSVConversionOptions(locale: "fr-FR")
    options.delimiter = delimiters[Int(control & 3)]
    options.hasHeader = control & 4 == 0
    options.readBufferBytes = control & 8 == 0 ? 64 : 1 << 16
    options.maxRecordBytes = 1 << 16
    options.escapeFormulas = control & 64 != 0
    let convert = control & 16 != 0
    if convert {
        options.columns = [
            CSVColumnSpec(column: "1", kind: try! CSVKind.named("number")),
            CSVColumnSpec(column: "2", kind: try! CSVKind.named(control & 32 == 0 ? "expand" : "date")),
        ]
        options.output = control & 128 == 0 ? .insert(suffix: "_spoken") : .replace
    }
    guard let converter = try? CSVConverter(options: options) else { return 0 }
    let sink = MemorySink()
    let readSize = control & 8 == 0 ? 7 : Int.max
    do {
        try converter.run(source: MemorySource(bytes, readSize: readSize), sink: sink)
        if !convert {
            precondition(sink.bytes == bytes, "passthrough changed the bytes of \(bytes)")
        }
    } catch {
        // Malformed CSV or a column the first row lacks: the output is a prefix of the input when nothing is converted.
        if !convert { precondition(sink.bytes.count <= bytes.count && Array(bytes.prefix(sink.bytes.count)) == sink.bytes) }
    }
    return 0
}
