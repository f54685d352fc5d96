#!/usr/bin/env python3
"""Builds the Latin-script language model of SpokenForm's LanguageTagger.

Writes Locales/<lang>/language-model.txt for en fr de es it pt nl: word
frequencies (Zipf scale) of each language's most frequent words, and the
character-trigram profile the tagger uses for words that are not listed.

Source: the `wordfreq` package (PyPI, version 3.1.1), by Robyn Speer / Elia
Robyn Lake. Its code is Apache-2.0; its frequency data is licensed CC BY-SA 4.0
and aggregates Wikipedia, OpenSubtitles, news, books, Reddit and Twitter text
(see https://github.com/rspeer/wordfreq#license). The generated files are
therefore CC BY-SA 4.0 too, with this attribution.

Only needed to rebuild the model; its output is committed, and neither the
build nor the tests run it.

    pip install wordfreq==3.1.1
    python3 scripts/build-language-model.py            # writes Locales/*/language-model.txt
"""
import math
import os
import re
import sys
from collections import Counter

import wordfreq

LANGUAGES = {
    # language: (words listed, words used for the trigram profile)
    "en": (14000, 40000),
    "fr": (14000, 40000),
    "de": (7000, 40000),
    "es": (7000, 40000),
    "it": (7000, 40000),
    "pt": (7000, 40000),
    "nl": (7000, 40000),
}
TRIGRAMS = 1200
NAMES = {"en": "English", "fr": "French", "de": "German", "es": "Spanish",
         "it": "Italian", "pt": "Portuguese", "nl": "Dutch"}
WORD = re.compile(r"^[^\W\d_]+(?:['\-][^\W\d_]+)*$")

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Locales")


def wanted(word):
    return WORD.match(word) is not None


def build(lang, listed, profiled):
    words = [w for w in wordfreq.top_n_list(lang, profiled * 2) if wanted(w)]
    top = words[:listed]
    buckets = {}
    for w in top:
        z = wordfreq.zipf_frequency(w, lang)
        buckets.setdefault(int(round(z * 10)), []).append(w)
    floor = min(buckets) - 5  # a word not listed is rarer than the last listed one

    # Trigram profile over word types (each word once): it describes how
    # unlisted, rarer words of the language are spelled.
    counts = Counter()
    for w in words[:profiled]:
        padded = "_" + w.replace("'", "_") + "_"
        for i in range(len(padded) - 2):
            counts[padded[i:i + 3]] += 1
    total = sum(counts.values())
    tri = {}
    for t, c in counts.most_common(TRIGRAMS):
        tri.setdefault(int(round(-10 * math.log10(c / total))), []).append(t)
    tri_floor = max(tri) + 5

    lines = [
        f"# {NAMES[lang]} ({lang}) language model of the LanguageTagger. GENERATED: do not edit;",
        "# rebuild with scripts/build-language-model.py.",
        "# Source: wordfreq 3.1.1 frequency data (Robyn Speer et al.), CC BY-SA 4.0;",
        "# this file is distributed under the same licence.",
        "#",
        "# Format (key = value lines):",
        "#   floor = Z               Zipf x10 assumed for a word that is not listed",
        "#   words Z = w w w         lowercase words whose Zipf frequency x10 is Z",
        "#                           (Zipf = log10 of occurrences per 10^9 words)",
        "#   trigram-floor = L       -log10 x10 of a character trigram that is not listed",
        "#   trigrams L = abc abc    character trigrams of word types ('_' = word edge),",
        "#                           -log10 of their probability x10 is L",
        f"floor = {floor}",
    ]
    for z in sorted(buckets, reverse=True):
        lines.append(f"words {z} = " + " ".join(buckets[z]))
    lines.append(f"trigram-floor = {tri_floor}")
    for l in sorted(tri):
        lines.append(f"trigrams {l} = " + " ".join(tri[l]))
    path = os.path.join(ROOT, lang, "language-model.txt")
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        f.write("\n".join(lines) + "\n")
    return path, os.path.getsize(path)


def main():
    total = 0
    for lang, (listed, profiled) in LANGUAGES.items():
        path, size = build(lang, listed, profiled)
        total += size
        print(f"{path}: {size} bytes")
    print(f"total: {total} bytes")


if __name__ == "__main__":
    sys.exit(main())
