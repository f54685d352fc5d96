#!/usr/bin/env python3
"""Where the tagger loses F1 on the real-prose tuning half (never the untouched half).

Usage: breakdown.py [--binary PATH] [--examples N] [--set first|second|third] [--source REPO]

Every gold span the tagger misses and every found span that overlaps no gold span is put in a
kind (acronym, code, CamelCase name, other single capitalised name, one lowercase word, title,
quoted or bracketed phrase, other phrase of several words) and given one cause, first that applies:

- "gold disagrees with itself": the same term (same spelling, whole words) is marked in one place
  of the tuning half and left unmarked in another, so whatever a tagger does, one of them counts
  against it (consistency.py);
- "policy": the tagger declines on purpose (Docs/tagger.md, "Policies"): acronyms, code, single
  coined names the lexicon lists as `name`; for found spans, a term the lexicon speaks in its own
  language (TalkBack, Windows);
- "model": the rest. A wrong span of the model is split once more: "unmarked English" when its
  words are English (the model's English word list knows them better than its French one: the
  gold's authors left English unmarked, as with CSS property names or product names made of
  English words), else "not English" (the tagger's own error). A missed span of the model is
  "French uses it too" when the French word list knows its words at Zipf 3 or more ("proxy",
  "release"), else "not French".

The table ends with the F1 the tuning half would reach if each cause's errors were gone.
"""
import argparse
import collections
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
from evaluate import primary, tag  # noqa: E402

QUOTES = " «»“”\"'[]()\u00a0’‘"


def lexicon():
    """Lowercased lexicon terms: (names spoken in the base voice, terms spoken in their own language)."""
    names, foreign = set(), set()
    for path in ("Locales/und/lexicon.txt", "Locales/fr/lexicon.txt"):
        for line in open(os.path.join(ROOT, path), encoding="utf-8"):
            line = line.split("#")[0].strip()
            if "|" not in line:
                continue
            term, kind = (p.strip() for p in line.split("|", 1))
            if kind == "name":
                names.add(term.lower())
            elif re.fullmatch(r"[a-z]{2,3}(-[A-Za-z]+)?", kind):
                foreign.add(term.lower())
    return names, foreign


def listed(language):
    """The model's listed words of a language with their Zipf frequency (Locales/<lang>/language-model.txt)."""
    words = {}
    for line in open(os.path.join(ROOT, f"Locales/{language}/language-model.txt"), encoding="utf-8"):
        m = re.match(r"words (\d+) = (.*)", line)
        if m:
            for w in m.group(2).split():
                words[w] = int(m.group(1)) / 10
    return words


def parts(term):
    """Lowercase words of a term, CamelCase names split into their parts."""
    return [w.lower() for w in re.findall(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])|[a-zà-ÿ]+", term)]


def kind(text, sentence, start, end):
    term = text.strip(QUOTES).replace("\u00a0", " ")
    words = term.split()
    before = sentence[:start].rstrip()
    after = sentence[end:].lstrip()
    quoted = (text[:1] in "«“\"[(" or before[-1:] in "«“\"[(") and (text[-1:] in "»”\"])" or after[:1] in "»”\"])")
    if not words:
        return "other"
    if all(re.fullmatch(r"[A-Z0-9][A-Z0-9&/-]{1,9}s?", w) for w in words):
        return "acronym"
    if re.search(r"[/_=(){}<>$#]|\w\.\w|\w:\w", term) or re.fullmatch(r"[a-z]+[A-Z]\w*", term) or re.fullmatch(r"[a-z]+(-[a-z]+)+", term) and " " not in term:
        return "code"
    if len(words) == 1:
        if re.search(r"[a-z][A-Z]", term):
            return "CamelCase name"
        if term[:1].isupper():
            return "single capitalised name"
        return "one lowercase word"
    if quoted:
        return "quoted or bracketed phrase"
    if re.match(r"\d", before.split(" ")[-1] if before else "") or sum(w[:1].isupper() for w in words) >= max(2, len(words) - 1 - sum(w in ("of", "and", "the", "to", "for", "with", "in", "on", "a") for w in words)):
        return "title (Title Case or numbered)"
    return "other phrase of several words"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", default=None)
    parser.add_argument("--data-dir", action="append", default=[], help="extra locale data for the tagger")
    parser.add_argument("--examples", type=int, default=0, help="print N examples per kind and cause")
    parser.add_argument("--set", choices=["first", "second", "third"], default="first",
                        help="which real-prose set's tuning half (extract.py --set)")
    parser.add_argument("--source", help="only the sentences of this repository (owner/name)")
    args = parser.parse_args()
    prefix = "" if args.set == "first" else args.set + "-"
    builds = [p for p in [os.path.join(ROOT, ".build/release/spokenform"), os.path.join(ROOT, ".build/debug/spokenform")]
              if os.path.exists(p)]
    binary = args.binary or max(builds, key=os.path.getmtime)
    rows = [json.loads(line) for line in open(os.path.join(HERE, prefix + "tuning.jsonl"), encoding="utf-8")]
    rows = [r for r in rows if not args.source or r["source"] == args.source]
    found_all = tag(binary, "fr-FR", [r["text"] for r in rows], args.data_dir)
    names, foreign = lexicon()
    en, fr = listed("en"), listed("fr")

    def english(term):
        ws = [w for w in parts(term) if len(w) > 1]
        return bool(ws) and sum(en.get(w, 0) - fr.get(w, 0) for w in ws) > 0 and any(w in en for w in ws)

    def french_too(term):
        ws = [w for w in parts(term) if len(w) > 1]
        return bool(ws) and all(fr.get(w, 0) >= 3 for w in ws)

    # How every term is treated by the gold: marked / unmarked occurrences (whole words).
    marked_terms = collections.Counter()
    for row in rows:
        for s, e, _ in row["spans"]:
            marked_terms[row["text"][s:e].strip(QUOTES)] += 1
    patterns = {}

    def unmarked_elsewhere(term):
        if term not in patterns:
            pattern = re.compile(r"(?<![\w-])" + re.escape(term) + r"(?![\w-])")
            count = 0
            for row in rows:
                for m in pattern.finditer(row["text"]):
                    if not any(s < m.end() and m.start() < e for s, e, _ in row["spans"]):
                        count += 1
            patterns[term] = count
        return patterns[term]

    overlaps = lambda a, b: a[0] < b[1] and b[0] < a[1] and primary(a[2]) == primary(b[2])
    misses = collections.Counter()      # (kind, cause)
    false = collections.Counter()
    gold_kinds = collections.Counter()
    found_kinds = collections.Counter()
    examples = collections.defaultdict(list)
    model_misses, model_false = collections.Counter(), collections.Counter()
    found_right = collections.Counter()
    gold_found = collections.Counter()
    totals = dict(gold=0, gold_ok=0, found=0, found_ok=0)
    for row, found in zip(rows, found_all):
        text = row["text"]
        for g in row["spans"]:
            g = tuple(g)
            k = kind(text[g[0]:g[1]], text, g[0], g[1])
            gold_kinds[k] += 1
            totals["gold"] += 1
            if any(overlaps(f, g) for f in found):
                totals["gold_ok"] += 1
                gold_found[k] += 1
                continue
            term = text[g[0]:g[1]].strip(QUOTES)
            if unmarked_elsewhere(term):
                cause = "gold disagrees with itself"
            elif k in ("acronym", "code") or term.lower() in names:
                cause = "policy"
            else:
                cause = "model"
                model_misses["French uses it too" if french_too(term) else "not French"] += 1
            misses[(k, cause)] += 1
            examples[("miss", k, cause)].append(term)
        for f in found:
            k = kind(text[f[0]:f[1]], text, f[0], f[1])
            found_kinds[k] += 1
            totals["found"] += 1
            if any(overlaps(f, tuple(g)) for g in row["spans"]):
                totals["found_ok"] += 1
                found_right[k] += 1
                continue
            term = text[f[0]:f[1]].strip(QUOTES)
            if marked_terms.get(term):
                cause = "gold disagrees with itself"
            elif term.lower() in foreign:
                cause = "policy"
            else:
                cause = "model"
                model_false["unmarked English" if english(term) else "not English"] += 1
            false[(k, cause)] += 1
            examples[("false", k, cause)].append(term)

    causes = ["gold disagrees with itself", "policy", "model"]
    kinds = sorted(set(gold_kinds) | set(found_kinds), key=lambda k: -(gold_kinds[k] + found_kinds[k]))
    print(f"tuning half: {len(rows)} sentences, {totals['gold']} gold spans, {totals['found']} found")
    print("\n| kind | gold | recall | missed: gold disagrees / policy / model | found | precision | wrong: gold disagrees / policy / model |")
    print("|---|---|---|---|---|---|---|")
    ratio = lambda a, b: f"{a / b:.2f}" if b else "-"
    for k in kinds:
        m = [misses[(k, c)] for c in causes]
        f = [false[(k, c)] for c in causes]
        print(f"| {k} | {gold_kinds[k]} | {ratio(gold_found[k], gold_kinds[k])} | {m[0]} / {m[1]} / {m[2]} | "
              f"{found_kinds[k]} | {ratio(found_right[k], found_kinds[k])} | {f[0]} / {f[1]} / {f[2]} |")
    mt = [sum(misses[(k, c)] for k in kinds) for c in causes]
    ft = [sum(false[(k, c)] for k in kinds) for c in causes]
    print(f"| all | {totals['gold']} | {ratio(totals['gold_ok'], totals['gold'])} | {mt[0]} / {mt[1]} / {mt[2]} | "
          f"{totals['found']} | {ratio(totals['found_ok'], totals['found'])} | {ft[0]} / {ft[1]} / {ft[2]} |")
    print(f"\nthe model's misses: {dict(model_misses)}; the model's wrong spans: {dict(model_false)}")

    def f1(gold_ok, found_ok):
        p = found_ok / totals["found"] if totals["found"] else 1.0
        r = gold_ok / totals["gold"]
        return p, r, 2 * p * r / (p + r) if p + r else 0.0

    p, r, f = f1(totals["gold_ok"], totals["found_ok"])
    print(f"\nnow: P {p:.3f} R {r:.3f} F1 {f:.3f}")
    # Counting a cause's misses as found and its wrong spans as right: the F1 left once it is gone.
    for i, c in enumerate(causes):
        p, r, f = f1(totals["gold_ok"] + mt[i], totals["found_ok"] + ft[i])
        print(f"without the errors of '{c}': P {p:.3f} R {r:.3f} F1 {f:.3f}")
    p, r, f = f1(totals["gold_ok"] + mt[0] + mt[1], totals["found_ok"] + ft[0] + ft[1])
    print(f"only the model's errors left: P {p:.3f} R {r:.3f} F1 {f:.3f}")
    # A perfect English detector under the policies would still find the unmarked English.
    p, r, f = f1(totals["gold_ok"] + mt[2], totals["found_ok"] + model_false["not English"])
    print(f"every model error gone but the unmarked English it finds: P {p:.3f} R {r:.3f} F1 {f:.3f}")
    if args.examples:
        for key in sorted(examples):
            print(key, collections.Counter(examples[key]).most_common(args.examples))


if __name__ == "__main__":
    main()
