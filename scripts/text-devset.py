#!/usr/bin/env python3
"""Agreement of `spokenform text` with the dev set in Benchmarks/TextDevSet/<locale>.tsv.

Compares case-insensitively, ignoring punctuation and hyphens (the held-out measure's rule),
and prints the agreement per class and per locale. Usage:
  python3 scripts/text-devset.py [path/to/spokenform]   (default .build/debug/spokenform)
"""
import collections, os, re, subprocess, sys

binary = sys.argv[1] if len(sys.argv) > 1 else ".build/debug/spokenform"
root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Benchmarks", "TextDevSet")

def norm(text):
    text = text.lower().replace("-", " ").replace("\u2011", " ")
    text = re.sub(r"[^\w\s]", " ", text)
    return " ".join(text.split())

total = collections.Counter(); good = collections.Counter()
for name in sorted(os.listdir(root)):
    if not name.endswith(".tsv"): continue
    locale = name[:-4]
    rows = [l.rstrip("\n").split("\t") for l in open(os.path.join(root, name), encoding="utf-8") if l.strip() and not l.startswith("#")]
    out = subprocess.run([binary, "text", "--locale", locale], input="\n".join(r[1] for r in rows) + "\n",
                         capture_output=True, text=True).stdout.split("\n")
    for (kind, written, spoken), got in zip(rows, out):
        total[(locale, kind)] += 1
        if norm(got) == norm(spoken): good[(locale, kind)] += 1
        elif os.environ.get("VERBOSE"): print(f"  {locale} {kind}: {written!r} -> {got!r} (expected {spoken!r})")
locales = sorted({l for l, _ in total})
for locale in locales:
    t = sum(v for (l, _), v in total.items() if l == locale); g = sum(v for (l, _), v in good.items() if l == locale)
    print(f"{locale}: {g}/{t} = {100*g/t:.0f}%  " + ", ".join(f"{k} {good[(locale,k)]}/{v}" for (l, k), v in sorted(total.items()) if l == locale))
t = sum(total.values()); g = sum(good.values())
print(f"all: {g}/{t} = {100*g/t:.0f}%")
