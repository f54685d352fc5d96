#!/usr/bin/env python3
"""Builds the tagger's real-prose evaluation set from public French documentation whose
authors marked foreign-language passages themselves (`<span lang="en">`, `<i lang="en">`,
`<abbr lang="en">`, `<a lang="en">`...).

Usage: extract.py MIRROR_DIR [OUT_DIR] [--set first|second|third]

MIRROR_DIR holds one bare or plain git clone per source, named `owner+name` (with `repo/`
or `repo/.git` inside, as the project's fetch tool lays them out). Each source is read at
the commit recorded in SOURCES below, so the output is reproducible; only the text and the
authors' spans are kept, never the repositories' code.

Two sets, each from its own sources (`--set`, default `first`):
- `first`: the French administration's design and accessibility sites (SOURCES);
- `second`: a French web-performance blog, the Luxembourg government's accessibility portal and
  a small service's blog (SECOND_SOURCES), whose authors mark English more consistently; its
  files are prefixed `second-`.
- `third`: MDN Web Docs in French (mdn/translated-content, files/fr), whose translators mark
  English terms with `<i lang="en">` (also `<abbr lang="en">`). That repository is too large to
  clone here, so MIRROR_DIR is a scratch folder of the passages read through the code index
  (THIRD_SOURCES below says how it is laid out); its files are prefixed `third-`, and its
  sources table lists every page.

Output (OUT_DIR, default: this script's folder):
- `tuning.jsonl` and `untouched.jsonl`: one sentence a line,
  {"text", "spans": [[start, end, lang]], "source", "path"} with offsets in Unicode scalars;
  a sentence with no span is a "clean" sentence (the authors marked nothing in it).
- `sources.tsv`: repository, commit, licence, files used, sentences with spans, clean sentences.

What is kept:
- prose only: front matter, fenced code, `<pre>`, `<code>`, `<script>`, `<style>`, template
  tags and HTML comments are removed, Markdown links keep their text, inline code keeps its
  text (code in running text is part of the challenge);
- sentences of 4 to 60 words, in French (at least two French function words outside the
  spans), with no markup left over;
- clean sentences only from files whose authors marked at least one kept span (a file with
  no mark at all says nothing about its authors' habits);
- a sentence where the authors put `lang` on a `<code>` element is dropped (their policy for
  code differs from the tagger's and from the other annotators').

The split is by file, so that a document's repeated terms are not in both halves: files are
ordered by the SHA-1 of "repo:path" and each goes to the half with fewer sentences with spans
so far. Deterministic, balanced, and blind to the tagger. The third set grows by rounds: a page
already in it keeps the half that the committed `third-sources.tsv` (column `half`) gives it, found
by its path or its index id, so that a tuned-on page never moves into the untouched half; only the
pages new to the set are then placed, in the same hash order, each in the half with fewer
sentences with spans so far.
"""
import hashlib
import html
import json
import os
import re
import subprocess
import sys
from html.parser import HTMLParser

# repository, commit, licence (of the prose), file filter
SOURCES = [
    ("DISIC/design.numerique.gouv.fr", "69d0cd9a", "MIT (LICENSE.md)", r"^content/.*\.md$"),
    ("DISIC/guide-contribuer_accessible", "bb9965a", "Licence Ouverte / Etalab (LICENCE.md)", r"\.(md|html)$"),
    ("DISIC/guide-integrateur", "e3383f9", "Licence Ouverte / Etalab (LICENSE.md)", r"\.(md|html)$"),
    ("DISIC/guide-mobile_app_dev_hybride", "a09bb82", "Licence Ouverte / Etalab (LICENSE.md)", r"^(docs/.*|[^/]*)\.md$"),
    ("DISIC/guide-mobile_app_dev_natif", "ceadf79", "Licence Ouverte / Etalab (LICENSE.md)", r"^[^/]*\.md$"),
    ("DISIC/accessibilite.numerique.gouv.fr", "c27e511", "Licence Ouverte / Etalab (site notice)", r"^src/.*\.md$"),
    ("IGNF/cartes.gouv.fr-documentation", "da6a556", "Etalab-2.0 / MIT (LICENSE.md, LICENSES/)", r"^content/fr/.*\.md$"),
    ("GouvernementFR/dsfr", "ba0cad261", "MIT (LICENSE.md)", r"\.md$"),
]
# The second set: chosen on the consistency of its authors' marks (Docs/tagger.md, "The second
# real-prose set"), not on the tagger's score. The Luxembourg portal's RGAA and RAWeb criteria
# pages are left out: they adapt the French RGAA text, which the first set's authors wrote.
# The Flus blog (flusio/carnet), the most consistent candidate, is left out too: its repository
# has no licence file.
SECOND_SOURCES = [
    ("davidbgk/boris.schapira.dev", "76fa2f8df0", "CC BY 4.0 (content) / MIT (structure), LICENSE.md",
     r"^(_posts/fr|_pages/fr|_community)/.*\.(md|html)$"),
    ("accessibility-luxembourg/accessibilite.public.lu", "fbd0034f6e", "MIT (LICENSE)",
     r"^content/fr/(?!rgaa4)(?!.*/rgaa/).*\.md$"),
]
# The third set: MDN Web Docs in French, content licence CC-BY-SA 2.5 (mdn/translated-content's
# LICENSE.md). The scratch folder holds `files/fr/...` (the pages' own paths) and `unknown/<id>.md`
# (passages whose page path the index did not show: `id` is the index's file id), with two tables:
# SOURCES.tsv (pages read whole or from their start: repo, path, commit, chars read, total chars,
# note) and EXCERPTS.tsv (passages found by searching for the translators' marks: repo, path,
# index id, offset of the mark, file size). RESOLVED.tsv (index id, path, commit), when present,
# gives the page path and commit found later for a passage's index id (from the page's front matter
# and the index's listing of that path).
THIRD_REPO = "mdn/translated-content"
THIRD_LICENCE = "CC-BY-SA 2.5 (MDN content, LICENSE.md)"
FORBIDDEN = ("a11y-guidelines", "ember-fr-guides")

# MDN's KumaScript macros that stand for a word of the sentence: a glossary link shows its second
# argument (else its first); a reference link shows its second argument (else its first, the name
# it links to). Every other macro (sidebars, banners, live samples) is a block of its own.
MDN_INLINE_MACROS = re.compile(
    r"\{\{\s*(?:Glossary|glossary|HTMLElement|htmlelement|DOMxRef|domxref|DOMXRef|CSSxRef|cssxref|JSxRef|jsxref|"
    r"HTTPHeader|httpheader|HTTPMethod|HTTPStatus|SVGElement|SVGAttr|SVGattr|HTMLAttrxRef|htmlattrxref|event|Event)"
    r"\(\s*([\"'])(.*?)\1\s*(?:,\s*([\"'])(.*?)\3)?[^}]*\)\s*\}\}")


def mdn_markdown(text):
    """MDN's Markdown dialect brought to the plain one: inline macros become the words they show
    (MDN_INLINE_MACROS), admonition markers (`> [!NOTE]`) go, and a definition list's `- : `
    becomes a plain item."""
    text = MDN_INLINE_MACROS.sub(lambda m: m.group(4) if m.group(4) else m.group(2), text)
    text = re.sub(r"(?m)^(\s*>)+\s*\[![A-Z]+\]\s*$", "", text)
    text = re.sub(r"(?m)^(\s*)- : ", r"\1- ", text)
    return text

FRENCH = set("""le la les l de des du d un une et est sont pour dans sur par avec ce cette ces
qui que qu il elle ils elles on nous vous se sa son ses leur leurs au aux ne pas plus ou
être doit peut permet il y a en à afin lorsque si comme mais donc""".split())

BLOCK_TAGS = {"p", "li", "ul", "ol", "h1", "h2", "h3", "h4", "h5", "h6", "td", "th", "tr", "table",
              "div", "br", "dt", "dd", "dl", "caption", "figcaption", "blockquote", "section",
              "article", "header", "footer", "nav", "aside", "figure", "details", "summary", "hr",
              "form", "fieldset", "legend", "label", "button", "option", "select", "img"}
DROPPED_TAGS = {"pre", "script", "style", "code-block", "svg", "math", "template", "iframe", "video", "audio"}


def git(repo_dir, *args):
    return subprocess.run(["git", "-C", repo_dir, *args], check=True, capture_output=True).stdout


def repo_dir(mirror, repo):
    base = os.path.join(mirror, repo.replace("/", "+"), "repo")
    return base if os.path.isdir(os.path.join(base, ".git")) or os.path.exists(os.path.join(base, "HEAD")) else base + "/.git"


class Inline(HTMLParser):
    """Text and the language of every character, from one block of inline HTML."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.chars = []          # (char, lang or None)
        self.stack = []          # (tag, lang or None, is_code)
        self.code_lang = False   # a lang attribute on <code>
        self.dropped = 0

    def lang(self):
        for _, lang, _ in reversed(self.stack):
            if lang is not None:
                return lang
        return None

    def handle_starttag(self, tag, attrs):
        if tag in ("br", "img", "hr", "input", "wbr", "meta", "link", "source"):
            if tag == "br":
                self.chars.append(("\n", None))
            return
        attrs = dict(attrs)
        lang = attrs.get("lang") or attrs.get("xml:lang")
        if tag in DROPPED_TAGS:
            self.dropped += 1
        if tag == "code" and lang:
            self.code_lang = True
        self.stack.append((tag, lang.strip() if lang else None, tag == "code"))

    def handle_endtag(self, tag):
        if tag in DROPPED_TAGS and self.dropped:
            self.dropped -= 1
        for i in range(len(self.stack) - 1, -1, -1):
            if self.stack[i][0] == tag:
                del self.stack[i:]
                break

    def handle_data(self, data):
        if self.dropped:
            return
        lang = self.lang()
        for c in data:
            self.chars.append((c, lang))


def markdown_to_blocks(text):
    """Blocks of inline HTML from Markdown: paragraphs, list items, headings, table cells."""
    text = re.sub(r"\A---\n.*?\n---\n", "", text, flags=re.S)                 # front matter
    text = re.sub(r"<!--.*?-->", "", text, flags=re.S)
    text = re.sub(r"\{%.*?%\}|\{\{.*?\}\}|\{#.*?#\}", "\n\n", text, flags=re.S)  # template tags
    lines = []
    fence = None
    for line in text.split("\n"):
        stripped = line.strip()
        m = re.match(r"^(```+|~~~+)", stripped)
        if fence:
            if stripped.startswith(fence):
                fence = None
            lines.append("")
            continue
        if m:
            fence = m.group(1)[:3]
            lines.append("")
            continue
        if line.startswith("    ") and not re.match(r"^\s*([-*+]|\d+\.)\s", line) and (not lines or lines[-1] == ""):
            lines.append("")   # indented code block
            continue
        lines.append(line)
    blocks = []
    current = []
    # A language element opened alone on its line and closed paragraphs later (`<span lang="en">`
    # around a whole interview's original English version) holds every block in between: each is
    # wrapped in it, since blocks are parsed one by one.
    regions = []   # (tag, lang) of the open ones

    def wrap(block):
        for tag, lang in reversed(regions):
            block = f'<span lang="{lang}">{block}</span>'
        return block

    def flush():
        if current:
            blocks.append(wrap(" ".join(current)))
            current.clear()

    for line in lines:
        stripped = line.strip()
        if not stripped:
            flush()
            continue
        opened = re.fullmatch(r"<(span|div|section|article|blockquote)\b[^>]*\blang=\"([^\"]+)\"[^>]*>", stripped)
        if opened:
            flush()
            regions.append((opened.group(1), opened.group(2)))
            continue
        closed = re.fullmatch(r"</(span|div|section|article|blockquote)>", stripped)
        if closed and regions and regions[-1][0] == closed.group(1):
            flush()
            regions.pop()
            continue
        if re.match(r"^\[[^\]]+\]:\s*\S+", stripped):           # link reference definition
            flush()
            continue
        if stripped.startswith("|") or re.match(r"^[-:| ]+$", stripped) and "|" in stripped:
            flush()
            for cell in stripped.strip("|").split("|"):
                blocks.append(wrap(cell))
            continue
        heading = re.match(r"^#{1,6}\s+(.*)$", stripped)
        item = re.match(r"^(?:>\s*)*(?:[-*+]|\d+[.)])\s+(.*)$", stripped)
        if heading or item:
            flush()
            current.append((heading or item).group(1))
            continue
        stripped = re.sub(r"^(>\s*)+", "", stripped)
        if re.match(r"^[=-]{3,}$", stripped) or re.match(r"^:::", stripped) or re.match(r"^\?\?\?", stripped):
            flush()
            continue
        current.append(stripped)
    flush()
    return [markdown_inline(b) for b in blocks]


def markdown_inline(block):
    block = re.sub(r"!\[[^\]]*\]\([^)]*\)(\{[^}]*\})?", "", block)              # images
    block = re.sub(r"\[([^\]]*)\]\([^)]*\)(\{[^}]*\})?", r"\1", block)          # links
    block = re.sub(r"\[([^\]]*)\]\[[^\]]*\]", r"\1", block)                      # reference links
    block = re.sub(r"\{[.#:][^}]*\}", "", block)                                   # attribute lists
    block = re.sub(r"`([^`]*)`", lambda m: html.escape(m.group(1), quote=False), block)  # inline code: its text
    block = re.sub(r"(\*\*|__)(?=\S)(.+?)(?<=\S)\1", r"\2", block)
    block = re.sub(r"(?<![\w*])\*(?=\S)(.+?)(?<=\S)\*(?!\w)", r"\1", block)
    block = re.sub(r"(?<![\w])_(?=\S)(.+?)(?<=\S)_(?![\w])", r"\1", block)
    block = block.replace("\\", "")
    return block


def html_to_blocks(text):
    text = re.sub(r"<!--.*?-->", "", text, flags=re.S)
    text = re.sub(r"<(script|style|pre|svg)\b.*?</\1>", "\n\n", text, flags=re.S | re.I)
    text = re.sub(r"<head\b.*?</head>", "", text, flags=re.S | re.I)
    tags = "|".join(sorted(BLOCK_TAGS))
    text = re.sub(r"</?(?:%s)\b[^>]*>" % tags, "\n\n", text, flags=re.I)
    text = re.sub(r"\{%.*?%\}|\{\{.*?\}\}", " ", text, flags=re.S)
    return [b.replace("\n", " ") for b in re.split(r"\n\s*\n", text)]


SENTENCE_END = re.compile(r"(?<=[.!?…])\s+(?=[«\"“(A-ZÀ-Ý0-9])")


def sentences(block):
    """(text, spans) of each sentence of a block of inline HTML; None for a block with <code lang>."""
    parser = Inline()
    try:
        parser.feed(block)
        parser.close()
    except Exception:
        return []
    if parser.code_lang:
        return None
    chars = parser.chars
    # Collapse whitespace (keeping no-break spaces as they are), strip.
    out = []
    for c, lang in chars:
        if c in " \t\r\n":
            if out and out[-1][0] in " ":
                continue
            out.append((" ", out[-1][1] if out and out[-1][1] == lang else None))
        else:
            out.append((c, lang))
    text = "".join(c for c, _ in out)
    langs = [lang for _, lang in out]
    result = []
    start = 0
    bounds = [m.end() for m in SENTENCE_END.finditer(text)] + [len(text)]
    for end in bounds:
        # Never cut inside a marked span.
        if end < len(text) and langs[end - 1] is not None and langs[end] is not None and langs[end - 1] == langs[end]:
            continue
        piece_chars = out[start:end]
        start = end
        while piece_chars and piece_chars[0][0] in " \u00a0":
            piece_chars = piece_chars[1:]
        while piece_chars and piece_chars[-1][0] in " \u00a0":
            piece_chars = piece_chars[:-1]
        if not piece_chars:
            continue
        piece = "".join(c for c, _ in piece_chars)
        spans = []
        i = 0
        while i < len(piece_chars):
            lang = piece_chars[i][1]
            if lang is None or lang.lower().split("-")[0] == "fr":
                i += 1
                continue
            j = i
            while j < len(piece_chars) and piece_chars[j][1] == lang:
                j += 1
            s, e = i, j
            while s < e and not piece_chars[s][0].strip():
                s += 1
            while e > s and not piece_chars[e - 1][0].strip():
                e -= 1
            if s < e:
                spans.append([s, e, lang])
            i = j
        result.append((piece, spans))
    return result


def keep(text, spans):
    words = re.findall(r"[\w’'-]+", text)
    if not (4 <= len(words) <= 60) or len(text) < 20:
        return False
    if re.search(r"[<>{}|]|https?:|www\.|\]\(|\[\^", text):
        return False
    if sum(c.isalpha() for c in text) < 0.6 * len(text.replace(" ", "")):
        return False
    outside = list(text)
    for s, e, _ in spans:
        for k in range(s, e):
            outside[k] = " "
    french = [w for w in re.findall(r"[\wÀ-ÿ]+", "".join(outside).lower()) if w in FRENCH]
    return len(french) >= 2


def scalars(text, spans):
    """Offsets are computed on Python str, which already counts code points (Unicode scalars)."""
    return spans


def third_pages(scratch):
    """(repo, path in the scratch folder, index id, commit, page name) of every page of the third
    set: the pages read from their start (SOURCES.tsv, with the commit the index gave) and the
    passages found by searching (EXCERPTS.tsv: several passages of one page share its file). A
    page's name is its repository path; a passage whose path is still unknown is named by its index
    id."""
    pages = {}
    with open(os.path.join(scratch, "SOURCES.tsv"), encoding="utf-8") as f:
        next(f)
        for line in f:
            repo, path, commit, _, _, note = (line.rstrip("\n").split("\t") + [""] * 6)[:6]
            ident = re.search(r"by id (\d+)", note)
            pages[path] = (repo, path, ident.group(1) if ident else "", commit)
    with open(os.path.join(scratch, "EXCERPTS.tsv"), encoding="utf-8") as f:
        next(f)
        for line in f:
            repo, path, ident = line.rstrip("\n").split("\t")[:3]
            if path not in pages:
                pages[path] = (repo, path, ident, "")
    resolved = {}
    resolved_file = os.path.join(scratch, "RESOLVED.tsv")
    if os.path.exists(resolved_file):
        with open(resolved_file, encoding="utf-8") as f:
            next(f)
            for line in f:
                ident, path, commit = (line.rstrip("\n").split("\t") + ["", ""])[:3]
                resolved[ident] = (path, commit)
    found = []
    for key in sorted(pages):
        repo, path, ident, commit = pages[key]
        name = path if not path.startswith("unknown/") else "index-id:" + ident
        if ident in resolved:
            real, real_commit = resolved[ident]
            assert not path.startswith("files/") or real == path, (ident, path, real)
            name, commit = real or name, commit or real_commit
        found.append((repo, path, ident, commit, name))
    return found


def previous_rows():
    """The half and the commit of every page already in the committed third set, by page name and
    by index id: a page keeps its half, and a commit verified by hand in the committed table (the
    scratch folder's RESOLVED.tsv may lack it) is not lost by a rebuild."""
    halves, commits = {}, {}
    table = os.path.join(os.path.dirname(os.path.abspath(__file__)), "third-sources.tsv")
    if not os.path.exists(table):
        return halves, commits
    with open(table, encoding="utf-8") as f:
        header = next(f).rstrip("\n").split("\t")
        if "half" not in header:
            return halves, commits
        for line in f:
            row = dict(zip(header, line.rstrip("\n").split("\t")))
            keys = [row["path"]] + (["index-id:" + row["index_id"]] if row["index_id"] else [])
            for key in keys:
                halves[key] = row["half"]
                if row.get("commit"):
                    commits[key] = row["commit"]
    return halves, commits


def main():
    args = sys.argv[1:]
    which = "first"
    if "--set" in args:
        i = args.index("--set")
        which = args[i + 1]
        del args[i:i + 2]
    mirror = args[0]
    out_dir = args[1] if len(args) > 1 else os.path.dirname(os.path.abspath(__file__))
    prefix = "" if which == "first" else which + "-"
    files = []   # (sort key, repo, path, [(text, spans)])
    stats = {}
    seen = set()

    def sentences_of(raw, is_markdown):
        blocks = markdown_to_blocks(raw) if is_markdown else html_to_blocks(raw)
        kept = []
        for block in blocks:
            found = sentences(block)
            if found is None:
                continue
            for text, spans in found:
                if text in seen or not keep(text, spans):
                    continue
                seen.add(text)
                kept.append((text, spans))
        return kept

    fixed = {}   # page name -> the half it already has
    if which == "third":
        before, committed = previous_rows()
        pages = third_pages(mirror)
        # Pages already in the set are read first, so that a new page never takes one of their
        # sentences (a sentence is kept once, where it is first seen).
        pages.sort(key=lambda p: (before.get("index-id:" + p[2]) is None and before.get(p[4]) is None, p[1]))
        for repo, path, ident, commit, name in pages:
            assert not any(f in repo for f in FORBIDDEN)
            raw = open(os.path.join(mirror, path), encoding="utf-8").read()
            kept = sentences_of(mdn_markdown(raw), True)
            if not any(spans for _, spans in kept):
                continue
            # The hash is of the name the page had when it entered the set (its index id when its
            # path was unknown), so that finding its path later does not move it.
            # By index id first: a passage whose path was found later is still the page it was.
            half = before.get("index-id:" + ident) if ident else None
            half = half or before.get(name)
            first_name = name if half is None or name in before else "index-id:" + ident
            key = hashlib.sha1(f"{repo}:{first_name}".encode()).hexdigest()
            assert name not in stats, f"two passages files for one page: {name}"
            files.append((key, repo, name, kept))
            if half:
                fixed[name] = half
            commit = commit or committed.get(name) or (committed.get("index-id:" + ident) if ident else None) or ""
            stats[name] = {"repo": repo, "commit": commit, "id": ident, "licence": THIRD_LICENCE,
                           "files": 0, "mixed": 0, "clean": 0, "half": half}
    else:
        sources = {"first": SOURCES, "second": SECOND_SOURCES}[which]
        for repo, commit, licence, pattern in sources:
            assert not any(f in repo for f in FORBIDDEN)
            directory = repo_dir(mirror, repo)
            full = git(directory, "rev-parse", commit).decode().strip()
            stats[repo] = {"commit": full, "licence": licence, "files": 0, "mixed": 0, "clean": 0}
            paths = [p for p in git(directory, "ls-tree", "-r", "--name-only", full).decode().split("\n")
                     if re.search(pattern, p) and not re.search(r"(^|/)(node_modules|vendor|lib|dist|example|examples|LICEN[CS]E)", p, re.I)]
            for path in sorted(paths):
                raw = git(directory, "show", f"{full}:{path}").decode("utf-8", errors="replace")
                kept = sentences_of(raw, path.endswith(".md"))
                if not any(spans for _, spans in kept):
                    continue
                key = hashlib.sha1(f"{repo}:{path}".encode()).hexdigest()
                files.append((key, repo, path, kept))
    halves = {"tuning": [], "untouched": []}
    counts = {"tuning": 0, "untouched": 0}
    for key, repo, path, kept in sorted(files):
        if path in fixed:
            counts[fixed[path]] += sum(1 for _, spans in kept if spans)
    placed = []
    for key, repo, path, kept in sorted(files):
        mixed = sum(1 for _, spans in kept if spans)
        if path in fixed:
            half = fixed[path]
        else:
            half = "tuning" if counts["tuning"] <= counts["untouched"] else "untouched"
            counts[half] += mixed
        placed.append((key, repo, path, kept, half))
    for key, repo, path, kept, half in placed:
        mixed = sum(1 for _, spans in kept if spans)
        entry = stats[path] if which == "third" else stats[repo]
        entry["files"] += 1
        entry["half"] = half
        for text, spans in kept:
            entry["mixed" if spans else "clean"] += 1
            halves[half].append({"text": text, "spans": spans, "source": repo, "path": path})
    for half, rows in halves.items():
        with open(os.path.join(out_dir, f"{prefix}{half}.jsonl"), "w", encoding="utf-8") as f:
            for row in rows:
                f.write(json.dumps(row, ensure_ascii=False) + "\n")
    with open(os.path.join(out_dir, f"{prefix}sources.tsv"), "w", encoding="utf-8") as f:
        if which == "third":
            # One row a page: the set is many pages of one repository.
            f.write("repository\tpath\tcommit\tindex_id\tlicence\tsentences_with_spans\tclean_sentences\thalf\n")
            for path, s in sorted(stats.items()):
                f.write(f"{s['repo']}\t{path}\t{s['commit']}\t{s['id']}\t{s['licence']}\t{s['mixed']}\t{s['clean']}\t{s['half']}\n")
        else:
            f.write("repository\tcommit\tlicence\tfiles\tsentences_with_spans\tclean_sentences\n")
            for repo, s in stats.items():
                f.write(f"{repo}\t{s['commit']}\t{s['licence']}\t{s['files']}\t{s['mixed']}\t{s['clean']}\n")
    for half, rows in halves.items():
        mixed = sum(1 for r in rows if r["spans"])
        print(f"{half}: {mixed} sentences with spans ({sum(len(r['spans']) for r in rows)} spans), {len(rows) - mixed} clean")


if __name__ == "__main__":
    main()
