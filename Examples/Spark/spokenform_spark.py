#!/usr/bin/env python3
"""Converts columns of a CSV file to spoken form on Spark, with `spokenform csv`.

    spark-submit Examples/Spark/spokenform_spark.py in.csv out_dir \
        --locale fr-FR --locale-column lang --column birthday=date --column balance=number

(or `python3 Examples/Spark/spokenform_spark.py ...`, which starts Spark in local mode).

The file is read with Spark's CSV source in multiLine mode, so quoted fields with
line breaks stay one field. Each partition's rows go to ONE long-lived
`spokenform csv` process (never one per row): the rows are written to its standard
input as CSV and its output rows are read back in order, so every `spokenform csv`
option (kinds, `--locale-column`, `--replace`, `--suffix`) works here exactly as on one
machine. Every other column is kept, and the row order too: rows are numbered as read,
range-partitioned by that number, and the partitions are written in order
(part-00000, part-00001, ...). `--single-file` joins the parts into one CSV file.

Needs `spokenform` on every executor's PATH (or `--spokenform /path/to/spokenform`).
Limits: every row must have the header's number of fields (Spark's CSV source pads or
cuts other rows, where `spokenform csv` passes them through), and the file must be
UTF-8 with a header row.
"""

import argparse
import csv
import glob
import io
import os
import subprocess
import sys
import threading

# A spoken cell or a note can be long; Python's csv module refuses fields over 128 KiB by default.
csv.field_size_limit(sys.maxsize)

# The options of Spark's CSV source and sink that read and write RFC 4180 CSV as
# `spokenform csv` does: quotes doubled inside quoted fields (Spark's default escape
# is a backslash), no trimming of spaces (the writer trims by default), and every
# value a string (no type inference that would rewrite 007 as 7).
READ_OPTIONS = {"header": "true", "multiLine": "true", "escape": '"', "inferSchema": "false", "mode": "FAILFAST"}
WRITE_OPTIONS = {"header": "true", "escape": '"', "ignoreLeadingWhiteSpace": "false",
                 "ignoreTrailingWhiteSpace": "false", "lineSep": "\n"}


def spokenform_command(args):
    """The `spokenform csv` command line each partition runs (and the driver, for the header)."""
    command = [args.spokenform, "csv", "--locale", args.locale, "--quiet", "--jobs", "1"]
    for column in args.column:
        command += ["--column", column]
    if args.locale_column:
        command += ["--locale-column", args.locale_column]
    if args.replace:
        command.append("--replace")
    if args.suffix:
        command += ["--suffix", args.suffix]
    if args.number_spelling:
        command += ["--number-spelling", args.number_spelling]
    return command


def run_spokenform(command, header, rows):
    """Feeds `header` and `rows` to one `spokenform csv` process and yields its output
    rows after the header, in order. A writer thread feeds standard input while this
    generator reads standard output, so neither pipe fills up and blocks the other."""
    process = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, bufsize=1 << 20)
    failure = []

    def feed():
        try:
            with io.TextIOWrapper(process.stdin, encoding="utf-8", newline="") as stdin:
                writer = csv.writer(stdin, lineterminator="\n")
                writer.writerow(header)
                for row in rows:
                    writer.writerow(["" if cell is None else cell for cell in row])
        except BaseException as error:  # noqa: BLE001 (reported by the reading side)
            failure.append(error)

    feeder = threading.Thread(target=feed, daemon=True)
    feeder.start()
    reader = csv.reader(io.TextIOWrapper(process.stdout, encoding="utf-8", newline=""))
    next(reader, None)  # the header, already known to the driver
    for row in reader:
        yield row
    feeder.join()
    status = process.wait()
    if failure:
        raise RuntimeError(f"feeding spokenform failed: {failure[0]!r}")
    # 1: some cells could not be converted and kept their text (reported on stderr), as on one machine.
    if status not in (0, 1):
        raise RuntimeError(f"{' '.join(command)} exited with status {status} (see the executor's stderr)")


def output_header(command, header):
    """The converted file's header: what `spokenform csv` makes of the header row alone."""
    buffer = io.StringIO()
    csv.writer(buffer, lineterminator="\n").writerow(header)
    result = subprocess.run(command, input=buffer.getvalue().encode("utf-8"), capture_output=True)
    if result.returncode not in (0, 1):
        raise SystemExit(result.stderr.decode("utf-8", "replace").strip() or f"spokenform exited with {result.returncode}")
    return next(csv.reader(io.StringIO(result.stdout.decode("utf-8"), newline="")))


def sniff_line_separator(input_path):
    """The line end of a local file's first line ("\r\n" or "\n"); None for a file
    Spark reads from elsewhere (HDFS, S3), which is then left to Spark's detection."""
    path = input_path[len("file://"):] if input_path.startswith("file://") else input_path
    if "://" in path:
        return None
    if os.path.isdir(path):
        files = sorted(glob.glob(os.path.join(path, "*.csv")))
        if not files:
            return None
        path = files[0]
    with open(path, "rb") as source:
        start = source.read(1 << 20)
    end = start.find(b"\n")
    if end < 0:
        return None
    return "\r\n" if end > 0 and start[end - 1:end] == b"\r" else "\n"


def convert(spark, input_path, output_dir, args):
    """Runs the job: reads `input_path`, writes the converted CSV parts into `output_dir`."""
    from pyspark.sql.types import StringType, StructField, StructType

    # The executors unpickle `run_spokenform` by reference to this module: ship it to them.
    spark.sparkContext.addPyFile(os.path.abspath(__file__))
    options = dict(READ_OPTIONS)
    line_separator = {"lf": "\n", "crlf": "\r\n"}.get(args.line_sep) or sniff_line_separator(input_path)
    if line_separator:
        # Given explicitly, Spark's multiLine reader keeps a CRLF inside a quoted field as
        # it is; left to detect it, Spark turns it into LF (univocity's normalisation).
        options["lineSep"] = line_separator
    frame = spark.read.options(**options).csv(input_path)
    header = frame.columns
    command = spokenform_command(args)
    columns = output_header(command, header)

    partitions = args.partitions or spark.sparkContext.defaultParallelism
    rows = frame.rdd.map(tuple)
    if partitions > 1:
        # A multiLine file is read as one partition (a record boundary cannot be found
        # without reading from the start); spread it by row number in contiguous ranges,
        # so partition i holds rows before those of partition i + 1 and order is kept.
        rows = rows.zipWithIndex().map(lambda pair: (pair[1], pair[0])) \
                   .sortByKey(numPartitions=partitions).values()

    converted = rows.mapPartitions(lambda part: run_spokenform(command, header, part))
    schema = StructType([StructField(f"_{index}", StringType()) for index in range(len(columns))])
    # Spark would rename duplicate or odd header names; the header is written by us instead.
    (spark.createDataFrame(converted, schema).toDF(*columns)
        .write.options(**WRITE_OPTIONS).mode("overwrite").csv(output_dir))


def join_parts(output_dir, destination):
    """Joins Spark's part files, in order, into one CSV file with one header."""
    parts = sorted(glob.glob(os.path.join(output_dir, "part-*")))
    with open(destination, "w", encoding="utf-8", newline="") as out:
        writer = csv.writer(out, lineterminator="\n")
        wrote_header = False
        for part in parts:
            with open(part, encoding="utf-8", newline="") as source:
                reader = csv.reader(source)
                header = next(reader, None)
                if header is None:
                    continue
                if not wrote_header:
                    writer.writerow(header)
                    wrote_header = True
                writer.writerows(reader)


def parse_arguments(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("input", help="CSV file (or folder of CSV files) with a header row")
    parser.add_argument("output", help="folder for Spark's part files")
    parser.add_argument("--locale", required=True, help="locale of the values, e.g. fr-FR")
    parser.add_argument("--column", action="append", required=True, help="NAME=KIND[:OPTION...], as spokenform csv --column; repeatable")
    parser.add_argument("--locale-column", help="column holding each row's locale, e.g. lang")
    parser.add_argument("--replace", action="store_true", help="the spoken form replaces the cell")
    parser.add_argument("--suffix", help="suffix of the added columns (default _spoken)")
    parser.add_argument("--number-spelling", help="traditional or reform (French)")
    parser.add_argument("--line-sep", choices=["auto", "lf", "crlf"], default="auto",
                        help="the file's line end; auto reads it from a local file's first line (default auto)")
    parser.add_argument("--partitions", type=int, help="partitions to convert in (default: Spark's default parallelism)")
    parser.add_argument("--spokenform", default="spokenform", help="path of the spokenform binary on the executors")
    parser.add_argument("--master", default=None, help="Spark master when run with python3, e.g. local[2] (default local[*])")
    parser.add_argument("--single-file", help="also join the parts into this one CSV file")
    return parser.parse_args(argv)


def main(argv=None):
    args = parse_arguments(argv)
    from pyspark.sql import SparkSession

    builder = SparkSession.builder.appName("spokenform")
    if args.master or "SPARK_MASTER" not in os.environ:
        builder = builder.master(args.master or "local[*]")
    spark = builder.getOrCreate()
    spark.sparkContext.setLogLevel("WARN")
    try:
        convert(spark, args.input, args.output, args)
    finally:
        spark.stop()
    if args.single_file:
        join_parts(args.output, args.single_file)


if __name__ == "__main__":
    main()
