extension UnsafeBufferPointer<UInt8> {
    /// The first offset from `start` at which the bytes of `text` occur, nil when they do not:
    /// the readers' search for a closing delimiter ("-->", "]]>", "</key>").
    func firstOffset(of text: StaticString, from start: Int) -> Int? {
        let count = text.utf8CodeUnitCount
        var index = Swift.max(start, 0)
        while index + count <= self.count {
            var matches = true
            for k in 0..<count where self[index + k] != text.utf8Start[k] { matches = false; break }
            if matches { return index }
            index += 1
        }
        return nil
    }
}
