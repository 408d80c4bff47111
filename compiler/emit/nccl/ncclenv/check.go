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
// design's paths, NCCL_P2P_DISABLE or an NCCL_P2P_LEVEL that turns the
// GPUs' peer-to-peer off, an NCCL_SOCKET_IFNAME that selects none of the
// model's interfaces or the compute rails' where front-end ones are
// named, NCCL_CROSS_NIC on a fabric whose rails meet only in the servers,
// and NCCL_IB_DISABLE. NCCL semantics: NCCL 2.30 user guide,
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
	p2pOff := false
	if s, ok := env["NCCL_P2P_DISABLE"]; ok && strtol0(s.value) == 1 && d.GPUPeerBest != ir.PathLOC && d.GPUPeerBest <= ir.PathPXB {
		// ncclGetLevel reads NCCL_P2P_DISABLE=1 as level LOC and then
		// ignores NCCL_P2P_LEVEL (src/graph/paths.cc).
		p2pOff = true
		out = append(out, Finding{s.line, s.key, fmt.Sprintf("NCCL_P2P_DISABLE=1 turns GPU peer-to-peer off: the GPUs' %s paths inside a server go unused and NCCL moves their traffic through host memory, far slower for the tensor-parallel and intra-node collectives the design routes over them. Remove it.", d.GPUPeerBest)})
	}
	if s, ok := env["NCCL_P2P_LEVEL"]; ok && !p2pOff {
		out = append(out, checkP2P(s, d)...)
	}
	if s, ok := env["NCCL_SOCKET_IFNAME"]; ok {
		out = append(out, checkSocketIfname(s, d)...)
	}
	// NCCL reads its integer parameters with strtoll base 0 (NCCL_PARAM,
	// src/misc/param.cc): "0x1" and "01" disable too.
	if s, ok := env["NCCL_IB_DISABLE"]; ok && strtol0(s.value) == 1 {
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

// legacyLevels maps NCCL's old numeric path levels to path classes, as
// ncclGetLevel's levelsOldToNew does (src/graph/paths.cc): 0 LOC, 1 PIX,
// 2 PXB, 3 PHB, 4 and above SYS.
var legacyLevels = []ir.PathClass{ir.PathLOC, ir.PathPIX, ir.PathPXB, ir.PathPHB, ir.PathSYS, ir.PathSYS}

// parseLevel reads an NCCL path level (NCCL_P2P_LEVEL,
// NCCL_NET_GDR_LEVEL) as ncclGetLevel does (src/graph/paths.cc, NCCL
// 2.30): a path class name up to SYS, compared case-sensitively; else,
// when it starts with a digit, a legacy number read by strtol with base
// 0 ("010" is octal 8, "08" is 0) through legacyLevels, 5 and above SYS.
// how says which it was, for findings; ok is false when NCCL ignores
// the value and keeps its default.
func parseLevel(v string) (level ir.PathClass, how string, ok bool) {
	for c := ir.PathLOC; c <= ir.PathSYS; c++ {
		if v == c.String() {
			return c, "", true
		}
	}
	if v == "" || v[0] < '0' || v[0] > '9' {
		return 0, "", false
	}
	n := strtol0(v)
	c := legacyLevels[min(n, int64(len(legacyLevels)-1))]
	return c, fmt.Sprintf(" (a legacy number, which NCCL reads as %s)", c), true
}

// strtol0 reads the leading number of v as C's strtol(v, NULL, 0) does:
// "0x" hexadecimal, a leading 0 octal, else decimal, stopping at the
// first digit that does not belong; 0 when none does. Written here
// because strconv.ParseInt(v, 0, 64) rejects the trailing text strtol
// stops at ("12abc") and reads "0b…" and "0o…" prefixes strtol does not.
func strtol0(v string) int64 {
	base, digits := int64(10), v
	switch {
	case len(v) > 2 && (v[:2] == "0x" || v[:2] == "0X") && strings.ContainsRune("0123456789abcdefABCDEF", rune(v[2])):
		base, digits = 16, v[2:]
	case len(v) > 1 && v[0] == '0':
		base, digits = 8, v[1:]
	}
	var n int64
	for _, r := range digits {
		d := int64(strings.IndexRune("0123456789abcdef", r|0x20)) // r|0x20 lowers A-F
		if d < 0 || d >= base {
			break
		}
		if n > 1<<40 {
			break // far past every level; strtol would saturate
		}
		n = n*base + d
	}
	return n
}

func checkP2P(s setting, d Design) []Finding {
	level, how, ok := parseLevel(s.value)
	if !ok {
		return []Finding{{s.line, s.key, fmt.Sprintf("NCCL_P2P_LEVEL=%s is no level NCCL reads (the names are upper case: LOC, NVL, PIX, PXB, PHB, SYS), so NCCL ignores it and keeps its default. Remove it, or write the name.", s.value)}}
	}
	// NCCL's default (PXB) allows the pairs up to PXB; a lower level
	// loses at least the closest pairs when it is below them.
	if b := d.GPUPeerBest; b == ir.PathLOC || b > ir.PathPXB || level >= b {
		return nil
	}
	return []Finding{{s.line, s.key, fmt.Sprintf("NCCL_P2P_LEVEL=%s%s is below the %s path between the design's GPUs: NCCL turns peer-to-peer off for those pairs, which its default (PXB) allows, and moves their traffic through host memory, far slower for the tensor-parallel and intra-node collectives. Remove it.", s.value, how, d.GPUPeerBest)}}
}

// checkSocketIfname reports an NCCL_SOCKET_IFNAME that selects none of
// the interfaces the model names (NCCL finds no interface and fails to
// bootstrap) or that puts the sockets on the compute rails where the
// model names front-end interfaces. The value's "^" (exclude) and "="
// (exact) prefixes read as for NCCL_IB_HCA (NCCL 2.30 user guide).
func checkSocketIfname(s setting, d Design) []Finding {
	all := append(slices.Clone(d.ComputeIfs), d.OtherIfs...)
	if len(all) == 0 {
		return nil
	}
	exclude, entries := parseHCA(s.value)
	selected := func(dev string) bool {
		return slices.ContainsFunc(entries, func(e hcaEntry) bool { return e.matches(dev) }) != exclude
	}
	var sel, compute []string
	for _, n := range all {
		if selected(n) {
			sel = append(sel, n)
			if slices.Contains(d.ComputeIfs, n) {
				compute = append(compute, n)
			}
		}
	}
	switch {
	case len(sel) == 0:
		return []Finding{{s.line, s.key, fmt.Sprintf("NCCL_SOCKET_IFNAME=%s selects none of node model %q's interfaces (%s): unless the host has another interface it names, NCCL finds none and cannot bootstrap.", s.value, d.Model, strings.Join(all, ", "))}}
	case len(d.OtherIfs) > 0 && len(compute) > 0:
		return []Finding{{s.line, s.key, fmt.Sprintf("NCCL_SOCKET_IFNAME=%s selects %s on the compute rails, where node model %q names front-end interfaces (%s) for NCCL's sockets. Use NCCL_SOCKET_IFNAME==%s.", s.value, strings.Join(compute, ", "), d.Model, strings.Join(d.OtherIfs, ", "), strings.Join(d.OtherIfs, ","))}}
	}
	return nil
}

func checkGDR(s setting, d Design) []Finding {
	level, how, ok := parseLevel(s.value)
	if !ok {
		return []Finding{{s.line, s.key, fmt.Sprintf("NCCL_NET_GDR_LEVEL=%s is no level NCCL reads (the names are upper case: LOC, PIX, PXB, P2C, PHB, SYS), so NCCL ignores it and keeps its default. Remove it, or write the name.", s.value)}}
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
	return []Finding{{s.line, s.key, fmt.Sprintf("NCCL_NET_GDR_LEVEL=%s%s turns GPUDirect RDMA off for %s, whose path to the compute NIC NCCL's default allows: their traffic is staged through host memory. Remove the setting.", s.value, how, strings.Join(off, ", "))}}
}
