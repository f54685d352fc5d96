#!/usr/bin/env python3
"""Trains the tagger's span model (Sources/SpokenForm/Languages/LanguageTagger+SpanModel.swift) and
writes its weights to Evaluation/tagger/span-model/<lang>/span-model.txt, a data directory that
`evaluate.py --data-dir` and `spokenform tag --data-dir` read (the library does not ship it: on the
untouched halves it scored below the hand rules; Docs/tagger.md, "The learned span model").

Usage: train.py [--locale fr-FR] [--features PATH] [--out PATH] [--report]

The training data are the tuning halves of the real-prose sets (extract.py), never their untouched
halves: `tuning.jsonl`, `second-tuning.jsonl`, `third-tuning.jsonl` (TRAINING below lists them with
their sources and licences). The features are the tagger's own: `TaggerSpanFeatures` (built with
`swift build`) prints, for every word the span model judges, the word's own features as the
library computes them, and the spans the model does not decide (lexicon terms, other scripts and
languages), so that training and the library read the same numbers.

The model: two logistic regressions over words. The first reads a word's own features and those
of its neighbours joined to it by spaces; the second adds the first's probabilities of the word and
its neighbours, taken out of fold (five folds by document), so that it learns how far to trust them
on words it was not fitted on. A word is English at or above the threshold; runs of such words
joined by spaces are spans, and take along the words joined to them at or above a lower threshold. The L2 penalty, the weight of each set and the threshold are chosen by
cross-validation by document on the tuning halves (mean of the three sets' overlap F1, as
evaluate.py counts it, less the false-switch rate above 5 %). Fitting is Newton's method, exact and
deterministic: the same data give the same weights, to the printed digits.
"""
import argparse
import hashlib
import json
import os
import subprocess
import sys

# One thread: the machine is shared, and Newton's steps are small; results do not depend on it.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
os.environ.setdefault("OMP_NUM_THREADS", "1")
import numpy as np  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))

# (file, sources and licences): the tuning halves only.
TRAINING = [
    ("tuning.jsonl", "first set: French administration design and accessibility guides (DISIC, DINUM, IGN, DSFR; "
     "sources.tsv: MIT, Licence Ouverte / Etalab 2.0)"),
    ("second-tuning.jsonl", "second set: boris.schapira.dev (CC BY 4.0 content) and accessibilite.public.lu (MIT); "
     "second-sources.tsv"),
    ("third-tuning.jsonl", "third set: MDN Web Docs in French, mdn/translated-content (CC-BY-SA 2.5); third-sources.tsv"),
]
FOLDS = 5

NEIGHBOUR = ["word", "lean", "lean.positive", "capitalised", "acronym", "base.small", "usual.small", "zipf.difference"]


def primary(lang):
    return lang.replace("_", "-").split("-")[0].lower()


def load_set(name):
    rows = []
    for line in open(os.path.join(HERE, name), encoding="utf-8"):
        row = json.loads(line)
        rows.append(row)
    return rows


def features_of(texts, locale, binary):
    out = subprocess.run([binary, locale], input="\n".join(texts) + "\n", capture_output=True, text=True, check=True).stdout
    lines = out.rstrip("\n").split("\n")
    names = json.loads(lines[0])["names"]
    rows = [json.loads(l) for l in lines[1:]]
    assert len(rows) == len(texts), (len(rows), len(texts))
    return names, rows


def stage_names(own):
    first = own + ["previous." + n for n in NEIGHBOUR] + ["next." + n for n in NEIGHBOUR] + ["previous2.lean", "next2.lean"]
    return first, first + ["p.self", "p.previous", "p.next", "p.previous2", "p.next2"]


def assemble(sentence_words, own):
    """First-stage vectors of one sentence's words, as LanguageTagger.spanModelProbabilities reads them."""
    index = {n: i for i, n in enumerate(own)}
    neigh = [index[n] for n in NEIGHBOUR]
    lean = index["lean"]
    n = len(sentence_words)
    feats = np.array([w[4] for w in sentence_words], dtype=np.float64).reshape(n, len(own))
    joined = [bool(w[2]) for w in sentence_words]  # joined[t]: t-1 and t joined
    x = np.zeros((n, len(own) + 2 * len(NEIGHBOUR) + 2))
    g = len(NEIGHBOUR)
    f = len(own)
    for t in range(n):
        x[t, :f] = feats[t]
        if joined[t]:
            x[t, f:f + g] = feats[t - 1, neigh]
            if joined[t - 1]:
                x[t, f + 2 * g] = feats[t - 2, lean]
        if t + 1 < n and joined[t + 1]:
            x[t, f + g:f + 2 * g] = feats[t + 1, neigh]
            if t + 2 < n and joined[t + 2]:
                x[t, f + 2 * g + 1] = feats[t + 2, lean]
    return x, joined


def second_stage(x, joined, p1, bounds):
    """Second-stage vectors: the first stage's, then its probabilities of the word and its neighbours."""
    extra = np.zeros((len(x), 5))
    for a, b in bounds:
        for t in range(a, b):
            i = t - a
            extra[t, 0] = p1[t]
            if joined[t]:
                extra[t, 1] = p1[t - 1]
                if joined[t - 1]:
                    extra[t, 3] = p1[t - 2]
            if t + 1 < b and joined[t + 1]:
                extra[t, 2] = p1[t + 1]
                if t + 2 < b and joined[t + 2]:
                    extra[t, 4] = p1[t + 2]
    return np.hstack([x, extra])


def fit(x, y, w, l2, iterations=30):
    """Weighted L2-penalised logistic regression by Newton's method (column 0, the bias, unpenalised)."""
    beta = np.zeros(x.shape[1])
    penalty = np.full(x.shape[1], l2)
    penalty[0] = 1e-6
    for _ in range(iterations):
        z = np.clip(x @ beta, -30, 30)
        p = 1 / (1 + np.exp(-z))
        grad = x.T @ (w * (p - y)) + penalty * beta
        hess = (x * (w * p * (1 - p))[:, None]).T @ x + np.diag(penalty)
        step = np.linalg.solve(hess, grad)
        beta -= step
        if np.max(np.abs(step)) < 1e-7:
            break
    return beta


def sigmoid(z):
    return 1 / (1 + np.exp(-np.clip(z, -30, 30)))


def spans_of(sentence, p, threshold, extend, usual="en"):
    """The tagger's spans for one sentence, as LanguageTagger.spanModelSpans makes them: the fixed spans,
    then runs of words joined by spaces, one at or above the threshold, the others at or above `extend`."""
    fixed = [tuple(s) for s in sentence["fixed"]]
    words = sentence["words"]
    taken = [any(w[0] < s[1] and s[0] < w[1] for s in fixed) for w in words]
    spans = list(fixed)
    last_end = -1
    t = 0
    while t < len(words):
        if taken[t] or p[t] < threshold:
            t += 1
            continue
        first = u = t
        while u + 1 < len(words) and not taken[u + 1] and p[u + 1] >= extend and words[u + 1][2]:
            u += 1
        while first > 0 and not taken[first - 1] and p[first - 1] >= extend and words[first][2] and last_end <= words[first - 1][0]:
            first -= 1
        spans.append((words[first][0], words[u][1], usual))
        last_end = words[u][1]
        t = u + 1
    return spans


def score(gold_found):
    """Overlap P/R/F1 and false switches, as evaluate.py counts them."""
    found = found_ok = gold = gold_ok = clean = false = 0
    for g, f in gold_found:
        ov = lambda a, b: a[0] < b[1] and b[0] < a[1] and primary(a[2]) == primary(b[2])
        found += len(f)
        gold += len(g)
        found_ok += sum(1 for a in f if any(ov(a, b) for b in g))
        gold_ok += sum(1 for b in g if any(ov(a, b) for a in f))
        if not g:
            clean += 1
            false += bool(f)
    p = found_ok / found if found else 1.0
    r = gold_ok / gold if gold else 1.0
    f1 = 2 * p * r / (p + r) if p + r else 0.0
    return dict(p=p, r=r, f1=f1, false=false, clean=clean, false_rate=false / clean if clean else 0.0)


def fold_of(row):
    key = (row.get("source", "") + ":" + row.get("path", "")).encode()
    return int(hashlib.sha1(key).hexdigest(), 16) % FOLDS


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--locale", default="fr-FR")
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build/debug/TaggerSpanFeatures"))
    parser.add_argument("--out", default=None)
    parser.add_argument("--report", action="store_true", help="print cross-validated figures per set and stop")
    args = parser.parse_args()
    lang = primary(args.locale)
    # Not under Locales/: the library ships without the span model (Docs/tagger.md, "The learned span
    # model"); `evaluate.py --data-dir Evaluation/tagger/span-model` and `spokenform --data-dir` try it.
    out_path = args.out or os.path.join(HERE, "span-model", lang, "span-model.txt")

    sentences = []  # dicts: set, fold, gold, words, fixed, x, joined
    own = None
    for set_index, (name, _) in enumerate(TRAINING):
        rows = load_set(name)
        own, feats = features_of([r["text"] for r in rows], args.locale, args.binary)
        for row, fr in zip(rows, feats):
            gold = [tuple(s) for s in row["spans"]]
            words = fr["words"]
            y = [1.0 if any(w[0] < g[1] and g[0] < w[1] and primary(g[2]) == "en" for g in gold) else 0.0 for w in words]
            sentences.append(dict(set=set_index, fold=fold_of(row), gold=gold, words=words, fixed=fr["fixed"], y=y))
    first_names, second_names = stage_names(own)
    xs, joins, ys, sets, folds, bounds = [], [], [], [], [], []
    start = 0
    for s in sentences:
        n = len(s["words"])
        if n:
            x, joined = assemble(s["words"], own)
        else:
            x, joined = np.zeros((0, len(first_names))), []
        xs.append(x)
        joins.extend(joined)
        ys.extend(s["y"])
        sets.extend([s["set"]] * n)
        folds.extend([s["fold"]] * n)
        bounds.append((start, start + n))
        start += n
    X = np.vstack(xs)
    Y = np.array(ys)
    S = np.array(sets)
    F = np.array(folds)
    print(f"{len(sentences)} sentences, {len(Y)} words, {int(Y.sum())} English", file=sys.stderr)

    def set_weights(balance):
        # balance 0: every word weighs 1; 1: every set weighs the same in total.
        w = np.ones(len(Y))
        if balance:
            counts = np.bincount(S, minlength=len(TRAINING)).astype(float)
            for k in range(len(TRAINING)):
                w[S == k] = (len(Y) / len(TRAINING) / counts[k]) ** balance
        return w

    def out_of_fold(l2, weights):
        p1 = np.zeros(len(Y))
        for k in range(FOLDS):
            train, test = F != k, F == k
            beta = fit(X[train], Y[train], weights[train], l2)
            p1[test] = sigmoid(X[test] @ beta)
        X2 = second_stage(X, joins, p1, bounds)
        p2 = np.zeros(len(Y))
        for k in range(FOLDS):
            train, test = F != k, F == k
            # Inside each fold, the second stage's p1 for its training words is itself out of fold
            # (from the other four folds), as it will be for new text.
            beta = fit(X2[train], Y[train], weights[train], l2)
            p2[test] = sigmoid(X2[test] @ beta)
        return p2

    def evaluate(p, threshold, extend):
        per_set = []
        for k in range(len(TRAINING)):
            pairs = []
            for s, (a, b) in zip(sentences, bounds):
                if s["set"] == k:
                    pairs.append((s["gold"], spans_of(s, p[a:b], threshold, extend)))
            per_set.append(score(pairs))
        objective = np.mean([m["f1"] - max(0.0, m["false_rate"] - 0.05) for m in per_set])
        return objective, per_set

    best = None
    thresholds = np.round(np.arange(0.20, 0.81, 0.05), 2)
    for l2 in [1.0, 10.0]:
        for balance in [0.0, 1.0]:
            p2 = out_of_fold(l2, set_weights(balance))
            for threshold in thresholds:
                for extend in [e for e in thresholds if e <= threshold] + [0.05, 0.1, 0.15]:
                    if extend > threshold:
                        continue
                    objective, per_set = evaluate(p2, threshold, extend)
                    if best is None or objective > best[0] + 1e-9:
                        best = (objective, l2, balance, threshold, extend, per_set)
            print(f"l2 {l2:g} balance {balance:g}: best so far {best[0]:.4f} (l2 {best[1]:g}, balance {best[2]:g}, "
                  f"threshold {best[3]:.2f}, extend {best[4]:.2f})", file=sys.stderr, flush=True)
    objective, l2, balance, threshold, extend, per_set = best
    lines = []
    for (name, _), m in zip(TRAINING, per_set):
        lines.append(f"{name}: P {m['p']:.3f} R {m['r']:.3f} F1 {m['f1']:.3f}, false switches {m['false']}/{m['clean']} "
                     f"({100 * m['false_rate']:.1f} %)")
    print("\n".join(lines), file=sys.stderr)
    if args.report:
        return

    weights = set_weights(balance)
    beta1 = fit(X, Y, weights, l2)
    # The second stage is fitted on out-of-fold first-stage probabilities, as new text will give it.
    p1 = np.zeros(len(Y))
    for k in range(FOLDS):
        train, test = F != k, F == k
        p1[test] = sigmoid(X[test] @ fit(X[train], Y[train], weights[train], l2))
    beta2 = fit(second_stage(X, joins, p1, bounds), Y, weights, l2)

    header = [
        f"# The span model of the tagger for base language '{lang}': logistic-regression weights written by",
        "# Evaluation/tagger/train.py (do not edit by hand; run it again). Features: LanguageTagger+SpanModel.swift.",
        "# Trained on the tuning halves of the real-prose sets, never their untouched halves:",
    ] + [f"#   {name}: {desc}" for name, desc in TRAINING] + [
        f"# {len(sentences)} sentences, {len(Y)} words judged, {int(Y.sum())} of them in English spans.",
        f"# Chosen by {FOLDS}-fold cross-validation by document: L2 {l2:g}, set balance {balance:g}, threshold {threshold:.2f}, "
        f"extension threshold {extend:.2f}.",
        "# Cross-validated overlap figures on the tuning halves:",
    ] + [f"#   {line}" for line in lines]
    body = [f"threshold = {threshold:.2f}", f"extend = {extend:.2f}"]
    body += [f"1.{name} = {value:.6f}" for name, value in zip(first_names, beta1)]
    body += [f"2.{name} = {value:.6f}" for name, value in zip(second_names, beta2)]
    with open(out_path, "w", encoding="utf-8") as out:
        out.write("\n".join(header + body) + "\n")
    print(f"wrote {out_path}", file=sys.stderr)


if __name__ == "__main__":
    main()
