package ir

import (
	"slices"
	"testing"
)

// TestCanonBusID: NCCL prints bus ids with %04lx:%02lx:%02lx.%01lx
// (nccl-topo-xml.md §5.1); CanonBusID rewrites other spellings into it.
func TestCanonBusID(t *testing.T) {
	for in, want := range map[string]string{
		"0000:1b:00.0":     "0000:1b:00.0",
		"0000:1B:00.0":     "0000:1b:00.0",
		"1b:00.0":          "0000:1b:00.0",
		"00000000:0a:00.0": "0000:0a:00.0",
		"ffff:ff:01.0":     "ffff:ff:01.0",
		"10000:01:00.0":    "10000:01:00.0",
	} {
		got, err := CanonBusID(in)
		if err != nil || got != want {
			t.Errorf("CanonBusID(%q) = %q, %v; want %q", in, got, err, want)
		}
		if CanonicalBusID(in) != (in == want) {
			t.Errorf("CanonicalBusID(%q) = %v", in, !(in == want))
		}
	}
	for _, bad := range []string{"", "0000:1b:00", "0000:1g:00.0", "0000:100:00.0", "0000:1b:00.10", "a:b:c:d"} {
		if _, err := CanonBusID(bad); err == nil {
			t.Errorf("CanonBusID(%q) accepted", bad)
		}
	}
}

// TestCPUMaps: the sysfs cpumap of the NUMA domains in docs/reference:
// Azure NDv5 (CPUs 0-47 of 96 → the file's "00000000,0000ffff,ffffffff")
// and the OCI H100 dump's 7-word masks, which nodes.md §2.2 decodes to
// 0-55,112-167 and 56-111,168-223.
func TestCPUMaps(t *testing.T) {
	cases := []struct {
		list  string
		words int
		want  string
	}{
		{"0-47", 3, "00000000,0000ffff,ffffffff"},
		{"48-95", 3, "ffffffff,ffff0000,00000000"},
		{"0-55,112-167", 7, "00000000,000000ff,ffffffff,ffff0000,00000000,00ffffff,ffffffff"},
		{"56-111,168-223", 7, "ffffffff,ffffff00,00000000,0000ffff,ffffffff,ff000000,00000000"},
		{"0-19", 2, "00000000,000fffff"}, // Azure NDv2 numaid 0
		{"5", 0, "00000020"},
	}
	for _, c := range cases {
		cpus, err := ParseCPUList(c.list)
		if err != nil {
			t.Fatal(err)
		}
		if got := FormatCPUMap(cpus, c.words); got != c.want {
			t.Errorf("FormatCPUMap(%s, %d) = %s, want %s", c.list, c.words, got, c.want)
		}
		if got := FormatCPUList(cpus); got != c.list {
			t.Errorf("FormatCPUList round trip: %s → %s", c.list, got)
		}
	}
	if got, _ := ParseCPUList("3,1-2,2"); !slices.Equal(got, []int{1, 2, 3}) {
		t.Errorf("ParseCPUList sorts and dedups: %v", got)
	}
	for _, bad := range []string{"", "5-3", "a", "0-1024", "-1"} {
		if _, err := ParseCPUList(bad); err == nil {
			t.Errorf("ParseCPUList(%q) accepted", bad)
		}
	}
	if CPUMapWords(95) != 3 || CPUMapWords(96) != 4 || CPUMapWords(0) != 1 {
		t.Error("CPUMapWords")
	}
}
