#!/usr/bin/env python3
"""CSV differential fuzzing against Python's `csv` module (the reliability audit's check, long run).

Usage: scripts/audit-csv-differential.py BINARY FILES [SEED]

Generates FILES random CSV files (delimiter , ; tab or |, LF or CRLF, quoted fields holding the
delimiter, quotes, CR and LF, a BOM sometimes, ragged rows sometimes, up to 3,000 rows of values
of every kind and garbage) and converts one to three columns of each with `spokenform csv`,
once with --jobs 1 and once with --jobs 2. A file fails when:
- the exit code is not 0 or 1 (1: some cell was kept and reported), or the run takes too long;
- the two runs' outputs differ (rows must stay in input order whatever the threads do);
- Python's reader does not parse the output, or finds another number of rows than the input's;
- a row with the header's width lost or changed a field, or its added cell is not right after
  its column; a ragged row is not passed through unchanged;
- an added cell starts with =, +, -, @, tab or CR while its input cell did not;
- with no --column, the output is not byte-identical to the input.
Not part of scripts/test.sh (1,000 files take about 3 minutes). The exit status is the number
of failed files (at most 125).
"""
import csv
import io
import os
import random
import subprocess
import sys
import tempfile

KINDS = ["number", "ordinal", "year", "digits", "percent", "currency", "date", "time",
         "datetime", "duration", "relative", "phone", "expand", "tag", "text"]
LOCALES = ["fr-FR", "en-US", "de-DE", "es-ES", "it-IT", "pt-BR", "nl-NL"]
VALUES = ["12", "-3,5", "1 234 567", "54038921,7", "2015", "0042", "25 %", "12,50 €", "$3.99",
          "01/04/2015", "2015-04-01", "05:30", "17h45", "01/04/2015 05:30", "PT5H30M", "-1 day",
          "06 11 22 33 06", "+33 6 11 22 33 06", "(201) 555-0123", "Dr Martin, 3 av. Foch",
          "Activez le Bluetooth", "RDV le 01/04 à 5h30", "", " ", "=1+1", " =1+1", "+5", "-x",
          "@home", "\t1", "abc", "1e5", "٣٤٥", "１２", "½", "XIV", "%1$@ a %2$lld places"]
SPECIALS = ['"', "\r", "\n", "\r\n", ",", ";", "\t", "|", " ", "\u00a0", "\u202f", "é", "😀"]


def value(rng):
    r = rng.random()
    if r < 0.7:
        return rng.choice(VALUES)
    if r < 0.9:
        return str(rng.randint(-10 ** 9, 10 ** 12))
    return "".join(rng.choice(SPECIALS + list("0123456789abc.,/:")) for _ in range(rng.randint(0, 12)))


def make_file(rng):
    delimiter = rng.choice([",", ";", "\t", "|"])
    terminator = rng.choice(["\n", "\r\n"])
    width = rng.randint(1, 6)
    header = [f"c{i}" + rng.choice(["", " x", '"q"', ""]) for i in range(width)]
    rows = [[value(rng) for _ in range(width)] for _ in range(rng.randint(0, rng.choice([5, 50, 3000])))]
    for row in rows:  # ragged rows, sometimes
        if rng.random() < 0.02:
            if rng.random() < 0.5 and len(row) > 1:
                row.pop()
            else:
                row.append(value(rng))
    buffer = io.StringIO(newline="")
    writer = csv.writer(buffer, delimiter=delimiter, lineterminator=terminator,
                        quoting=rng.choice([csv.QUOTE_MINIMAL, csv.QUOTE_ALL]))
    writer.writerow(header)
    writer.writerows(rows)
    text = buffer.getvalue()
    if rng.random() < 0.3 and text.endswith(terminator):
        text = text[: -len(terminator)]  # no line break after the last row
    bom = "\ufeff" if rng.random() < 0.1 else ""
    return (bom + text).encode(), delimiter, header, rows


def parse(data, delimiter):
    return list(csv.reader(io.StringIO(data.decode("utf-8-sig"), newline=""), delimiter=delimiter))


def check(binary, path, data, delimiter, header, rows, rng):
    locale = rng.choice(LOCALES)
    chosen = rng.sample(range(len(header)), rng.randint(0, min(3, len(header))))
    columns = [(i, rng.choice(KINDS)) for i in sorted(chosen)]
    arguments = [binary, "csv", path, "--locale", locale, "--delimiter",
                 "tab" if delimiter == "\t" else delimiter, "-q"]
    for index, kind in columns:
        arguments += ["--column", f"{index + 1}={kind}"]
    outputs = []
    for jobs in ("1", "2"):
        try:
            run = subprocess.run(arguments + ["--jobs", jobs], capture_output=True, timeout=120)
        except subprocess.TimeoutExpired:
            return f"--jobs {jobs}: more than 120 s"
        if run.returncode not in (0, 1):
            return f"--jobs {jobs}: exit {run.returncode}: {run.stderr.decode(errors='replace')[-300:]}"
        outputs.append(run.stdout)
    if outputs[0] != outputs[1]:
        return "--jobs 1 and --jobs 2 differ"
    if not columns:
        return None if outputs[0] == data else "no --column, yet the output differs from the input"
    try:
        out_rows = [row or [""] for row in parse(outputs[0], delimiter)]
    except csv.Error as error:
        return f"output does not parse: {error}"
    # What the input holds is what Python's reader finds in it (an unquoted bare CR, which
    # the writer leaves alone with a LF terminator, ends a row for both readers).
    # A blank line is a row of one empty field (RFC 4180); Python's reader gives [] for it.
    in_rows = [row or [""] for row in parse(data, delimiter)]
    header = in_rows[0] if in_rows else header
    if len(out_rows) != len(in_rows):
        return f"{len(out_rows)} output rows for {len(in_rows)}"
    added = {index for index, _ in columns}
    for number, (given, got) in enumerate(zip(in_rows, out_rows)):
        if len(given) != len(header):
            if got != given:
                return f"row {number}: ragged row changed"
            continue
        if len(got) != len(given) + len(added):
            return f"row {number}: {len(got)} fields, expected {len(given) + len(added)}"
        position = 0
        for index, field in enumerate(given):
            if got[position] != field:
                return f"row {number}: field {index} {field!r} became {got[position]!r}"
            position += 1
            if index in added:
                spoken = got[position]
                position += 1
                if number > 0 and spoken[:1] in ("=", "+", "-", "@", "\t", "\r") and field[:1] != spoken[:1] \
                        and field.lstrip(" ")[:1] != spoken[:1]:
                    return f"row {number}: cell {field!r} became {spoken!r} (a formula start)"
    return None


def main():
    binary, count = sys.argv[1], int(sys.argv[2])
    seed = int(sys.argv[3]) if len(sys.argv) > 3 else 1
    failures = 0
    with tempfile.TemporaryDirectory() as folder:
        for number in range(count):
            rng = random.Random(seed * 100_000 + number)
            data, delimiter, header, rows = make_file(rng)
            path = os.path.join(folder, f"f{number}.csv")
            with open(path, "wb") as handle:
                handle.write(data)
            problem = check(binary, path, data, delimiter, header, rows, rng)
            if problem:
                failures += 1
                kept = os.path.join(os.getcwd(), f"csv-differential-failure-{seed}-{number}.csv")
                with open(kept, "wb") as handle:
                    handle.write(data)
                print(f"FAIL file {number} (kept as {kept}): {problem}", flush=True)
    print(f"total: {count} files, {2 * count} conversions, {failures} failed files")
    sys.exit(min(failures, 125))


if __name__ == "__main__":
    main()
