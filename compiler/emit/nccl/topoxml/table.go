package topoxml

import (
	"strconv"
	"strings"

	"github.com/topoc/topoc/compiler/ir"
)

// linkSpeed is one entry of NCCL's PCIe link-speed table
// (kvDictPciGen in src/graph/topo.cc, NCCL 2.30.7; nccl-topo-xml.md §5.2):
// a string matched by prefix and its per-lane value in units of 100 Mb/s.
type linkSpeed struct {
	prefix string
	value  int
	gen    int
}

// linkSpeeds is NCCL's table in NCCL's order; the first entry whose string
// is a prefix of the attribute wins. The short forms are what Linux ≤ 5.6
// wrote to sysfs, the " PCIe" forms newer kernels.
var linkSpeeds = []linkSpeed{
	{"2.5 GT/s", 15, 1}, {"5 GT/s", 30, 2}, {"8 GT/s", 60, 3}, {"16 GT/s", 120, 4}, {"32 GT/s", 240, 5},
	{"2.5 GT/s PCIe", 15, 1}, {"5.0 GT/s PCIe", 30, 2}, {"8.0 GT/s PCIe", 60, 3}, {"16.0 GT/s PCIe", 120, 4},
	{"32.0 GT/s PCIe", 240, 5}, {"64.0 GT/s PCIe", 480, 6},
}

// gen3Value is NCCL's fallback for an unknown link_speed: the Gen3 entry.
const gen3Value = 60

// LinkSpeedString returns the link_speed topoc writes for a PCIe
// generation: the "N.0 GT/s PCIe" form of newer kernels, which
// nccl-topo-xml.md §11 recommends ("2.5 GT/s PCIe" for Gen 1). It returns
// "" for an unknown generation.
func LinkSpeedString(gen int) string {
	for _, s := range linkSpeeds {
		if s.gen == gen && strings.HasSuffix(s.prefix, " PCIe") {
			return s.prefix
		}
	}
	return ""
}

// LinkSpeedValue reads a link_speed the way NCCL does: the value (×100
// Mb/s per lane) of the first table entry that is a prefix of s, and its
// generation; ok is false when no entry matches and NCCL falls back to
// Gen3 (value 60), as it does for "", "Unknown" and "16.0 GT/s" (no
// " PCIe").
func LinkSpeedValue(s string) (value, gen int, ok bool) {
	for _, e := range linkSpeeds {
		if strings.HasPrefix(s, e.prefix) {
			return e.value, e.gen, true
		}
	}
	return gen3Value, 3, false
}

// LinkGBps is NCCL's bandwidth of a PCIe link in GB/s: width × value / 80,
// a width of 0 meaning 16 (nccl-topo-xml.md §5.2).
func LinkGBps(value, width int) float64 {
	if width <= 0 {
		width = 16
	}
	return float64(width*value) / 80
}

// Strtol emulates C strtol(s, NULL, 0), which NCCL uses for integer
// attributes: optional sign, "0x" for hex, a leading "0" for octal,
// decimal otherwise; it stops at the first invalid digit, and reads "" as
// 0. ok is false when no digit was read.
func Strtol(s string) (v int64, ok bool) {
	s = strings.TrimLeft(s, " \t\n\r\f\v")
	neg := false
	if s != "" && (s[0] == '+' || s[0] == '-') {
		neg, s = s[0] == '-', s[1:]
	}
	base := 10
	switch {
	case len(s) > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X') && isDigit(s[2], 16):
		base, s = 16, s[2:]
	case len(s) > 0 && s[0] == '0':
		base = 8
	}
	n := 0
	for n < len(s) && isDigit(s[n], base) {
		n++
	}
	if n == 0 {
		return 0, false
	}
	u, err := strconv.ParseInt(s[:n], base, 64)
	if err != nil {
		return 0, false
	}
	if neg {
		u = -u
	}
	return u, true
}

func isDigit(c byte, base int) bool {
	var d int
	switch {
	case c >= '0' && c <= '9':
		d = int(c - '0')
	case c >= 'a' && c <= 'f':
		d = int(c-'a') + 10
	case c >= 'A' && c <= 'F':
		d = int(c-'A') + 10
	default:
		return false
	}
	return d < base
}

// AffinityCPUs reads an affinity the way NCCL does (ncclStrToCpuset,
// src/include/cpuset.h): comma-separated words, each read with
// strtoul(…, 16) up to its first non-hex character, the last word holding
// CPUs 0-31; at most 32 words. It returns the CPU numbers in ascending
// order.
func AffinityCPUs(s string) []int {
	words := strings.Split(s, ",")
	if len(words) > 32 {
		words = words[len(words)-32:]
	}
	var cpus []int
	for i := len(words) - 1; i >= 0; i-- {
		w := strings.TrimSpace(words[i])
		n := 0
		for n < len(w) && isDigit(w[n], 16) {
			n++
		}
		v, _ := strconv.ParseUint(w[:min(n, 8)], 16, 32)
		base := (len(words) - 1 - i) * 32
		for b := 0; b < 32; b++ {
			if v&(1<<b) != 0 {
				cpus = append(cpus, base+b)
			}
		}
	}
	return cpus
}

// ClassKind maps a PCI class the way NCCL's kvDictPciClass does, by
// prefix (nccl-topo-xml.md §4.3): "gpu" for 0x03…, "nic" for 0x02…,
// "nvs" for 0x068000, "cpu" for 0x068001, and "switch" for 0x060400,
// 0x080100 (ConnectX-8 data-direct) and anything else, which NCCL also
// treats as a PCI switch (with an INFO line). known is false for that
// last case.
func ClassKind(class string) (kind string, known bool) {
	switch {
	case strings.HasPrefix(class, "0x060400"), strings.HasPrefix(class, "0x080100"):
		return "switch", true
	case strings.HasPrefix(class, "0x068000"):
		return "nvs", true
	case strings.HasPrefix(class, "0x068001"):
		return "cpu", true
	case strings.HasPrefix(class, "0x03"):
		return "gpu", true
	case strings.HasPrefix(class, "0x02"):
		return "nic", true
	}
	return "switch", false
}

// BroadcomLevel reports whether a switch's ids are those of a Broadcom PEX
// switch that NCCL flattens (ncclTopoFlattenBcmSwitches; nccl-topo-xml.md
// §4.3): "upper" or "lower" level of a Gen4 PEX880xx (device 0xc010,
// subsystem 0x1000:0xa0xx, both levels alike) or Gen5 PEX890xx (device
// 0xc030, subsystem vendor 0x1000, subsystem device 0x0xxx upper and
// 0x1xxx lower); "" otherwise. NCCL merges a lower-level switch into an
// upper-level parent of the same generation.
func BroadcomLevel(vendor, device, subVendor, subDevice string) (gen int, level string) {
	if vendor != "0x1000" || subVendor != "0x1000" || len(subDevice) != 6 {
		return 0, ""
	}
	switch device {
	case "0xc010":
		if strings.HasPrefix(subDevice, "0xa0") {
			return 4, "any"
		}
	case "0xc030":
		switch subDevice[2] {
		case '0':
			return 5, "upper"
		case '1':
			return 5, "lower"
		}
	}
	return 0, ""
}

// knownArch is NCCL's arch dictionary (matched by prefix).
var knownArch = []string{"x86_64", "arm64", "ppc64"}

// knownVendors is NCCL's CPU vendor dictionary (exact CPUID strings).
var knownVendors = []string{"GenuineIntel", "AuthenticAMD", "CentaurHauls", "  Shanghai  "}

// GDRLevel is NCCL 2.30's default GPUDirect RDMA level, and GDRLevelOld
// the level before 2.30 or with NCCL_NET_GDR_C2C=0 (nccl-topo-xml.md §6):
// a GPU and NIC at most this far apart use GPUDirect RDMA.
const (
	GDRLevel    = ir.PathP2C
	GDRLevelOld = ir.PathPXB
)
