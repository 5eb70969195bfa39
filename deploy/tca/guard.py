#!/usr/bin/env python3
"""Guards listed declarations of TCA's test files out of the build: deploy/tca/tests.sh's helper.

Usage: deploy/tca/guard.py FOLDER LIST
Each line of LIST is `FILE NAME REASON`: NAME is a function (`testFoo`) or a keyword and a name
(`class:Internal_EffectCancellationTests`, `var:cancellables`). The declaration, with the
attribute lines above it, is wrapped in `#if TCA_GUARDED ... #endif`, a condition never set.
A name that is not found is an error, so a stale list is noticed.
"""
import collections
import re
import sys


def code(line):
    """The line without string literals and // comments, to count braces in."""
    line = re.sub(r'"(\\.|[^"\\])*"', '""', line)
    return line.split("//", 1)[0]


def pattern(name):
    modifiers = r"(@\w+(\(.*?\))?\s+)*((private|fileprivate|static|final|override|nonisolated)\s+)*"
    if ":" in name:
        keyword, identifier = name.split(":", 1)
        return re.compile(r"^\s*" + modifiers + keyword + r"\s+" + re.escape(identifier) + r"\b")
    return re.compile(r"^\s*" + modifiers + r"func\s+" + re.escape(name) + r"\s*[(<]")


def guard(lines, name, path):
    match = pattern(name)
    for first, line in enumerate(lines):
        if match.match(line):
            break
    else:
        sys.exit(f"guard.py: {path} has no declaration {name!r}")
    start = first
    while start > 0 and re.match(r"^\s*@\w+", lines[start - 1]):
        start -= 1
    depth, opened, in_string, end = 0, False, False, first
    for end in range(first, len(lines)):
        text = lines[end]
        if text.count('"""') % 2 == 1:
            in_string = not in_string
            continue
        if in_string:
            continue
        depth += code(text).count("{") - code(text).count("}")
        opened = opened or "{" in code(text)
        if opened and depth <= 0:
            break
        if not opened and name.startswith(("var:", "let:")):
            break
    indent = re.match(r"^\s*", lines[start]).group(0)
    lines[start] = f"{indent}#if TCA_GUARDED\n" + lines[start]
    lines[end] = lines[end] + f"{indent}#endif\n"


def main():
    folder, listing = sys.argv[1], sys.argv[2]
    names = collections.defaultdict(list)
    with open(listing) as file:
        for line in file:
            if line.strip() and not line.startswith("#"):
                path, name, _reason = line.split(maxsplit=2)
                names[path].append(name)
    for path, guarded in names.items():
        with open(f"{folder}/{path}") as file:
            lines = file.readlines()
        for name in guarded:
            guard(lines, name, path)
        with open(f"{folder}/{path}", "w") as file:
            file.writelines(lines)


main()
