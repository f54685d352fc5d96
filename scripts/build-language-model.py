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

French also gets a dictionary tier: the words of the Grammalecte French dictionary
for Hunspell (Debian package hunspell-fr-classical 7.0, MPL-2.0, expanded to its
word forms by Hunspell's `unmunch`) that wordfreq puts below the French tail but that
another model language knows ("tabulation", "raster"): without it, a French word of
technical prose too rare for wordfreq's French looked English. Only membership is
recorded (a Bloom filter, `tail 20`), no text of the dictionary.

Only needed to rebuild the model; its output is committed, and neither the
build nor the tests run it. After it, run scripts/build-tagger-model.sh (the
library reads the model as the byte table that script writes).

    pip install wordfreq==3.1.1
    apt-get install hunspell-fr-classical hunspell-tools
    python3 scripts/build-language-model.py            # writes Locales/*/language-model.txt
    python3 scripts/build-language-model.py fr         # only Locales/fr/language-model.txt
"""
import base64
import math
import os
import re
import subprocess
import sys
from collections import Counter

import wordfreq

LANGUAGES = {
    # language: (words listed, words used for the trigram profile, lowest Zipf of the tail
    # filter, bits per word of the tail filter: 12 = 0.3% false positives per tier, 9.6 = 1%)
    "en": (10000, 40000, 2.0, 12),
    "fr": (10000, 40000, 2.5, 12),
    "de": (5000, 40000, 3.2, 9.6),
    "es": (5000, 40000, 3.2, 9.6),
    "it": (5000, 40000, 3.2, 9.6),
    "pt": (5000, 40000, 3.2, 9.6),
    "nl": (5000, 40000, 3.2, 9.6),
}
# The tail filter: a Bloom filter of the words after the listed ones, down to the
# tail's lowest Zipf frequency. It tells the tagger "this word is a (rare) word of the
# language" in about 1.2 bytes per word instead of 8 for a listed word.
BLOOM_HASHES = 7            # 12 bits a word would want 8; 7 keeps one setting for all
TIER_BOUNDS = [3.3, 2.9, 2.5]  # tail tiers: [3.3, listed), [2.9, 3.3), [2.5, 2.9), [tail minimum, 2.5)
MASK64 = (1 << 64) - 1


def fnv1a64(data):
    h = 0xcbf29ce484222325
    for b in data:
        h = ((h ^ b) * 0x100000001b3) & MASK64
    return h


def fmix64(h):
    # MurmurHash3's finaliser: FNV-1a's low bits are poorly mixed, and double hashing uses them.
    h ^= h >> 33
    h = (h * 0xFF51AFD7ED558CCD) & MASK64
    h ^= h >> 33
    h = (h * 0xC4CEB9FE1A85EC53) & MASK64
    h ^= h >> 33
    return h


def bloom_indices(word, bits):
    # Double hashing; LanguageTagger's TailFilter computes exactly the same indices.
    h = fmix64(fnv1a64(word.encode("utf-8")))
    h1, h2 = h & 0xFFFFFFFF, (h >> 32) | 1
    return [(h1 + i * h2) % bits for i in range(BLOOM_HASHES)]
TRIGRAMS = 1200
NAMES = {"en": "English", "fr": "French", "de": "German", "es": "Spanish",
         "it": "Italian", "pt": "Portuguese", "nl": "Dutch"}
WORD = re.compile(r"^[^\W\d_]+(?:['\-][^\W\d_]+)*$")

# Dictionary tiers: language -> (Hunspell dictionary, Zipf x10 given to its words).
DICTIONARIES = {"fr": ("/usr/share/hunspell/fr_FR", 20)}
# A dictionary word goes in the tier when another model language knows it at least this well
# (else it adds nothing: no language competes for it), but by less than this margin over
# wordfreq's French: "widgets", "newsletters", "writers" are in the dictionary, yet far more
# frequent in English, and French prose marks them as English.
DICTIONARY_OTHER_ZIPF = 1.0
DICTIONARY_OTHER_MARGIN = 0.5

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Locales")


def wanted(word):
    return WORD.match(word) is not None


def dictionary_tier(lang, tail_min):
    """Words of the language's Hunspell dictionary rarer than its tail that another language knows."""
    path, zipf = DICTIONARIES[lang]
    forms = subprocess.run(["unmunch", path + ".dic", path + ".aff"], capture_output=True, check=True).stdout
    words = set()
    for line in forms.decode("utf-8", "replace").split("\n"):
        word = line.split(" ")[0].split("/")[0]
        if word and word == word.lower() and "'" not in word and wanted(word):
            words.add(word)
    others = [l for l in LANGUAGES if l != lang]
    tier = []
    for w in sorted(words):
        own = wordfreq.zipf_frequency(w, lang)
        other = max(wordfreq.zipf_frequency(w, o) for o in others)
        if own < tail_min and DICTIONARY_OTHER_ZIPF <= other < own + DICTIONARY_OTHER_MARGIN:
            tier.append(w)
    return zipf, tier


def bloom_filter(words, bits_per_word):
    bits = max(64, int(len(words) * bits_per_word) // 8 * 8)
    filter = bytearray(bits // 8)
    for w in words:
        for i in bloom_indices(w, bits):
            filter[i // 8] |= 1 << (i % 8)
    return bits, bytes(filter)


def build(lang, listed, profiled, tail_min, bits_per_word):
    words = [w for w in wordfreq.top_n_list(lang, 150000) if wanted(w)]
    top = words[:listed]
    # Tail tiers: Bloom filters of the rarer words after the listed ones, one per band
    # of Zipf frequency, so that a rare word keeps roughly its own frequency.
    tiers = []
    bounds = [b for b in TIER_BOUNDS if b > tail_min] + [tail_min]
    upper = 99.0
    rest = words[listed:]
    for lower in bounds:
        tier = [w for w in rest if lower <= wordfreq.zipf_frequency(w, lang) < upper]
        upper = lower
        if not tier:
            continue
        bits, filter = bloom_filter(tier, bits_per_word)
        median = sorted(wordfreq.zipf_frequency(w, lang) for w in tier)[len(tier) // 2]
        tiers.append((int(round(median * 10)), bits, filter))
    if lang in DICTIONARIES:
        zipf, tier = dictionary_tier(lang, tail_min)
        tiers.append((zipf, *bloom_filter(tier, bits_per_word)))
        print(f"{lang}: dictionary tier of {len(tier)} words")

    buckets = {}
    for w in top:
        z = wordfreq.zipf_frequency(w, lang)
        buckets.setdefault(int(round(z * 10)), []).append(w)
    floor = int(round(tail_min * 10)) - 3  # a word in neither the list nor the tail is rarer than both

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
        "# Keys: Docs/data/language-model.md (rendered from DataFileSchema, where each key is declared once).",
        f"floor = {floor}",
        f"tail-hashes = {BLOOM_HASHES}",
    ]
    for zipf, bits, bloom in tiers:
        lines.append(f"tail-bits {zipf} = {bits}")
        encoded = base64.b64encode(bloom).decode("ascii")
        for i in range(0, len(encoded), 4000):
            lines.append(f"tail {zipf} = " + encoded[i:i + 4000])
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
    only = sys.argv[1:]  # e.g. "fr": rebuild only these languages
    for lang, (listed, profiled, tail_min, bits_per_word) in LANGUAGES.items():
        if only and lang not in only:
            continue
        path, size = build(lang, listed, profiled, tail_min, bits_per_word)
        total += size
        print(f"{path}: {size} bytes")
    print(f"total: {total} bytes")


if __name__ == "__main__":
    sys.exit(main())
