#!/usr/bin/env python3
"""Peak memory per converted cell (issue 18, finding 5): how many bytes of resident set one
huge cell or input line costs, per CSV kind and per single-value command.

For every kind, every worst-case input shape (no spaces, all digits, all letters, mixed
markup, plain prose) and every size, it runs the CLI once on a CSV holding that one cell
(or, for a command, on one stdin line) and reads the child's peak RSS from wait4. The
figure printed is the growth over the same run with a tiny input, divided by the input
size: 1.0 means the cell cost its own size once more. It never fails; the regression
thresholds live in Tests/CLITests/MemoryCLITests.swift.

    scripts/memory-per-cell.py [--binary .build/debug/spokenform] [--sizes 1,4,16]
                               [--kinds number,expand] [--shapes digits,letters]
"""
import argparse
import os
import sys
import tempfile

# One repeated unit per shape; each is a worst case for some part of the pipeline.
SHAPES = {
    "digits": "1234567890",                                  # one number, no cut point
    "letters": "abcdefghij",                                 # one word, no cut point
    "nospace": "ab1-C.d,2;",                                 # punctuation, no space
    "markup": "<b>Dr</b>&amp;",                              # markup and entities, no space
    "prose": "Dr Martin, 3 av. Foch, 12,50 €. ",            # ordinary sentences
}

CSV_KINDS = ["number", "ordinal", "year", "digits", "percent", "currency", "date", "time",
             "datetime", "duration", "relative", "phone", "expand", "tag", "text"]
COMMANDS = ["number", "date", "phone", "expand", "text", "tag"]


def peak_kib(argv, stdin_path):
    """Runs argv with stdin from stdin_path; returns (exit code, peak RSS in KiB)."""
    pid = os.fork()
    if pid == 0:
        fd = os.open(stdin_path, os.O_RDONLY)
        os.dup2(fd, 0)
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, 1)
        os.dup2(null, 2)
        os.execv(argv[0], argv)
    _, status, usage = os.wait4(pid, 0)
    return os.waitstatus_to_exitcode(status), usage.ru_maxrss


def make_input(directory, shape, size, csv):
    unit = SHAPES[shape]
    text = (unit * (size // len(unit.encode()) + 1)).encode()[:size].decode("utf-8", "ignore")
    path = os.path.join(directory, f"{shape}-{size}-{'csv' if csv else 'line'}")
    with open(path, "w", encoding="utf-8") as f:
        if csv:
            f.write('t\n"' + text.replace('"', '""') + '"\n')
        else:
            f.write(text + "\n")
    return path


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", default=".build/debug/spokenform")
    parser.add_argument("--sizes", default="1,4,16", help="MiB, comma-separated")
    parser.add_argument("--kinds", default=",".join(CSV_KINDS))
    parser.add_argument("--commands", default=",".join(COMMANDS))
    parser.add_argument("--shapes", default=",".join(SHAPES))
    parser.add_argument("--locale", default="fr-FR")
    args = parser.parse_args()
    binary = os.path.abspath(args.binary)
    sizes = [int(s) << 20 for s in args.sizes.split(",") if s]
    shapes = [s for s in args.shapes.split(",") if s]
    with tempfile.TemporaryDirectory() as directory:
        out = os.path.join(directory, "out.csv")
        runs = [("csv", k) for k in args.kinds.split(",") if k] + [("cmd", c) for c in args.commands.split(",") if c]
        print("what\tshape\t" + "\t".join(f"{s >> 20}MiB" for s in sizes) + "\t(bytes of RSS per input byte over a tiny input; exit codes)")
        for mode, kind in runs:
            for shape in shapes:
                def run(size):
                    path = make_input(directory, shape, size, mode == "csv")
                    if mode == "csv":
                        argv = [binary, "csv", path, "--locale", args.locale, "--column", f"t={kind}", "-o", out]
                        return peak_kib(argv, os.devnull)
                    return peak_kib([binary, kind, "--locale", args.locale], path)
                _, base = run(8)
                cells = []
                for size in sizes:
                    code, kib = run(size)
                    cells.append(f"{(kib - base) * 1024 / size:.1f} ({code})")
                print(f"{mode} {kind}\t{shape}\t" + "\t".join(cells), flush=True)


if __name__ == "__main__":
    sys.exit(main())
