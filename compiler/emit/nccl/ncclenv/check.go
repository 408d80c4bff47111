package ncclenv

import (
	"fmt"
	"regexp"
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

// setting is one KEY=VALUE of an environment file: its line; whether
// it reaches the processes the file is for (exported; always, read as
// nccl.conf); and whether its value is an expansion only the running
// shell knows (unknown).
type setting struct {
	line       int
	key, value string
	exported   bool
	unknown    bool
}

// Reading is how an environment file will be read, which decides what
// its lines set.
type Reading int

const (
	// ReadEither is a file of KEY=VALUE lines that may be NCCL's
	// configuration file or sourced by a shell (with set -a): both
	// readings are judged, and lines they read differently reported.
	ReadEither Reading = iota
	// ReadConf is NCCL's configuration file (/etc/nccl.conf,
	// ~/.nccl.conf, NCCL_CONF_FILE), read by NCCL alone (readConf).
	ReadConf
	// ReadShell is a shell script that exports NCCL's variables
	// (readShell): a variable it does not export does not reach NCCL.
	ReadShell
)

// ReadingOf returns how the file named name, holding src, is read: a
// name ending in ".conf" is NCCL's configuration file (nccl.conf, the
// conventional name of NCCL_CONF_FILE), else a file with a line only a
// shell reads (export, declare, set, unset, env, source, or a command
// after assignments: isShellScript) is a shell script, else either. A convention of topoc's, stated in
// docs/nccl.md: nothing in a KEY=VALUE file says which reader it is for.
func ReadingOf(name string, src []byte) Reading {
	if strings.HasSuffix(name, ".conf") {
		return ReadConf
	}
	for _, l := range strings.Split(string(src), "\n") {
		if isShellScript(l) {
			return ReadShell
		}
	}
	return ReadEither
}

// readConf reads a line as NCCL reads /etc/nccl.conf, ~/.nccl.conf and
// NCCL_CONF_FILE (setEnvFile, src/misc/param.cc, NCCL 2.23–2.30): a line
// starting with "#" is skipped, one without "=" too; the key is every
// byte before the first "=" and the value every byte after it, spaces,
// quotes, "#" and a carriage return included (capped at 1,023 bytes
// each). NCCL sets each with setenv(…, 0): the process environment wins,
// and of two lines for one key the first.
func readConf(line string) (k, v string, ok bool) {
	if strings.HasPrefix(line, "#") {
		return "", "", false
	}
	k, v, ok = strings.Cut(line, "=")
	if !ok {
		return "", "", false
	}
	return k[:min(len(k), 1023)], v[:min(len(v), 1023)], true
}

// parse reads an environment file as how says and returns what it sets
// for each reading (for ReadEither a shell's, then NCCL's), and findings
// for the lines that do not set what they seem to:
//   - as nccl.conf: a key NCCL does not see ("export NCCL_IB_HCA",
//     spaces around "="), a value it reads with its quotes or comment,
//     two lines for one key (NCCL keeps the first);
//   - as a shell script (shellActions): an NCCL variable set but not
//     exported (set -a, set -o allexport, export or declare -x of it, or
//     a command it prefixes export it; set +a ends the first two), two
//     lines for one key (a shell keeps the last), spaces around "=", a
//     line whose quote is not closed on it;
//   - for ReadEither, each line the two readers read differently (a
//     shell sources such a file with set -a, as the emitted file says);
//   - carriage returns (a file saved on Windows), once: both readers
//     keep the "\r" in the value, which no device or interface name ends
//     in, and the settings are judged with it.
func parse(src []byte, how Reading) (envs []map[string]setting, fs []Finding) {
	shell := map[string]setting{} // last line wins
	conf := map[string]setting{}  // first line wins
	exportsAll := how == ReadEither
	exportedNames := map[string]bool{}
	crs := 0
	lines := strings.Split(string(src), "\n")
	asConf, asShell := how != ReadShell, how != ReadConf
	if strings.HasPrefix(string(src), "\ufeff") {
		fs = append(fs, Finding{1, ncclName.FindString(lines[0]), "The file starts with a byte order mark (saved by a Windows editor): NCCL and a shell both take it as part of the first line's name, so that line sets nothing. Save the file without it."})
	}
	for i, raw := range lines {
		n := i + 1
		if strings.HasSuffix(raw, "\r") {
			crs++
			if crs == 1 {
				fs = append(fs, Finding{n, "", "The file's lines end in a carriage return (saved on Windows): NCCL and a shell both keep the \"\\r\" as the value's last character, so a level, a path or a list's last name without a :port no longer matches. Convert the file to Unix line endings (dos2unix)."})
			}
		}
		cmds, sok := shellCommands(raw, func(name string) (string, bool) {
			st, ok := shell[name]
			return st.value, ok && !st.unknown
		})
		actions := shellActions(cmds)
		// The line as one plain assignment, for comparing readings.
		var sk, sv string
		single := sok && len(cmds) == 1 && len(cmds[0]) == 1 && cmds[0][0].eq > 0
		if single {
			sk, sv = cmds[0][0].name(), cmds[0][0].value()
		}
		ck, cv, cok := readConf(raw)
		tk := strings.TrimSpace(ck)
		setsNCCL := slices.ContainsFunc(actions, func(a shellAction) bool { return a.kind == actSet && strings.HasPrefix(a.name, "NCCL_") })
		switch {
		case how == ReadEither && single && strings.HasPrefix(sk, "NCCL_") && (!cok || ck != sk):
			fs = append(fs, Finding{n, sk, fmt.Sprintf("Read as nccl.conf (NCCL_CONF_FILE, /etc/nccl.conf), this line's key is %q, not %s: NCCL ignores the line there. Write %s=%s with nothing around the key (a shell that sources the file then needs set -a to export it).", ck, sk, sk, sv)})
		case how == ReadConf && cok && strings.HasPrefix(strings.TrimPrefix(tk, "export "), "NCCL_") && ck != strings.TrimPrefix(tk, "export "):
			key := strings.TrimPrefix(tk, "export ")
			fs = append(fs, Finding{n, key, fmt.Sprintf("NCCL's nccl.conf reader takes this line's key as %q, not %s, so NCCL ignores the line. Write %s=%s, with nothing before or around the key.", ck, key, key, strings.TrimSpace(cv))})
		case how == ReadEither && !setsNCCL && cok && strings.HasPrefix(tk, "NCCL_"):
			fs = append(fs, Finding{n, tk, fmt.Sprintf("This line sets nothing: a shell does not take %q as an assignment (no spaces around \"=\"), and NCCL's nccl.conf reader sets the key %q, not %s. Write %s=%s.", strings.TrimSpace(raw), ck, tk, tk, strings.TrimSpace(cv))})
		case how == ReadShell && !sok && strings.Contains(raw, "NCCL_"):
			fs = append(fs, Finding{n, ncclName.FindString(raw), "A quote on this line is not closed on it, so the value runs over several lines: topoc does not read it, and NCCL's variables on it are not checked. Close the quote on the line."})
		case how == ReadShell && !setsNCCL && spacedAssignment.MatchString(raw):
			key := spacedAssignment.FindStringSubmatch(raw)[1]
			fs = append(fs, Finding{n, key, fmt.Sprintf("This line sets nothing: a shell does not take %s with spaces around \"=\" as an assignment. Write %s=VALUE, with no spaces.", key, key)})
		case how == ReadEither && single && cok && sv != cv && strings.HasPrefix(sk, "NCCL_"):
			fs = append(fs, Finding{n, sk, fmt.Sprintf("Read as nccl.conf (NCCL_CONF_FILE, /etc/nccl.conf), %s is %q, where a shell reads %q: NCCL keeps quotes, spaces and a trailing # comment. Write the value bare: %s=%s.", sk, cv, sv, sk, sv)})
		case how == ReadConf && single && cok && ck == sk && sv != cv && strings.HasPrefix(sk, "NCCL_"):
			fs = append(fs, Finding{n, sk, fmt.Sprintf("NCCL's nccl.conf reader reads %s as %q: it keeps quotes, spaces and a trailing # comment. Write the value bare: %s=%s.", sk, cv, sk, sv)})
		}
		if asConf && cok {
			if prev, dup := conf[ck]; dup && strings.HasPrefix(ck, "NCCL_") && prev.value != cv {
				if how == ReadConf {
					fs = append(fs, Finding{n, ck, fmt.Sprintf("%s is set on lines %d and %d: NCCL's nccl.conf reader keeps the first (%q) and ignores this one (%q). Keep one line.", ck, prev.line, n, prev.value, cv)})
				} else if single && sk == ck {
					fs = append(fs, Finding{n, sk, fmt.Sprintf("%s is set on lines %d and %d: a shell keeps the last (%q), NCCL's nccl.conf reader the first (%q). Keep one line.", sk, prev.line, n, sv, prev.value)})
				}
			}
			if _, seen := conf[ck]; !seen {
				conf[ck] = setting{line: n, key: ck, value: cv, exported: true}
			}
		}
		if !asShell {
			continue
		}
		for _, a := range actions {
			switch a.kind {
			case actSet:
				prev, dup := shell[a.name]
				if a.appends {
					a.value = prev.value + a.value // NAME+=value
					a.expands = a.expands || prev.unknown
				} else if dup && how == ReadShell && !a.command && strings.HasPrefix(a.name, "NCCL_") && prev.value != a.value {
					where := fmt.Sprintf("on lines %d and %d", prev.line, n)
					if prev.line == n {
						where = fmt.Sprintf("twice on line %d", n)
					}
					fs = append(fs, Finding{n, a.name, fmt.Sprintf("%s is set %s: the shell keeps the last (%q). Keep one.", a.name, where, a.value)})
				}
				shell[a.name] = setting{line: n, key: a.name, value: a.value, exported: a.exported || exportsAll || exportedNames[a.name] || a.appends && prev.exported, unknown: a.expands}
			case actUnexport:
				delete(exportedNames, a.name)
				if st, ok := shell[a.name]; ok {
					st.exported = false
					shell[a.name] = st
				}
			case actExport:
				exportedNames[a.name] = true
				if st, ok := shell[a.name]; ok {
					st.exported = true
					shell[a.name] = st
				}
			case actUnset:
				delete(shell, a.name)
				delete(exportedNames, a.name)
			case actAllExport:
				exportsAll = true
			case actNoAllExport:
				exportsAll = false
			}
		}
	}
	for k, st := range shell {
		if strings.HasPrefix(k, "NCCL_") && !st.exported {
			fs = append(fs, Finding{st.line, k, fmt.Sprintf("%s is set but not exported (no set -a in force, no export of it): the processes the script starts, NCCL among them, do not see it. Write export %s=%s.", k, k, st.value)})
			delete(shell, k)
		}
	}
	switch how {
	case ReadConf:
		return []map[string]setting{conf}, fs
	case ReadShell:
		return []map[string]setting{shell}, fs
	}
	return []map[string]setting{shell, conf}, fs
}

// ncclName matches an NCCL variable's name.
var ncclName = regexp.MustCompile(`NCCL_[A-Za-z0-9_]+`)

// spacedAssignment matches an NCCL variable written with a space before
// its "=" ("NCCL_IB_HCA = mlx5_0"), which a shell runs as a command.
var spacedAssignment = regexp.MustCompile(`\b(NCCL_[A-Za-z0-9_]+)[ \t]+=`)

// Check compares an environment file, read as how says (ReadingOf), with
// the design's facts about its node model and returns where they
// disagree, in line order (line 0 for what the file leaves out): lines
// that do not set what they seem to (parse), a file that sets no NCCL
// variable, NCCL_IB_HCA left unset where the model has storage or
// front-end RDMA devices, compute NICs it leaves out, a list that
// selects none (TCP fallback), other NICs it takes, prefixes that select
// more than one device, a GDR level that turns GPUDirect RDMA off on the
// design's paths, NCCL_P2P_DISABLE or an NCCL_P2P_LEVEL that turns the
// GPUs' peer-to-peer off, an NCCL_SOCKET_IFNAME NCCL ignores, that
// selects none of the model's front-end interfaces or the compute rails'
// where front-end ones are named, NCCL_CROSS_NIC on a fabric whose rails
// meet only in the servers, and NCCL_IB_DISABLE. Each reading of a
// ReadEither file is judged, a finding both make given once. NCCL
// semantics: NCCL 2.30 user guide, "Environment Variables".
func Check(src []byte, how Reading, d Design) []Finding {
	envs, out := parse(src, how)
	setsNCCL := false
	for _, env := range envs {
		for k := range env {
			setsNCCL = setsNCCL || strings.HasPrefix(k, "NCCL_")
		}
	}
	if !setsNCCL && len(out) == 0 { // a line that fails to set one says so itself
		out = append(out, Finding{0, "", "The file sets no NCCL variable (NCCL_…): it cannot give NCCL the settings the design calls for. Check that this is the right file; `topoc build --emit nccl-env` writes one."})
	}
	if len(envs) == 2 {
		// Read both ways: a finding of one reading only says which.
		shell, conf := judge(envs[0], d), judge(envs[1], d)
		for _, f := range shell {
			if !slices.Contains(conf, f) {
				f.Msg = "Read by a shell (set -a; . FILE): " + f.Msg
			}
			out = append(out, f)
		}
		for _, f := range conf {
			if !slices.Contains(shell, f) {
				f.Msg = "Read as nccl.conf: " + f.Msg
				out = append(out, f)
			}
		}
	} else {
		out = append(out, judge(envs[0], d)...)
	}
	// A finding both readings make is given once; a carriage return
	// kept in a value is shown as \r. A variable the file leaves unset
	// is not said again where a line of it says why (not exported,
	// spaces around "=").
	seen := map[Finding]bool{}
	lined := map[string]bool{}
	for _, f := range out {
		if f.Line > 0 && f.Key != "" {
			lined[f.Key] = true
		}
	}
	var uniq []Finding
	for _, f := range out {
		if f.Line == 0 && lined[f.Key] {
			continue
		}
		f.Msg = strings.ReplaceAll(f.Msg, "\r", `\r`)
		if !seen[f] {
			seen[f] = true
			uniq = append(uniq, f)
		}
	}
	slices.SortStableFunc(uniq, func(a, b Finding) int { return a.Line - b.Line })
	return uniq
}

// judge compares the settings of one reading of a file with the design.
func judge(env map[string]setting, d Design) []Finding {
	var out []Finding
	// A value only the running shell knows ("$HCA") is said, not judged.
	known := make(map[string]setting, len(env))
	for k, s := range env {
		if s.unknown {
			if strings.HasPrefix(k, "NCCL_") {
				out = append(out, Finding{s.line, k, fmt.Sprintf("%s=%s takes its value from an expansion the shell makes when the script runs: topoc cannot check it. Write the value out to have it checked.", k, s.value)})
			}
			continue
		}
		known[k] = s
	}
	if _, ok := env["NCCL_IB_HCA"]; !ok && len(d.Compute) > 0 && len(d.Other) > 0 {
		out = append(out, Finding{0, "NCCL_IB_HCA", fmt.Sprintf("NCCL_IB_HCA is not set, so NCCL takes every RDMA device%s, and stripes training traffic onto them. Set NCCL_IB_HCA=%s.", otherNote(d), d.HCA())})
	}
	env = known
	if s, ok := env["NCCL_IB_HCA"]; ok && len(d.Compute) > 0 {
		out = append(out, checkHCA(s, d)...)
	}
	if s, ok := env["NCCL_NET_GDR_LEVEL"]; ok {
		out = append(out, checkGDR(s, d)...)
	}
	// NCCL reads its integer parameters with strtoll base 0 (NCCL_PARAM,
	// src/misc/param.cc): leading blanks skipped, "0x0" and "00" are 0.
	if s, ok := env["NCCL_CROSS_NIC"]; ok && d.RailsOnlyInServers && strtol0(s.value) != 0 {
		out = append(out, Finding{s.line, s.key, fmt.Sprintf("NCCL_CROSS_NIC=%s lets rings and trees change NIC between nodes, but the design's fabric joins its rails (or planes) only inside the servers: such a ring has no path. Set NCCL_CROSS_NIC=0.", s.value)})
	}
	p2pOff := false
	if s, ok := env["NCCL_P2P_DISABLE"]; ok && strtol0(s.value) == 1 && d.GPUPeerBest != ir.PathLOC && d.GPUPeerBest <= d.p2pLevel() {
		// ncclGetLevel reads NCCL_P2P_DISABLE=1 as level LOC and then
		// ignores NCCL_P2P_LEVEL (src/graph/paths.cc).
		p2pOff = true
		out = append(out, Finding{s.line, s.key, fmt.Sprintf("NCCL_P2P_DISABLE=%s turns GPU peer-to-peer off: the GPUs' %s paths inside a server go unused and NCCL moves their traffic through host memory, far slower for the tensor-parallel and intra-node collectives the design routes over them. Remove it.", readAs(s.value, 1), d.GPUPeerBest)})
	}
	if s, ok := env["NCCL_P2P_LEVEL"]; ok && !p2pOff {
		out = append(out, checkP2P(s, d)...)
	}
	if s, ok := env["NCCL_SOCKET_IFNAME"]; ok {
		out = append(out, checkSocketIfname(s, d)...)
	}
	// Any value but 0 disables the IB transport (net_ib.cc: if
	// (ncclParamIbDisable()) return ...): "2", "-1", " 1", "0x1" too.
	if s, ok := env["NCCL_IB_DISABLE"]; ok && strtol0(s.value) != 0 {
		out = append(out, Finding{s.line, s.key, fmt.Sprintf("NCCL_IB_DISABLE=%s sends inter-node traffic over TCP sockets instead of the RDMA NICs the design routes its collectives over. Remove it.", readAs(s.value, strtol0(s.value)))})
	}
	return out
}

// hcaEntry is one entry of an NCCL interface list (NCCL_IB_HCA,
// NCCL_SOCKET_IFNAME): a device name or prefix, exact with "=", and the
// port after ":" (-1 when none).
type hcaEntry struct {
	name  string
	exact bool
	port  int
}

// matches reports whether the entry selects port port of device dev
// (-1: any port), as NCCL's matchIfList does (src/misc/utils.cc): the
// name exactly or as a prefix, and the ports equal unless either is -1.
func (e hcaEntry) matches(dev string, port int) bool {
	if e.exact && dev != e.name || !e.exact && !strings.HasPrefix(dev, e.name) {
		return false
	}
	return e.port == -1 || port == -1 || e.port == port
}

// parseHCA splits an interface list as NCCL does: a leading "^" excludes
// the listed devices, then a leading "=" makes every entry an exact name
// (NCCL's user guide: "=mlx5_0:1,mlx5_1:1"); entries are split at ","
// with nothing trimmed (a space is part of the name), empty ones
// skipped, and ":N" read as port atoi(N) (parseStringList,
// src/misc/utils.cc: "mlx5_0:" is port 0, which no port is).
func parseHCA(v string) (exclude bool, entries []hcaEntry) {
	exclude = strings.HasPrefix(v, "^")
	v = strings.TrimPrefix(v, "^")
	exact := strings.HasPrefix(v, "=")
	v = strings.TrimPrefix(v, "=")
	for _, part := range strings.Split(v, ",") {
		name, port, hasPort := strings.Cut(part, ":")
		if name == "" {
			continue
		}
		e := hcaEntry{name: name, exact: exact, port: -1}
		if hasPort {
			e.port = atoi(port)
		}
		entries = append(entries, e)
	}
	return exclude, entries
}

// atoi reads the leading decimal number of s as C's atoi does: leading
// spaces and one sign, then digits up to the first other byte; 0 when
// there is none. Written here because strconv.Atoi rejects the trailing
// text atoi stops at.
func atoi(s string) int {
	s = strings.TrimLeft(s, " \t")
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimLeft(s, "+-")
	n := 0
	for _, r := range s {
		if r < '0' || r > '9' || n > 1<<20 {
			break
		}
		n = n*10 + int(r-'0')
	}
	if neg {
		return -n
	}
	return n
}

// selects reports whether an interface list selects port port of dev:
// an empty list selects every device (matchIfList), and "^" inverts.
func selects(exclude bool, entries []hcaEntry, dev string, port int) bool {
	hit := len(entries) == 0 || slices.ContainsFunc(entries, func(e hcaEntry) bool { return e.matches(dev, port) })
	return hit != exclude
}

// rdmaPort is the port NCCL asks for of each RDMA device the node model
// names: 1, since a model names one device per port (ir.PCIFunction
// NetNames, "one per port"), as a ConnectX whose ports are PCI functions
// of their own shows them.
const rdmaPort = 1

// checkHCA judges NCCL_IB_HCA against the model's named RDMA devices.
func checkHCA(s setting, d Design) []Finding {
	if s.value == "" {
		return []Finding{{s.line, s.key, fmt.Sprintf("NCCL_IB_HCA is set but empty, which NCCL reads as every RDMA device%s. Use NCCL_IB_HCA=%s.", otherNote(d), d.HCA())}}
	}
	exclude, entries := parseHCA(s.value)
	known := append(slices.Clone(d.Compute), d.Other...)
	selected := func(dev string) bool { return selects(exclude, entries, dev, rdmaPort) }
	var out []Finding
	add := func(format string, args ...any) {
		out = append(out, Finding{s.line, s.key, fmt.Sprintf(format, args...)})
	}
	var other []string
	for _, dev := range d.Other {
		if selected(dev) {
			other = append(other, dev)
		}
	}
	var missing []string
	for i, dev := range d.Compute {
		if !selected(dev) {
			missing = append(missing, fmt.Sprintf("%s (rail %d)", dev, i))
		}
	}
	if len(missing) == len(d.Compute) && len(other) == 0 {
		// matchIfList selects every device for an empty list, and "^"
		// inverts that: "^" alone selects none (src/misc/utils.cc).
		add("NCCL_IB_HCA=%s selects none of the RDMA devices node model %q names: unless the host has others it names, NCCL finds no RDMA device and falls back to TCP sockets for all inter-node traffic. Use NCCL_IB_HCA=%s.", s.value, d.Model, d.HCA())
	} else if len(missing) > 0 {
		n := len(missing)
		add("NCCL_IB_HCA leaves out %s %s of node model %q: NCCL will not use %s, and the GPUs behind %s send through another GPU's NIC. Use NCCL_IB_HCA=%s.",
			units.Agree(n, "compute NIC", "compute NICs"), strings.Join(missing, ", "), d.Model, units.Agree(n, "that rail", "those rails"), units.Agree(n, "it", "them"), d.HCA())
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
			if e.matches(dev, -1) {
				hits = append(hits, dev)
			}
		}
		switch {
		case len(hits) == 0 && strings.ContainsRune(e.name, '\r'):
			add("NCCL_IB_HCA entry %q names no NIC of node model %q: NCCL keeps the carriage return as part of the name. Convert the file to Unix line endings.", e.name, d.Model)
		case len(hits) == 0 && strings.TrimSpace(e.name) != e.name:
			add("NCCL_IB_HCA entry %q names no NIC of node model %q: NCCL keeps the spaces as part of the name. Write the list without spaces.", e.name, d.Model)
		case len(hits) == 0:
			add("NCCL_IB_HCA entry %q names no NIC of node model %q (its compute NICs: %s).", e.name, d.Model, strings.Join(d.Compute, ", "))
		case e.port != -1 && e.port != rdmaPort:
			add("NCCL_IB_HCA entry %q asks for port %d of %s, %s of one port (port %d): NCCL selects no port with it. Write :%d or no port.", e.name+":"+fmt.Sprint(e.port), e.port, strings.Join(hits, ", "), units.Agree(len(hits), "an RDMA device", "RDMA devices"), rdmaPort, rdmaPort)
		case !e.exact && len(hits) > 1:
			add("NCCL_IB_HCA entry %q is a prefix and selects %s; write exact names with a leading \"=\" (NCCL_IB_HCA=%s).", e.name, strings.Join(hits, ", "), d.HCA())
		}
	}
	return out
}

// otherNote names the model's non-compute RDMA devices an empty or
// all-selecting NCCL_IB_HCA takes too, for findings: "" when it has none.
func otherNote(d Design) string {
	if len(d.Other) == 0 {
		return ""
	}
	return fmt.Sprintf(", storage and front-end ones (%s) included", strings.Join(d.Other, ", "))
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

// readAs writes an integer setting's value as a finding quotes it: as
// written, with what NCCL reads it as where that differs ("0x1", which
// NCCL reads as 1).
func readAs(v string, n int64) string {
	if v == fmt.Sprint(n) {
		return v
	}
	return fmt.Sprintf("%q, which NCCL reads as %d,", v, n)
}

// strtol0 reads the leading number of v as C's strtol(v, NULL, 0) does:
// leading blanks skipped, one sign, then "0x" hexadecimal, a leading 0
// octal, else decimal, stopping at the
// first digit that does not belong; 0 when none does. Written here
// because strconv.ParseInt(v, 0, 64) rejects the trailing text strtol
// stops at ("12abc") and reads "0b…" and "0o…" prefixes strtol does not.
func strtol0(v string) int64 {
	v = strings.TrimLeft(v, " \t\n\v\f\r")
	neg := strings.HasPrefix(v, "-")
	if neg || strings.HasPrefix(v, "+") {
		v = v[1:]
	}
	n := strtolDigits(v)
	if neg {
		return -n
	}
	return n
}

// strtolDigits reads v's leading unsigned number with strtol's base-0
// prefixes (strtol0 after the blanks and sign).
func strtolDigits(v string) int64 {
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
	// NCCL's default allows the pairs up to it (PXB, or SYS on a small
	// AMD host: p2pDefault); a lower level loses at least the closest
	// pairs when it is below them.
	if b := d.GPUPeerBest; b == ir.PathLOC || b > d.p2pLevel() || level >= b {
		return nil
	}
	return []Finding{{s.line, s.key, fmt.Sprintf("NCCL_P2P_LEVEL=%s%s is below the %s path between the design's GPUs: NCCL turns peer-to-peer off for those pairs, which its default (%s) allows, and moves their traffic through host memory, far slower for the tensor-parallel and intra-node collectives. Remove it.", s.value, how, d.GPUPeerBest, d.p2pLevel())}}
}

// checkSocketIfname judges NCCL_SOCKET_IFNAME as NCCL reads it
// (ncclFindInterfaces, src/misc/socket.cc, NCCL 2.19–2.30): a value of
// fewer than 2 characters is ignored and NCCL takes its default (ib*
// interfaces first); otherwise a list as NCCL_IB_HCA's, whose ports
// NCCL ignores. It reports a value NCCL ignores, one that selects none
// of those front-end interfaces the model names, and one that puts the
// sockets on the compute rails where the model names other interfaces
// for them. Where the model names only its compute interfaces, a name
// it does not know is taken for a front-end interface the model leaves
// unnamed: no finding.
func checkSocketIfname(s setting, d Design) []Finding {
	use := ""
	if len(d.SocketIfs) > 0 {
		use = fmt.Sprintf(" Use NCCL_SOCKET_IFNAME==%s.", strings.Join(d.SocketIfs, ","))
	}
	if len(s.value) <= 1 {
		fix := use
		if fix == "" {
			fix = " Remove it, or name the interfaces for NCCL's sockets."
		}
		return []Finding{{s.line, s.key, fmt.Sprintf("NCCL_SOCKET_IFNAME=%s is shorter than the 2 characters NCCL reads, so NCCL ignores it and takes its default, ib* interfaces first (on an InfiniBand host the compute rails' IPoIB).%s", s.value, fix)}}
	}
	if len(d.ComputeIfs)+len(d.OtherIfs) == 0 {
		return nil
	}
	exclude, entries := parseHCA(s.value)
	var compute, front []string
	for _, n := range append(slices.Clone(d.ComputeIfs), d.OtherIfs...) {
		if selects(exclude, entries, n, -1) {
			if slices.Contains(d.ComputeIfs, n) {
				compute = append(compute, n)
			}
			if slices.Contains(d.SocketIfs, n) {
				front = append(front, n)
			}
		}
	}
	switch {
	case len(d.SocketIfs) > 0 && len(compute) > 0:
		return []Finding{{s.line, s.key, fmt.Sprintf("NCCL_SOCKET_IFNAME=%s selects %s on the compute rails, where node model %q names %s interfaces (%s) for NCCL's sockets.%s", s.value, strings.Join(compute, ", "), d.Model, d.SocketRole, strings.Join(d.SocketIfs, ", "), use)}}
	case len(d.SocketIfs) > 0 && d.SocketRole == "front-end" && len(front) == 0:
		return []Finding{{s.line, s.key, fmt.Sprintf("NCCL_SOCKET_IFNAME=%s selects none of node model %q's front-end interfaces (%s): unless the host has another interface it names, NCCL finds none and cannot bootstrap.%s", s.value, d.Model, strings.Join(d.SocketIfs, ", "), use)}}
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
