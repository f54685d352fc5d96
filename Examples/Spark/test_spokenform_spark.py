"""The Spark job's output equals `spokenform csv` on one machine, cell for cell.

    SPOKENFORM=.build/debug/spokenform python3 -m unittest Examples/Spark/test_spokenform_spark.py

Runs Spark in local mode (local[2], 3 partitions, so rows cross partitions and the
order has to be restored) on Examples/contacts.csv and on a generated file whose quoted
fields hold commas, doubled quotes and line breaks (LF and CRLF). One Spark session
serves every test: starting the JVM is most of the cost.
"""

import csv
import io
import os
import random
import shutil
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
import spokenform_spark  # noqa: E402

SPOKENFORM = os.path.abspath(os.environ.get("SPOKENFORM", os.path.join(ROOT, ".build", "debug", "spokenform")))


def cells(path):
    with open(path, encoding="utf-8", newline="") as source:
        return list(csv.reader(source))


def make_file_with_line_breaks(path, rows, seed=7):
    """A CSV whose quoted fields hold line breaks: every third row's note spans lines."""
    generator = random.Random(seed)
    locales = ["fr-FR", "en-US", "de-DE", "es-ES"]
    notes = ["simple", "deux\nlignes", "three\r\nlines\r\nhere", 'a "quoted" word, and a comma',
             "", "  spaces kept  ", "ligne\n\nvide", "über\nstraße"]
    with open(path, "w", encoding="utf-8", newline="") as out:
        writer = csv.writer(out, lineterminator="\r\n")
        writer.writerow(["id", "lang", "amount", "rank", "note", "day"])
        for index in range(rows):
            lang = locales[index % len(locales)]
            amount = str(generator.randint(-1_000_000, 1_000_000))
            # A value that cannot be converted: kept as it is, as spokenform csv does.
            if index % 97 == 5:
                amount = "beaucoup"
            day = f"{generator.randint(1990, 2030)}-{generator.randint(1, 12):02d}-{generator.randint(1, 28):02d}"
            writer.writerow([str(index + 1), lang, amount, str(generator.randint(1, 40)),
                             notes[index % len(notes)], day])


class SparkJobMatchesSpokenformCSV(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        if not os.access(SPOKENFORM, os.X_OK):
            raise unittest.SkipTest(f"{SPOKENFORM} is not built (swift build --product spokenform)")
        from pyspark.sql import SparkSession
        cls.spark = (SparkSession.builder.master("local[2]").appName("spokenform-test")
                     .config("spark.ui.enabled", "false").config("spark.ui.showConsoleProgress", "false").config("spark.driver.host", "127.0.0.1")
                     .config("spark.driver.bindAddress", "127.0.0.1").getOrCreate())
        cls.spark.sparkContext.setLogLevel("ERROR")
        cls.directory = tempfile.mkdtemp(prefix="spokenform-spark-")

    @classmethod
    def tearDownClass(cls):
        cls.spark.stop()
        shutil.rmtree(cls.directory, ignore_errors=True)

    def run_both(self, name, input_path, arguments):
        """Runs the Spark job and `spokenform csv` on `input_path`; returns both outputs' cells."""
        args = spokenform_spark.parse_arguments([input_path, os.path.join(self.directory, name),
                                                 "--spokenform", SPOKENFORM, "--partitions", "3"] + arguments)
        spokenform_spark.convert(self.spark, input_path, args.output, args)
        joined = os.path.join(self.directory, name + ".csv")
        spokenform_spark.join_parts(args.output, joined)
        parts = [part for part in os.listdir(args.output) if part.startswith("part-")]
        self.assertGreaterEqual(len(parts), 2, "the rows were not spread over partitions")

        reference = os.path.join(self.directory, name + ".reference.csv")
        command = spokenform_spark.spokenform_command(args)
        command[command.index("--jobs") + 1] = "2"
        command += [input_path, "-o", reference]
        status = subprocess.run(command, stderr=subprocess.DEVNULL).returncode
        self.assertIn(status, (0, 1))
        return cells(joined), cells(reference)

    def assertSameCells(self, spark, reference):
        self.assertEqual(len(spark), len(reference), "row count")
        for line, (got, expected) in enumerate(zip(spark, reference)):
            self.assertEqual(got, expected, f"row {line}")

    def test_contacts(self):
        spark, reference = self.run_both("contacts", os.path.join(ROOT, "Examples", "contacts.csv"), [
            "--locale", "fr-FR", "--locale-column", "lang", "--column", "birthday=date",
            "--column", "phone=phone", "--column", "balance=number", "--column", "order number=digits"])
        self.assertEqual(len(reference), 301)
        self.assertEqual(reference[0][:8], ["id", "name", "lang", "birthday", "birthday_spoken", "appointment", "phone", "phone_spoken"])
        # Row 4 is François Martin, fr: a spoken French balance, and his multi-line or quoted note kept.
        self.assertEqual(spark[4][1], "François Martin")
        self.assertEqual(spark[4][spark[0].index("balance_spoken")],
                         "un million huit cent quarante-trois mille huit cent soixante-quatre virgule quarante-cinq")
        self.assertTrue(any("\n" in cell for row in spark for cell in row), "contacts.csv has quoted line breaks")
        self.assertSameCells(spark, reference)

    def test_quoted_line_breaks_and_replace(self):
        path = os.path.join(self.directory, "breaks.csv")
        make_file_with_line_breaks(path, 2000)
        spark, reference = self.run_both("breaks", path, [
            "--locale", "en-US", "--locale-column", "lang", "--column", "amount=number",
            "--column", "rank=ordinal", "--column", "day=date", "--replace"])
        self.assertEqual(len(reference), 2001)
        self.assertEqual(spark[0], ["id", "lang", "amount", "rank", "note", "day"])
        self.assertEqual(spark[2][4], "deux\nlignes")
        self.assertEqual(spark[3][4], "three\r\nlines\r\nhere")
        self.assertEqual(spark[6][4], "  spaces kept  ")
        self.assertEqual(spark[6][2], "beaucoup")  # kept: not a number
        self.assertSameCells(spark, reference)


class ParallelRecipe(unittest.TestCase):
    """Docs/csv.md's GNU parallel recipe, for files without quoted line breaks."""

    def test_parallel_blocks_equal_one_run(self):
        if not os.access(SPOKENFORM, os.X_OK) or shutil.which("parallel") is None:
            self.skipTest("spokenform or GNU parallel missing")
        directory = tempfile.mkdtemp(prefix="spokenform-parallel-")
        self.addCleanup(shutil.rmtree, directory, True)
        path = os.path.join(directory, "in.csv")
        with open(path, "w", encoding="utf-8", newline="") as out:
            writer = csv.writer(out, lineterminator="\n")
            writer.writerow(["id", "balance", "note"])
            for index in range(20000):
                writer.writerow([index, f"{(index * 7919) % 100000},{index % 100:02d}", f'note "{index}", kept'])
        recipe = ("parallel --pipe --header : --keep-order --block 100k "
                  f"'{SPOKENFORM} csv --locale fr-FR --column balance=number --quiet | "
                  "{ if [ {#} -eq 1 ]; then cat; else tail -n +2; fi; }'")
        with open(path, "rb") as source:
            parallel = subprocess.run(["bash", "-c", recipe], stdin=source, capture_output=True, check=True).stdout
        single = subprocess.run([SPOKENFORM, "csv", path, "--locale", "fr-FR", "--column", "balance=number", "--quiet"],
                                capture_output=True, check=True).stdout
        rows = list(csv.reader(io.StringIO(single.decode("utf-8"), newline="")))
        self.assertEqual(len(rows), 20001)
        self.assertEqual(rows[2], ["1", "7919,01", "sept mille neuf cent dix-neuf virgule zéro un", 'note "1", kept'])
        self.assertEqual(rows[81][2], "trente-trois mille cinq cent vingt virgule quatre-vingts")
        self.assertTrue(parallel == single, "the blocks joined by GNU parallel differ from one run")


if __name__ == "__main__":
    unittest.main()
