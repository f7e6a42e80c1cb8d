#!/usr/bin/env python3
"""The function length check of the default tier: no function body in core/ or app/ is longer
than 100 lines (opening and closing brace included), with no exceptions. A failure names each
offender as file:line (where its declaration starts), its name and its length.

A function body is a brace alone on its line (column 0 for free and out-of-class functions, as
.clang-format lays them out; indented for a member defined in its class) after a declaration
with a parameter list. Classes, structs, enums, namespaces and initialisers are no functions.
The matching closing brace is found on the code with comments and string, character and raw
string literals blanked, so a brace in a text never ends a body. Before the tree is checked the
scanner checks itself on a few tricky inputs (exit 2 when it is wrong)."""

import os
import re
import sys

LIMIT = 100
ROOTS = ("core", "app")
SUFFIXES = (".cpp", ".h")
NOT_FUNCTIONS = ("namespace", "class", "struct", "union", "enum", "extern")
RAW_PREFIXES = ("R", "LR", "uR", "UR", "u8R")


def blank_literals(text):
    """`text` with comments and the contents of literals replaced by spaces; newlines kept, so
    lines and columns stay where they were."""
    out = list(text)
    i, n = 0, len(text)

    def blank(start, end):
        for k in range(start, end):
            if out[k] != "\n":
                out[k] = " "

    def word_before(pos):
        start = pos
        while start > 0 and (text[start - 1].isalnum() or text[start - 1] == "_"):
            start -= 1
        return text[start:pos]

    while i < n:
        c = text[i]
        if text.startswith("//", i):
            end = text.find("\n", i)
            end = n if end < 0 else end
            blank(i, end)
            i = end
        elif text.startswith("/*", i):
            end = text.find("*/", i + 2)
            end = n if end < 0 else end + 2
            blank(i, end)
            i = end
        elif c == '"' and word_before(i) in RAW_PREFIXES:
            open_paren = text.find("(", i)
            delimiter = text[i + 1 : open_paren]
            end = text.find(")" + delimiter + '"', open_paren)
            end = n if end < 0 else end + len(delimiter) + 2
            blank(i + 1, end - 1)
            i = end
        elif c in "\"'":
            if c == "'" and word_before(i)[:1].isdigit():
                i += 1  # a digit separator: 1'000'000
                continue
            k = i + 1
            while k < n and text[k] != c and text[k] != "\n":
                k += 2 if text[k] == "\\" else 1
            blank(i + 1, min(k, n))
            i = k + 1
        else:
            i += 1
    return "".join(out)


def function_name(header):
    """The (qualified) name before the parameter list of a declaration, and where it starts."""
    depth = 0
    for pos, c in enumerate(header):
        if c in "<[":
            depth += 1
        elif c in ">]":
            depth = max(0, depth - 1)
        elif c == "(" and depth == 0:
            match = re.search(r"((?:[\w~]+::)*(?:operator\s*\S+|~?\w+))\s*$", header[:pos])
            if match:
                return match.group(1), match.start(1)
    first = len(header) - len(header.lstrip())
    return " ".join(header.split())[:60], first


def long_functions(text, limit=LIMIT):
    """(line, name, length) of every function body in `text` longer than `limit` lines."""
    code = blank_literals(text)
    line_starts = [0] + [m.end() for m in re.finditer("\n", code)]

    def line_of(pos):
        lo, hi = 0, len(line_starts) - 1
        while lo < hi:
            mid = (lo + hi + 1) // 2
            if line_starts[mid] <= pos:
                lo = mid
            else:
                hi = mid - 1
        return lo + 1

    # Each brace's partner, over the whole file.
    partner, stack = {}, []
    for pos, c in enumerate(code):
        if c == "{":
            stack.append(pos)
        elif c == "}":
            if not stack:
                raise ValueError("line %d: '}' without '{'" % line_of(pos))
            partner[stack.pop()] = pos
    if stack:
        raise ValueError("line %d: '{' never closed" % line_of(stack[-1]))

    found = []
    for match in re.finditer(r"^[ \t]*\{[ \t]*$", code, re.MULTILINE):
        brace = code.index("{", match.start())
        # The declaration: back to the end of the previous statement, block or directive; braces
        # within its parentheses (a default argument `= {}`) are part of it.
        start, depth = brace, 0
        while start > 0:
            c = code[start - 1]
            if c == ")":
                depth += 1
            elif c == "(":
                if depth == 0:
                    break
                depth -= 1
            elif c in ";{}" and depth == 0:
                break
            start -= 1
        lines = code[start:brace].split("\n")
        while lines and lines[0].lstrip().startswith("#"):
            lines.pop(0)
        header = "\n".join(lines)
        # A directive inside the span (#include, #define) ends it too.
        header = re.split(r"^[ \t]*#.*$", header, flags=re.MULTILINE)[-1]
        # In a class: the access specifier before the member is no part of it.
        header = re.sub(r"^\s*(?:public|protected|private|signals|Q_SIGNALS)\b[^:]*:(?!:)", "",
                        header)
        words = re.sub(r"^\s*template\s*<[^{;]*?>\s*", "", header).split()
        if not words or words[0] in NOT_FUNCTIONS or "(" not in header:
            continue
        if header.rstrip().endswith("="):
            continue
        length = line_of(partner[brace]) - line_of(brace) + 1
        if length > limit:
            name, offset = function_name(header)
            found.append((line_of(brace - len(header) + offset), name, length))
    return found


def self_check():
    """The scanner on inputs that fooled a simpler one; a list of what it got wrong."""
    body = lambda lines: "".join("    x%d();\n" % k for k in range(lines))
    cases = [
        # (text, expected [(line, name, length)])
        ("int f()\n{\n" + body(98) + "}\n", []),  # 100 lines: allowed
        ("int f()\n{\n" + body(99) + "}\n", [(1, "f", 101)]),
        ("namespace a {\n\nvoid A::g(int x,\n         int y) const\n{\n" + body(99) + "}\n\n}\n",
         [(3, "A::g", 101)]),
        # Braces in literals and comments end nothing.
        ("void h()\n{\n    s = \"}\";\n    c = '}';\n    // }\n    /* } */\n"
         "    r = R\"x(}\n})x\";\n    n = 1'000;\n    c2 = '{';\n" + body(91) + "}\n",
         [(1, "h", 101)]),
        # A class body is no function; a long member defined in it is.
        ("class C\n{\npublic:\n    int m()\n    {\n" + body(99) + "    }\n};\n",
         [(4, "m", 101)]),
        ("struct S\n{\n" + body(120) + "};\n", []),
        ("enum class E\n{\n" + body(120) + "};\n", []),
        ("C::C(int a)\n    : B(a)\n    , m_x(\"{\")\n{\n" + body(99) + "}\n", [(1, "C::C", 101)]),
        ("template<typename T>\nT t()\n{\n" + body(99) + "}\n", [(2, "t", 101)]),
        ("#include <x>\nint g()\n{\n" + body(99) + "}\n", [(2, "g", 101)]),
        # A default argument's braces are part of the declaration.
        ("void f()\n{\n}\n\nFix make(int a, std::string r = {})\n{\n" + body(99) + "}\n",
         [(5, "make", 101)]),
    ]
    wrong = []
    for number, (text, expected) in enumerate(cases, 1):
        got = long_functions(text)
        if got != expected:
            wrong.append("case %d: expected %s, got %s" % (number, expected, got))
    return wrong


def main():
    os.chdir(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
    wrong = self_check()
    if wrong:
        print("the function length scanner is wrong on its own cases:")
        for line in wrong:
            print("  " + line)
        return 2
    offenders, unreadable, files = [], [], 0
    for root in ROOTS:
        for folder, dirs, names in os.walk(root):
            dirs.sort()
            for name in sorted(names):
                if not name.endswith(SUFFIXES):
                    continue
                path = os.path.join(folder, name)
                files += 1
                with open(path, encoding="utf-8", errors="replace") as f:
                    text = f.read()
                try:
                    for line, function, length in long_functions(text):
                        offenders.append((path, line, function, length))
                except ValueError as error:
                    unreadable.append("%s: %s" % (path, error))
    if not offenders and not unreadable:
        print("no function body in %s is over %d lines (%d files)" % (
            " or ".join(r + "/" for r in ROOTS), LIMIT, files))
        return 0
    if offenders:
        print("function bodies over %d lines (split them into named steps):" % LIMIT)
        for path, line, function, length in offenders:
            print("  %s:%d: %s: %d lines" % (path, line, function, length))
    if unreadable:
        print("braces that do not pair up (the scanner cannot judge these files):")
        for line in unreadable:
            print("  " + line)
    return 1


if __name__ == "__main__":
    sys.exit(main())
