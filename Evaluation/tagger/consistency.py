#!/usr/bin/env python3
"""How consistent is the real-prose gold? (tuning half only: the untouched half is never inspected)

Usage: consistency.py [--top N] [--set first|second|third]

1. Kinds of gold span (acronym, code, single capitalised name, lowercase word, several words),
   with how the project's policies treat each (Docs/tagger.md "Policies").
2. For every term the authors marked at least once: how often the same term (same spelling,
   whole words) stands unmarked elsewhere in the tuning half. A term marked in one place and left
   alone in another caps what any tagger can score: whichever it does, one of them counts wrong.
"""
import argparse
import collections
import json
import os
import re

HERE = os.path.dirname(os.path.abspath(__file__))


def kind(term):
    term = term.replace("\u00a0", " ")
    if re.fullmatch(r"[A-Z0-9][A-Z0-9&-]{1,7}s?", term):
        return "acronym"
    if re.search(r"[/_=(){}<>]|\w\.\w", term) or re.fullmatch(r"[a-z]+[A-Z]\w*", term):
        return "code"
    if " " not in term.strip() and term[:1].isupper():
        return "one capitalised word (name)"
    if " " not in term.strip():
        return "one lowercase word"
    return "several words"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--top", type=int, default=25)
    parser.add_argument("--set", choices=["first", "second", "third"], default="first",
                        help="which real-prose set's tuning half (extract.py --set)")
    args = parser.parse_args()
    prefix = "" if args.set == "first" else args.set + "-"
    rows = [json.loads(line) for line in open(os.path.join(HERE, prefix + "tuning.jsonl"), encoding="utf-8")]
    kinds = collections.Counter()
    marked = collections.Counter()
    marked_sources = collections.defaultdict(set)
    for row in rows:
        for start, end, _ in row["spans"]:
            term = row["text"][start:end].strip(" «»“”\"'[]\u00a0")
            kinds[kind(term)] += 1
            marked[term] += 1
            marked_sources[term].add(row["source"])
    total = sum(kinds.values())
    print(f"tuning half: {len(rows)} sentences, {total} gold spans")
    for name, n in kinds.most_common():
        print(f"  {name:<30} {n:4d}  ({100 * n / total:.0f} %)")

    unmarked = collections.Counter()
    unmarked_sources = collections.defaultdict(set)
    for term in marked:
        pattern = re.compile(r"(?<![\w-])" + re.escape(term) + r"(?![\w-])")
        for row in rows:
            for match in pattern.finditer(row["text"]):
                if not any(s < match.end() and match.start() < e for s, e, _ in row["spans"]):
                    unmarked[term] += 1
                    unmarked_sources[term].add(row["source"])
    both = [t for t in marked if unmarked[t]]
    marked_in_both = sum(marked[t] for t in both)
    print(f"\nterms marked at least once: {len(marked)}; also left unmarked elsewhere: {len(both)} "
          f"({marked_in_both} of {sum(marked.values())} marked occurrences, {sum(unmarked[t] for t in both)} unmarked ones)")
    print("\nterm                            marked  unmarked  kind")
    for term in sorted(both, key=lambda t: -(marked[t] + unmarked[t]))[:args.top]:
        cross = "" if marked_sources[term] == unmarked_sources[term] else "  (marked and unmarked by different sites)"
        print(f"  {term[:30]:<30} {marked[term]:5d}  {unmarked[term]:7d}   {kind(term)}{cross}")
    # The best any tagger can do on these terms: mark every occurrence or none.
    lost = sum(min(marked[t], unmarked[t]) for t in both)
    print(f"\nwhatever a tagger does with these terms, at least {lost} occurrences count against it")


if __name__ == "__main__":
    main()
