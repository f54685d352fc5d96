#!/usr/bin/env python3
"""Bulk garbage through every single-value command (the reliability audit's check, long run).

Usage: scripts/audit-bulk.py BINARY [LINES_PER_RUN [SEED]]

For each command and locale, LINES_PER_RUN generated lines go through stdin line mode in one
run. The generator mixes the shapes each command parses (digits with separators, dates, times,
phone numbers, amounts, abbreviations, markup) with corruption: random Unicode from many
scripts, control characters, NUL, combining marks, very long lines, huge digit strings.
Every line is valid UTF-8 (invalid bytes are the fuzzers' and the CLI tests' business).

A run fails when: it ends on a signal or with an exit code other than 0 or 1 (1: some line could
not be converted, which is expected for garbage); it takes longer than a linear budget; its
output has another number of lines than its input (one answer per line, a line break never
inside an answer); an answer holds a soft hyphen (U+00AD) or a U+FFFD that its line lacked.
Prints one line per run and a total; the exit status is the number of failed runs.
Not part of scripts/test.sh (30,000 lines per run take about 5 minutes in all).
"""
import random
import subprocess
import sys
import time

COMMANDS = ["number", "ordinal", "year", "digits", "percent", "date", "time", "datetime",
            "duration", "relative", "phone", "expand", "tag", "text"]
LOCALES = ["fr-FR", "en-US", "de-DE", "es-ES", "it-IT", "pt-BR", "nl-NL"]

SHAPES = [
    "{d}", "-{d}", "+{d}", "{d},{d}", "{d}.{d}", "{d} {d3} {d3},{d}", "{d}.{d3}.{d3}", "{d}'{d3}",
    "{d}%", "{d} %", "{d}/{d}/{d}", "{d}.{d}.{d}", "{d}-{d}-{d}T{d}:{d}:{d}Z", "{d}:{d}", "{d}h{d}",
    "{d}.{d} Uhr", "{d}:{d} PM", "P{d}DT{d}H{d}M", "{d}h {d}m", "-{d} day", "+{d} hours",
    "0{d} {d} {d} {d} {d}", "+33 {d} {d} {d} {d}", "({d3}) {d3}-{d}", "{d} €", "${d}.{d}",
    "{d},{d} €/mois", "Dr {w}, {d} av. {w}", "{d}e", "{d}er", "{d}.º", "XIV", "{w} {d}x{d}",
    "<b>{w}</b> {d}", "%1$@ {d} %lld", "{{{w}}} {d}", "{w}@{w}.com", "https://{w}.fr/{d}",
]
WORDS = ["le", "Bluetooth", "rendez-vous", "Termin", "am", "el", "de", "und", "the", "mph",
         "kg", "km/h", "n°", "Mo–Fr", "lun.-ven.", "Mio.", "M€", "St.", "av.", "bd", "approx."]
# Ranges of code points the corruption draws from: Latin, Greek, Cyrillic, Arabic, Hebrew,
# Devanagari, Thai, CJK, Hangul, symbols, combining marks, emoji, controls, specials.
RANGES = [(0x20, 0x7E), (0xA0, 0x24F), (0x300, 0x36F), (0x370, 0x3FF), (0x400, 0x4FF),
          (0x590, 0x6FF), (0x900, 0x97F), (0xE00, 0xE7F), (0x2000, 0x206F), (0x2070, 0x20CF),
          (0x2150, 0x218F), (0x3000, 0x30FF), (0x4E00, 0x4E80), (0xAC00, 0xAC80),
          (0xFE00, 0xFE0F), (0xFF00, 0xFFEF), (0x1F300, 0x1F6FF), (0x1, 0x1F), (0x660, 0x669),
          (0x6F0, 0x6F9), (0x966, 0x96F), (0xFF10, 0xFF19)]
LINE_BREAKS = {"\n", "\r", "\x0b", "\x0c", "\x1c", "\x1d", "\x1e", "\x85", "\u2028", "\u2029"}


def char(rng):
    low, high = rng.choice(RANGES)
    c = chr(rng.randint(low, high))
    # Lines are split on "\n" by the harness; other breaks are kept, as a cell may hold them,
    # except the ones a line reader may also take for an end of line.
    return " " if c in LINE_BREAKS else c


def line(rng):
    kind = rng.random()
    if kind < 0.45:
        text = rng.choice(SHAPES)
        while "{" in text and "}" in text and ("{d}" in text or "{d3}" in text or "{w}" in text):
            text = (text.replace("{d}", str(rng.randint(0, 10 ** rng.randint(1, 12))), 1)
                        .replace("{d3}", "%03d" % rng.randint(0, 999), 1)
                        .replace("{w}", rng.choice(WORDS), 1))
    elif kind < 0.75:
        text = " ".join(rng.choice(SHAPES + WORDS) for _ in range(rng.randint(1, 8)))
        text = text.replace("{d}", str(rng.randint(0, 99999))).replace("{d3}", "123").replace("{w}", "x")
    elif kind < 0.95:
        text = "".join(char(rng) for _ in range(rng.randint(0, 60)))
    elif kind < 0.98:
        text = "".join(char(rng) for _ in range(rng.randint(500, 5000)))
    else:
        text = rng.choice("123456789") + "".join(rng.choice("0123456789 .,") for _ in range(rng.randint(100, 20000)))
    # Corruption: insert, delete or replace a few characters.
    chars = list(text)
    for _ in range(rng.randint(0, 3)):
        op = rng.random()
        position = rng.randint(0, len(chars))
        if op < 0.4:
            chars.insert(position, char(rng))
        elif op < 0.6 and chars:
            del chars[min(position, len(chars) - 1)]
        elif op < 0.7:
            chars.insert(position, "\x00")
        elif chars:
            chars[min(position, len(chars) - 1)] = char(rng)
    return "".join(chars).replace("\n", " ")


def main():
    binary = sys.argv[1]
    count = int(sys.argv[2]) if len(sys.argv) > 2 else 2000
    seed = int(sys.argv[3]) if len(sys.argv) > 3 else 1
    failures = total = 0
    for c_index, command in enumerate(COMMANDS):
        for l_index, locale in enumerate(LOCALES):
            rng = random.Random(seed * 1000 + c_index * 10 + l_index)
            lines = [line(rng) for _ in range(count)]
            data = ("\n".join(lines) + "\n").encode()
            budget = 30 + len(data) / 20_000  # seconds: generous, linear in the input
            start = time.monotonic()
            try:
                run = subprocess.run([binary, command, "--locale", locale], input=data,
                                     capture_output=True, timeout=budget)
            except subprocess.TimeoutExpired:
                print(f"FAIL {command} {locale}: more than {budget:.0f} s")
                failures += 1
                continue
            seconds = time.monotonic() - start
            problems = []
            if run.returncode not in (0, 1):
                problems.append(f"exit {run.returncode}: {run.stderr.decode(errors='replace')[-300:]}")
            out = run.stdout.decode(errors="replace").split("\n")
            if out and out[-1] == "":
                out.pop()
            if len(out) != len(lines):
                problems.append(f"{len(out)} output lines for {len(lines)}")
            else:
                for given, answer in zip(lines, out):
                    if "\u00ad" in answer and "\u00ad" not in given:
                        problems.append(f"soft hyphen for {given[:80]!r}")
                    if "\ufffd" in answer and "\ufffd" not in given:
                        problems.append(f"U+FFFD for {given[:80]!r}")
                    if len(problems) > 5:
                        break
            total += len(lines)
            status = "FAIL" if problems else "ok  "
            failures += bool(problems)
            print(f"{status} {command:8} {locale} {len(lines)} lines {seconds:6.1f} s "
                  + "; ".join(problems)[:600], flush=True)
    print(f"total: {total} lines, {failures} failed runs")
    sys.exit(min(failures, 125))


if __name__ == "__main__":
    main()
