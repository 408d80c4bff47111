package diag

import "github.com/agext/levenshtein"

// Closest returns the name of known nearest to name by edit distance
// when it is within 3 edits (the distance HCL's own "Did you mean"
// suggestions allow), "" otherwise; among equals, the first in known.
// It is what "Did you mean …?" in an unknown-reference detail names.
func Closest(name string, known []string) string {
	best, bestD := "", 4
	for _, k := range known {
		if d := levenshtein.Distance(name, k, nil); d < bestD {
			best, bestD = k, d
		}
	}
	return best
}
