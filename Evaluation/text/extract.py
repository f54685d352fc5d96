#!/usr/bin/env python3
"""Builds Evaluation/text/rows.tsv from other projects' test suites (never NeMo's).

    python3 Evaluation/text/extract.py NUM2WORDS TEXT2NUM_RS JS_WRITTEN_NUMBER INFLECT TEXT2NUM LINGUA_FRANCA OVOS_NUMBER_PARSER
    (git mirrors, e.g. /work/.mirror/savoirfairelinux+num2words/repo ...)

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


# ---------------------------------------------------------------------------------------------
# MycroftAI/lingua-franca: test/test_format_<lang>.py (pronounce_number, nice_time) and
# lingua_franca/res/text/<locale>/date_time_test.json (nice_year, nice_date, nice_date_time).
# The test files run against stand-ins that record each call and the string the test expects.
# The written form is what a UI in that locale shows for the value; the spoken form is the
# test's. Only calls whose written form an app shows are kept: speech=False calls (they expect
# a written form), scientific notation, bc years, relative dates ("tomorrow"), 12-hour times
# outside English, nice_number (it speaks a float as a fraction, which no UI writes) and
# nice_duration (no single written form) are left out. A 24-hour spoken time that uses a
# conversational form ("quarter past", "fünf nach", "et quart", "y media") is a different
# style, not an error: it gets the class `time-style` and is reported apart, as do "midi"/"minuit"
# for 12:xx/00:xx and minutes read digit by digit ("zerozero", "cero cero", "zero zero zero two").

LF_FILES = {"en": ("test/test_format.py", "en-US"), "de": ("test/test_format_de.py", "de-DE"),
            "fr": ("test/test_format_fr.py", "fr-FR"), "es": ("test/test_format_es.py", "es-ES"),
            "it": ("test/test_format_it.py", "it-IT"), "pt": ("test/test_format_pt.py", "pt-PT"),
            "nl": ("test/test_format_nl.py", "nl-NL")}
LF_JSON = {"en": "en-us", "de": "de-de", "fr": "fr-fr", "it": "it-it", "nl": "nl-nl"}
LF_ORDINAL = {"en": None, "de": ".", "fr": "e", "es": ".º", "it": "º", "pt": "º", "nl": "e"}
LF_DECIMAL = {"en": "."}
LF_GROUP = {"en": ",", "de": ".", "fr": "\u202f", "es": ".", "it": ".", "pt": "\u00a0", "nl": "."}
LF_YEAR = {"en": "in", "de": "im Jahr", "fr": "en", "it": "nel", "nl": "in"}
LF_DATE_LINK = {"en": " at ", "de": " um ", "fr": " ", "it": " alle ", "nl": " om "}
LF_CONVERSATIONAL = re.compile(r"(?i)\b(past|to|quarter|half|nach|vor|viertel|halb|et quart|moins|"
                               r"et demie|y media|y cuarto|menos|e meia|e um quarto|e mezza|e un quarto|"
                               r"meno|over|voor|kwart|midi|minuit|zerozero|cero cero|zero zero)\b")
WEEKDAYS = {  # Monday first
    "en": "Monday Tuesday Wednesday Thursday Friday Saturday Sunday",
    "de": "Montag Dienstag Mittwoch Donnerstag Freitag Samstag Sonntag",
    "fr": "lundi mardi mercredi jeudi vendredi samedi dimanche",
    "it": "lunedì martedì mercoledì giovedì venerdì sabato domenica",
    "nl": "maandag dinsdag woensdag donderdag vrijdag zaterdag zondag"}
MONTHS = {
    "en": "January February March April May June July August September October November December",
    "de": "Januar Februar März April Mai Juni Juli August September Oktober November Dezember",
    "fr": "janvier février mars avril mai juin juillet août septembre octobre novembre décembre",
    "it": "gennaio febbraio marzo aprile maggio giugno luglio agosto settembre ottobre novembre dicembre",
    "nl": "januari februari maart april mei juni juli augustus september oktober november december"}


class LFCall:
    def __init__(self, name, args, kwargs):
        self.name, self.args, self.kwargs = name, args, kwargs


class LFModule(types.ModuleType):
    def __getattr__(self, name):
        if name.startswith("__"):
            raise AttributeError(name)
        if name in ("get_default_lang", "default_timezone", "get_active_langs"):
            return lambda *a, **k: None
        return lambda *args, **kwargs: LFCall(name, args, kwargs)


def lf_group(lang, digits):
    if len(digits) <= 4:
        return digits
    out = ""
    while len(digits) > 3:
        out = LF_GROUP[lang] + digits[-3:] + out
        digits = digits[:-3]
    return digits + out


def lf_time(lang, hour, minute, twelve):
    if twelve:
        return f"{(hour - 1) % 12 + 1}:{minute:02d} {'AM' if hour < 12 else 'PM'}"
    return f"{hour}:{minute:02d}" if lang == "es" else f"{hour:02d}:{minute:02d}"


def lf_written(lang, call):
    """The written form of a recorded call, or None when no UI writes it."""
    kwargs = dict(call.kwargs)
    if call.name == "pronounce_number":
        names = ["number", "lang", "places", "short_scale", "scientific", "ordinals"]
        for name, value in zip(names[1:], call.args[1:]):
            kwargs[name] = value
        value = call.args[0] if call.args else kwargs.get("number")
        if kwargs.get("scientific") or isinstance(value, bool) or not isinstance(value, (int, float)):
            return None
        if value != value or value in (float("inf"), float("-inf")):
            return None
        short = kwargs.get("short_scale")
        if lang == "en" and short is False or lang != "en" and short is True:
            return None  # the scale the locale does not use
        if lang != "en" and short is None and abs(value) >= 10**9:
            return None  # lingua-franca's default is the short scale; the locale's is the long one
        if abs(value) >= 10**15:
            return None
        sign = "-" if value < 0 else ""
        if kwargs.get("ordinals"):
            if not float(value).is_integer() or value <= 0:
                return None
            n = int(value)
            if lang == "en":
                return english_ordinal(n)
            return str(n) + LF_ORDINAL[lang]
        if isinstance(value, float) and not value.is_integer():
            places = kwargs.get("places", 2)
            digits = len(format(Decimal(str(abs(value))), "f").split(".")[1])
            if places < 1 or places > digits and "places" in kwargs:
                return None  # rounded away, or padded with zeros the value does not have
            text = format(Decimal(str(abs(value))).quantize(Decimal(1).scaleb(-min(places, digits))), "f")
            if Decimal(text) == 0:
                return None  # 1.1e-150: spoken in scientific notation, written as 0.00
            whole, fraction = text.split(".")
            return sign + lf_group(lang, whole) + LF_DECIMAL.get(lang, ",") + fraction
        return sign + lf_group(lang, str(abs(int(value))))
    if call.name == "pronounce_ordinal_de" and call.args and call.args[0] > 0:
        return f"{call.args[0]}."
    if call.name == "nice_time":
        names = ["dt", "lang", "speech", "use_24hour", "use_ampm"]
        for name, value in zip(names[1:], call.args[1:]):
            kwargs[name] = value
        dt = call.args[0]
        if not kwargs.get("speech", True) or not hasattr(dt, "hour"):
            return None
        if kwargs.get("use_24hour"):
            return lf_time(lang, dt.hour, dt.minute, False)
        if lang != "en":
            return None  # 12-hour times are not what a UI in this locale shows
        return lf_time(lang, dt.hour, dt.minute, True)[:-3] if not kwargs.get("use_ampm") \
            else lf_time(lang, dt.hour, dt.minute, True)
    return None


def lf_date(lang, dt, with_year):
    weekday = WEEKDAYS[lang].split()[dt.weekday()]
    month = MONTHS[lang].split()[dt.month - 1]
    year = f" {dt.year}" if with_year else ""
    if lang == "en":
        return f"{weekday}, {month} {dt.day}" + ("," + year if with_year else "")
    if lang == "de":
        return f"{weekday}, {dt.day}. {month}{year}"
    return f"{weekday} {dt.day} {month}{year}"


def collect_lingua_franca(repo, rows):
    import datetime
    import json
    commit = subprocess.run(["git", "-C", repo, "rev-parse", "HEAD"], capture_output=True,
                            text=True).stdout.strip()[:12]
    for lang, (path, locale) in LF_FILES.items():
        source = subprocess.run(["git", "-C", repo, "show", f"HEAD:{path}"], capture_output=True,
                                text=True, check=True).stdout
        for name in ["lingua_franca", "lingua_franca.format", "lingua_franca.time", "lingua_franca.lang",
                     "lingua_franca.parse", "lingua_franca.config", "lingua_franca.util",
                     "lingua_franca.internal"] + ["lingua_franca.lang." + m for m in
                                                  set(re.findall(r"lingua_franca\.lang\.(\w+)", source))]:
            module = LFModule(name)
            module.__path__ = []
            sys.modules[name] = module
        calls = []

        def record(self, first, second, *args, **kwargs):
            if isinstance(first, LFCall) and isinstance(second, str):
                calls.append((first, second))

        namespace = {"__name__": "lf_" + lang}
        try:
            exec(compile(source, path, "exec"), namespace)
        except Exception as error:
            print(f"{path}: {error}", file=sys.stderr)
        for value in list(namespace.values()):
            if isinstance(value, type) and issubclass(value, unittest.TestCase):
                value.assertEqual = record
                for method in [m for m in dir(value) if m.startswith("test")]:
                    try:
                        case = value(method)
                        case.setUp()
                        getattr(case, method)()
                    except Exception:
                        pass
        for call, expected in calls:
            call_lang = call.kwargs.get("lang") or (call.args[1] if len(call.args) > 1 and isinstance(call.args[1], str) else None)
            if call_lang and not call_lang.lower().startswith(lang):
                continue
            text = lf_written(lang, call)
            if text is None or re.search(r"\d", expected):
                continue
            if call.name == "nice_time":
                klass = "time-style" if LF_CONVERSATIONAL.search(expected) else "time"
            elif call.name == "pronounce_ordinal_de" or call.kwargs.get("ordinals"):
                klass = "ordinal"
            else:
                klass = "decimal" if re.search(r"\d[.,]\d", text) else "cardinal"
            spoken = expected.replace(",", "")
            if lang == "en" and klass != "time":
                spoken = spoken.replace(" and ", " ")  # British "and" after hundreds
            key = (locale, text)
            previous = rows.get(key)
            if previous is not None and previous[2].startswith("lingua-franca") and spoken not in previous[1].split(" | "):
                spoken = previous[1] + " | " + spoken
            rows[key] = (klass, spoken, f"lingua-franca:{path}@{commit}")
        if lang not in LF_JSON:
            continue
        path = f"lingua_franca/res/text/{LF_JSON[lang]}/date_time_test.json"
        tests = json.loads(subprocess.run(["git", "-C", repo, "show", f"HEAD:{path}"], capture_output=True,
                                          text=True, check=True).stdout)
        parse = lambda text: datetime.datetime(*[int(x) for x in text.split(",")])
        for case in tests.get("test_nice_year", {}).values():
            dt = parse(case["datetime_param"])
            if case.get("bc") == "True" or dt.year < 1000:
                continue
            rows[(locale, f"{LF_YEAR[lang]} {dt.year}")] = (
                "date", f"{LF_YEAR[lang].lower()} {case['assertEqual']}", f"lingua-franca:{path}@{commit}")
        for case in tests.get("test_nice_date", {}).values():
            dt = parse(case["datetime_param"])
            now = None if case["now"] == "None" else parse(case["now"])
            if now is not None and abs((dt - now).days) < 7:
                continue  # today, tomorrow, "Sunday, the fourth": relative forms
            with_year = now is None or now.year != dt.year
            if now is not None and now.year == dt.year and now.month == dt.month:
                continue
            rows[(locale, lf_date(lang, dt, with_year))] = ("date", case["assertEqual"], f"lingua-franca:{path}@{commit}")
        for case in tests.get("test_nice_date_time", {}).values():
            dt = parse(case["datetime_param"])
            twelve = case["use_24hour"] != "True"
            if twelve and lang != "en":
                continue
            text = lf_date(lang, dt, True) + LF_DATE_LINK[lang] + lf_time(lang, dt.hour, dt.minute, twelve)
            rows[(locale, text)] = ("datetime", case["assertEqual"], f"lingua-franca:{path}@{commit}")


# ---------------------------------------------------------------------------------------------
# OpenVoiceOS/ovos-number-parser: tests/test_number_parser_<lang>.py. Only exact assertions on
# pronounce_number of an integer with no option but the language: `assertEqual(
# pronounce_number_fr(21), "vingt-et-un")` and the `expected = {N: "words"}` tables its loops
# check. Decimals are left out (it pads them with zeros: "zwei Komma fünf null null"), and so
# are assertIn checks, which do not give a whole reading.

OVOS_FILES = {"en": "en-US", "de": "de-DE", "fr": "fr-FR", "es": "es-ES", "it": "it-IT", "pt": None, "nl": "nl-NL"}


def collect_ovos_numbers(repo, rows):
    import ast
    commit = subprocess.run(["git", "-C", repo, "rev-parse", "HEAD"], capture_output=True,
                            text=True).stdout.strip()[:12]

    def integer(node):
        if isinstance(node, ast.Constant) and type(node.value) is int:
            return node.value
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
            inner = integer(node.operand)
            return None if inner is None else -inner
        return None

    def add(lang, locale, value, spoken, path):
        if value is None or abs(value) >= 10**15 or not isinstance(spoken, str) or re.search(r"\d", spoken):
            return
        spoken = " ".join(spoken.replace(",", "").split())
        if lang == "en":
            spoken = spoken.replace(" and ", " ")  # British "and" after hundreds
        text = ("-" if value < 0 else "") + lf_group(lang, str(abs(value)))
        key = (locale, text)
        previous = rows.get(key)
        if previous is not None and spoken not in previous[1].split(" | "):
            spoken = previous[1] + " | " + spoken
        rows[key] = ("cardinal", spoken, f"ovos-number-parser:{path}@{commit}")

    for lang, file_locale in OVOS_FILES.items():
        path = f"tests/test_number_parser_{lang}.py"
        tree = ast.parse(subprocess.run(["git", "-C", repo, "show", f"HEAD:{path}"], capture_output=True,
                                        text=True, check=True).stdout)
        for function in [n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef)]:
            calls = [n for n in ast.walk(function) if isinstance(n, ast.Call)]
            for call in calls:
                if not (isinstance(call.func, ast.Attribute) and call.func.attr == "assertEqual" and len(call.args) >= 2):
                    continue
                target, expected = call.args[0], call.args[1]
                if not isinstance(target, ast.Call) or not isinstance(expected, ast.Constant):
                    continue
                name = target.func.attr if isinstance(target.func, ast.Attribute) else getattr(target.func, "id", "")
                if not re.fullmatch(r"pronounce_number(_[a-z]{2})?", name) or len(target.args) != 1:
                    continue
                if any(k.arg != "lang" for k in target.keywords):
                    continue
                locale = file_locale
                if lang == "pt":
                    owner = getattr(target.func, "value", None)
                    locale = {"PT_BR": "pt-BR", "PT_PT": "pt-PT"}.get(getattr(owner, "id", ""))
                if locale is None:
                    continue
                value = integer(target.args[0])
                if value is not None:
                    add(lang, locale, value, expected.value, path)
            # `expected = {N: "words"}` checked by `assertEqual(pronounce_number(number, lang=..), spoken)`.
            checks_table = any(isinstance(c.func, ast.Attribute) and c.func.attr == "assertEqual" and c.args
                               and isinstance(c.args[0], ast.Call) and getattr(c.args[0].func, "id", "") == "pronounce_number"
                               and all(k.arg == "lang" for k in c.args[0].keywords) for c in calls)
            if not checks_table or file_locale is None:
                continue
            for node in ast.walk(function):
                if isinstance(node, ast.Assign) and isinstance(node.value, ast.Dict) and \
                        any(isinstance(t, ast.Name) and t.id == "expected" for t in node.targets):
                    for key, value in zip(node.value.keys, node.value.values):
                        if isinstance(value, ast.Constant):
                            add(lang, file_locale, integer(key), value.value, path)


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
            rows[(locale, text)] = (klass, spoken, f"num2words:{path}@{commit[:12]}")
    if len(sys.argv) > 6:
        # Added after the first five sources: a value they already hold keeps their reading,
        # so rows extracted before stay as they were.
        extra = {}
        collect_lingua_franca(sys.argv[6], extra)
        if len(sys.argv) > 7:
            collect_ovos_numbers(sys.argv[7], extra)
        for key, value in extra.items():
            rows.setdefault(key, value)
    with open(os.path.join(HERE, "rows.tsv"), "w", encoding="utf-8") as out:
        out.write("# split\tlocale\tclass\twritten\tspoken\tsource\n")
        for (locale, text), (klass, spoken, path) in sorted(rows.items()):
            digest = hashlib.sha1(f"{locale}\t{text}".encode()).digest()[0]
            split = "tuning" if digest % 2 == 0 else "untouched"
            out.write(f"{split}\t{locale}\t{klass}\t{text}\t{spoken}\t{path}\n")
    print(f"{len(rows)} rows")


if __name__ == "__main__":
    main()
