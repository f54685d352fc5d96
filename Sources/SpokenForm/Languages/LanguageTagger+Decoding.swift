/// Viterbi decoding of the word model's emissions: the language of every token, a voice switch
/// paying for itself (Docs/tagger.md, "How it decides").
extension LanguageTagger {
    /// Best state sequence; O(tokens × states) since every switch costs the same.
    ///
    /// A state's best predecessor is either itself or the best state of the step before, so
    /// the back pointers are one bit per state and token plus that best state per token (not
    /// an `Int32` per state and token: on a huge line they were the tagger's largest table).
    func decode(emissions: [Float], count n: Int, states k: Int) -> [Int32] {
        let cost = LanguageTagger.switchCost
        var score = [Float](repeating: 0, count: k)
        let stayBytes = (k + 7) / 8
        var stayed = [UInt8](repeating: 0, count: n * stayBytes)
        var bestBefore = [Int32](repeating: 0, count: n)
        for state in 0..<k { score[state] = emissions[state] - (state == baseState ? 0 : cost + entryCost[state]) }
        var next = score
        for t in 1..<max(n, 1) {
            var bestState = 0
            for state in 1..<k where score[state] > score[bestState] { bestState = state }
            let best = score[bestState]
            bestBefore[t] = Int32(bestState)
            for state in 0..<k {
                let stay = score[state], switched = best - cost - entryCost[state]
                if stay >= switched {
                    next[state] = stay + emissions[t * k + state]
                    stayed[t * stayBytes + state >> 3] |= 1 << UInt8(state & 7)
                } else {
                    next[state] = switched + emissions[t * k + state]
                }
            }
            swap(&score, &next)
        }
        var last = baseState
        var bestFinal = score[baseState]
        for state in 0..<k where state != baseState && score[state] - cost > bestFinal {
            bestFinal = score[state] - cost
            last = state
        }
        var path = [Int32](repeating: Int32(baseState), count: n)
        path[n - 1] = Int32(last)
        if n > 1 {
            for t in stride(from: n - 1, to: 0, by: -1) {
                let state = Int(path[t])
                path[t - 1] = stayed[t * stayBytes + state >> 3] & (1 << UInt8(state & 7)) != 0 ? Int32(state) : bestBefore[t]
            }
        }
        return path
    }
}
