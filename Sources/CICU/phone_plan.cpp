// An exact fast path for sf_phone_parse: libphonenumber's own metadata, matched
// without its regular-expression engine.
//
// Why: Debian's libphonenumber matches every metadata pattern through ICU's
// RegexMatcher, built anew for each call; a number seen for the first time cost
// 14-19 µs, 72-84% of it inside ICU's regular expressions. Every pattern of the
// metadata (number ranges, national prefixes, international prefixes, leading digits,
// format patterns) is a small regular expression over digits, so a tiny backtracking
// matcher with the same Perl semantics as ICU's (ordered alternation, greedy
// quantifiers, leftmost match, captures) decides them in a fraction of the time.
// libphonenumber stays the authority: the patterns, lengths and rules are read from
// its loaded metadata, the steps below follow phonenumberutil.cc (v8.12.57, Debian 12)
// step by step, and whatever the plan does not cover is left to libphonenumber itself
// (plannedPhoneParse returns false). PhoneFastPathEquivalenceTests compares both on
// more than a million generated numbers.
#include "phone_plan.h"
#include <phonenumbers/phonenumberutil.h>
#include <phonenumbers/phonemetadata.pb.h>
#include <pthread.h>
#include <algorithm>
#include <cstring>
#include <list>
#include <map>
#include <memory>
#include <set>
#include <vector>

namespace i18n {
namespace phonenumbers {
/// PhoneNumberUtil keeps its metadata accessors private and names this class a friend
/// (for its own unit tests, which are not part of the installed library). Declaring it
/// here is the only way to reach the metadata libphonenumber already loaded, rather
/// than parsing a second copy of it.
class PhoneNumberUtilTest {
public:
    static const PhoneMetadata *region(const PhoneNumberUtil &u, const std::string &code) {
        return u.GetMetadataForRegion(code);
    }
    static const PhoneMetadata *nonGeographical(const PhoneNumberUtil &u, int countryCode) {
        return u.GetMetadataForNonGeographicalRegion(countryCode);
    }
    static constexpr size_t minLengthForNsn = PhoneNumberUtil::kMinLengthForNsn;
    static constexpr size_t maxLengthForNsn = PhoneNumberUtil::kMaxLengthForNsn;
};
} // namespace phonenumbers
} // namespace i18n

using i18n::phonenumbers::NumberFormat;
using i18n::phonenumbers::PhoneMetadata;
using i18n::phonenumbers::PhoneNumber;
using i18n::phonenumbers::PhoneNumberDesc;
using i18n::phonenumbers::PhoneNumberUtil;
using i18n::phonenumbers::PhoneNumberUtilTest;

namespace {

// MARK: - A regular-expression matcher over ASCII digits

/// One instruction of a compiled pattern (a backtracking program, as in RE2's BitState).
struct Inst {
    enum Op : uint8_t { Digit, Split, Jump, Save, AssertEnd, Match } op;
    /// Digit: the digits it accepts, bit d for digit d.
    uint16_t mask = 0;
    /// Split: preferred branch x, then y. Jump: x. Save: capture slot x.
    int32_t x = 0, y = 0;
};

/// A compiled pattern. Inputs are ASCII digits only (the plan is used for nothing
/// else), so a character class is the set of digits it holds.
struct Regex {
    std::vector<Inst> program;
    int groups = 0;
    bool compiled = false;
};

/// Parses the subset of ICU's syntax libphonenumber's metadata uses: digits, `\d`,
/// classes with ranges, `(...)`, `(?:...)`, `|`, `?`, `{n}`, `{n,}`, `{n,m}`, `*`, `+`,
/// `$`. Anything else (lazy quantifiers, other escapes, letters) makes the pattern
/// uncompiled, and the plan leaves numbers that need it to libphonenumber.
class RegexCompiler {
public:
    explicit RegexCompiler(const std::string &pattern) : p(pattern) {}

    Regex compile() {
        Regex regex;
        int node = parseAlternation();
        if (failed || i != p.size()) return regex;
        emit(node, regex.program);
        Inst match; match.op = Inst::Match;
        regex.program.push_back(match);
        regex.groups = groupCount;
        regex.compiled = !failed && regex.program.size() < 60000;
        return regex;
    }

private:
    enum Kind { Set, Concat, Alternation, Group, Repeat, End };
    struct Node { Kind kind; uint16_t mask = 0; int group = -1; int min = 0, max = 0; std::vector<int> children; };

    const std::string &p;
    size_t i = 0;
    bool failed = false;
    int groupCount = 0;
    std::vector<Node> nodes;

    int add(Node n) { nodes.push_back(std::move(n)); return (int)nodes.size() - 1; }

    int parseAlternation() {
        Node alt{Alternation};
        alt.children.push_back(parseConcat());
        while (!failed && i < p.size() && p[i] == '|') {
            i++;
            alt.children.push_back(parseConcat());
        }
        return alt.children.size() == 1 ? alt.children[0] : add(alt);
    }

    int parseConcat() {
        Node cat{Concat};
        while (!failed && i < p.size() && p[i] != '|' && p[i] != ')') {
            int atom = parseAtom();
            if (failed) break;
            cat.children.push_back(parseQuantifiers(atom));
        }
        return add(cat);
    }

    int parseQuantifiers(int atom) {
        while (!failed && i < p.size()) {
            int min, max;
            char c = p[i];
            if (c == '?') { min = 0; max = 1; i++; }
            else if (c == '*') { min = 0; max = -1; i++; }
            else if (c == '+') { min = 1; max = -1; i++; }
            else if (c == '{') {
                i++;
                if (!number(&min)) { failed = true; return atom; }
                max = min;
                if (i < p.size() && p[i] == ',') {
                    i++;
                    if (i < p.size() && p[i] == '}') max = -1;
                    else if (!number(&max) || max < min) { failed = true; return atom; }
                }
                if (i >= p.size() || p[i] != '}') { failed = true; return atom; }
                i++;
            } else {
                return atom;
            }
            // Lazy (`??`) and possessive (`?+`) forms change which match wins: not supported.
            if (i < p.size() && (p[i] == '?' || p[i] == '+')) { failed = true; return atom; }
            if (min > 64 || max > 64) { failed = true; return atom; }
            Node repeat{Repeat};
            repeat.min = min; repeat.max = max;
            repeat.children.push_back(atom);
            atom = add(repeat);
        }
        return atom;
    }

    bool number(int *value) {
        size_t start = i;
        int v = 0;
        while (i < p.size() && p[i] >= '0' && p[i] <= '9' && i - start < 4) v = v * 10 + (p[i++] - '0');
        *value = v;
        return i > start;
    }

    int parseAtom() {
        char c = p[i];
        if (c >= '0' && c <= '9') { i++; Node n{Set}; n.mask = (uint16_t)(1u << (c - '0')); return add(n); }
        if (c == '\\') {
            if (i + 1 < p.size() && p[i + 1] == 'd') { i += 2; Node n{Set}; n.mask = 0x3FF; return add(n); }
            failed = true; return 0;
        }
        if (c == '$') { i++; return add(Node{End}); }
        if (c == '[') return parseClass();
        if (c == '(') {
            i++;
            int group = -1;
            if (p.compare(i, 2, "?:") == 0) i += 2;
            else if (i < p.size() && p[i] == '?') { failed = true; return 0; }
            else group = ++groupCount;
            int inner = parseAlternation();
            if (failed || i >= p.size() || p[i] != ')') { failed = true; return 0; }
            i++;
            Node n{Group};
            n.group = group;
            n.children.push_back(inner);
            return add(n);
        }
        failed = true;
        return 0;
    }

    int parseClass() {
        i++;  // [
        bool negated = i < p.size() && p[i] == '^';
        if (negated) i++;
        uint16_t mask = 0;
        bool first = true;
        while (i < p.size() && (p[i] != ']' || first)) {
            first = false;
            char c = p[i];
            if (c == '\\' && i + 1 < p.size() && p[i + 1] == 'd') { mask |= 0x3FF; i += 2; continue; }
            if (c < '0' || c > '9') { failed = true; return 0; }
            i++;
            char last = c;
            if (i + 1 < p.size() && p[i] == '-' && p[i + 1] != ']') {
                last = p[i + 1];
                if (last < c || last > '9') { failed = true; return 0; }
                i += 2;
            }
            for (char d = c; d <= last; d++) mask |= (uint16_t)(1u << (d - '0'));
        }
        if (i >= p.size()) { failed = true; return 0; }
        i++;  // ]
        Node n{Set};
        n.mask = negated ? (uint16_t)(~mask & 0x3FF) : mask;
        return add(n);
    }

    void emit(int index, std::vector<Inst> &out) {
        const Node node = nodes[index];
        switch (node.kind) {
        case Set: { Inst in; in.op = Inst::Digit; in.mask = node.mask; out.push_back(in); break; }
        case End: { Inst in; in.op = Inst::AssertEnd; out.push_back(in); break; }
        case Concat: for (int child : node.children) emit(child, out); break;
        case Group: {
            if (node.group >= 0) { Inst in; in.op = Inst::Save; in.x = 2 * node.group; out.push_back(in); }
            emit(node.children[0], out);
            if (node.group >= 0) { Inst in; in.op = Inst::Save; in.x = 2 * node.group + 1; out.push_back(in); }
            break;
        }
        case Alternation: {
            // Split a, next; a; Jump end; next: Split b, ...: the first alternative is tried first, as in ICU.
            std::vector<size_t> jumps;
            for (size_t k = 0; k < node.children.size(); k++) {
                size_t split = out.size();
                bool last = k + 1 == node.children.size();
                if (!last) { Inst in; in.op = Inst::Split; out.push_back(in); out[split].x = (int32_t)out.size(); }
                emit(node.children[k], out);
                if (!last) {
                    jumps.push_back(out.size());
                    Inst jump; jump.op = Inst::Jump; out.push_back(jump);
                    out[split].y = (int32_t)out.size();
                }
            }
            for (size_t jump : jumps) out[jump].x = (int32_t)out.size();
            break;
        }
        case Repeat: {
            int child = node.children[0];
            for (int k = 0; k < node.min; k++) emit(child, out);
            if (node.max < 0) {
                // Greedy star: loop first, leave second.
                size_t split = out.size();
                Inst in; in.op = Inst::Split; out.push_back(in);
                out[split].x = (int32_t)out.size();
                emit(child, out);
                Inst jump; jump.op = Inst::Jump; jump.x = (int32_t)split; out.push_back(jump);
                out[split].y = (int32_t)out.size();
            } else {
                // x{0,k} greedy as nested optionals (x(x(x)?)?)?: more repetitions first, as in ICU.
                std::vector<size_t> splits;
                for (int k = node.min; k < node.max; k++) {
                    splits.push_back(out.size());
                    Inst in; in.op = Inst::Split; out.push_back(in);
                    out[splits.back()].x = (int32_t)out.size();
                    emit(child, out);
                }
                for (size_t split : splits) out[split].y = (int32_t)out.size();
            }
            break;
        }
        }
        if (out.size() > 60000) failed = true;
    }
};

/// How a pattern is applied, mirroring ICU's RegexMatcher: `matches()` (the whole
/// input), `lookingAt()` (a prefix), `find()` (the leftmost match from a position).
enum class Mode { Full, Prefix };

/// Runs `regex` anchored at `start`: the first match in ICU's priority order.
/// `captures` gets 2 * (groups + 1) slots (-1: group not set).
bool run(const Regex &regex, const char *s, int length, int start, Mode mode, int *captures) {
    const std::vector<Inst> &prog = regex.program;
    const int count = (int)prog.size();
    const int positions = length + 1;
    // A (instruction, position) pair that failed once fails again whatever the
    // captures hold: visiting each once bounds the work by program size × length.
    const size_t bits = (size_t)count * (size_t)positions;
    uint64_t stackWords[2048];
    std::unique_ptr<uint64_t[]> heapWords;
    uint64_t *visited = stackWords;
    size_t words = (bits + 63) / 64;
    if (words > 2048) { heapWords.reset(new uint64_t[words]); visited = heapWords.get(); }
    memset(visited, 0, words * 8);
    for (int k = 0; k < 2 * (regex.groups + 1); k++) captures[k] = -1;

    struct Job { int pc; int pos; int slot; int old; };  // slot >= 0: restore a capture
    Job stackJobs[256];
    std::vector<Job> heapJobs;
    int top = 0;
    auto push = [&](Job job) {
        if (top < 256) stackJobs[top++] = job;
        else heapJobs.push_back(job), top++;
    };
    auto pop = [&]() -> Job {
        top--;
        if (top >= 256) { Job job = heapJobs.back(); heapJobs.pop_back(); return job; }
        return stackJobs[top];
    };
    push({0, start, -1, 0});
    while (top > 0) {
        Job job = pop();
        if (job.slot >= 0) { captures[job.slot] = job.old; continue; }
        int pc = job.pc, pos = job.pos;
        for (;;) {
            size_t bit = (size_t)pc * (size_t)positions + (size_t)pos;
            if (visited[bit >> 6] & (1ull << (bit & 63))) break;
            visited[bit >> 6] |= 1ull << (bit & 63);
            const Inst &in = prog[pc];
            if (in.op == Inst::Digit) {
                if (pos < length && ((in.mask >> (s[pos] - '0')) & 1)) { pc++; pos++; continue; }
                break;
            } else if (in.op == Inst::Split) {
                push({in.y, pos, -1, 0});
                pc = in.x;
            } else if (in.op == Inst::Jump) {
                pc = in.x;
            } else if (in.op == Inst::Save) {
                push({0, 0, in.x, captures[in.x]});
                captures[in.x] = pos;
                pc++;
            } else if (in.op == Inst::AssertEnd) {
                if (pos != length) break;
                pc++;
            } else {  // Match
                if (mode == Mode::Full && pos != length) break;
                captures[0] = start;
                captures[1] = pos;
                return true;
            }
        }
    }
    return false;
}

bool fullMatch(const Regex &regex, const std::string &s) {
    int captures[2 * 16];
    if (regex.groups >= 15) return false;
    return run(regex, s.data(), (int)s.size(), 0, Mode::Full, captures);
}

// MARK: - Plans compiled from libphonenumber's metadata

/// A PhoneNumberDesc: its pattern and possible lengths.
struct DescPlan {
    Regex pattern;
    bool hasPattern = false;
    std::vector<int> lengths;
};

struct FormatPlan {
    bool hasLeading = false;
    Regex leading;  // the last leading_digits_pattern, the one libphonenumber uses
    Regex pattern;
    std::string format;
    std::string nationalPrefixRule;
};

/// Everything the parse path reads from one PhoneMetadata, compiled once.
struct MetaPlan {
    bool usable = true;
    int countryCode = 0;
    DescPlan general, premiumRate, tollFree, sharedCost, voip, personal, pager, uan, voicemail, fixedLine, mobile;
    bool sameMobileAndFixedLine = false;
    std::vector<int> localLengths;  // general_desc's local-only lengths
    bool hasNationalPrefixForParsing = false;
    Regex nationalPrefixForParsing;
    std::string transformRule;
    Regex internationalPrefix;
    bool hasLeadingDigits = false;
    Regex leadingDigits;
    std::vector<FormatPlan> nationalFormats, intlFormats;
    bool hasIntlFormats = false;
};

Regex compileOrMark(const std::string &pattern, bool *usable) {
    Regex regex = RegexCompiler(pattern).compile();
    if (!regex.compiled) *usable = false;
    return regex;
}

void compileDesc(const PhoneNumberDesc &desc, DescPlan *plan, bool *usable) {
    plan->hasPattern = !desc.national_number_pattern().empty();
    if (plan->hasPattern) plan->pattern = compileOrMark(desc.national_number_pattern(), usable);
    plan->lengths.assign(desc.possible_length().begin(), desc.possible_length().end());
}

void compileFormats(const google::protobuf::RepeatedPtrField<NumberFormat> &formats, std::vector<FormatPlan> *plans, bool *usable) {
    for (const NumberFormat &format : formats) {
        FormatPlan plan;
        int size = format.leading_digits_pattern_size();
        plan.hasLeading = size > 0;
        if (plan.hasLeading) plan.leading = compileOrMark(format.leading_digits_pattern(size - 1), usable);
        plan.pattern = compileOrMark(format.pattern(), usable);
        plan.format = format.format();
        plan.nationalPrefixRule = format.national_prefix_formatting_rule();
        // A domestic carrier code rule is used only with a carrier code, which sf_phone_parse never formats with.
        plans->push_back(std::move(plan));
    }
}

MetaPlan *compilePlan(const PhoneMetadata &m) {
    MetaPlan *plan = new MetaPlan();
    bool usable = true;
    plan->countryCode = m.country_code();
    compileDesc(m.general_desc(), &plan->general, &usable);
    compileDesc(m.premium_rate(), &plan->premiumRate, &usable);
    compileDesc(m.toll_free(), &plan->tollFree, &usable);
    compileDesc(m.shared_cost(), &plan->sharedCost, &usable);
    compileDesc(m.voip(), &plan->voip, &usable);
    compileDesc(m.personal_number(), &plan->personal, &usable);
    compileDesc(m.pager(), &plan->pager, &usable);
    compileDesc(m.uan(), &plan->uan, &usable);
    compileDesc(m.voicemail(), &plan->voicemail, &usable);
    compileDesc(m.fixed_line(), &plan->fixedLine, &usable);
    compileDesc(m.mobile(), &plan->mobile, &usable);
    plan->sameMobileAndFixedLine = m.same_mobile_and_fixed_line_pattern();
    plan->localLengths.assign(m.general_desc().possible_length_local_only().begin(), m.general_desc().possible_length_local_only().end());
    plan->hasNationalPrefixForParsing = !m.national_prefix_for_parsing().empty();
    if (plan->hasNationalPrefixForParsing) plan->nationalPrefixForParsing = compileOrMark(m.national_prefix_for_parsing(), &usable);
    plan->transformRule = m.national_prefix_transform_rule();
    plan->internationalPrefix = compileOrMark(m.international_prefix(), &usable);
    plan->hasLeadingDigits = m.has_leading_digits();
    if (plan->hasLeadingDigits) plan->leadingDigits = compileOrMark(m.leading_digits(), &usable);
    compileFormats(m.number_format(), &plan->nationalFormats, &usable);
    plan->hasIntlFormats = m.intl_number_format_size() > 0;
    compileFormats(m.intl_number_format(), &plan->intlFormats, &usable);
    // The general pattern's possible lengths come first in TestNumberLength: it needs one.
    if (plan->general.lengths.empty()) usable = false;
    plan->usable = usable;
    return plan;
}

/// The regions of one country calling code, in libphonenumber's order (main region first).
struct CountryPlan {
    std::string mainRegion;
    const MetaPlan *main = nullptr;  // metadata of the main region, or the non-geographical entity
    std::vector<std::pair<std::string, const MetaPlan *>> regions;
    bool usable = true;
};

const PhoneNumberUtil &util() { return cicu::phoneNumberUtil(); }

// MARK: - The compiled-in metadata, read without PhoneNumberUtil

/// Where each region's PhoneMetadata sits in libphonenumber's compiled-in metadata, and
/// the regions of each country calling code, read straight from the protobuf bytes.
///
/// Why: PhoneNumberUtil::GetInstance() parses the metadata of every region and compiles
/// some twenty ICU regular expressions: 31.5 M instructions, about 8 ms, over a quarter
/// of a `spokenform phone` or `text` run that speaks one number. A plan needs the
/// metadata of one or two regions. This index walks the collection's top-level fields
/// once (a few hundred thousand instructions), and a region's message is parsed by
/// protobuf when its plan is first built. The maps follow PhoneNumberUtil's constructor
/// (phonenumberutil.cc, v8.12.57): "ZZ" skipped, "001" entries keyed by country code,
/// the first entry of a region kept, a country code's regions in metadata order with the
/// one marked main_country_for_code moved to the front. The bytes are the very ones
/// PhoneNumberUtil parses (metadata_get()), so the plans see the same metadata; if the
/// bytes cannot be walked, the plans fall back to PhoneNumberUtil's own copy.
class MetadataIndex {
public:
    struct Span { size_t offset = 0, size = 0; };

    struct Region { Span span; int countryCode = 0; };

    bool valid = false;
    std::map<std::string, Region> regions;
    std::map<int, Span> nonGeographical;
    std::map<int, std::list<std::string>> regionsForCode;

    MetadataIndex(const uint8_t *bytes, size_t size) : data(bytes) {
        valid = bytes != nullptr && walkCollection(size);
    }

    /// The message at `span`, parsed by protobuf (false if protobuf rejects it).
    bool parse(Span span, PhoneMetadata *metadata) const {
        return metadata->ParseFromArray(data + span.offset, (int)span.size);
    }

private:
    const uint8_t *data;

    static bool varint(const uint8_t *p, size_t end, size_t *at, uint64_t *value) {
        uint64_t result = 0;
        for (int shift = 0; shift < 64 && *at < end; shift += 7) {
            uint8_t byte = p[(*at)++];
            result |= (uint64_t)(byte & 0x7F) << shift;
            if (!(byte & 0x80)) { *value = result; return true; }
        }
        return false;
    }

    /// Steps over one field's value; false on a malformed or group-encoded field.
    static bool skip(const uint8_t *p, size_t end, size_t *at, int wireType) {
        uint64_t value;
        switch (wireType) {
        case 0: return varint(p, end, at, &value);
        case 1: if (end - *at < 8) return false; *at += 8; return true;
        case 2: if (!varint(p, end, at, &value) || value > end - *at) return false; *at += value; return true;
        case 5: if (end - *at < 4) return false; *at += 4; return true;
        default: return false;
        }
    }

    bool walkCollection(size_t size) {
        size_t at = 0;
        while (at < size) {
            uint64_t key, length;
            if (!varint(data, size, &at, &key)) return false;
            if (key != ((1 << 3) | 2)) {  // not field 1 (metadata), length-delimited
                if (!skip(data, size, &at, (int)(key & 7))) return false;
                continue;
            }
            if (!varint(data, size, &at, &length) || length > size - at) return false;
            if (!addMetadata(Span{at, (size_t)length})) return false;
            at += length;
        }
        return true;
    }

    bool addMetadata(Span span) {
        std::string id;
        int countryCode = 0;
        bool mainCountry = false;
        size_t at = span.offset, end = span.offset + span.size;
        while (at < end) {
            uint64_t key, value;
            if (!varint(data, end, &at, &key)) return false;
            int field = (int)(key >> 3), wireType = (int)(key & 7);
            if (field == 9 && wireType == 2) {  // id
                if (!varint(data, end, &at, &value) || value > end - at) return false;
                id.assign((const char *)data + at, value);
                at += value;
            } else if (field == 10 && wireType == 0) {  // country_code
                if (!varint(data, end, &at, &value)) return false;
                countryCode = (int)(int32_t)value;
            } else if (field == 22 && wireType == 0) {  // main_country_for_code
                if (!varint(data, end, &at, &value)) return false;
                mainCountry = value != 0;
            } else if (!skip(data, end, &at, wireType)) {
                return false;
            }
        }
        if (id == "ZZ") return true;
        if (id == "001") {
            nonGeographical.emplace(countryCode, span);
        } else {
            regions.emplace(id, Region{span, countryCode});
        }
        std::list<std::string> &codes = regionsForCode[countryCode];
        if (!codes.empty() && mainCountry) codes.push_front(id);
        else codes.push_back(id);
        return true;
    }
};

}  // namespace

namespace i18n {
namespace phonenumbers {
// Exported by libphonenumber (metadata.h, not among its installed headers): the
// compiled-in PhoneMetadataCollection that PhoneNumberUtil's constructor parses.
int metadata_size();
const void *metadata_get();
}  // namespace phonenumbers
}  // namespace i18n

namespace {

const MetadataIndex &metadataIndex() {
    static const MetadataIndex *index = new MetadataIndex(
        (const uint8_t *)i18n::phonenumbers::metadata_get(), (size_t)std::max(0, i18n::phonenumbers::metadata_size()));
    return *index;
}

/// The region's metadata, from the index (parsed into `storage`) or from PhoneNumberUtil.
const PhoneMetadata *regionMetadata(const std::string &code, PhoneMetadata *storage) {
    const MetadataIndex &index = metadataIndex();
    if (!index.valid) return PhoneNumberUtilTest::region(util(), code);
    auto found = index.regions.find(code);
    if (found == index.regions.end()) return nullptr;
    return index.parse(found->second.span, storage) ? storage : PhoneNumberUtilTest::region(util(), code);
}

const PhoneMetadata *nonGeographicalMetadata(int countryCode, PhoneMetadata *storage) {
    const MetadataIndex &index = metadataIndex();
    if (!index.valid) return PhoneNumberUtilTest::nonGeographical(util(), countryCode);
    auto found = index.nonGeographical.find(countryCode);
    if (found == index.nonGeographical.end()) return nullptr;
    return index.parse(found->second, storage) ? storage : PhoneNumberUtilTest::nonGeographical(util(), countryCode);
}

/// GetRegionCodesForCountryCallingCode.
void regionCodesForCountryCode(int countryCode, std::list<std::string> *codes) {
    const MetadataIndex &index = metadataIndex();
    if (!index.valid) return util().GetRegionCodesForCountryCallingCode(countryCode, codes);
    auto found = index.regionsForCode.find(countryCode);
    if (found != index.regionsForCode.end()) *codes = found->second;
}

/// GetRegionCodeForCountryCode: the main region, "ZZ" for an unknown code.
std::string regionCodeForCountryCode(int countryCode) {
    std::list<std::string> codes;
    regionCodesForCountryCode(countryCode, &codes);
    return codes.empty() ? std::string("ZZ") : codes.front();
}

/// Plans, built on first use and never freed (one per metadata entry, a few hundred at
/// most). Read far more often than written: a reader-writer lock (pthread, which the
/// thread sanitizer sees, like Core/Locked.swift on the Swift side).
class PlanCache {
public:
    const MetaPlan *region(const std::string &code) {
        if (const MetaPlan *const *found = lookup(regions, code)) return *found;
        PhoneMetadata storage;
        const PhoneMetadata *metadata = regionMetadata(code, &storage);
        MetaPlan *plan = metadata ? compilePlan(*metadata) : nullptr;
        return insert(regions, code, plan);
    }

    const CountryPlan *country(int code) {
        if (const CountryPlan *const *found = lookup(countries, code)) return *found;
        std::list<std::string> codes;
        regionCodesForCountryCode(code, &codes);
        CountryPlan *plan = nullptr;
        if (!codes.empty()) {
            plan = new CountryPlan();
            plan->mainRegion = codes.front();
            for (const std::string &region : codes) {
                const MetaPlan *meta = region == "001" ? nonGeographical(code) : this->region(region);
                if (!meta || !meta->usable) plan->usable = false;
                plan->regions.emplace_back(region, meta);
            }
            plan->main = plan->regions.front().second;
        }
        return insert(countries, code, plan);
    }

private:
    pthread_rwlock_t lock = PTHREAD_RWLOCK_INITIALIZER;
    std::map<std::string, MetaPlan *> regions;
    std::map<int, MetaPlan *> nonGeographicals;
    std::map<int, CountryPlan *> countries;

    const MetaPlan *nonGeographical(int code) {
        if (const MetaPlan *const *found = lookup(nonGeographicals, code)) return *found;
        PhoneMetadata storage;
        const PhoneMetadata *metadata = nonGeographicalMetadata(code, &storage);
        MetaPlan *plan = metadata ? compilePlan(*metadata) : nullptr;
        return insert(nonGeographicals, code, plan);
    }

    template <typename Key, typename Value>
    Value *const *lookup(const std::map<Key, Value *> &map, const Key &key) {
        pthread_rwlock_rdlock(&lock);
        auto it = map.find(key);
        Value *const *found = it == map.end() ? nullptr : &it->second;
        pthread_rwlock_unlock(&lock);
        return found;  // std::map nodes never move, and entries are never erased
    }

    /// Keeps the first plan stored for `key` (another thread may have built one meanwhile).
    template <typename Key, typename Value>
    Value *insert(std::map<Key, Value *> &map, const Key &key, Value *plan) {
        pthread_rwlock_wrlock(&lock);
        auto result = map.emplace(key, plan);
        Value *stored = result.first->second;
        pthread_rwlock_unlock(&lock);
        if (!result.second) delete plan;
        return stored;
    }
};

PlanCache &plans() {
    static PlanCache *cache = new PlanCache();
    return *cache;
}

// MARK: - libphonenumber's steps, on plans

bool contains(const std::vector<int> &values, int value) {
    for (int v : values) if (v == value) return true;
    return false;
}

/// IsNumberMatchingDesc.
bool matchesDesc(const std::string &nsn, const DescPlan &desc) {
    if (!desc.lengths.empty() && !contains(desc.lengths, (int)nsn.size())) return false;
    return desc.hasPattern && fullMatch(desc.pattern, nsn);
}

/// IsMatch (the pattern alone, lengths not checked).
bool matchesPattern(const std::string &number, const DescPlan &desc) {
    return desc.hasPattern && fullMatch(desc.pattern, number);
}

/// GetNumberTypeHelper.
PhoneNumberUtil::PhoneNumberType numberType(const std::string &nsn, const MetaPlan &m) {
    if (!matchesDesc(nsn, m.general)) return PhoneNumberUtil::UNKNOWN;
    if (matchesDesc(nsn, m.premiumRate)) return PhoneNumberUtil::PREMIUM_RATE;
    if (matchesDesc(nsn, m.tollFree)) return PhoneNumberUtil::TOLL_FREE;
    if (matchesDesc(nsn, m.sharedCost)) return PhoneNumberUtil::SHARED_COST;
    if (matchesDesc(nsn, m.voip)) return PhoneNumberUtil::VOIP;
    if (matchesDesc(nsn, m.personal)) return PhoneNumberUtil::PERSONAL_NUMBER;
    if (matchesDesc(nsn, m.pager)) return PhoneNumberUtil::PAGER;
    if (matchesDesc(nsn, m.uan)) return PhoneNumberUtil::UAN;
    if (matchesDesc(nsn, m.voicemail)) return PhoneNumberUtil::VOICEMAIL;
    if (matchesDesc(nsn, m.fixedLine)) {
        if (m.sameMobileAndFixedLine) return PhoneNumberUtil::FIXED_LINE_OR_MOBILE;
        if (matchesDesc(nsn, m.mobile)) return PhoneNumberUtil::FIXED_LINE_OR_MOBILE;
        return PhoneNumberUtil::FIXED_LINE;
    }
    if (!m.sameMobileAndFixedLine && matchesDesc(nsn, m.mobile)) return PhoneNumberUtil::MOBILE;
    return PhoneNumberUtil::UNKNOWN;
}

/// TestNumberLength for PhoneNumberUtil::UNKNOWN (the general description).
PhoneNumberUtil::ValidationResult testLength(const std::string &number, const MetaPlan &m) {
    const std::vector<int> &lengths = m.general.lengths;
    if (lengths[0] == -1) return PhoneNumberUtil::INVALID_LENGTH;
    int actual = (int)number.size();
    if (contains(m.localLengths, actual)) return PhoneNumberUtil::IS_POSSIBLE_LOCAL_ONLY;
    if (lengths[0] == actual) return PhoneNumberUtil::IS_POSSIBLE;
    if (lengths[0] > actual) return PhoneNumberUtil::TOO_SHORT;
    if (lengths.back() < actual) return PhoneNumberUtil::TOO_LONG;
    for (size_t k = 1; k < lengths.size(); k++) if (lengths[k] == actual) return PhoneNumberUtil::IS_POSSIBLE;
    return PhoneNumberUtil::INVALID_LENGTH;
}

/// ICU's appendReplacement on a match of `regex` in `s` (captures in `captures`):
/// `$n` is a group (as many digits as keep n within the group count), any other
/// character literal. A backslash or a `$` without a digit (never in the metadata)
/// gives false: the plan then does not decide.
bool appendReplacement(const std::string &replacement, const std::string &s, const int *captures, int groups, std::string *out) {
    for (size_t k = 0; k < replacement.size(); k++) {
        char c = replacement[k];
        if (c == '\\') return false;
        if (c != '$') { out->push_back(c); continue; }
        if (k + 1 >= replacement.size() || replacement[k + 1] < '0' || replacement[k + 1] > '9') return false;
        int group = replacement[++k] - '0';
        while (k + 1 < replacement.size() && replacement[k + 1] >= '0' && replacement[k + 1] <= '9'
               && group * 10 + (replacement[k + 1] - '0') <= groups) {
            group = group * 10 + (replacement[++k] - '0');
        }
        if (group > groups) return false;  // ICU: an index out of bounds error
        int begin = captures[2 * group], end = captures[2 * group + 1];
        if (begin >= 0 && end >= begin) out->append(s, (size_t)begin, (size_t)(end - begin));
    }
    return true;
}

/// RegExp::Replace (global or first) as libphonenumber's ICU adapter does it: find,
/// appendReplacement, appendTail. False when the plan cannot decide.
bool replace(const Regex &regex, std::string *s, const std::string &replacement, bool global, bool *replaced) {
    int captures[2 * 16];
    if (regex.groups >= 15) return false;
    std::string out;
    int length = (int)s->size();
    int position = 0, tail = 0;
    *replaced = false;
    while (position <= length) {
        bool found = false;
        for (int start = position; start <= length; start++) {
            if (run(regex, s->data(), length, start, Mode::Prefix, captures)) { found = true; break; }
        }
        if (!found) break;
        // An empty match makes ICU step over a character: never in the metadata's patterns.
        if (captures[1] == captures[0]) return false;
        out.append(*s, (size_t)tail, (size_t)(captures[0] - tail));
        if (!appendReplacement(replacement, *s, captures, regex.groups, &out)) return false;
        tail = position = captures[1];
        *replaced = true;
        if (!global) break;
    }
    if (!*replaced) return true;
    out.append(*s, (size_t)tail, std::string::npos);
    *s = std::move(out);
    return true;
}

/// MaybeStripNationalPrefixAndCarrierCode (the carrier code is not needed: sf_phone_parse
/// never formats with it). False when the plan cannot decide.
bool stripNationalPrefix(const MetaPlan &m, std::string *number) {
    if (number->empty() || !m.hasNationalPrefixForParsing) return true;
    const Regex &prefix = m.nationalPrefixForParsing;
    bool viableOriginal = matchesPattern(*number, m.general);
    int captures[2 * 16];
    if (prefix.groups >= 15) return false;
    bool matched = run(prefix, number->data(), (int)number->size(), 0, Mode::Prefix, captures);
    if (!matched) return true;
    // Consume(&carrier, &captured) needs two groups, Consume(&captured) one; the first that
    // succeeds decides which group is "the captured part of the prefix".
    std::string captured;
    if (prefix.groups >= 2) {
        if (captures[4] >= 0) captured.assign(*number, (size_t)captures[4], (size_t)(captures[5] - captures[4]));
    } else if (prefix.groups == 1) {
        if (captures[2] >= 0) captured.assign(*number, (size_t)captures[2], (size_t)(captures[3] - captures[2]));
    }
    if (!m.transformRule.empty() && !captured.empty()) {
        std::string transformed = *number;
        bool replaced;
        if (!replace(prefix, &transformed, m.transformRule, false, &replaced)) return false;
        if (viableOriginal && !matchesPattern(transformed, m.general)) return true;
        *number = transformed;
        return true;
    }
    std::string stripped = number->substr((size_t)captures[1]);
    if (viableOriginal && !matchesPattern(stripped, m.general)) return true;
    *number = stripped;
    return true;
}

/// The region of a valid country code's number (GetRegionCodeForNumber).
std::string regionForNumber(const CountryPlan &country, const std::string &nsn) {
    if (country.regions.size() == 1) return country.regions.front().first;
    int captures[2 * 16];
    for (const auto &entry : country.regions) {
        const MetaPlan &m = *entry.second;
        if (m.hasLeadingDigits) {
            if (m.leadingDigits.groups < 15 && run(m.leadingDigits, nsn.data(), (int)nsn.size(), 0, Mode::Prefix, captures)) return entry.first;
        } else if (numberType(nsn, m) != PhoneNumberUtil::UNKNOWN) {
            return entry.first;
        }
    }
    return "ZZ";
}

/// FormatNsn without a carrier code. False when the plan cannot decide.
bool formatNsn(const std::string &nsn, const MetaPlan &m, bool national, std::string *formatted) {
    const std::vector<FormatPlan> &formats = (!m.hasIntlFormats || national) ? m.nationalFormats : m.intlFormats;
    int captures[2 * 16];
    for (const FormatPlan &format : formats) {
        if (format.hasLeading) {
            if (format.leading.groups >= 15) return false;
            if (!run(format.leading, nsn.data(), (int)nsn.size(), 0, Mode::Prefix, captures)) continue;
        }
        if (!fullMatch(format.pattern, nsn)) continue;
        std::string rule = format.format;
        if (national && !format.nationalPrefixRule.empty()) {
            // first_group_capturing_pattern_ "(\$\d)": its first match in the format
            // becomes the national prefix rule, in which "$1" is that match.
            size_t dollar = std::string::npos;
            for (size_t k = 0; k + 1 < rule.size(); k++) {
                if (rule[k] == '$' && rule[k + 1] >= '0' && rule[k + 1] <= '9') { dollar = k; break; }
            }
            if (dollar != std::string::npos) {
                std::string firstGroup = rule.substr(dollar, 2);
                int groupCaptures[4] = {0, (int)firstGroup.size(), 0, (int)firstGroup.size()};
                std::string substituted;
                if (!appendReplacement(format.nationalPrefixRule, firstGroup, groupCaptures, 1, &substituted)) return false;
                rule = rule.substr(0, dollar) + substituted + rule.substr(dollar + 2);
            }
        }
        *formatted = nsn;
        bool replaced;
        return replace(format.pattern, formatted, rule, true, &replaced);
    }
    *formatted = nsn;
    return true;
}

/// Format(number, INTERNATIONAL or NATIONAL) for a number without extension.
bool format(int countryCode, const CountryPlan &country, const std::string &nsn, bool national, std::string *formatted) {
    if (!formatNsn(nsn, *country.main, national, formatted)) return false;
    if (!national) *formatted = "+" + std::to_string(countryCode) + " " + *formatted;
    return true;
}

} // namespace

namespace cicu {

int countryCodeForRegion(const char *region) {
    const MetadataIndex &index = metadataIndex();
    if (!index.valid) return util().GetCountryCodeForRegion(region);
    auto found = index.regions.find(region);
    return found == index.regions.end() ? 0 : found->second.countryCode;
}

bool plannedPhoneParse(const char *input, size_t length, const char *defaultRegion,
                       SFPhoneInfo *info, std::string *formatted, std::string *region) {
    // The plan reads "+" and ASCII digits only (what PhoneSpeller hands over for most
    // written numbers, separators removed); anything else goes to libphonenumber.
    bool plus = length > 0 && input[0] == '+';
    size_t firstDigit = plus ? 1 : 0;
    if (length - firstDigit < 3 || length - firstDigit > 40) return false;
    for (size_t k = firstDigit; k < length; k++) if (input[k] < '0' || input[k] > '9') return false;
    const int typed = (int)(length - firstDigit);

    PlanCache &cache = plans();
    const std::string defaultCode(defaultRegion);
    const MetaPlan *defaultPlan = cache.region(defaultCode);
    if (!defaultPlan || !defaultPlan->usable) return false;

    memset(info, 0, sizeof *info);
    info->numberType = PhoneNumberUtil::UNKNOWN;
    auto parseError = [&](PhoneNumberUtil::ErrorType error) {
        info->parseError = (int32_t)error;
        info->typedDigits = typed;
        return true;
    };

    // MaybeExtractCountryCode.
    std::string national(input + firstDigit, length - firstDigit);
    PhoneNumber::CountryCodeSource source = PhoneNumber::FROM_DEFAULT_COUNTRY;
    int countryCode = 0;
    if (plus) {
        source = PhoneNumber::FROM_NUMBER_WITH_PLUS_SIGN;
    } else {
        int captures[2 * 16];
        const Regex &idd = defaultPlan->internationalPrefix;
        if (idd.groups >= 15) return false;
        if (run(idd, national.data(), (int)national.size(), 0, Mode::Prefix, captures)) {
            // ParsePrefixAsIdd: not when the next digit is 0 (no country code starts with 0).
            size_t end = (size_t)captures[1];
            if (end >= national.size() || national[end] != '0') {
                national.erase(0, end);
                source = PhoneNumber::FROM_NUMBER_WITH_IDD;
            }
        }
    }
    if (source != PhoneNumber::FROM_DEFAULT_COUNTRY) {
        if (national.size() <= 2) return parseError(PhoneNumberUtil::TOO_SHORT_AFTER_IDD);
        if (national[0] != '0') {
            for (size_t digits = 1; digits <= 3 && digits <= national.size(); digits++) {
                int candidate = std::stoi(national.substr(0, digits));
                if (regionCodeForCountryCode(candidate) != "ZZ") { countryCode = candidate; national.erase(0, digits); break; }
            }
        }
        // "+0…", "+999…": libphonenumber retries without the "+" (it may find an IDD after it): its call.
        if (countryCode == 0) {
            if (plus) return false;
            return parseError(PhoneNumberUtil::INVALID_COUNTRY_CODE_ERROR);
        }
    } else {
        std::string defaultCountry = std::to_string(defaultPlan->countryCode);
        if (national.compare(0, defaultCountry.size(), defaultCountry) == 0) {
            std::string potential = national.substr(defaultCountry.size());
            if (!stripNationalPrefix(*defaultPlan, &potential)) return false;
            if ((!matchesPattern(national, defaultPlan->general) && matchesPattern(potential, defaultPlan->general))
                || testLength(national, *defaultPlan) == PhoneNumberUtil::TOO_LONG) {
                national = potential;
                source = PhoneNumber::FROM_NUMBER_WITHOUT_PLUS_SIGN;
                countryCode = defaultPlan->countryCode;
            }
        }
    }

    // ParseHelper, after the country code.
    const MetaPlan *countryPlan = defaultPlan;
    if (countryCode != 0) {
        const CountryPlan *country = cache.country(countryCode);
        if (!country || !country->usable) return false;
        if (country->mainRegion != defaultCode) countryPlan = country->main;
    } else {
        countryCode = defaultPlan->countryCode;
    }
    if (national.size() < PhoneNumberUtilTest::minLengthForNsn) return parseError(PhoneNumberUtil::TOO_SHORT_NSN);
    if (countryPlan) {
        std::string potential = national;
        if (!stripNationalPrefix(*countryPlan, &potential)) return false;
        PhoneNumberUtil::ValidationResult result = testLength(potential, *countryPlan);
        if (result != PhoneNumberUtil::TOO_SHORT && result != PhoneNumberUtil::IS_POSSIBLE_LOCAL_ONLY
            && result != PhoneNumberUtil::INVALID_LENGTH) {
            national = potential;
        }
    }
    if (national.size() < PhoneNumberUtilTest::minLengthForNsn) return parseError(PhoneNumberUtil::TOO_SHORT_NSN);
    if (national.size() > PhoneNumberUtilTest::maxLengthForNsn) return parseError(PhoneNumberUtil::TOO_LONG_NSN);
    // The national number is kept as an integer with its count of leading zeros: the
    // significant number libphonenumber gives back is this same digit string.
    const std::string &nsn = national;

    // sf_phone_parse, after ParseAndKeepRawInput.
    const CountryPlan *country = cache.country(countryCode);
    if (!country || !country->usable) return false;
    int defaultCountryCode = defaultPlan->countryCode;
    bool trunkCountryCode = source == PhoneNumber::FROM_NUMBER_WITHOUT_PLUS_SIGN && countryCode == defaultCountryCode;
    info->international = source != PhoneNumber::FROM_DEFAULT_COUNTRY && !trunkCountryCode;
    info->countryCode = countryCode;
    info->possibility = (int32_t)testLength(nsn, *country->main);
    std::string numberRegion = regionForNumber(*country, nsn);
    const MetaPlan *regionPlan = nullptr;
    if (numberRegion == "001") regionPlan = country->main;
    else for (const auto &entry : country->regions) if (entry.first == numberRegion) regionPlan = entry.second;
    info->numberType = regionPlan ? (int32_t)numberType(nsn, *regionPlan) : (int32_t)PhoneNumberUtil::UNKNOWN;
    info->valid = info->numberType != PhoneNumberUtil::UNKNOWN;
    info->nationalSignificantLength = (int32_t)nsn.size();
    if (!info->valid) info->typedDigits = info->international ? info->nationalSignificantLength : typed;
    *region = numberRegion == "ZZ" ? country->mainRegion : numberRegion;

    std::string text;
    if (info->international) {
        if (!format(countryCode, *country, nsn, false, &text)) return false;
    } else if (trunkCountryCode) {
        if (!format(countryCode, *country, nsn, false, &text)) return false;
        text.erase(0, 1);
    } else {
        if (!format(countryCode, *country, nsn, true, &text)) return false;
    }
    *formatted = std::move(text);
    return true;
}

} // namespace cicu

extern "C" int32_t sf_phone_metadata_index_mismatches(void) {
    const MetadataIndex &index = metadataIndex();
    if (!index.valid) return -1;
    const PhoneNumberUtil &u = util();
    int32_t mismatches = 0;
    std::set<std::string> supported;
    u.GetSupportedRegions(&supported);
    if (supported.size() != index.regions.size()) mismatches++;
    for (const std::string &region : supported) {
        PhoneMetadata storage;
        const PhoneMetadata *ours = regionMetadata(region, &storage);
        const PhoneMetadata *theirs = PhoneNumberUtilTest::region(u, region);
        if (!ours || !theirs || ours->SerializeAsString() != theirs->SerializeAsString()) mismatches++;
        if (cicu::countryCodeForRegion(region.c_str()) != u.GetCountryCodeForRegion(region)) mismatches++;
    }
    std::set<int> codes, nonGeographical;
    u.GetSupportedCallingCodes(&codes);
    u.GetSupportedGlobalNetworkCallingCodes(&nonGeographical);
    if (codes.size() != index.regionsForCode.size() || nonGeographical.size() != index.nonGeographical.size()) mismatches++;
    for (int code : codes) {
        std::list<std::string> ours, theirs;
        regionCodesForCountryCode(code, &ours);
        u.GetRegionCodesForCountryCallingCode(code, &theirs);
        if (ours != theirs) mismatches++;
    }
    for (int code : nonGeographical) {
        PhoneMetadata storage;
        const PhoneMetadata *ours = nonGeographicalMetadata(code, &storage);
        const PhoneMetadata *theirs = PhoneNumberUtilTest::nonGeographical(u, code);
        if (!ours || !theirs || ours->SerializeAsString() != theirs->SerializeAsString()) mismatches++;
    }
    // Unknown codes and regions answer as libphonenumber does.
    for (const char *unknown : {"ZZ", "001", "XX", "fr", ""}) {
        if (cicu::countryCodeForRegion(unknown) != u.GetCountryCodeForRegion(unknown)) mismatches++;
    }
    for (int code : {0, 999, 1000}) {
        std::string theirs;
        u.GetRegionCodeForCountryCode(code, &theirs);
        if (regionCodeForCountryCode(code) != theirs) mismatches++;
    }
    return mismatches;
}
