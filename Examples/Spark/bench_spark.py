#!/usr/bin/env python3
"""Throughput (not in CI): rows per second of the Spark job in local[1] and local[2]
against `spokenform csv --jobs 1` and `--jobs 2` on the same file, measured in one run.

    swift build -c release --package-path Examples/Server --product spokenform
    python3 Examples/Spark/bench_spark.py --spokenform Examples/Server/.build/release/spokenform [--rows 1000000]

The file is the Spark test's generator at scale: id, lang (fr-FR, en-US, de-DE, es-ES),
a number, a rank, a note (every third one with quoted line breaks) and a date; three
columns are converted with the row's locale. Spark's time is the job alone (reading,
converting, writing the parts); starting the JVM is given apart.
"""

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import spokenform_spark  # noqa: E402
from test_spokenform_spark import make_file_with_line_breaks  # noqa: E402


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--spokenform", required=True)
    parser.add_argument("--rows", type=int, default=1_000_000)
    options = parser.parse_args()
    spokenform = os.path.abspath(options.spokenform)
    directory = tempfile.mkdtemp(prefix="spokenform-bench-")
    try:
        path = os.path.join(directory, "in.csv")
        make_file_with_line_breaks(path, options.rows)
        megabytes = os.path.getsize(path) / (1 << 20)
        columns = ["--locale", "en-US", "--locale-column", "lang", "--column", "amount=number",
                   "--column", "rank=ordinal", "--column", "day=date"]
        print(f"{options.rows} rows, {megabytes:.0f} MiB; load before: {open('/proc/loadavg').read().split()[:3]} on {os.cpu_count()} cores")

        results = []
        for jobs in (1, 2):
            command = [spokenform, "csv", path, "-o", os.path.join(directory, f"out{jobs}.csv"), "--quiet", "--jobs", str(jobs)] + columns
            start = time.monotonic()
            status = subprocess.run(command, stderr=subprocess.DEVNULL).returncode
            elapsed = time.monotonic() - start
            assert status in (0, 1), status
            results.append((f"spokenform csv --jobs {jobs}", elapsed))

        from pyspark.sql import SparkSession
        for cores in (1, 2):
            start = time.monotonic()
            spark = (SparkSession.builder.master(f"local[{cores}]").appName("spokenform-bench")
                     .config("spark.ui.enabled", "false").config("spark.ui.showConsoleProgress", "false")
                     .config("spark.driver.host", "127.0.0.1").config("spark.driver.bindAddress", "127.0.0.1")
                     .config("spark.driver.memory", "4g").getOrCreate())
            spark.sparkContext.setLogLevel("ERROR")
            started = time.monotonic() - start
            args = spokenform_spark.parse_arguments([path, os.path.join(directory, f"spark{cores}"), "--spokenform", spokenform,
                                                     "--partitions", str(cores)] + columns)
            start = time.monotonic()
            spokenform_spark.convert(spark, path, args.output, args)
            elapsed = time.monotonic() - start
            spark.stop()
            results.append((f"Spark local[{cores}] (JVM start {started:.1f} s apart)", elapsed))

        print(f"{'run':<44} {'seconds':>8} {'rows/s':>10}")
        for name, elapsed in results:
            print(f"{name:<44} {elapsed:8.1f} {options.rows / elapsed:10.0f}")
        print(f"load after: {open('/proc/loadavg').read().split()[:3]}")
    finally:
        shutil.rmtree(directory, ignore_errors=True)


if __name__ == "__main__":
    main()
