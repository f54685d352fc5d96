#!/usr/bin/env python3
"""Scores `spokenform tag` on the team's evaluation set and on the two real-prose sets' halves.

Usage: evaluate.py [--binary PATH] [--misses tuning|second-tuning|third-tuning|existing] [--untouched] [--per-base] [--data-dir DIR]

The real-prose sets (extract.py): the first (`tuning.jsonl`, `untouched.jsonl`), the second
(`second-tuning.jsonl`, `second-untouched.jsonl`) and the third, from MDN Web Docs in French
(`third-tuning.jsonl`, `third-untouched.jsonl`), each split by file into a tuning half and an
untouched half.

For each set: span precision, recall and F1, both exact (start, end and language match) and
overlap (a found span counts when it overlaps a gold span of the same language, and a gold
span counts as found when a found span of its language overlaps it), and the false-switch
rate: the share of clean sentences (no gold span) given any span.

`--misses` lists the sentences whose spans differ from the gold, for a tuning half or the
team's set only. The untouched half is scored only with `--untouched` (for the before and
after figures), and its misses are never listed.
"""
import argparse
import glob
import json
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
# (base locale, file) of the team's set, as TaggerEvaluationTests reads it.
EXISTING = [("fr-FR", "fr"), ("fr-FR", "fr-prose"), ("fr-FR", "fr-docs"), ("en-US", "en"), ("de-DE", "de"),
            ("es-ES", "es"), ("it-IT", "it"), ("pt-PT", "pt"), ("nl-NL", "nl")]


def annotated(line):
    """Text and spans of a `{lang|words}` line (offsets in code points)."""
    text, spans = "", []
    i = 0
    while i < len(line):
        if line[i] == "{":
            bar = line.index("|", i)
            close = line.index("}", bar)
            start = len(text)
            text += line[bar + 1:close]
            spans.append((start, len(text), line[i + 1:bar]))
            i = close + 1
        else:
            text += line[i]
            i += 1
    return text, spans


def existing_set(base, name):
    rows = []
    path = os.path.join(ROOT, "Tests/SpokenFormTests/Golden/tagger/eval", name + ".txt")
    for line in open(path, encoding="utf-8"):
        line = line.strip()
        if line and not line.startswith("#"):
            text, spans = annotated(line)
            rows.append({"text": text, "spans": spans})
    return rows


def real_set(half):
    rows = []
    for line in open(os.path.join(HERE, half + ".jsonl"), encoding="utf-8"):
        row = json.loads(line)
        rows.append({"text": row["text"], "spans": [tuple(s) for s in row["spans"]]})
    return rows


def tag(binary, locale, texts, data_dirs=()):
    extra = [arg for d in data_dirs for arg in ("--data-dir", d)]
    out = subprocess.run([binary, "tag", "--locale", locale, "--format", "json", *extra], input="\n".join(texts) + "\n",
                         capture_output=True, text=True, check=True).stdout.strip().split("\n")
    assert len(out) == len(texts), (len(out), len(texts))
    return [[(s["start"], s["end"], s["lang"]) for s in json.loads(o)["spans"]] for o in out]


def primary(lang):
    return re.split(r"[-_]", lang)[0].lower()


class Score:
    def __init__(self):
        self.n = dict(found=0, gold=0, exact=0, found_ok=0, gold_ok=0, clean=0, false=0, mixed=0)

    def add(self, gold, found):
        n = self.n
        n["found"] += len(found)
        n["gold"] += len(gold)
        n["exact"] += sum(1 for f in found if any(f[0] == g[0] and f[1] == g[1] and primary(f[2]) == primary(g[2]) for g in gold))
        overlaps = lambda a, b: a[0] < b[1] and b[0] < a[1] and primary(a[2]) == primary(b[2])
        n["found_ok"] += sum(1 for f in found if any(overlaps(f, g) for g in gold))
        n["gold_ok"] += sum(1 for g in gold if any(overlaps(f, g) for f in found))
        if gold:
            n["mixed"] += 1
        else:
            n["clean"] += 1
            n["false"] += bool(found)

    def merge(self, other):
        for k in self.n:
            self.n[k] += other.n[k]

    def figures(self):
        n = self.n
        div = lambda a, b: a / b if b else 1.0
        f1 = lambda p, r: 2 * p * r / (p + r) if p + r else 0.0
        ep, er = div(n["exact"], n["found"]), div(n["exact"], n["gold"])
        op, orc = div(n["found_ok"], n["found"]), div(n["gold_ok"], n["gold"])
        return dict(mixed=n["mixed"], clean=n["clean"], exact_p=ep, exact_r=er, exact_f1=f1(ep, er),
                    p=op, r=orc, f1=f1(op, orc), false=n["false"], false_rate=div(n["false"], n["clean"]))


def render(text, spans):
    out, p = "", 0
    for s, e, l in sorted(spans):
        out += text[p:s] + "{" + l + "|" + text[s:e] + "}"
        p = e
    return out + text[p:]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", default=None)
    parser.add_argument("--misses", choices=["tuning", "second-tuning", "third-tuning", "existing"])
    parser.add_argument("--untouched", action="store_true", help="also score the untouched half")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--per-base", action="store_true", help="also print the team's set per base language")
    parser.add_argument("--data-dir", action="append", default=[],
                        help="extra locale data for the tagger (to try a lexicon change before committing it)")
    args = parser.parse_args()
    # The newer of the two builds: a release binary left from an earlier change must not be scored
    # in place of the debug build just made.
    builds = [p for p in [os.path.join(ROOT, ".build/release/spokenform"), os.path.join(ROOT, ".build/debug/spokenform")]
              if os.path.exists(p)]
    binary = args.binary or max(builds, key=os.path.getmtime)
    results = {}
    lines = ["set                 mixed/clean   overlap P   R      F1     | exact F1 | false switches"]

    def report(name, score):
        f = score.figures()
        results[name] = f
        lines.append(f"{name:<19} {f['mixed']:4d}/{f['clean']:<5d}    {f['p']:.3f}   {f['r']:.3f}  {f['f1']:.3f}  |  {f['exact_f1']:.3f}   | "
                     f"{f['false']}/{f['clean']} ({100 * f['false_rate']:.1f}%)")

    total = Score()
    misses = []
    for base, name in EXISTING:
        rows = existing_set(base, name)
        found = tag(binary, base, [r["text"] for r in rows], args.data_dir)
        score = Score()
        for row, spans in zip(rows, found):
            score.add(row["spans"], spans)
            if args.misses == "existing" and sorted(spans) != sorted(row["spans"]):
                misses.append(f"{name}\n  gold: {render(row['text'], row['spans'])}\n  got:  {render(row['text'], spans)}")
        total.merge(score)
        if args.per_base:
            report(f"  team {name}", score)
    report("existing (team)", total)
    halves = ["tuning", "untouched"] if args.untouched else ["tuning"]
    for half in halves + ["second-" + h for h in halves] + ["third-" + h for h in halves]:
        rows = real_set(half)
        found = tag(binary, "fr-FR", [r["text"] for r in rows], args.data_dir)
        score = Score()
        for row, spans in zip(rows, found):
            score.add(row["spans"], spans)
            if args.misses == half and not half.endswith("untouched") and sorted(spans) != sorted(row["spans"]):
                misses.append(f"  gold: {render(row['text'], row['spans'])}\n  got:  {render(row['text'], spans)}")
        prefix, _, rest = half.rpartition("-")
        report(f"{prefix} {rest}" if prefix else f"real fr {half}", score)
    if args.json:
        print(json.dumps(results, indent=1))
    else:
        print("\n".join(lines))
    if misses:
        print("\n".join(misses))


if __name__ == "__main__":
    main()
