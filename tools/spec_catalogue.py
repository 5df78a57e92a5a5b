#!/usr/bin/env python3
"""Build the expected paraminfo catalogue of all query modules from the spec.

The spec (tests/fixtures/spec/query-api-spec.txt) describes every query module
in its "Endpoints" part as one line of prose per module, e.g.

    - **allcategories** (prefix ac; G R): from str; ...; limit; prop {hidden|size}[m]= empty.

This script parses that part (shared value sets, the revision-query parameter
family, the module lines) plus the "Events" table (for the logevents value
sets) and writes the module descriptors that `action=paraminfo` is expected to
return for them, in formatversion=1 form (a true flag is present with value "",
a false flag is absent), to tests/fixtures/spec/catalogue.json:

    {"modules": [ {name, path, group, prefix, licensetag, [readrights],
                   [deprecated], [generator], parameters, templatedparameters},
                  ... in the spec's listing order ... ]}

Values the spec omits (classname, source, sourcename, licenselink, helpurls)
are not emitted.

Anything the parser does not understand is an error, never silently skipped;
the few spots where the spec states a value set in prose are handled by the
explicitly commented tables below.

Usage (from anywhere; default paths are relative to the repository root):

    python3 tools/spec_catalogue.py [SPEC] [-o OUT]
    python3 tools/spec_catalogue.py --compare ORACLE.json

--compare ORACLE.json additionally compares the generated catalogue with a
captured `action=paraminfo&modules=query+*&formatversion=2` answer (either the
bare API answer or a capture wrapping it under "response"), converts that to
formatversion=1 conventions and prints every difference.
"""

import argparse
import json
import re
import sys
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent
DEFAULT_SPEC = REPO_ROOT / "tests" / "fixtures" / "spec" / "query-api-spec.txt"
DEFAULT_OUT = REPO_ROOT / "tests" / "fixtures" / "spec" / "catalogue.json"

LICENSE_TAG = "GPL-2.0-or-later"

# Short type names of the spec's notation -> paraminfo type names.
TYPE_NAMES = {
    "str": "string",
    "int": "integer",
    "bool": "boolean",
    "ts": "timestamp",
    "ns": "namespace",
    "title": "title",
    "user": "user",
    "user*": "user",
    "limit": "limit",
}
# `user*` means type user with these subtypes (Notation).
USER_STAR_SUBTYPES = ["name", "ip", "temp", "interwiki", "id"]
# `[m]`: at most 50 values, 500 with the higher allowance (Notation).
MULTI_LIMITS = {"lowlimit": 50, "highlimit": 500, "limit": 50}
# Type limit: minimum 1, maximum 500, higher maximum 5000, default 10 (Notation, Limits).
LIMIT_BOUNDS = {"min": 1, "max": 500, "highmax": 5000}
LIMIT_DEFAULT = 10
# `[x]`: extra namespace identifiers.
EXTRA_NAMESPACES = [-2, -1]
# Types whose default is emitted as a JSON number.
NUMERIC_DEFAULT_TYPES = {"integer", "namespace", "limit"}

# MediaWiki's key order of a parameter descriptor.
PARAM_KEY_ORDER = [
    "index", "name", "type", "required", "deprecated", "sensitive", "default",
    "multi", "lowlimit", "highlimit", "limit", "allowsduplicates",
    "allspecifier", "min", "max", "highmax", "extranamespaces", "subtypes",
    "deprecatedvalues", "info",
]

NUMBER_WORDS = {
    "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
    "seven": 7, "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12,
}

GROUP_HEADINGS = {
    "### Modules in the list group": "list",
    "### Modules in the prop group": "prop",
    "### Modules in the meta group": "meta",
}


class SpecError(Exception):
    pass


# --------------------------------------------------------------------------
# Generic text helpers


def section(lines, heading):
    """Lines after `heading` up to the next heading of the same or higher level."""
    level = len(heading) - len(heading.lstrip("#"))
    try:
        start = lines.index(heading) + 1
    except ValueError:
        raise SpecError(f"heading not found: {heading!r}")
    out = []
    for line in lines[start:]:
        m = re.match(r"^(#+) ", line)
        if m and len(m.group(1)) <= level:
            break
        out.append(line)
    return out


def split_top(text, sep):
    """Split on `sep` outside braces, brackets and parentheses."""
    parts, depth, cur = [], 0, []
    for ch in text:
        if ch in "{[(":
            depth += 1
        elif ch in "}])":
            depth -= 1
        if ch == sep and depth == 0:
            parts.append("".join(cur).strip())
            cur = []
        else:
            cur.append(ch)
    parts.append("".join(cur).strip())
    return [p for p in parts if p]


def table_rows(lines):
    """Cells of a markdown table (header and separator rows dropped); `\\|` is a literal bar."""
    rows = []
    for line in lines:
        if not line.startswith("|"):
            continue
        cells = re.split(r"(?<!\\)\|", line.strip())[1:-1]
        cells = [c.strip().replace("\\|", "|") for c in cells]
        if all(re.fullmatch(r"-+", c) for c in cells):
            continue
        rows.append(cells)
    return rows[1:]  # drop the header row


def value_word(v):
    """A listed value; the words "empty string" stand for the value ""."""
    v = v.strip()
    return "" if v == "empty string" else v


# --------------------------------------------------------------------------
# Shared value sets, Events


class ValueSet:
    def __init__(self, values, deprecated=(), default=None):
        self.values = list(values)
        self.deprecated = list(deprecated)
        self.default = default


def parse_deprecated_note(note):
    """'x is a deprecated value' / 'x and y are deprecated values' -> [x, y], else None."""
    m = re.fullmatch(r"(.+?) (?:is a deprecated value|are deprecated values)", note.strip())
    if not m:
        return None
    return [v.strip() for v in re.split(r",| and ", m.group(1)) if v.strip()]


def parse_shared_sets(lines):
    sets = {}
    for line in lines:
        m = re.match(r"^- ([A-Z_]+) = (.*)\.$", line)
        if not m:
            if line.strip():
                raise SpecError(f"unparsed shared-set line: {line!r}")
            continue
        name, body = m.groups()
        deprecated, default = [], None
        note = re.search(r"\s*\(([^()]*)\)$", body)
        if note:
            body = body[: note.start()]
            text = note.group(1)
            dep = parse_deprecated_note(text)
            if dep is not None:
                deprecated = dep
            elif text.startswith("default "):
                default = text[len("default "):]
            else:
                raise SpecError(f"unknown note in shared set {name}: {text!r}")
        derived = re.fullmatch(r"([A-Z_]+) without these (\w+): (.*)", body)
        if derived:
            base, count, removed = derived.groups()
            removed = [v.strip() for v in removed.split(",")]
            if NUMBER_WORDS.get(count) != len(removed):
                raise SpecError(f"{name}: '{count}' but {len(removed)} values listed")
            missing = [v for v in removed if v not in sets[base].values]
            if missing:
                raise SpecError(f"{name}: not in {base}: {missing}")
            values = [v for v in sets[base].values if v not in removed]
        else:
            values = [value_word(v) for v in body.split(",")]
        for v in deprecated:
            if v not in values:
                raise SpecError(f"{name}: deprecated value {v!r} not in the set")
        sets[name] = ValueSet(values, deprecated, default)
    return sets


# The Events table row whose actions cell is prose: the type is accepted but
# contributes no type/action pair.
EVENTS_NO_ACTIONS = "accepted as a type; its actions are listed by no value"


def parse_events(lines):
    """[(type, [actions])] in table order."""
    events = []
    for log_type, actions in table_rows(lines):
        if actions == EVENTS_NO_ACTIONS:
            events.append((log_type, []))
        elif re.fullmatch(r"[\w]+(, [\w]+)*", actions):
            events.append((log_type, actions.split(", ")))
        else:
            raise SpecError(f"unparsed Events row: {log_type!r} {actions!r}")
    return events


# Value sets that a module line states in prose instead of listing them
# (logevents `type` and `action`). Both are produced in Events-table order.
PROSE_VALUE_SETS = {
    "empty string, or a log type from the Events part":
        lambda events: [""] + [t for t, _ in events],
    "a type/action pair from the Events part":
        lambda events: [f"{t}/{a}" for t, actions in events for a in actions],
}


# --------------------------------------------------------------------------
# Parameters


class Param:
    """One parameter as read from the spec, before rendering."""

    def __init__(self, name):
        self.name = name
        self.type = None          # paraminfo type name or list of values
        self.user_star = False
        self.value_set = None     # ValueSet the type came from, if a single shared set
        self.required = False
        self.deprecated = False
        self.sensitive = False
        self.default = None       # raw text of the default, None when none stated
        self.no_default = False   # "no default" stated explicitly
        self.multi = False
        self.allspecifier = False
        self.allowsduplicates = False
        self.extranamespaces = False
        self.subtypes = None
        self.deprecatedvalues = []
        self.min = None
        self.info = []
        self.templatevars = None  # for templated parameters


class Context:
    def __init__(self, sets, events):
        self.sets = sets
        self.events = events


def parse_value_list(body, ctx, param):
    """Contents of `{...}` -> list of values (shared sets expanded)."""
    if body in PROSE_VALUE_SETS:
        return PROSE_VALUE_SETS[body](ctx.events)
    if "|" not in body and body in ctx.sets:
        param.value_set = ctx.sets[body]
        return list(param.value_set.values)
    values = []
    for v in body.split("|"):
        v = value_word(v)
        if v in ctx.sets:
            values.extend(ctx.sets[v].values)
        elif re.fullmatch(r"[A-Z_]{3,}", v):
            raise SpecError(f"unknown shared value set {v!r}")
        else:
            values.append(v)
    return values


INFO_NAME = re.compile(r"[a-z]+only")


def apply_parenthetical(text, param):
    """One `( ... )` remark after a parameter."""
    text = text.strip()
    if text.startswith("annotation "):
        text = text[len("annotation "):]
    m = re.fullmatch(r"modes? (\d+(?:, \d+)*)", text)
    if m:
        param.info.append({"name": "modes", "values": [int(v) for v in m.group(1).split(", ")]})
        return
    if INFO_NAME.fullmatch(text):
        param.info.append({"name": text})
        return
    if text == "duplicates allowed":
        param.allowsduplicates = True
        return
    m = re.fullmatch(r"default (\S+)", text)
    if m:
        param.default = m.group(1)
        return
    dep = parse_deprecated_note(text)
    if dep is not None:
        param.deprecatedvalues.extend(dep)
        return
    raise SpecError(f"{param.name}: unknown remark ({text})")


TYPE_WORD = re.compile(r"(str|int|bool|ts|ns|title|user\*|user|limit)(?![\w*])")
# A default runs up to the next modifier (" [", " (", ", min") or the end of the clause.
DEFAULT_TEXT = re.compile(r"=\s*(.*?)(?=\s+[\[(]|,\s*min\b|$)")


def parse_param(clause, ctx):
    """'name type modifiers...' -> Param."""
    m = re.match(r"([\w{}-]+)\s*", clause)
    if not m:
        raise SpecError(f"no parameter name in {clause!r}")
    param = Param(m.group(1))
    rest = clause[m.end():]

    if rest.startswith("{"):
        close = rest.index("}")
        param.type = parse_value_list(rest[1:close], ctx, param)
        rest = rest[close + 1:]
    else:
        t = TYPE_WORD.match(rest)
        if t:
            word = t.group(1)
            param.type = TYPE_NAMES[word]
            param.user_star = word == "user*"
            rest = rest[t.end():]
        elif param.name == "limit":
            # A bare `limit` clause is the parameter limit of type limit.
            param.type = "limit"
        else:
            raise SpecError(f"{param.name}: no type in {clause!r}")

    pos = 0
    while pos < len(rest):
        tail = rest[pos:]
        if tail[0].isspace():
            pos += 1
            continue
        flag = re.match(r"\[(m\*|m|x|req|dep|sens)\]", tail)
        if flag:
            f = flag.group(1)
            if f in ("m", "m*"):
                param.multi = True
                param.allspecifier = f == "m*"
            elif f == "x":
                param.extranamespaces = True
            elif f == "req":
                param.required = True
            elif f == "dep":
                param.deprecated = True
            elif f == "sens":
                param.sensitive = True
            pos += flag.end()
            continue
        dflt = DEFAULT_TEXT.match(tail)
        if dflt:
            param.default = dflt.group(1).strip()
            pos += dflt.end()
            continue
        paren = re.match(r"\(([^()]*)\)", tail)
        if paren:
            apply_parenthetical(paren.group(1), param)
            pos += paren.end()
            continue
        subtypes = re.match(r"with subtypes? ([\w, ]+?)(?=\s*[\[(]|$)", tail)
        if subtypes:
            param.subtypes = [s.strip() for s in subtypes.group(1).split(",")]
            pos += subtypes.end()
            continue
        bound = re.match(r",\s*min (-?\d+)", tail)
        if bound:
            param.min = int(bound.group(1))
            pos += bound.end()
            continue
        raise SpecError(f"{param.name}: cannot parse {tail!r} in {clause!r}")
    return param


def parse_family_row(cells, ctx):
    """A row of the revision-query family table -> Param."""
    name, type_text, rule = cells
    param = parse_param(f"{name} {type_text}", ctx)
    for part in split_top(rule, ";") if rule else []:
        if part == "[dep]":
            param.deprecated = True
        elif part.startswith("default "):
            param.default = part[len("default "):]
        elif part == "templated":
            placeholder = re.fullmatch(r"[\w-]*\{(\w+)\}[\w-]*", name)
            if not placeholder:
                raise SpecError(f"templated parameter without placeholder: {name}")
            param.templatevars = {"placeholder": placeholder.group(1)}
        elif m := re.fullmatch(r"one per value of (\w+)", part):
            if param.templatevars is None:
                raise SpecError(f"{name}: 'one per value' without 'templated'")
            param.templatevars["source"] = m.group(1)
        elif part == "no default":
            param.no_default = True
        elif m := re.fullmatch(r"min (\d+), max (\d+), higher max (\d+)", part):
            stated = dict(zip(("min", "max", "highmax"), map(int, m.groups())))
            if param.type != "limit" or stated != LIMIT_BOUNDS:
                raise SpecError(f"{name}: bounds {stated} differ from type limit's")
        else:
            raise SpecError(f"family parameter {name}: unknown rule {part!r}")
    if param.templatevars is not None:
        tv = param.templatevars
        if "source" not in tv:
            raise SpecError(f"{name}: templated without its source parameter")
        param.templatevars = {tv["placeholder"]: tv["source"]}
    return param


def render_param(param, index):
    """Param -> formatversion=1 parameter descriptor (dict in MediaWiki's key order)."""
    if param.templatevars is not None:
        return {
            "index": index,
            "name": param.name,
            "templatevars": param.templatevars,
            "type": param.type,
        }
    d = {"index": index, "name": param.name, "type": param.type}
    if param.required:
        d["required"] = ""
    if param.deprecated:
        d["deprecated"] = ""
    if param.sensitive:
        d["sensitive"] = ""

    default = param.default
    if default is None and param.value_set is not None:
        default = param.value_set.default
    if default is None and param.type == "limit" and not param.no_default:
        default = str(LIMIT_DEFAULT)
    if default is not None:
        if param.type == "boolean":
            raise SpecError(f"{param.name}: boolean with a default")
        if default in ("empty", "empty string"):
            default = ""
        elif m := re.fullmatch(r"all (\w+) values joined by a vertical bar in that order", default):
            if NUMBER_WORDS.get(m.group(1)) != len(param.type):
                raise SpecError(f"{param.name}: '{m.group(1)}' values but {len(param.type)} listed")
            default = "|".join(param.type)
        if isinstance(param.type, str) and param.type in NUMERIC_DEFAULT_TYPES:
            if not re.fullmatch(r"-?\d+", default):
                raise SpecError(f"{param.name}: non-numeric default {default!r}")
            default = int(default)
        if isinstance(param.type, list) and default != "":
            bad = [v for v in (default.split("|") if param.multi else [default]) if v not in param.type]
            if bad and not (param.allspecifier and default == "*"):
                raise SpecError(f"{param.name}: default values {bad} not allowed")
        d["default"] = default

    if param.multi:
        d["multi"] = ""
        d.update(MULTI_LIMITS)
    if param.allowsduplicates:
        d["allowsduplicates"] = ""
    if param.allspecifier:
        d["allspecifier"] = "*"
    if param.type == "limit":
        d.update(LIMIT_BOUNDS)
    elif param.min is not None:
        d["min"] = param.min
    if param.extranamespaces:
        d["extranamespaces"] = list(EXTRA_NAMESPACES)
    if param.type == "user":
        if param.user_star:
            d["subtypes"] = list(USER_STAR_SUBTYPES)
        elif param.subtypes:
            d["subtypes"] = param.subtypes
        else:
            raise SpecError(f"{param.name}: user parameter without subtypes")
    elif param.subtypes:
        raise SpecError(f"{param.name}: subtypes on a non-user parameter")
    deprecated_values = list(param.deprecatedvalues)
    if param.value_set is not None:
        deprecated_values = param.value_set.deprecated + deprecated_values
    if deprecated_values:
        missing = [v for v in deprecated_values if v not in param.type]
        if missing:
            raise SpecError(f"{param.name}: deprecated values {missing} not among its values")
        d["deprecatedvalues"] = deprecated_values
    if param.info:
        d["info"] = param.info
    return {k: d[k] for k in PARAM_KEY_ORDER if k in d}


# --------------------------------------------------------------------------
# Modules


MODULE_LINE = re.compile(r"^- \*\*(\w+)\*\* \((.*?)\): (.*)\.$")
FAMILY_CLAUSE = re.compile(
    r"revision family(?:, where (\w+) carries the annotation (\w+))?")


def parse_header(name, header):
    """'prefix ac; G R' etc. -> (prefix, readrights, generator, deprecated)."""
    prefix, readrights, generator, deprecated = None, False, False, False
    for part in header.split("; "):
        if m := re.fullmatch(r"prefix (\w+)", part):
            prefix = m.group(1)
        elif part == "empty prefix":
            prefix = ""
        elif re.fullmatch(r"[GR]( [GR])*", part):
            flags = part.split()
            generator, readrights = "G" in flags, "R" in flags
        elif part == "no R flag":
            readrights = False
        elif part == "the module is marked deprecated":
            deprecated = True
        else:
            raise SpecError(f"{name}: unknown header part {part!r}")
    if prefix is None:
        raise SpecError(f"{name}: no prefix")
    return prefix, readrights, generator, deprecated


def parse_module(line, group, ctx, family_rows):
    m = MODULE_LINE.match(line)
    if not m:
        raise SpecError(f"unparsed module line: {line[:80]!r}")
    name, header, body = m.groups()
    prefix, readrights, generator, deprecated = parse_header(name, header)

    params = []
    for clause in split_top(body, ";"):
        fam = FAMILY_CLAUSE.fullmatch(clause)
        if fam:
            # The family's parameters come first, in the table's order, then
            # the module's extras. (The spec states no order between the two;
            # MediaWiki itself declares `tag` and `continue` with each module's
            # own parameters, so their indexes there differ from these.)
            family = [parse_family_row(row, ctx) for row in family_rows]
            if fam.group(1):
                target = [p for p in family if p.name == fam.group(1)]
                if not target:
                    raise SpecError(f"{name}: no family parameter {fam.group(1)}")
                target[0].info.append({"name": fam.group(2)})
            params.extend(family)
            continue
        if clause.startswith("extras: "):
            clause = clause[len("extras: "):]
        params.append(parse_param(clause, ctx))

    names = [p.name for p in params]
    dups = {n for n in names if names.count(n) > 1}
    if dups:
        raise SpecError(f"{name}: duplicate parameters {sorted(dups)}")

    parameters, templated = [], []
    for index, param in enumerate(params, start=1):
        rendered = render_param(param, index)
        (templated if param.templatevars is not None else parameters).append(rendered)

    module = {
        "name": name,
        "path": f"query+{name}",
        "group": group,
        "prefix": prefix,
        "licensetag": LICENSE_TAG,
    }
    if readrights:
        module["readrights"] = ""
    if deprecated:
        module["deprecated"] = ""
    if generator:
        module["generator"] = ""
    module["parameters"] = parameters
    module["templatedparameters"] = templated
    return module


def build_catalogue(spec_text):
    lines = spec_text.splitlines()
    endpoints = section(lines, "## Endpoints")
    ctx = Context(
        parse_shared_sets(section(endpoints, "### Shared value sets")),
        parse_events(section(lines, "## Events")),
    )
    family_rows = table_rows(section(endpoints, "### Revision-query parameter family"))
    modules = []
    for heading, group in GROUP_HEADINGS.items():
        for line in section(endpoints, heading):
            if line.startswith("- **"):
                modules.append(parse_module(line, group, ctx, family_rows))
            elif line.strip():
                raise SpecError(f"unexpected line in {heading!r}: {line[:80]!r}")
    return {"modules": modules}


# --------------------------------------------------------------------------
# Comparison with a captured formatversion=2 answer


OMITTED_MODULE_KEYS = {"classname", "source", "sourcename", "licenselink", "helpurls"}


def to_fv1(value):
    """formatversion=2 -> formatversion=1 conventions: true -> "", false -> absent."""
    if isinstance(value, dict):
        return {k: to_fv1(v) for k, v in value.items() if v is not False}
    if isinstance(value, list):
        return [to_fv1(v) for v in value]
    return "" if value is True else value


def describe_value_diff(ours, theirs):
    if isinstance(ours, list) and isinstance(theirs, list):
        extra = [v for v in ours if v not in theirs]
        missing = [v for v in theirs if v not in ours]
        parts = []
        if extra:
            parts.append(f"spec only {extra}")
        if missing:
            parts.append(f"oracle only {missing}")
        if not parts:
            parts.append("same values, different order")
        return "; ".join(parts)
    return f"spec {json.dumps(ours)} vs oracle {json.dumps(theirs)}"


def compare_params(where, ours, theirs, out):
    ours_by = {p["name"]: p for p in ours}
    theirs_by = {p["name"]: p for p in theirs}
    for n in ours_by.keys() - theirs_by.keys():
        out.append(f"{where}: parameter {n} only in spec")
    for n in theirs_by.keys() - ours_by.keys():
        out.append(f"{where}: parameter {n} only in oracle")
    for n in [p["name"] for p in ours if p["name"] in theirs_by]:
        a, b = ours_by[n], theirs_by[n]
        for key in list(a) + [k for k in b if k not in a]:
            if key not in b:
                out.append(f"{where}.{n}: key {key} only in spec ({json.dumps(a[key])})")
            elif key not in a:
                out.append(f"{where}.{n}: key {key} only in oracle ({json.dumps(b[key])})")
            elif a[key] != b[key]:
                out.append(f"{where}.{n}.{key}: {describe_value_diff(a[key], b[key])}")


def compare(catalogue, oracle):
    answer = oracle.get("response", oracle)
    theirs = {m["name"]: to_fv1(m) for m in answer["paraminfo"]["modules"]}
    ours = {m["name"]: m for m in catalogue["modules"]}
    out = []
    for n in ours.keys() - theirs.keys():
        out.append(f"module {n} only in spec")
    for n in theirs.keys() - ours.keys():
        out.append(f"module {n} only in oracle")
    for n in [m["name"] for m in catalogue["modules"] if m["name"] in theirs]:
        a, b = ours[n], theirs[n]
        for key in set(a) | (set(b) - OMITTED_MODULE_KEYS):
            if key in ("parameters", "templatedparameters"):
                compare_params(f"{n}/{key}", a.get(key, []), b.get(key, []), out)
            elif a.get(key) != b.get(key):
                out.append(f"{n}: module key {key}: spec {a.get(key)!r} vs oracle {b.get(key)!r}")
    return out


# --------------------------------------------------------------------------


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("spec", nargs="?", type=Path, default=DEFAULT_SPEC,
                    help="spec text (default: %(default)s)")
    ap.add_argument("-o", "--output", type=Path, default=DEFAULT_OUT,
                    help="catalogue to write (default: %(default)s)")
    ap.add_argument("--compare", type=Path, metavar="ORACLE_JSON",
                    help="also diff against a captured formatversion=2 paraminfo answer")
    args = ap.parse_args(argv)

    try:
        catalogue = build_catalogue(args.spec.read_text(encoding="utf-8"))
    except SpecError as e:
        sys.exit(f"spec_catalogue: {e}")
    args.output.parent.mkdir(parents=True, exist_ok=True)
    args.output.write_text(json.dumps(catalogue, indent=1, ensure_ascii=False) + "\n",
                           encoding="utf-8")
    print(f"wrote {len(catalogue['modules'])} modules to {args.output}")

    if args.compare:
        diffs = compare(catalogue, json.loads(args.compare.read_text(encoding="utf-8")))
        for d in diffs:
            print(d)
        print(f"{len(diffs)} differences")


if __name__ == "__main__":
    main()
