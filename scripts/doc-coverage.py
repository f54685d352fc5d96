#!/usr/bin/env python3
"""Lists the public declarations of the given Swift source folders that have no doc comment.

A declaration is documented when the line above it (after attributes such as @inlinable)
is a `///` comment. Enum cases of public enums count as public declarations; so do the
members of public protocols and of public enums' cases. Exit status 1 when any is missing.
Usage: python3 scripts/doc-coverage.py Sources/SpokenForm Sources/SpokenFormCSV
"""
import pathlib
import re
import sys

DECLARATION = re.compile(r"^\s*(?:@\w+(?:\([^)]*\))?\s+)*(?:public|open)\s+(?!extension\b)(?:[\w()]+\s+)*?(func|var|let|init|subscript|struct|class|enum|protocol|typealias|case|static|final|convenience|nonisolated|mutating)\b")
PUBLIC_ENUM = re.compile(r"^\s*public\s+(?:indirect\s+)?enum\s+\w+")
CASE = re.compile(r"^\s*case\s+\w+")


def documented(lines, index):
    j = index - 1
    while j >= 0 and lines[j].strip().startswith("@"):
        j -= 1
    return j >= 0 and lines[j].strip().startswith("///")


def main(folders):
    missing = []
    total = 0
    for folder in folders:
        for path in sorted(pathlib.Path(folder).rglob("*.swift")):
            lines = path.read_text(encoding="utf-8").splitlines()
            enum_depth = None  # brace depth of the innermost public enum body, if any
            depth = 0
            for index, line in enumerate(lines):
                stripped = line.strip()
                is_public = bool(DECLARATION.match(line))
                is_case = enum_depth is not None and depth == enum_depth and bool(CASE.match(line)) and "public" not in line
                if (is_public or is_case) and not stripped.startswith("//"):
                    total += 1
                    if not documented(lines, index):
                        missing.append(f"{path}:{index + 1}: {stripped[:100]}")
                if PUBLIC_ENUM.match(line) and "{" in line:
                    enum_depth = depth + 1
                depth += line.count("{") - line.count("}")
                if enum_depth is not None and depth < enum_depth:
                    enum_depth = None
    for entry in missing:
        print(entry)
    print(f"doc-coverage: {total - len(missing)} of {total} public declarations documented", file=sys.stderr)
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:] or ["Sources/SpokenForm", "Sources/SpokenFormCSV"]))
