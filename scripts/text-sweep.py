#!/usr/bin/env python3
"""Run every string of the sample catalogs (../shared/samples: an .xcstrings catalog and .strings
files) through `spokenform text` in its language, for a person to read.
  scripts/text-sweep.py [SPOKENFORM [OUT-DIR [SAMPLES-DIR]]]
Writes, per locale, OUT-DIR/<locale>.changed.tsv (written TAB spoken) and <locale>.digits.tsv
(strings left unchanged that hold digits), and prints the counts."""
import json, re, subprocess, sys, os, collections
HERE = os.path.dirname(os.path.abspath(__file__))
BIN = sys.argv[1] if len(sys.argv) > 1 else os.path.join(HERE, '..', '.build', 'debug', 'spokenform')
OUT = sys.argv[2] if len(sys.argv) > 2 else 'text-sweep'
S = sys.argv[3] if len(sys.argv) > 3 else os.path.join(HERE, '..', '..', 'shared', 'samples')
LOCALES = {'en': 'en-US', 'de': 'de-DE', 'fr': 'fr-FR', 'es': 'es-ES', 'it': 'it-IT', 'pt': 'pt-BR', 'pt-BR': 'pt-BR', 'pt-PT': 'pt-PT', 'nl': 'nl-NL'}
strings = collections.defaultdict(set)

def strings_file(path, encoding):
    text = open(path, encoding=encoding).read()
    for m in re.finditer(r'"((?:[^"\\]|\\.)*)"\s*=\s*"((?:[^"\\]|\\.)*)"\s*;', text):
        yield re.sub(r'\\(.)', lambda e: '\n' if e.group(1) == 'n' else e.group(1), m.group(2))

cat = json.load(open(f'{S}/ViennaRSS_vienna-rss_Localizable.xcstrings'))
for key, entry in cat['strings'].items():
    locs = entry.get('localizations', {})
    if 'en' not in locs:
        strings['en-US'].add(key)
    for lang, loc in locs.items():
        if lang not in LOCALES: continue
        units = []
        if 'stringUnit' in loc: units.append(loc['stringUnit'])
        for var in loc.get('variations', {}).values():
            for v in var.values():
                if 'stringUnit' in v: units.append(v['stringUnit'])
        for u in units:
            strings[LOCALES[lang]].add(u['value'])
for v in strings_file(f'{S}/duckduckgo_apple-browsers_iOS_de.lproj_Localizable.utf8.strings', 'utf-8'):
    strings['de-DE'].add(v)
for v in strings_file(f'{S}/sequelpro_sequelpro_English.lproj_Localizable.utf16le.strings', 'utf-16'):
    strings['en-US'].add(v)

os.makedirs(OUT, exist_ok=True)
for locale, values in sorted(strings.items()):
    values = sorted(v for v in values if v.strip())
    lines = [v.replace('\n', ' ').replace('\r', ' ') for v in values]
    result = subprocess.run([BIN, 'text', '--locale', locale], input='\n'.join(lines) + '\n', capture_output=True, text=True)
    outs = result.stdout.split('\n')
    changed, digits = [], []
    for written, spoken in zip(lines, outs):
        if spoken != written:
            changed.append(f'{written}\t{spoken}')
        elif re.search(r'\d', written):
            digits.append(written)
    open(f'{OUT}/{locale}.changed.tsv', 'w').write('\n'.join(changed) + '\n')
    open(f'{OUT}/{locale}.digits.tsv', 'w').write('\n'.join(digits) + '\n')
    print(locale, len(lines), 'strings,', len(changed), 'changed,', len(digits), 'left with digits', 'exit', result.returncode, len(outs) - 1)
