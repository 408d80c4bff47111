package csvcell

import (
	"bytes"
	"testing"
)

func TestSafe(t *testing.T) {
	for in, want := range map[string]string{
		"leaf0":                        "leaf0",
		"=HYPERLINK(\"http://evil/\")": "'=HYPERLINK(\"http://evil/\")",
		"@SUM(1+1)":                    "'@SUM(1+1)",
		"+1+1":                         "'+1+1",
		"-3":                           "-3",
		"-1.5e3":                       "-1.5e3",
		"-cmd":                         "'-cmd",
		"a\nb\x1b[31m":                 "a\uFFFDb\uFFFD[31m",
		"":                             "",
	} {
		if got := Safe(in); got != want {
			t.Errorf("Safe(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestWriter(t *testing.T) {
	var buf bytes.Buffer
	w := NewWriter(&buf)
	w.Write([]string{"device", "=1+1"})
	w.Flush()
	if got, want := buf.String(), "device,'=1+1\n"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}
