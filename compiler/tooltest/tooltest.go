// Package tooltest lets tests use outside programs (gpmetis, networkx,
// pre-commit, jsonschema, xmllint, dot) as oracles: a test skips with the
// reason when the tool is absent, and fails instead when
// TOPOC_REQUIRE_TOOLS=1 (set by .ci/run, which installs the tools).
package tooltest

import (
	"os"
	"os/exec"
	"testing"
)

// Python is the interpreter tests use for Python oracles: Debian's, named
// by path so that a different python3 first on PATH cannot change the
// result (docs/reference/design-brief.md, "Python in tests").
const Python = "/usr/bin/python3"

// Missing skips the test, or fails it under TOPOC_REQUIRE_TOOLS=1, with a
// message that says what to install.
func Missing(t testing.TB, what, install string) {
	t.Helper()
	msg := what + " is not available (install: " + install + ")"
	if os.Getenv("TOPOC_REQUIRE_TOOLS") == "1" {
		t.Fatal(msg + "; TOPOC_REQUIRE_TOOLS=1 makes it required")
	}
	t.Skip("skipping: " + msg)
}

// Command returns the path of program, found on PATH or, for daemons
// such as munged and slurmctld that Debian installs there, in /usr/sbin
// (not on a non-root user's PATH); else it calls Missing.
func Command(t testing.TB, program, debianPackage string) string {
	t.Helper()
	p, err := exec.LookPath(program)
	if err != nil {
		if q, err2 := exec.LookPath("/usr/sbin/" + program); err2 == nil {
			return q
		}
		Missing(t, program, "apt-get install "+debianPackage)
	}
	return p
}

// PythonModule checks that Debian's Python can import module, or calls
// Missing.
func PythonModule(t testing.TB, module, debianPackage string) {
	t.Helper()
	if err := exec.Command(Python, "-c", "import "+module).Run(); err != nil {
		Missing(t, "Python module "+module+" for "+Python, "apt-get install "+debianPackage)
	}
}
