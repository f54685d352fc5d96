#!/usr/bin/env python3
"""Run every string of the sample catalogs (../shared/samples: an .xcstrings catalog and .strings
files) through `spokenform text` in its language, for a person to read.
  scripts/text-sweep.py [SPOKENFORM [OUT-DIR [SAMPLES-DIR]]]
  scripts/text-sweep.py SPOKENFORM OUT-DIR --folder DIR
With --folder, every .strings (UTF-8 or UTF-16), .stringsdict and .xcstrings file under DIR is read,
its language taken from the `xx.lproj` folder it is in (Base and en: en-US) or from the catalog.
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

def catalog(path):
  cat = json.load(open(path, encoding='utf-8-sig'))
  for key, entry in cat.get('strings', {}).items():
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
def text_of(path):
    raw = open(path, 'rb').read()
    if raw[:2] in (b'\xff\xfe', b'\xfe\xff'): return raw.decode('utf-16')
    if len(raw) > 1 and raw[1:2] == b'\x00': return raw.decode('utf-16-le')
    return raw.decode('utf-8', 'replace').lstrip('\ufeff')

def plist_strings(path):
    import plistlib
    def walk(v):
        if isinstance(v, dict):
            for k, x in v.items():
                if k not in ('NSStringFormatSpecTypeKey', 'NSStringFormatValueTypeKey'): yield from walk(x)
        elif isinstance(v, str): yield v
    try: yield from walk(plistlib.loads(open(path, 'rb').read()))
    except Exception: return

if '--folder' in sys.argv:
    folder = sys.argv[sys.argv.index('--folder') + 1]
    for root, _, files in os.walk(folder):
        for f in files:
            path = os.path.join(root, f)
            m = re.search(r'(?:^|/)([A-Za-z]{2}(?:-[A-Za-z]{2})?|Base)\.lproj/', path)
            lang = m.group(1) if m else None
            if lang in ('Base', 'en-GB'): lang = 'en'
            if f.endswith('.xcstrings'): catalog(path)
            elif lang not in LOCALES: continue
            elif f.endswith('.strings'):
                for v in re.finditer(r'"((?:[^"\\]|\\.)*)"\s*=\s*"((?:[^"\\]|\\.)*)"\s*;', text_of(path)):
                    strings[LOCALES[lang]].add(re.sub(r'\\(.)', lambda e: '\n' if e.group(1) == 'n' else e.group(1), v.group(2)))
            elif f.endswith('.stringsdict'):
                for v in plist_strings(path): strings[LOCALES[lang]].add(v)
else:
  catalog(f'{S}/ViennaRSS_vienna-rss_Localizable.xcstrings')
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
    # every rewrite once, with how often it occurs and the words around its first occurrence
    js = subprocess.run([BIN, 'text', '--locale', locale, '--format', 'json'], input='\n'.join(lines) + '\n', capture_output=True, text=True)
    seen = collections.OrderedDict()
    for row in js.stdout.split('\n'):
        if not row.strip(): continue
        try: doc = json.loads(row)
        except ValueError: continue
        for rw in doc.get('rewrites', []):
            key = (rw['kind'], rw['original'], rw['spoken'])
            if key in seen: seen[key][0] += 1; continue
            a, b = rw['scalars']['start'], rw['scalars']['end']
            src = doc['input']
            seen[key] = [1, src[max(0, a - 25):a] + '[' + src[a:b] + ']' + src[b:b + 25]]
    open(f'{OUT}/{locale}.rewrites.tsv', 'w').write(''.join(f'{n}\t{k}\t{o}\t{sp}\t{ctx}\n' for (k, o, sp), (n, ctx) in seen.items()))
    open(f'{OUT}/{locale}.changed.tsv', 'w').write('\n'.join(changed) + '\n')
    open(f'{OUT}/{locale}.digits.tsv', 'w').write('\n'.join(digits) + '\n')
    print(locale, len(lines), 'strings,', len(changed), 'changed,', len(digits), 'left with digits', 'exit', result.returncode, len(outs) - 1)
