// Package report writes the analyzers' results (the object of package
// analyzers/results) for people: `check`'s text, `diff` (the comparison
// of two designs' objects and its text and Markdown) and `review`'s
// Markdown. It only presents: every number it prints was computed by an
// analyzer and reaches it through analyzers/results, so what a reader
// sees is what the JSON report and a requirement condition hold.
package report
