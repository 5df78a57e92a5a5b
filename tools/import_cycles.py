#!/usr/bin/env python3
"""Lists import circles between the source files of each crate of the workspace.

A file depends on another when it names a path of it (`crate::a::b`, `super::c`, `self::d`)
outside its tests and comments. A path is resolved to the deepest file it reaches; naming a parent folder's
`mod.rs` only for one of its children (`crate::param::Limit` re-exported from
`param/scalar.rs`) still counts as depending on `mod.rs`. Exits 1 when a circle is found.
"""
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def crates():
    for dirpath, dirnames, filenames in os.walk(ROOT):
        dirnames[:] = [d for d in dirnames if d not in ("target", ".git", "node_modules", "third_party")]
        if "Cargo.toml" in filenames and os.path.isdir(os.path.join(dirpath, "src")):
            yield os.path.join(dirpath, "src")


def module_of(src, path):
    rel = os.path.relpath(path, src)[:-3].split(os.sep)
    if rel[-1] in ("mod", "lib", "main"):
        rel = rel[:-1]
    return tuple(rel)


def strip_tests(text):
    at = text.find("#[cfg(test)]")
    return text if at < 0 else text[:at]


PATH = re.compile(r"\b(crate|super|self)((?:::[A-Za-z_][A-Za-z0-9_]*)+)")
GROUP = re.compile(r"\b(crate|super|self)((?:::[A-Za-z_][A-Za-z0-9_]*)*)::\{([^;]*?)\};", re.S)


def graph(src):
    files = {}
    for dirpath, _, filenames in os.walk(src):
        for f in filenames:
            if f.endswith(".rs"):
                p = os.path.join(dirpath, f)
                files[module_of(src, p)] = p
    edges = {m: set() for m in files}
    for mod, path in files.items():
        here = mod
        text = strip_tests(open(path, encoding="utf-8").read())
        text = re.sub(r"//[^\n]*", "", text)
        paths = [(k, p) for k, p in PATH.findall(text)]
        for k, base, inner in GROUP.findall(text):
            for piece in re.split(r",", inner):
                piece = piece.strip().split(" as ")[0].strip()
                if piece and piece != "self":
                    paths.append((k, base + "::" + piece.replace("{", "").replace("}", "")))
        for kind, rest in paths:
            parts = [p for p in rest.split("::") if p]
            if kind == "crate":
                start = ()
            elif kind == "super":
                start = here[:-1]
                while parts and parts[0] == "super":
                    start, parts = start[:-1], parts[1:]
            else:
                start = here
            target = start
            for p in parts:
                if start + (p,) in files or any(m[: len(target) + 1] == target + (p,) for m in files):
                    target = target + (p,)
                    start = target
                else:
                    break
            while target not in files and target:
                target = target[:-1]
            if target != mod and target in files:
                edges[mod].add(target)
    return files, edges


def cycles(edges):
    index, low, stack, on, out = {}, {}, [], set(), []
    counter = [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in edges[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(comp)

    sys.setrecursionlimit(10000)
    for v in edges:
        if v not in index:
            visit(v)
    return out


def main():
    found = False
    for src in sorted(crates()):
        files, edges = graph(src)
        for comp in cycles(edges):
            found = True
            names = sorted(os.path.relpath(files[m], ROOT) for m in comp)
            print("circle:", " <-> ".join(names))
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
