package oversub_test

import (
	"strings"
	"testing"

	"github.com/topoc/topoc/analyzers/oversub"
)

func TestWriteText(t *testing.T) {
	f := fabric(t, loadSource(t, taperedClos), "tapered")
	var b strings.Builder
	oversub.WriteText(&b, &f)
	want := `  oversub    end to end 4:1 (worst pod pod0)
    tier leaf        2:1 (16 switches)
    tier spine       2:1 (16 switches)
    leaf             2:1 (16 units, worst rack00/leaf0)
    rack             2:1 (16 units, worst rack00)
    pod              4:1 (4 units, worst pod0)
`
	if b.String() != want {
		t.Errorf("got\n%s\nwant\n%s", b.String(), want)
	}
	for r, s := range map[float64]string{3: "3:1", 31.0 / 32: "0.969:1", 0.4: "0.4:1", 1.5: "1.5:1"} {
		if got := oversub.Ratio(r); got != s {
			t.Errorf("Ratio(%g) = %q, want %q", r, got, s)
		}
	}
}
