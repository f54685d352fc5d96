#!/usr/bin/env python3
"""Precision and recall of `spokenform lint` on Evaluation/labels/labels.tsv.

    python3 Evaluation/labels/evaluate.py [--split untouched|tuning|all] [--binary .build/debug/spokenform]

A true positive is an expected fault the linter reports (error or warning); a false positive
an error or warning not expected; a false negative an expected fault not reported. For a
fault written 'a|b' either rule counts. Prints per-line misses and the totals.
"""
import argparse
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--split", default="untouched", choices=["untouched", "tuning", "all"])
    parser.add_argument("--binary", default=os.path.join(HERE, "..", "..", ".build", "debug", "spokenform"))
    args = parser.parse_args()
    rows = []
    with open(os.path.join(HERE, "labels.tsv"), encoding="utf-8") as f:
        for line in f:
            if line.startswith("#") or not line.strip():
                continue
            split, locale, source, label, value, traits, hint, faults = line.rstrip("\n").split("\t")
            if args.split != "all" and split != args.split:
                continue
            element = {k: v for k, v in (("label", label), ("value", value), ("hint", hint)) if v}
            if traits:
                element["traits"] = traits.split(",")
            expected = [] if faults == "-" else [set(f.split("|")) for f in faults.split(",")]
            rows.append((locale, source, element, expected))
    tp = fp = fn = 0
    good = good_clean = 0
    for locale, source, element, expected in rows:
        out = subprocess.run([args.binary, "lint", "--locale", locale, "--format", "json"],
                             input=json.dumps(element, ensure_ascii=False) + "\n", capture_output=True, text=True)
        issues = [i for i in json.loads(out.stdout.splitlines()[0])["issues"] if i["severity"] in ("error", "warning")]
        found = {i["rule"] for i in issues}
        matched = set()
        for alternatives in expected:
            hit = alternatives & found
            if hit:
                tp += 1
                matched |= hit
            else:
                fn += 1
                print(f"MISS {locale} {element}: expected {'|'.join(sorted(alternatives))}")
        for rule in sorted(found - matched):
            fp += 1
            print(f"FALSE {locale} {element}: {rule}")
        if not expected:
            good += 1
            good_clean += not found
    precision = tp / (tp + fp) if tp + fp else 1.0
    recall = tp / (tp + fn) if tp + fn else 1.0
    print(f"{args.split}: {len(rows)} elements, {sum(len(e) for _, _, _, e in rows)} expected faults; "
          f"precision {precision:.2f} ({tp}/{tp + fp}), recall {recall:.2f} ({tp}/{tp + fn}); "
          f"good elements without error or warning: {good_clean}/{good}")


if __name__ == "__main__":
    sys.exit(main())
