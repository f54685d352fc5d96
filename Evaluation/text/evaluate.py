#!/usr/bin/env python3
"""Agreement of `spokenform text` with rows.tsv, per language and class.

    python3 Evaluation/text/evaluate.py [--split tuning|untouched|all] [--binary PATH] [--misses]
        [--locale L] [--source PREFIX ...]

Each written form goes through `spokenform text --locale L` (stdin line mode, one process per
locale). Output and expected are compared as the held-out measure does: case-insensitively,
ignoring punctuation and hyphens. A row whose spoken column holds alternatives ("a | b") agrees
when any of them does (text2num accepts several spellings of one value). German and Dutch
and Italian write numbers as one word; lingua-franca spaces them ("zwei tausend achtzehn",
"duemila diciotto"), which is spelling, not speech, so for de, nl and it the comparison also
ignores spaces. Dutch is also compared without accents (lingua-franca writes the stressed "één"
and "tweeentwintig" without its diaeresis), and "a.m."/"p.m." count as "AM"/"PM".
The class `time-style` (conversational times such as "quarter past twelve", "midi quinze") is
another style, not an error; the last lines give the total without it and without nl (the
languages the 80% target counts: en fr de es it pt).
"""
import argparse
import collections
import os
import re
import subprocess
import unicodedata

HERE = os.path.dirname(os.path.abspath(__file__))


def normalise(text):
    text = unicodedata.normalize("NFC", text).lower().replace("-", " ").replace("\u2011", " ")
    text = "".join(" " if unicodedata.category(c).startswith("P") else c for c in text)
    return re.sub(r"\b([ap]) m\b", r"\1m", " ".join(text.split()))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--split", default="tuning", choices=["tuning", "untouched", "all"])
    parser.add_argument("--binary", default=os.path.join(HERE, "..", "..", ".build", "debug", "spokenform"))
    parser.add_argument("--misses", action="store_true", help="print every disagreement")
    parser.add_argument("--locale", help="only this locale")
    parser.add_argument("--source", action="append", help="only rows whose source starts with this (repeatable)")
    args = parser.parse_args()
    rows = collections.defaultdict(list)
    with open(os.path.join(HERE, "rows.tsv"), encoding="utf-8") as f:
        for line in f:
            if line.startswith("#") or not line.strip():
                continue
            split, locale, klass, written, spoken, source = line.rstrip("\n").split("\t")
            if args.split != "all" and split != args.split:
                continue
            if args.locale and locale != args.locale:
                continue
            if args.source and not any(source.startswith(prefix) for prefix in args.source):
                continue
            rows[locale].append((klass, written, spoken.split(" | ")))
    per_class = collections.defaultdict(lambda: [0, 0])
    per_language = collections.defaultdict(lambda: [0, 0])
    for locale, items in sorted(rows.items()):
        out = subprocess.run([args.binary, "text", "--locale", locale],
                             input="".join(w + "\n" for _, w, _ in items),
                             capture_output=True, text=True)
        outputs = out.stdout.split("\n")
        for index, (klass, written, spoken) in enumerate(items):
            got = outputs[index] if index < len(outputs) else ""
            language = locale.split("-")[0]
            squash = (lambda t: t.replace(" ", "")) if language in ("de", "nl", "it") else (lambda t: t)
            if language == "nl":
                squash = lambda t: "".join(c for c in unicodedata.normalize("NFD", t.replace(" ", ""))
                                           if not unicodedata.combining(c))
            ok = squash(normalise(got)) in {squash(normalise(s)) for s in spoken}
            for key, table in (((language, klass), per_class), (language, per_language)):
                table[key][0] += ok
                table[key][1] += 1
            if args.misses and not ok:
                print(f"MISS {locale}\t{klass}\t{written}\t{got}\texpected: {' | '.join(spoken)}")
    print(f"split={args.split}")
    for (language, klass), (ok, total) in sorted(per_class.items()):
        print(f"  {language:3} {klass:10} {ok:4}/{total:<4} {100 * ok / total:5.1f}%")
    grand = [0, 0]
    for language, (ok, total) in sorted(per_language.items()):
        grand[0] += ok
        grand[1] += total
        print(f"{language:3} all        {ok:4}/{total:<4} {100 * ok / total:5.1f}%")
    print(f"all            {grand[0]:4}/{grand[1]:<4} {100 * grand[0] / grand[1]:5.1f}%")
    target = [0, 0]
    for (language, klass), (ok, total) in per_class.items():
        if language != "nl" and klass != "time-style":
            target[0] += ok
            target[1] += total
    if target[1]:
        print(f"target (en fr de es it pt, no time-style) {target[0]:4}/{target[1]:<4} {100 * target[0] / target[1]:5.1f}%")


if __name__ == "__main__":
    main()
