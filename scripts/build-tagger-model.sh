#!/usr/bin/env bash
# Compiles the tagger's text model (Locales/*/language-model.txt) into the byte table the
# library reads in place (Sources/CTaggerModel/tagger_model.c). Run after
# scripts/build-language-model.py; TaggerModelTableTests fails while the two disagree.
set -euo pipefail
cd "$(dirname "$0")/.."
swift run TaggerModelBuilder Sources/CTaggerModel/tagger_model.c
