#!/usr/bin/env python3
"""Checks JSON files against a JSON Schema (draft 2020-12) with python3-jsonschema.

usage: check_json_schema.py SCHEMA FILE...
Checks the schema itself first, then every file; prints one line per file ("ok FILE" or
"invalid FILE: at /path: message" for each error, at most 5 a file). Exit 0 when every file is
valid, 1 when one is not, 2 when jsonschema is missing or the schema or a file cannot be read.
"""
import json
import sys

try:
    import jsonschema
except ImportError:
    print("python3-jsonschema is not installed (scripts/install-deps.sh installs it)", file=sys.stderr)
    sys.exit(2)


def load(path):
    try:
        with open(path, encoding="utf-8") as f:
            return json.load(f)
    except (OSError, ValueError) as e:
        print(f"cannot read {path}: {e}", file=sys.stderr)
        sys.exit(2)


def main(argv):
    if len(argv) < 3:
        print(__doc__, file=sys.stderr)
        return 2
    schema = load(argv[1])
    validator_class = jsonschema.validators.validator_for(schema)
    try:
        validator_class.check_schema(schema)
    except jsonschema.exceptions.SchemaError as e:
        print(f"the schema {argv[1]} is not a valid {validator_class.__name__} schema: {e.message}", file=sys.stderr)
        return 2
    validator = validator_class(schema)
    invalid = 0
    for path in argv[2:]:
        errors = sorted(validator.iter_errors(load(path)), key=lambda e: list(e.absolute_path))
        if not errors:
            print(f"ok {path}")
            continue
        invalid += 1
        for e in errors[:5]:
            where = "/" + "/".join(str(p) for p in e.absolute_path)
            print(f"invalid {path}: at {where}: {e.message[:300]}")
    return 1 if invalid else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
