package k8s

import (
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"
)

// rfc1123 agrees with the regular expression it replaces on every string
// of a seeded sample over the characters that matter (and the empty and
// too-long strings).
func TestRFC1123MatchesPattern(t *testing.T) {
	pattern := regexp.MustCompile(`^[a-z0-9]([-a-z0-9.]*[a-z0-9])?$`)
	rng := rand.New(rand.NewPCG(1, 2))
	const chars = "az09-._A/"
	samples := []string{"", "a", "-", ".", "a-", "-a", "a.b", strings.Repeat("a", 253), strings.Repeat("a", 254)}
	for range 20000 {
		b := make([]byte, rng.IntN(8))
		for i := range b {
			b[i] = chars[rng.IntN(len(chars))]
		}
		samples = append(samples, string(b))
	}
	for _, s := range samples {
		if want := len(s) <= 253 && pattern.MatchString(s); rfc1123(s) != want {
			t.Errorf("rfc1123(%q) = %v, want %v", s, !want, want)
		}
	}
}
