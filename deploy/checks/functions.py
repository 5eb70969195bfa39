#!/usr/bin/env python3
"""The longest functions of some modules, in lines from their declaration to their closing brace
(closures and nested functions count toward the function that holds them). With --limit N, fails
when one is longer: the core and the app keep no function of more than about 80 lines, so that
each message, start-up step and delivery rule has a home of its own.

Usage: deploy/checks/functions.py [--limit N] [--top K] MODULE_FOLDER...
  e.g. deploy/checks/functions.py --limit 80 Sources/GameServerCore Sources/GameServerApp
"""
import argparse
import os
import re
import sys

DECLARATION = re.compile(r"^\s*(?:@[\w.]+(?:\([^)]*\))?\s+)*(?:(?:public|private|fileprivate|internal|package|static|"
                         r"override|mutating|nonmutating|final|nonisolated(?:\(\w+\))?|@inlinable|@usableFromInline|"
                         r"@discardableResult|convenience|required|class)\s+)*(func\s+[^\s(<]+|init[?!]?\s*[(<]|"
                         r"subscript\s*[(<]|var\s+\w+[^=]*\{\s*$)")


def code_only(text):
    """The text with comments and string literals blanked (braces in them do not count)."""
    out, i, n = [], 0, len(text)
    while i < n:
        if text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            out.append(" " * (j - i))
            i = j
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
            out.append("".join(c if c == "\n" else " " for c in text[i:j]))
            i = j
        elif re.match(r'#*"""', text[i:]):
            hashes = re.match(r'#*', text[i:]).group(0)
            close = '"""' + hashes
            j = text.find(close, i + len(hashes) + 3)
            j = n if j < 0 else j + len(close)
            out.append("".join(c if c == "\n" else " " for c in text[i:j]))
            i = j
        elif re.match(r'#*"', text[i:]):
            hashes = re.match(r'#*', text[i:]).group(0)
            close = '"' + hashes
            j = i + len(hashes) + 1
            while j < n and not (text.startswith(close, j) and (hashes or text[j - 1] != "\\")):
                if text[j] == "\n":
                    break
                j += 1
            j = min(n, j + len(close))
            out.append(" " * (j - i))
            i = j
        else:
            out.append(text[i])
            i += 1
    return "".join(out)


def functions(path):
    """Each outermost function (not one nested in another) of a file: (name, first line, lines)."""
    lines = code_only(open(path, encoding="utf-8").read()).split("\n")
    found, depth, current = [], 0, None
    for number, line in enumerate(lines, 1):
        if current is None:
            match = DECLARATION.match(line)
            if match:
                # NB: (name, first line, depth at the declaration, whether its body has opened)
                current = [match.group(1).strip(), number, depth, False]
        for character in line:
            if character == "{":
                depth += 1
                if current is not None:
                    current[3] = True
            elif character == "}":
                depth -= 1
                if current is not None and current[3] and depth == current[2]:
                    found.append((current[0], current[1], number - current[1] + 1))
                    current = None
        # NB: A requirement or a declaration without a body (a protocol's) ends at its line.
        if current is not None and not current[3] and not line.rstrip().endswith((",", "(", "->")) and (
                ")" in line or line.rstrip().endswith(("}", ";"))):
            if current[1] == number and "{" not in line:
                current = None
    return found


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--limit", type=int)
    parser.add_argument("--top", type=int, default=5)
    parser.add_argument("folders", nargs="+")
    arguments = parser.parse_args()
    root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
    failed = False
    for folder in arguments.folders:
        everything = []
        for directory, _, names in os.walk(os.path.join(root, folder)):
            for name in names:
                if name.endswith(".swift"):
                    path = os.path.join(directory, name)
                    for function, first, length in functions(path):
                        everything.append((length, os.path.relpath(path, root), first, function))
        everything.sort(reverse=True)
        print(f"{folder}: the longest functions")
        for length, path, first, function in everything[:arguments.top]:
            print(f"  {length:4} lines  {path}:{first}  {function}")
        if arguments.limit is not None:
            over = [item for item in everything if item[0] > arguments.limit]
            for length, path, first, function in over:
                print(f"  over {arguments.limit}: {path}:{first} {function} ({length} lines)", file=sys.stderr)
            failed = failed or bool(over)
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
