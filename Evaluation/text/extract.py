#!/usr/bin/env python3
"""Builds Evaluation/text/rows.tsv from other projects' test suites (never NeMo's).

    python3 Evaluation/text/extract.py NUM2WORDS TEXT2NUM_RS JS_WRITTEN_NUMBER INFLECT TEXT2NUM   (git mirrors)

num2words' per-language unit tests are executed against a stand-in `num2words` function that
records each (value, lang, to, kwargs) call and the string the test expects for it. Each call
becomes a row: the written form is the value as an app would write it in the locale (decimal
comma, ordinal suffix, currency symbol, a year after the locale's "in"), the spoken form is the
test's expected string. Rows are split by a hash of the written form: tuning or untouched.
Sources and their licences are listed in sources.tsv.
"""
import hashlib
import re
from unittest import mock
import os
import subprocess
import sys
import types
import unittest
from decimal import Decimal

HERE = os.path.dirname(os.path.abspath(__file__))

# test file -> (locale, lang)
FILES = {
    "tests/test_en.py": ("en-US", "en"),
    "tests/test_fr.py": ("fr-FR", "fr"),
    "tests/test_de.py": ("de-DE", "de"),
    "tests/test_es.py": ("es-ES", "es"),
    "tests/test_it.py": ("it-IT", "it"),
    "tests/test_pt_BR.py": ("pt-BR", "pt_BR"),
    "tests/test_pt.py": ("pt-PT", "pt"),
}
ORDINAL_SUFFIX = {"fr": "e", "de": ".", "es": ".º", "it": "º", "pt": "º", "pt_BR": "º"}
YEAR_WORD = {"en": ("in", "in"), "fr": ("en", "en"), "de": ("im Jahr", "im jahr"),
             "es": ("en", "en"), "it": ("nel", "nel"), "pt": ("em", "em"), "pt_BR": ("em", "em")}
CURRENCY_SYMBOL = {"EUR": "€", "USD": "$", "GBP": "£"}


class Call:
    def __init__(self, value, kwargs):
        self.value, self.kwargs = value, kwargs


def english_ordinal(n):
    if 10 <= n % 100 <= 20:
        return f"{n}th"
    return f"{n}" + {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")


def written(lang, to, value, kwargs):
    decimal_mark = "." if lang == "en" else ","
    if isinstance(value, str):
        try:
            value = Decimal(value) if "." in value else int(value)
        except Exception:
            return None
    if to == "cardinal":
        if isinstance(value, bool):
            return None
        if isinstance(value, int):
            return str(value) if abs(value) < 10**15 else None
        text = format(Decimal(str(value)), "f")
        return text.replace(".", decimal_mark)
    if to == "ordinal":
        if set(kwargs) - {"lang", "to", "ordinal"}:
            return None  # a gender or plural the written form cannot show
        if not isinstance(value, int) or value <= 0 or value >= 10**7:
            return None
        if lang == "en":
            return english_ordinal(value)
        if lang == "fr":
            return "1er" if value == 1 else f"{value}e"
        return f"{value}{ORDINAL_SUFFIX[lang]}"
    if to == "year":
        if not isinstance(value, int) or not 1000 <= value <= 2099:
            return None
        return f"{YEAR_WORD[lang][0]} {value}"
    if to == "currency":
        currency = kwargs.get("currency", "EUR")
        if currency not in CURRENCY_SYMBOL or set(kwargs) - {"currency", "lang", "to", "ordinal"}:
            return None
        amount = Decimal(str(value))
        if amount < 0 or amount != amount.quantize(Decimal("0.01")):
            return None
        text = format(amount.quantize(Decimal("0.01")), "f")
        if text.endswith(".00"):
            text = text[:-3]
        if lang == "en":
            return f"{CURRENCY_SYMBOL[currency]}{text}"
        return f"{text.replace('.', ',')} {CURRENCY_SYMBOL[currency]}"
    return None


def collect(repo, path):
    source = subprocess.run(["git", "-C", repo, "show", f"HEAD:{path}"], capture_output=True,
                            text=True, check=True).stdout
    calls = []
    module = types.ModuleType("num2words")
    module.num2words = lambda value, **kwargs: Call(value, kwargs)
    module.CONVERTER_CLASSES = {}
    module.__path__ = []
    sys.modules["num2words"] = module
    for name in set(re.findall(r"num2words\.(\w+)", source)):
        sys.modules["num2words." + name] = mock.MagicMock()

    def record(self, first, second, *args, **kwargs):
        if isinstance(first, Call) and isinstance(second, str):
            calls.append((first, second))

    namespace = {"__name__": "n2w_" + os.path.basename(path)[:-3]}
    try:
        exec(compile(source, path, "exec"), namespace)
    except Exception as error:  # an import the stand-in lacks: the file's tables still ran
        print(f"{path}: {error}", file=sys.stderr)
    for name, value in list(namespace.items()):
        if isinstance(value, type) and issubclass(value, unittest.TestCase):
            value.assertEqual = record
            for method in [m for m in dir(value) if m.startswith("test")]:
                try:
                    getattr(value(method), method)()
                except Exception:
                    pass
    return calls


MACRO = re.compile(r'assert_(text2digits|replace_numbers|replace_all_numbers)!\(\s*"((?:[^"\\]|\\.)*)"\s*,\s*"((?:[^"\\]|\\.)*)"\s*,?\s*\)', re.S)
TEXT2NUM_LOCALES = {"en": "en-US", "fr": "fr-FR", "de": "de-DE", "es": "es-ES", "it": "it-IT", "pt": "pt-BR"}  # text2num writes Brazilian forms ("dezesseis")


def text2num_class(written):
    if re.search(r"\d(st|nd|rd|th|e|er|ème|ème|º|ª|°|o|a|ten|te|ter|tes)s?\b", written):
        return "ordinal"
    if re.search(r"\d[.,]\d", written):
        return "decimal"
    if re.fullmatch(r"[-+]?\d+", written):
        return "cardinal"
    return "sentence"


def collect_text2num(repo, rows):
    """text2num-rs' own tests read backwards: the digits it writes are our written form, the
    words it reads are the spoken form. Several spellings of one value are all accepted."""
    commit = subprocess.run(["git", "-C", repo, "rev-parse", "HEAD"], capture_output=True,
                            text=True).stdout.strip()
    alternatives = {}
    for lang, locale in TEXT2NUM_LOCALES.items():
        path = f"src/lang/{lang}/mod.rs"
        source = subprocess.run(["git", "-C", repo, "show", f"HEAD:{path}"], capture_output=True,
                                text=True, check=True).stdout
        for kind, words, digits in MACRO.findall(source):
            words, digits = (bytes(x, "utf-8").decode("unicode_escape").encode("latin-1").decode("utf-8")
                             for x in (words, digits))
            if not re.search(r"\d", digits) or re.search(
                    r"(?i)\b(komma|virgule|vírgula|coma|virgola|point)\b", digits):
                continue  # nothing to read, or a half-converted decimal nobody writes
            key = (locale, digits)
            alternatives.setdefault(key, [])
            if words not in alternatives[key]:
                alternatives[key].append(words)
            rows[key] = (text2num_class(digits), " | ".join(alternatives[key]),
                         f"text2num-rs:{path}@{commit[:12]}")


WRITTEN_NUMBER_LANGS = {"en": "en-US", "es": "es-ES", "pt": "pt-BR", "ptPT": "pt-PT", "fr": "fr-FR", "it": "it-IT"}


def git_show(repo, path):
    commit = subprocess.run(["git", "-C", repo, "rev-parse", "HEAD"], capture_output=True, text=True).stdout.strip()
    text = subprocess.run(["git", "-C", repo, "show", f"HEAD:{path}"], capture_output=True, text=True, check=True).stdout
    return text, commit[:12]


def collect_written_number(repo, rows):
    """js-written-number's mocha tests: `writtenNumber(N).should.equal("words")` per language block."""
    path = "test/index.test.js"
    source, commit = git_show(repo, path)
    lang = None
    for line in source.splitlines():
        m = re.search(r'writtenNumber\.defaults\.lang = "(\w*)"', line)
        if m:
            lang = m.group(1)
            continue
        for value, words in re.findall(r'writtenNumber\((\d+)\)\.should\.equal\("([^"]+)"\)', line):
            if lang not in WRITTEN_NUMBER_LANGS or int(value) >= 10**15:
                continue
            spoken = words.replace(" and ", " ") if lang == "en" else words
            rows[(WRITTEN_NUMBER_LANGS[lang], value)] = ("cardinal", spoken, f"js-written-number:{path}@{commit}")


def collect_inflect(repo, rows):
    """inflect's number_to_words table: [digits, words, ..., ordinal words] (British "and" dropped)."""
    import ast
    path = "tests/test_numwords.py"
    source, commit = git_show(repo, path)
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.List) or len(node.elts) != 6:
            continue
        if not all(isinstance(e, ast.Constant) and isinstance(e.value, str) for e in node.elts):
            continue
        digits, words, *_, ordinal = [e.value for e in node.elts]
        if not re.fullmatch(r"\d{1,15}", digits):
            continue
        clean = lambda w: w.replace(" and ", " ").replace(",", "")
        rows[("en-US", digits)] = ("cardinal", clean(words), f"inflect:{path}@{commit}")
        if int(digits) > 0:
            rows[("en-US", english_ordinal(int(digits)))] = ("ordinal", clean(ordinal), f"inflect:{path}@{commit}")


TEXT2NUM_PY_COMMIT = "f1c2a56be0e98f55186bde723d192881eff47721"  # last commit with the Python tests


def collect_text2num_python(repo, rows):
    """The Python text2num's tests (before its move to Rust), read backwards like text2num-rs':
    `text2num("words", lang) == N` and `alpha2digit(source, lang) == expected`."""
    import ast
    for lang, locale in TEXT2NUM_LOCALES.items():
        path = f"tests/test_text_to_num_{lang}.py"
        result = subprocess.run(["git", "-C", repo, "show", f"{TEXT2NUM_PY_COMMIT}:{path}"], capture_output=True, text=True)
        if result.returncode != 0:
            continue
        tree = ast.parse(result.stdout)
        for function in [n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef)]:
            names = {}
            # Statements in source order: `source = ...; expected = ...; assertEqual(...)` pairs.
            nodes = sorted((n for n in ast.walk(function) if isinstance(n, (ast.Assign, ast.Call))),
                           key=lambda n: (n.lineno, n.col_offset))
            for node in nodes:
                if isinstance(node, ast.Assign):
                    if len(node.targets) == 1 and isinstance(node.targets[0], ast.Name) and isinstance(node.value, ast.Constant):
                        names[node.targets[0].id] = node.value.value
                    continue
                if not (isinstance(node.func, ast.Attribute) and node.func.attr == "assertEqual" and len(node.args) == 2):
                    continue
                call, other = node.args
                if not (isinstance(call, ast.Call) and isinstance(call.func, ast.Name) and call.args):
                    continue
                if call.keywords and any(k.arg in ("relaxed", "threshold") for k in call.keywords):
                    continue
                def value(expr):
                    if isinstance(expr, ast.Constant):
                        return expr.value
                    if isinstance(expr, ast.Name):
                        return names.get(expr.id)
                    return None
                words, result_value = value(call.args[0]), value(other)
                if not isinstance(words, str) or result_value is None:
                    continue
                if call.func.id == "text2num" and isinstance(result_value, int) and result_value >= 0:
                    digits = str(result_value)
                elif call.func.id == "alpha2digit" and isinstance(result_value, str):
                    digits = result_value
                else:
                    continue
                if not re.search(r"\d", digits) or re.search(r"(?i)\b(komma|virgule|vírgula|coma|virgola|point|threshold)\b", digits) \
                        or re.search(r"[\t\n|]", digits + words):
                    continue
                key = (locale, digits)
                previous = rows.get(key)
                # Only a bare value collects alternative spellings; a sentence keeps its first reading
                # (a reused `expected` variable could pair it with another test's source).
                if previous is not None and (words in previous[1].split(" | ") or text2num_class(digits) == "sentence"):
                    continue
                spoken = words if previous is None else previous[1] + " | " + words
                rows[key] = (text2num_class(digits), spoken, f"text2num:{path}@{TEXT2NUM_PY_COMMIT[:12]}")


def main():
    repo = sys.argv[1]
    commit = subprocess.run(["git", "-C", repo, "rev-parse", "HEAD"], capture_output=True,
                            text=True).stdout.strip()
    rows = {}
    if len(sys.argv) > 2:
        collect_text2num(sys.argv[2], rows)
    if len(sys.argv) > 3:
        collect_written_number(sys.argv[3], rows)
    if len(sys.argv) > 4:
        collect_inflect(sys.argv[4], rows)
    if len(sys.argv) > 5:
        collect_text2num_python(sys.argv[5], rows)
    for path, (locale, lang) in FILES.items():
        for call, expected in collect(repo, path):
            if call.kwargs.get("lang", "en") not in (lang, lang.replace("_", "-")):
                continue
            to = call.kwargs.get("to", "ordinal" if call.kwargs.get("ordinal") else "cardinal")
            text = written(lang, to, call.value, call.kwargs)
            if text is None:
                continue
            spoken = expected
            klass = {"cardinal": "decimal" if any(c in text for c in ".,") else "cardinal",
                     "ordinal": "ordinal", "year": "date", "currency": "money"}[to]
            if to == "year":
                spoken = f"{YEAR_WORD[lang][1]} {expected}"
            if lang == "en" and klass in ("cardinal", "decimal", "ordinal"):
                # num2words writes the British "and" after hundreds; US English (and the
                # held-out measure's convention) says "one hundred twenty".
                spoken = spoken.replace(" and ", " ")
            rows[(locale, text)] = (klass, spoken, path)
    with open(os.path.join(HERE, "rows.tsv"), "w", encoding="utf-8") as out:
        out.write("# split\tlocale\tclass\twritten\tspoken\tsource\n")
        for (locale, text), (klass, spoken, path) in sorted(rows.items()):
            digest = hashlib.sha1(f"{locale}\t{text}".encode()).digest()[0]
            split = "tuning" if digest % 2 == 0 else "untouched"
            out.write(f"{split}\t{locale}\t{klass}\t{text}\t{spoken}\tnum2words:{path}@{commit[:12]}\n")
    print(f"{len(rows)} rows")


if __name__ == "__main__":
    main()
