package ncclenv

import (
	"fmt"
	"slices"
	"strings"

	"github.com/topoc/topoc/compiler/ir"
	"github.com/topoc/topoc/lang/units"
)

// Finding is one place where an environment file contradicts the design:
// Line is 1-based (0 for what the file leaves out), Key the variable.
type Finding struct {
	Line int
	Key  string
	Msg  string
}

// setting is one KEY=VALUE line of an environment file.
type setting struct {
	line       int
	key, value string
}

// parse reads KEY=VALUE lines, as /etc/nccl.conf holds them and a shell
// script exports them: blank lines and # comments are skipped, a leading
// "export " and quotes around the value are dropped. A later line for the
// same key wins, as in both.
func parse(src []byte) map[string]setting {
	out := map[string]setting{}
	for i, raw := range strings.Split(string(src), "\n") {
		line := strings.TrimSpace(strings.TrimSuffix(raw, "\r"))
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		line = strings.TrimPrefix(line, "export ")
		k, v, ok := strings.Cut(line, "=")
		if !ok {
			continue
		}
		k, v = strings.TrimSpace(k), strings.TrimSpace(v)
		if len(v) >= 2 && (v[0] == '"' && v[len(v)-1] == '"' || v[0] == '\'' && v[len(v)-1] == '\'') {
			v = v[1 : len(v)-1]
		}
		out[k] = setting{line: i + 1, key: k, value: v}
	}
	return out
}

// Check compares an environment file with the design's facts about its
// node model and returns where they disagree, in line order: compute
// NICs NCCL_IB_HCA leaves out, other NICs it takes, prefixes that select
// more than one device, a GDR level that turns GPUDirect RDMA off on the
// design's paths, NCCL_CROSS_NIC on a fabric whose rails meet only in the
// servers, and NCCL_IB_DISABLE. NCCL semantics: NCCL 2.30 user guide,
// "Environment Variables".
func Check(src []byte, d Design) []Finding {
	env := parse(src)
	var out []Finding
	if s, ok := env["NCCL_IB_HCA"]; ok && len(d.Compute) > 0 {
		out = append(out, checkHCA(s, d)...)
	}
	if s, ok := env["NCCL_NET_GDR_LEVEL"]; ok {
		out = append(out, checkGDR(s, d)...)
	}
	if s, ok := env["NCCL_CROSS_NIC"]; ok && d.RailsOnlyInServers && s.value != "0" {
		out = append(out, Finding{s.line, s.key, fmt.Sprintf("NCCL_CROSS_NIC=%s lets rings and trees change NIC between nodes, but the design's fabric joins its rails (or planes) only inside the servers: such a ring has no path. Set NCCL_CROSS_NIC=0.", s.value)})
	}
	if s, ok := env["NCCL_IB_DISABLE"]; ok && s.value == "1" {
		out = append(out, Finding{s.line, s.key, "NCCL_IB_DISABLE=1 sends inter-node traffic over TCP sockets instead of the RDMA NICs the design routes its collectives over. Remove it."})
	}
	slices.SortStableFunc(out, func(a, b Finding) int { return a.Line - b.Line })
	return out
}

// hcaEntry is one entry of NCCL_IB_HCA: a device name or prefix, exact
// with "=", with an optional port.
type hcaEntry struct {
	name  string
	exact bool
	port  string
}

// matches reports whether the entry selects device dev.
func (e hcaEntry) matches(dev string) bool {
	if e.exact {
		return dev == e.name
	}
	return strings.HasPrefix(dev, e.name)
}

// parseHCA splits an NCCL_IB_HCA value: a leading "^" excludes the
// listed devices, a leading "=" makes every entry an exact name (NCCL's
// user guide: "=mlx5_0:1,mlx5_1:1"), ":N" picks port N.
func parseHCA(v string) (exclude bool, entries []hcaEntry) {
	exclude = strings.HasPrefix(v, "^")
	v = strings.TrimPrefix(v, "^")
	exact := strings.HasPrefix(v, "=")
	v = strings.TrimPrefix(v, "=")
	for _, part := range strings.Split(v, ",") {
		part = strings.TrimSpace(part)
		if part == "" {
			continue
		}
		name, port, _ := strings.Cut(part, ":")
		entries = append(entries, hcaEntry{name: name, exact: exact, port: port})
	}
	return exclude, entries
}

func checkHCA(s setting, d Design) []Finding {
	exclude, entries := parseHCA(s.value)
	known := append(slices.Clone(d.Compute), d.Other...)
	selected := func(dev string) bool {
		hit := slices.ContainsFunc(entries, func(e hcaEntry) bool { return e.matches(dev) })
		return hit != exclude
	}
	var out []Finding
	add := func(format string, args ...any) {
		out = append(out, Finding{s.line, s.key, fmt.Sprintf(format, args...)})
	}
	var missing []string
	for i, dev := range d.Compute {
		if !selected(dev) {
			missing = append(missing, fmt.Sprintf("%s (rail %d)", dev, i))
		}
	}
	if len(missing) > 0 {
		n := len(missing)
		add("NCCL_IB_HCA leaves out %s %s of node model %q: NCCL will not use %s, and the GPUs behind %s send through another GPU's NIC. Use NCCL_IB_HCA=%s.",
			units.Agree(n, "compute NIC", "compute NICs"), strings.Join(missing, ", "), d.Model, units.Agree(n, "that rail", "those rails"), units.Agree(n, "it", "them"), d.HCA())
	}
	var other []string
	for _, dev := range d.Other {
		if selected(dev) {
			other = append(other, dev)
		}
	}
	if len(other) > 0 {
		add("NCCL_IB_HCA selects %s, which node model %q has for storage or front-end traffic, not the compute fabric: NCCL would stripe training traffic onto that network. Use NCCL_IB_HCA=%s.", strings.Join(other, ", "), d.Model, d.HCA())
	}
	if exclude {
		return out
	}
	for _, e := range entries {
		var hits []string
		for _, dev := range known {
			if e.matches(dev) {
				hits = append(hits, dev)
			}
		}
		switch {
		case len(hits) == 0:
			add("NCCL_IB_HCA entry %q names no NIC of node model %q (its compute NICs: %s).", e.name, d.Model, strings.Join(d.Compute, ", "))
		case !e.exact && len(hits) > 1:
			add("NCCL_IB_HCA entry %q is a prefix and selects %s; write exact names with a leading \"=\" (NCCL_IB_HCA=%s).", e.name, strings.Join(hits, ", "), d.HCA())
		}
	}
	return out
}

// gdrLevels are the NCCL_NET_GDR_LEVEL names, in NCCL's order (the user
// guide lists LOC, PIX, PXB, PHB, SYS; 2.30 adds P2C between PXB and PHB,
// nccl-topo-xml.md §6).
var gdrLevels = map[string]ir.PathClass{"LOC": ir.PathLOC, "PIX": ir.PathPIX, "PXB": ir.PathPXB, "P2C": ir.PathP2C, "PHB": ir.PathPHB, "SYS": ir.PathSYS}

func checkGDR(s setting, d Design) []Finding {
	level, ok := gdrLevels[strings.ToUpper(s.value)]
	if !ok {
		return []Finding{{s.line, s.key, fmt.Sprintf("NCCL_NET_GDR_LEVEL=%s: topoc judges the level names LOC, PIX, PXB, P2C, PHB and SYS only (NCCL's numeric values are deprecated).", s.value)}}
	}
	var off []string
	for _, p := range d.Paths {
		if p.GDR && p.Class > level {
			off = append(off, fmt.Sprintf("%s (%s)", d.PCI[p.GPU].Name, p.Class))
		}
	}
	if len(off) == 0 {
		return nil
	}
	return []Finding{{s.line, s.key, fmt.Sprintf("NCCL_NET_GDR_LEVEL=%s turns GPUDirect RDMA off for %s, whose path to the compute NIC NCCL's default allows: their traffic is staged through host memory. Remove the setting.", s.value, strings.Join(off, ", "))}}
}
