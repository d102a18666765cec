#!/usr/bin/env python3
"""Reads a JUnit report with a JUnit reader from PyPI and prints what that reader sees, one line:
the counts, then each test case as classname/name:result(type).

usage: read_report.py junitparser|xunitparser REPORT.xml
"""
import sys


def with_junitparser(path):
    from junitparser import JUnitXml

    xml = JUnitXml.fromfile(path)
    suites = list(xml)
    counts = (sum(s.tests for s in suites), sum(s.failures for s in suites), sum(s.errors for s in suites), sum(s.skipped for s in suites))
    cases = []
    for suite in suites:
        for case in suite:
            result = case.result[0] if case.result else None
            kind = type(result).__name__.lower() if result is not None else "passed"
            cases.append(f"{case.classname}/{case.name}:{kind}({result.type if result is not None and result.type else ''})")
    return counts, cases


def with_xunitparser(path):
    import xunitparser

    with open(path) as report:
        suite, result = xunitparser.parse(report)
    counts = (result.testsRun, len(result.failures), len(result.errors), len(result.skipped))
    cases = []
    for case in suite:
        kind = {"success": "passed", "failure": "failure", "error": "error", "skipped": "skipped"}[case.result]
        cases.append(f"{case.classname}/{case.methodname}:{kind}({case.typename or ''})")
    return counts, cases


reader, path = sys.argv[1], sys.argv[2]
(tests, failures, errors, skipped), cases = {"junitparser": with_junitparser, "xunitparser": with_xunitparser}[reader](path)
print(f"tests={tests} failures={failures} errors={errors} skipped={skipped} " + " ".join(cases))
