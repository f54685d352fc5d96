#!/usr/bin/env python3
"""Checks `spokenform catalog` on real files, with Python's own parsers as the oracle.

For each catalog given (.xcstrings, .strings, .stringsdict), runs
  1. an unconverted round trip (`--languages` naming a language no file has): the output must
     be byte for byte the input;
  2. the full conversion: the output must parse; its tree must equal the input's except at
     text values (xcstrings: `stringUnit/value`; stringsdict: text `<string>` leaves; strings:
     values); no key may be lost; every value keeps its multiset of format specifiers.
Prints one line per file and exits 1 when any check fails.
Usage: python3 scripts/check-catalog.py [--spokenform PATH] [--locale LANG] FILE...
(.strings/.stringsdict take their language from an xx.lproj folder or --locale.)
"""
import argparse
import json
import plistlib
import re
import subprocess
import sys
import tempfile
from pathlib import Path

SPECIFIER = re.compile(r"%(?:%|(?:\d+\$|\d+(?=#@))?(?:#@\w+@|arg(?!\w)|[-+ 0#']*(?:\*|\d+)?(?:\.(?:\*|\d+))?(?:hh|ll|[hlqLztj])?[@dDiuUxXoOfFeEgGaAcCsSp]))")


def specifiers(text):
    return sorted(SPECIFIER.findall(text)) if "%" in text else []


def compare_json(a, b, path, problems, changed):
    if isinstance(a, dict) and isinstance(b, dict):
        if list(a) != list(b):
            problems.append(f"{'/'.join(path)}: keys differ")
        for key in a:
            if key in b:
                compare_json(a[key], b[key], path + [key], problems, changed)
    elif isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        for x, y in zip(a, b):
            compare_json(x, y, path + ["[]"], problems, changed)
    elif isinstance(a, str) and isinstance(b, str):
        if a != b:
            if path[-2:] != ["stringUnit", "value"]:
                problems.append(f"{'/'.join(path)}: a non-value string changed")
            elif specifiers(a) != specifiers(b):
                problems.append(f"{'/'.join(path)}: specifiers {specifiers(a)} -> {specifiers(b)}")
            changed.append(path)
    elif a != b or type(a) is not type(b):
        problems.append(f"{'/'.join(path)}: {a!r} -> {b!r}")


RULE_KEYS = {"NSStringFormatSpecTypeKey", "NSStringFormatValueTypeKey"}


def compare_plist(a, b, path, problems, changed):
    if isinstance(a, dict) and isinstance(b, dict):
        if list(a) != list(b):
            problems.append(f"{'/'.join(path)}: keys differ")
        for key in a:
            if key in b:
                compare_plist(a[key], b[key], path + [key], problems, changed)
    elif isinstance(a, str) and isinstance(b, str):
        if a != b:
            if path and path[-1] in RULE_KEYS:
                problems.append(f"{'/'.join(path)}: a rule name changed")
            elif specifiers(a) != specifiers(b):
                problems.append(f"{'/'.join(path)}: specifiers {specifiers(a)} -> {specifiers(b)}")
            changed.append(path)
    elif a != b:
        problems.append(f"{'/'.join(path)}: {a!r} -> {b!r}")


STRINGS_PAIR = re.compile(r'"((?:[^"\\]|\\.)*)"\s*=\s*"((?:[^"\\]|\\.)*)"\s*;', re.S)
COMMENT = re.compile(r"/\*.*?\*/|//[^\n]*", re.S)


def decode_strings(data):
    if data.startswith(b"\xff\xfe") or data.startswith(b"\xfe\xff"):
        return data.decode("utf-16")
    return data.decode("utf-8-sig")


def strings_pairs(text):
    # Comments are removed outside quoted strings only: split on the quoted strings first.
    pieces = re.split(r'("(?:[^"\\]|\\.)*")', text, flags=re.S)
    bare = "".join(piece if index % 2 else COMMENT.sub(" ", piece) for index, piece in enumerate(pieces))
    return STRINGS_PAIR.findall(bare)


def check(path, spokenform, locale):
    data = path.read_bytes()
    extra = ["--locale", locale] if locale and path.suffix in (".strings", ".stringsdict") else []
    with tempfile.TemporaryDirectory() as directory:
        same = Path(directory) / ("same" + path.suffix)
        spoken = Path(directory) / ("spoken" + path.suffix)
        run = subprocess.run([spokenform, "catalog", str(path), "--languages", "xx-none", "-o", str(same), "--quiet"] + extra,
                             capture_output=True, text=True)
        if run.returncode != 0:
            return [f"unconverted run failed ({run.returncode}): {run.stderr.strip()}"], ""
        problems = [] if same.read_bytes() == data else ["the unconverted round trip is not byte-identical"]
        run = subprocess.run([spokenform, "catalog", str(path), "-o", str(spoken)] + extra, capture_output=True, text=True)
        if run.returncode != 0:
            return problems + [f"conversion failed ({run.returncode}): {run.stderr.strip()}"], ""
        summary = run.stderr.strip().splitlines()[0] if run.stderr.strip() else ""
        out = spoken.read_bytes()
        changed = []
        if path.suffix == ".xcstrings":
            before, after = json.loads(data), json.loads(out)
            compare_json(before, after, [], problems, changed)
            if list(before.get("strings", {})) != list(after.get("strings", {})):
                problems.append("keys lost or reordered")
        elif path.suffix == ".stringsdict" or data.lstrip().startswith(b"<"):
            compare_plist(plistlib.loads(data), plistlib.loads(out), [], problems, changed)
        else:
            a, b = strings_pairs(decode_strings(data)), strings_pairs(decode_strings(out))
            if [k for k, _ in a] != [k for k, _ in b]:
                problems.append("keys lost or reordered")
            for (key, x), (_, y) in zip(a, b):
                if x != y:
                    changed.append(key)
                    if specifiers(x) != specifiers(y):
                        problems.append(f"{key}: specifiers {specifiers(x)} -> {specifiers(y)}")
            if (data[:3] == b"\xef\xbb\xbf") != (out[:3] == b"\xef\xbb\xbf") or data[:2] in (b"\xff\xfe", b"\xfe\xff") and out[:2] != data[:2]:
                problems.append("the encoding or BOM changed")
        return problems, f"{len(changed)} value(s) changed; {summary}"


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--spokenform", default=".build/debug/spokenform")
    parser.add_argument("--locale")
    parser.add_argument("files", nargs="+", type=Path)
    arguments = parser.parse_args()
    failed = 0
    for path in arguments.files:
        problems, detail = check(path, arguments.spokenform, arguments.locale)
        print(f"{'ok  ' if not problems else 'FAIL'} {path.name}: {detail}")
        for problem in problems[:20]:
            print(f"     {problem}")
        failed += bool(problems)
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
