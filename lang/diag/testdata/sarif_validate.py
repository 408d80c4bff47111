"""Validate SARIF logs against the SARIF 2.1.0 JSON schema.

usage: sarif_validate.py SCHEMA LOG...

Uses the schema's own draft (draft-04) with format checking, so that URIs
("uri", "uri-reference") are checked too. Prints one line per violation
and exits 1 if there is any.
"""
import json
import sys

import jsonschema

schema = json.load(open(sys.argv[1], encoding="utf-8"))
jsonschema.Draft4Validator.check_schema(schema)
validator = jsonschema.Draft4Validator(schema, format_checker=jsonschema.FormatChecker())
bad = 0
for name in sys.argv[2:]:
    log = json.load(open(name, encoding="utf-8"))
    for err in sorted(validator.iter_errors(log), key=lambda e: list(map(str, e.absolute_path))):
        bad += 1
        print("%s: %s: %s" % (name, "/".join(map(str, err.absolute_path)), err.message))
sys.exit(1 if bad else 0)
