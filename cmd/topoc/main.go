// Command topoc compiles AI/HPC datacenter fabric designs written in HCL
// (*.topo.hcl), checks them and reports what they contain.
//
// Exit codes: 0 clean (warnings and infos allowed), 1 design errors,
// 2 usage or I/O errors.
package main

import (
	"errors"
	"fmt"
	"os"
	"strings"

	"github.com/spf13/cobra"
)

// exitError carries an exit code out of a subcommand.
type exitError struct{ code int }

func (e exitError) Error() string { return fmt.Sprintf("exit %d", e.code) }

func main() {
	os.Exit(run(os.Args[1:]))
}

// run executes topoc with args and returns the exit code; tests call it
// in-process.
func run(args []string) int {
	root := newRoot()
	root.SetArgs(args)
	err := root.Execute()
	var ee exitError
	switch {
	case err == nil:
		return 0
	case errors.As(err, &ee):
		return ee.code
	}
	fmt.Fprintln(os.Stderr, "topoc:", err)
	return 2
}

func newRoot() *cobra.Command {
	root := &cobra.Command{
		Use:           "topoc",
		Short:         "Compile, check and analyze AI/HPC datacenter fabric designs",
		Long:          "topoc compiles fabric designs written in HCL (*.topo.hcl) into a graph, checks them, and reports their contents.",
		SilenceUsage:  true,
		SilenceErrors: true,
	}
	root.SetFlagErrorFunc(func(c *cobra.Command, err error) error {
		fmt.Fprintf(c.ErrOrStderr(), "topoc: %v\n%s%s", err, singleDashHint(c, os.Args[1:]), c.UsageString())
		return exitError{2}
	})
	root.AddCommand(newCheck(), newBuild(), newDiff(), newReport(), newVersion())
	root.AddCommand(newFmt(), newExplain(), newVerify(), newWhatif())
	root.AddCommand(newNCCL())
	root.PersistentFlags().BoolP("quiet", "q", false, "print only diagnostics: no summaries, no lists of files")
	return root
}

// quietFlag reports the persistent --quiet flag of the command c runs under.
func quietFlag(c *cobra.Command) bool {
	q, _ := c.Flags().GetBool("quiet")
	return q
}

// singleDashHint explains a long flag written with one dash, as Go's
// flag package (gofmt -l, go test -run) accepts: cobra reads "-check" as
// the shorthands c, h, e, c, k and reports "unknown shorthand flag: 'c'".
// It returns a line naming the double-dash form of every such argument
// of args that is a long flag of c, or "".
func singleDashHint(c *cobra.Command, args []string) string {
	var hint string
	for _, a := range args {
		if len(a) < 3 || a[0] != '-' || a[1] == '-' {
			continue
		}
		name, _, _ := strings.Cut(a[1:], "=")
		if f := c.Flags().Lookup(name); f != nil {
			hint += fmt.Sprintf("topoc: %s is the long flag --%s, which takes two dashes\n", a, name)
		}
	}
	return hint
}
