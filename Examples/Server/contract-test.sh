#!/usr/bin/env bash
# Checks the running server against openapi.yaml with schemathesis (PyPI): generated
# requests, valid and invalid, for every operation; every answer must match the
# documented statuses, content type and schemas, never be a 5xx, and schema-invalid
# requests must be refused with a 4xx.
#   bash Examples/Server/contract-test.sh http://127.0.0.1:PORT [max seconds]
set -euo pipefail
url=${1:?usage: contract-test.sh http://127.0.0.1:PORT [max seconds]}
max_time=${2:-60}
here="$(cd "$(dirname "$0")" && pwd)"
# positive_data_acceptance is left out: a request valid by the schema may still name a
# locale or a value SpokenForm cannot speak (422 by design, e.g. locale "0").
# One worker: with two, hypothesis parses lambda sources on two threads at once and
# CPython 3.11's ast module fails with "AST constructor recursion depth mismatch"
# (its recursion counter is not per thread), a runtime error that fails the run.
exec schemathesis --no-color run "$here/openapi.yaml" --url "$url" \
    --checks not_a_server_error,status_code_conformance,content_type_conformance,response_schema_conformance,negative_data_rejection,unsupported_method \
    --phases examples,coverage,fuzzing --max-examples 100 --max-time "$max_time" --seed 16 \
    --generation-database none --workers 1 --request-timeout 10 --suppress-health-check all
