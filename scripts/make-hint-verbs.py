#!/usr/bin/env python3
"""Builds Locales/<lang>/hint-verbs.txt: the verb forms an accessibility hint may start
with (the linter's `hint-not-verb` rule), for fr en es it pt (from mlconjug3's
conjugation tables) and de nl (from simplemma's lemma dictionaries).

Not run by CI: the generated lists are committed. To regenerate:

    pip install mlconjug3==4.0.1 simplemma==2.0.0
    python3 scripts/make-hint-verbs.py            # writes Locales/*/hint-verbs.txt

Sources and licences (recorded in each generated file):
- mlconjug3 4.0.1 (PyPI), MIT licence; its conjugation tables for fr en es it pt derive
  from Verbiste (Pierre Sarrazin). Only the tables are read (conjugation-XX.json,
  verbs-XX.json), not the machine-learned model: every form is a table form. A form is
  kept only when simplemma's dictionary of the language also holds it (verbs in use).
- simplemma 2.0.0 (PyPI), MIT licence; form -> lemma dictionaries. German and Dutch have
  no conjugation table there, so a verb is a lemma in -en/-ern/-eln (de) or -en (nl) for
  which the dictionary also holds its regular third-person present ("öffnen" ->
  "öffnet", "openen" -> "opent"); the infinitive, that form and the imperative the
  dictionary holds ("öffne", "open", "tik") are kept.

Which forms start a hint, per language (the guides' examples):
- fr: infinitive ("Ouvrir…"), 3rd person singular present ("Ouvre le menu."),
  imperative ("Touchez deux fois…", "Ouvre").
- en: base form ("Open…", "Double-tap to…") and 3rd person singular ("Opens the menu.").
- es it pt: infinitive, 3rd person singular present ("Abre el menú."), imperative of
  tú/tu and usted/você/Lei ("Toca", "Toque dos veces").
- de nl: infinitive ("Doppeltippen…"), 3rd person singular present ("Öffnet das Menü.",
  "Opent het menu.") and the imperative ("Tik twee keer").
"""
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
LOCALES = os.path.join(os.path.dirname(HERE), "Locales")


# Table rows of the imperative a hint uses: fr tu (0) and vous (2); es tú (0) and usted
# (1); it and pt tu (1) and Lei/você (2) (their row 0 is empty).
IMPERATIVE_PERSONS = {"fr": {0, 2}, "es": {0, 1}, "it": {1, 2}, "pt": {1, 2}}


def mlconjug_forms(lang):
    import mlconjug3
    base = os.path.join(os.path.dirname(mlconjug3.__file__), "data", "conjug_manager")
    verbs = json.load(open(os.path.join(base, f"verbs-{lang}.json"), encoding="utf-8"))
    templates = json.load(open(os.path.join(base, f"conjugation-{lang}.json"), encoding="utf-8"))
    forms = set()

    def add(word):
        if not word or not isinstance(word, str):
            return
        word = word.strip()
        # Table artefacts: placeholders in capitals, clitics ("-se"), alternatives ("a/b").
        if not word.isalpha() or any(c.isupper() for c in word):
            return
        forms.add(word.lower())

    for verb, info in verbs.items():
        if "-" in verb or " " in verb or "'" in verb:
            continue
        # The root is the verb less the template's ending (after ':'); the tables' own
        # "root" is empty when that ending is empty ("open" with template "deject:").
        ending = info["template"].split(":", 1)[1] if ":" in info["template"] else ""
        root = verb[: len(verb) - len(ending)] if verb.endswith(ending) else info["root"]
        template = templates.get(info["template"])
        if template is None:
            continue
        if lang == "en":
            add(verb)
            present = template.get("indicative", {}).get("indicative present")
            third = present[2][1] if present else None
            if third and third.isalpha():
                add(root + third)
            else:
                add(english_third_person(verb))
            continue
        for mood, tenses in template.items():
            mood_lower = mood.lower()
            for tense, persons in tenses.items():
                tense_lower = tense.lower()
                if "infinit" in mood_lower:
                    if isinstance(persons, str):
                        add(root + persons)
                    elif persons and "pessoal" not in tense_lower and persons[0][1]:
                        add(root + persons[0][1])
                    continue
                if not isinstance(persons, list):
                    continue
                endings = {p: e for p, e in persons}
                if "imperat" in mood_lower and "non" not in tense_lower and "negativ" not in tense_lower:
                    # The persons a hint addresses: fr tu, vous; es it pt tú/tu and usted/você/Lei (the
                    # formal imperative is the present subjunctive's third person: "Toque").
                    for person, ending in endings.items():
                        if ending and person in IMPERATIVE_PERSONS[lang]:
                            add(root + ending)
                elif ("indicati" in mood_lower and tense_lower.endswith(("présent", "presente", "indicativo presente"))) \
                        :
                    if "composto" in tense_lower or "perfect" in tense_lower:
                        continue
                    if endings.get(2):
                        add(root + endings[2])
    return forms


def english_third_person(verb):
    if verb.endswith(("s", "sh", "ch", "x", "z", "o")):
        return verb + "es"
    if verb.endswith("y") and len(verb) > 1 and verb[-2] not in "aeiou":
        return verb[:-1] + "ies"
    return verb + "s"


def simplemma_forms(lang):
    from simplemma.strategies.dictionaries.dictionary_factory import DefaultDictionaryFactory
    dictionary = DefaultDictionaryFactory().get_dictionary(lang)
    pairs = {}
    for form, lemma in dictionary.items():
        form = form.decode() if isinstance(form, bytes) else form
        lemma = lemma.decode() if isinstance(lemma, bytes) else lemma
        pairs.setdefault(lemma, set()).add(form)
    forms = set()
    endings = ("ern", "eln", "en") if lang == "de" else ("en",)
    for lemma, inflected in pairs.items():
        if not lemma.isalpha() or not lemma.islower() or len(lemma) < 4:
            continue
        ending = next((e for e in endings if lemma.endswith(e)), None)
        if ending is None:
            continue
        stem = lemma[: -len(ending)] + (ending[:-1] if ending in ("ern", "eln") else "")
        if lang == "de":
            candidates = {stem + "t", stem + "et", stem + "e"}  # öffnet, arbeitet; imperative öffne
        else:
            short = stem[:-1] if len(stem) > 2 and stem[-1] == stem[-2] else stem  # tikken -> tik
            candidates = {short + "t", short}  # opent, tikt; imperative open, tik
        found = sorted(c for c in candidates if c in inflected and c != lemma)
        if not any(c.endswith("t") for c in found):
            continue
        if found:
            forms.add(lemma)
            forms.update(found)
    return forms


HEADER = """# Verb forms an accessibility hint may begin with ({lang}), for the linter's `hint-not-verb`
# rule: one lowercase word per line. GENERATED by scripts/make-hint-verbs.py: do not edit by
# hand; add missing words to hint-verbs-extra in labels.txt instead.
# Source: {source}
# Forms: {forms}
# {count} words.
"""

SOURCES = {
    "fr": ("mlconjug3 4.0.1 (PyPI, MIT licence), conjugation tables derived from Verbiste; forms attested in simplemma 2.0.0 (MIT)", "infinitive, 3rd person singular present indicative, imperative"),
    "en": ("mlconjug3 4.0.1 (PyPI, MIT licence), English verb list; forms attested in simplemma 2.0.0 (MIT)", "base form (imperative, infinitive), 3rd person singular present"),
    "es": ("mlconjug3 4.0.1 (PyPI, MIT licence), conjugation tables derived from Verbiste; forms attested in simplemma 2.0.0 (MIT)", "infinitive, 3rd person singular present indicative, imperative (tu and formal)"),
    "it": ("mlconjug3 4.0.1 (PyPI, MIT licence), conjugation tables derived from Verbiste; forms attested in simplemma 2.0.0 (MIT)", "infinitive, 3rd person singular present indicative, imperative (tu and formal)"),
    "pt": ("mlconjug3 4.0.1 (PyPI, MIT licence), conjugation tables derived from Verbiste; forms attested in simplemma 2.0.0 (MIT)", "infinitive, 3rd person singular present indicative, imperative (tu and formal)"),
    "de": ("simplemma 2.0.0 (PyPI, MIT licence), form-to-lemma dictionary", "infinitive and regular 3rd person singular present of lemmas in -en/-ern/-eln whose 3rd person form the dictionary holds"),
    "nl": ("simplemma 2.0.0 (PyPI, MIT licence), form-to-lemma dictionary", "infinitive and regular 3rd person singular present of lemmas in -en whose 3rd person form the dictionary holds"),
}


def attested(lang):
    """Every word simplemma's dictionary knows (forms and lemmas): keeps the lists to
    verbs in use, not every verb a conjugation table can build."""
    from simplemma.strategies.dictionaries.dictionary_factory import DefaultDictionaryFactory
    words = set()
    for form, lemma in DefaultDictionaryFactory().get_dictionary(lang).items():
        words.add((form.decode() if isinstance(form, bytes) else form).lower())
        words.add((lemma.decode() if isinstance(lemma, bytes) else lemma).lower())
    return words


def main():
    langs = sys.argv[1:] or ["fr", "en", "es", "it", "pt", "de", "nl"]
    for lang in langs:
        if lang in ("fr", "en", "es", "it", "pt"):
            forms = mlconjug_forms(lang) & attested(lang)
        else:
            forms = simplemma_forms(lang)
        source, described = SOURCES[lang]
        path = os.path.join(LOCALES, lang, "hint-verbs.txt")
        with open(path, "w", encoding="utf-8") as out:
            out.write(HEADER.format(lang=lang, source=source, forms=described, count=len(forms)))
            for word in sorted(forms):
                out.write(word + "\n")
        print(f"{path}: {len(forms)} words")


if __name__ == "__main__":
    main()
