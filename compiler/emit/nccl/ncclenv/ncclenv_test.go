package ncclenv

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/topoc/topoc/compiler/compiletest"
	"github.com/topoc/topoc/compiler/emit/nccl"
	"github.com/topoc/topoc/compiler/ir"
)

func design(t *testing.T, example string, vars ...string) Design {
	t.Helper()
	g := compiletest.Example(t, example, vars...)
	for i := range g.ServerModels {
		if d := Derive(g, &g.ServerModels[i]); len(d.Compute) > 0 {
			return d
		}
	}
	t.Fatalf("%s: no node model names its compute NICs", example)
	return Design{}
}

// The DGX H100's eight compute CX-7 are mlx5_0, 3, 4, 5, 6, 9, 10, 11 in
// NIC (rail) order (nodes.md §2.1, the catalogue's source): the file
// names them exactly, points NCCL_TOPO_FILE at the model's XML, leaves
// NCCL_CROSS_NIC at its default on a fabric whose rails meet at the
// spines, and checks clean against itself.
func TestDGXH100(t *testing.T) {
	d := design(t, "dgx-h100-superpod", "scalable_units=1")
	want := "=mlx5_0:1,mlx5_3:1,mlx5_4:1,mlx5_5:1,mlx5_6:1,mlx5_9:1,mlx5_10:1,mlx5_11:1"
	if d.HCA() != want || d.RailsOnlyInServers || !d.TopoFile {
		t.Fatalf("design %+v, HCA %q; want %q, rails meeting in the fabric, a topology file", d, d.HCA(), want)
	}
	text := string(d.Text())
	for _, s := range []string{"NCCL_IB_HCA=" + want + "\n", "NCCL_TOPO_FILE=/etc/nccl/DGX-H100.xml\n", "PIX × 8"} {
		if !strings.Contains(text, s) {
			t.Errorf("file lacks %q:\n%s", s, text)
		}
	}
	if strings.Contains(text, "\nNCCL_CROSS_NIC=") {
		t.Errorf("file sets NCCL_CROSS_NIC on a rail-optimized fabric:\n%s", text)
	}
	if fs := checkEnv(d.Text(), d); len(fs) != 0 {
		t.Errorf("the emitted file has findings: %+v", fs)
	}
}

// A GB200 tray's four GPUs meet over the rack's NVLink domain, not
// through the CPU: NCCL sees NVL paths, so the file neither tells the
// reader the pairs meet through the CPU nor suggests raising the level
// (trial 35), and NCCL_P2P_LEVEL=LOC is below the GPUs' path.
func TestNVLinkDomainPeers(t *testing.T) {
	d := design(t, "gb200-nvl72-2rack")
	if d.GPUPeer != ir.PathNVL || d.GPUPeerBest != ir.PathNVL || !d.PeerDomain {
		t.Fatalf("GPU peers %s–%s (domain %v), want NVL over the NVLink domain", d.GPUPeerBest, d.GPUPeer, d.PeerDomain)
	}
	text := string(d.Text())
	if strings.Contains(text, "through the CPU") || !strings.Contains(text, "over the\n# NVLink domain") {
		t.Errorf("P2P comment:\n%s", text)
	}
	if fs := checkEnv([]byte("export NCCL_P2P_LEVEL=LOC\n"), d); len(fs) != 1 || fs[0].Key != "NCCL_P2P_LEVEL" {
		t.Errorf("NCCL_P2P_LEVEL=LOC: findings %+v, want one", fs)
	}
}

// A rail-only fabric joins its rails only through the servers' NVLink,
// so NCCL must keep each ring on one NIC: the file sets NCCL_CROSS_NIC=0
// and the check flags any other value.
func TestRailOnly(t *testing.T) {
	d := design(t, "rail-only-512")
	if !d.RailsOnlyInServers || !strings.Contains(string(d.Text()), "\nNCCL_CROSS_NIC=0\n") {
		t.Fatalf("rail-only: %+v\n%s", d, d.Text())
	}
	fs := checkEnv([]byte("export NCCL_IB_HCA="+d.HCA()+"\nexport NCCL_CROSS_NIC=2\n"), d)
	if len(fs) != 1 || fs[0].Line != 2 || fs[0].Key != "NCCL_CROSS_NIC" || !strings.Contains(fs[0].Msg, "no path") {
		t.Errorf("findings %+v", fs)
	}
}

// Each contradiction of the design is found at its line, with what to
// write instead.
func TestCheck(t *testing.T) {
	d := design(t, "dgx-h100-superpod", "scalable_units=1")
	// The catalogue's DGX-H100 names its storage NICs' ports as a DGX
	// H200 does (nodes.md §2.1) and its compute NICs' IPoIB interfaces
	// (S2 Table 6); its GPUs meet over NVLink.
	if !slices.Equal(d.Other, []string{"mlx5_1", "mlx5_2", "mlx5_7", "mlx5_8"}) || len(d.ComputeIfs) != 8 || d.ComputeIfs[0] != "ibp24s0" || d.GPUPeer != ir.PathNVL || d.GPUPeerBest != ir.PathNVL {
		t.Fatalf("storage names %v, compute interfaces %v, GPU peers %s", d.Other, d.ComputeIfs, d.GPUPeer)
	}
	for _, c := range []struct {
		file  string
		line  int
		wants []string
	}{
		// A prefix list: mlx5_1 takes mlx5_10 and mlx5_11 (compute) and
		// the storage mlx5_1; mlx5_0 … are fine but rails 1-4 are missing.
		{"# a comment\nNCCL_IB_HCA=mlx5_0,mlx5_1\n", 2, []string{"leaves out compute NICs mlx5_3 (rail 1), mlx5_4 (rail 2), mlx5_5 (rail 3), mlx5_6 (rail 4), mlx5_9 (rail 5)", "selects mlx5_1, which node model", `"mlx5_1" is a prefix and selects mlx5_10, mlx5_11, mlx5_1`}},
		// Every NIC but the storage ones, by exclusion: right as a shell
		// reads it, but NCCL's nccl.conf reader keeps the quotes.
		{"NCCL_IB_HCA=^=mlx5_1,mlx5_2,mlx5_7,mlx5_8\n", 1, nil},
		{"NCCL_IB_HCA=\"^=mlx5_1,mlx5_2,mlx5_7,mlx5_8\"\n", 1, []string{"NCCL keeps quotes", "Write the value bare: NCCL_IB_HCA=^=mlx5_1,mlx5_2,mlx5_7,mlx5_8."}},
		// What NCCL's parseStringList and matchIfList make of a list:
		// an empty value is every device; a port other than 1 of a
		// one-port device selects nothing; a space is part of a name.
		{"NCCL_IB_HCA=\n", 1, []string{"set but empty, which NCCL reads as every RDMA device, storage and front-end ones (mlx5_1, mlx5_2, mlx5_7, mlx5_8) included"}},
		{"NCCL_IB_HCA==mlx5_0:2,mlx5_3,mlx5_4,mlx5_5,mlx5_6,mlx5_9,mlx5_10,mlx5_11\n", 1, []string{"leaves out compute NIC mlx5_0 (rail 0)", `entry "mlx5_0:2" asks for port 2 of mlx5_0`}},
		{"NCCL_IB_HCA==mlx5_0, mlx5_3,mlx5_4,mlx5_5,mlx5_6,mlx5_9,mlx5_10,mlx5_11\n", 1, []string{"leaves out compute NIC mlx5_3 (rail 1)", `entry " mlx5_3" names no NIC of node model "DGX-H100": NCCL keeps the spaces`}},
		// Read as nccl.conf, leading spaces make the key another, and so
		// do spaces around "="; a trailing comment stays in the value. A
		// shell script (a line with export) is read as one, and nothing
		// else.
		{"  NCCL_IB_DISABLE=0\n", 1, []string{`this line's key is "  NCCL_IB_DISABLE", not NCCL_IB_DISABLE`}},
		{"export NCCL_IB_DISABLE=0\nexport NCCL_P2P_LEVEL=\"NVL\"\nexport NCCL_P2P_LEVEL=NVL\n", 1, nil},
		// In a script of exports, an NCCL variable set without export
		// never reaches NCCL (set -a, or a bare export of it, does).
		{"export NCCL_IB_DISABLE=0\nNCCL_P2P_LEVEL=LOC\n", 2, []string{"NCCL_P2P_LEVEL is set but not exported"}},
		{"export NCCL_IB_DISABLE=0\nNCCL_P2P_LEVEL=LOC\nexport NCCL_P2P_LEVEL\n", 2, []string{"below the NVL path"}},
		{"set -a\nNCCL_P2P_LEVEL=NVL\nexport NCCL_IB_DISABLE=0\n", 1, nil},
		{"NCCL_IB_DISABLE = 1\n", 1, []string{"This line sets nothing", `sets the key "NCCL_IB_DISABLE "`}},
		{"NCCL_P2P_LEVEL=NVL # NVLink\n", 1, []string{`NCCL_P2P_LEVEL is "NVL # NVLink", where a shell reads "NVL"`}},
		// Two lines for one key: a shell keeps the last, NCCL the first.
		{"NCCL_P2P_LEVEL=NVL\nNCCL_P2P_LEVEL=SYS\n", 2, []string{`set on lines 1 and 2: a shell keeps the last ("SYS"), NCCL's nccl.conf reader the first ("NVL")`}},
		// Windows line endings: one finding for the file.
		{"NCCL_P2P_LEVEL=NVL\r\nNCCL_CROSS_NIC=2\r\n", 1, []string{"carriage return"}},
		{"NCCL_IB_HCA==mlx5_0:1,mlx5_3:1,mlx5_4:1,mlx5_5:1,mlx5_6:1,mlx5_9:1,mlx5_10:1,mlx5_11:1,mlx5_2:1\n", 1, []string{"selects mlx5_2"}},
		{"NCCL_IB_HCA==mlx5_0,mlx5_3,mlx5_4,mlx5_5,mlx5_6,mlx5_9,mlx5_10,mlx5_11,ib0\n", 1, []string{`entry "ib0" names no NIC`}},
		// GDR: the DGX H100's GPU-NIC paths are PIX, so LOC turns
		// GPUDirect RDMA off for all eight; PIX or PXB keeps it.
		{"NCCL_NET_GDR_LEVEL=LOC\n", 1, []string{"turns GPUDirect RDMA off for gpu0 (PIX)", "gpu7 (PIX)"}},
		{"NCCL_NET_GDR_LEVEL=PXB\n", 1, nil},
		// Legacy numbers as NCCL's levelsOldToNew reads them: 0 is LOC,
		// 2 is PXB; "08" is strtol's octal 0; a lower-case name is no
		// level at all.
		{"NCCL_NET_GDR_LEVEL=0\n", 1, []string{"(a legacy number, which NCCL reads as LOC) turns GPUDirect RDMA off for gpu0"}},
		{"NCCL_NET_GDR_LEVEL=2\n", 1, nil},
		{"NCCL_NET_GDR_LEVEL=08\n", 1, []string{"reads as LOC"}},
		{"NCCL_NET_GDR_LEVEL=pxb\n", 1, []string{"no level NCCL reads"}},
		{"\n\nNCCL_IB_DISABLE=1\n", 3, []string{"TCP sockets"}},
		{"NCCL_IB_DISABLE=0x1\n", 1, []string{"TCP sockets"}},
		// The storage NIC in NCCL_IB_HCA, by the catalogue's own names.
		{"NCCL_IB_HCA=mlx5_1\n", 1, []string{"selects mlx5_1, which node model \"DGX-H100\" has for storage"}},
		// Peer-to-peer: NVLink needs a level of NVL or above.
		{"NCCL_P2P_DISABLE=1\n", 1, []string{"NCCL_P2P_DISABLE=1 turns GPU peer-to-peer off: the GPUs' NVL paths"}},
		{"NCCL_P2P_LEVEL=LOC\n", 1, []string{"below the NVL path"}},
		{"NCCL_P2P_LEVEL=0\n", 1, []string{"(a legacy number, which NCCL reads as LOC) is below the NVL path"}},
		{"NCCL_P2P_LEVEL=NVL\nNCCL_P2P_DISABLE=0\n", 1, nil},
		{"NCCL_P2P_LEVEL=sys\n", 1, []string{"no level NCCL reads"}},
		// Sockets: the DGX-H100 names only its compute interfaces, so a
		// name it does not know is its unnamed front end, and ib* is
		// NCCL's own default.
		{"NCCL_SOCKET_IFNAME=eth\n", 1, nil},
		{"NCCL_SOCKET_IFNAME=ibp\n", 1, nil},
	} {
		// The right NCCL_IB_HCA is not in most of these files: that it
		// is unset is TestCheckUnset's.
		fs := slices.DeleteFunc(checkEnv([]byte(c.file), d), func(f Finding) bool { return f.Line == 0 && f.Key == "NCCL_IB_HCA" })
		if len(c.wants) == 0 {
			if len(fs) != 0 {
				t.Errorf("%q: findings %+v, want none", c.file, fs)
			}
			continue
		}
		var all []string
		for _, f := range fs {
			if f.Line != c.line {
				t.Errorf("%q: finding at line %d, want %d", c.file, f.Line, c.line)
			}
			all = append(all, f.Msg)
		}
		joined := strings.Join(all, "\n")
		for _, w := range c.wants {
			if !strings.Contains(joined, w) {
				t.Errorf("%q: findings lack %q:\n%s", c.file, w, joined)
			}
		}
	}
}

// A model whose GPU reaches its compute NIC only through the CPU (PHB):
// the file says NCCL stages its traffic through host memory and leaves
// the level alone; with no classified path it says so.
func TestGDROffComment(t *testing.T) {
	d := Design{Model: "m", Compute: []string{"mlx5_0"},
		PCI:   []ir.PCIFunction{{Name: "gpu0"}, {Name: "compute[0]"}},
		Paths: []nccl.GPUPath{{GPU: 0, NIC: 1, Class: ir.PathPHB}}}
	text := string(d.Text())
	if !strings.Contains(text, "host memory: gpu0 (PHB)") || strings.Contains(text, "\nNCCL_NET_GDR_LEVEL=") {
		t.Errorf("PHB path:\n%s", text)
	}
	d.Paths = nil
	if !strings.Contains(string(d.Text()), "no GPU-NIC path") {
		t.Errorf("without paths:\n%s", d.Text())
	}
}

// strtol0 reads numbers as C's strtol(v, NULL, 0): octal after a 0,
// hexadecimal after 0x, stopping at the first digit that does not belong.
func TestStrtol0(t *testing.T) {
	for v, want := range map[string]int64{"0": 0, "1": 1, "08": 0, "010": 8, "0x1f": 31, "0X": 0, "12abc": 12, "9": 9, "": 0, " 1": 1, "\t-1": -1, "+2": 2, "0x0": 0, "0\r": 0} {
		if got := strtol0(v); got != want {
			t.Errorf("strtol0(%q) = %d, want %d", v, got, want)
		}
	}
}

// Front-end interfaces named: the file puts NCCL's sockets on them, and
// the check flags a value that takes the compute rails instead. A
// PCIe-only server whose GPUs meet through the CPU says why the P2P level
// stays at the default.
func TestSocketsAndP2P(t *testing.T) {
	d := Design{Model: "m", Compute: []string{"mlx5_0"}, ComputeIfs: []string{"ibp24s0"}, OtherIfs: []string{"eno1", "eno2", "ens9"},
		SocketIfs: []string{"eno1", "eno2"}, SocketRole: "front-end", GPUPeerBest: ir.PathPIX, GPUPeer: ir.PathSYS}
	text := string(d.Text())
	if !strings.Contains(text, "\nNCCL_SOCKET_IFNAME==eno1,eno2\n") || !strings.Contains(text, "meet only through the CPU (SYS)") {
		t.Errorf("file:\n%s", text)
	}
	if fs := checkEnv([]byte("NCCL_SOCKET_IFNAME=ib\n"), d); len(fs) != 1 || !strings.Contains(fs[0].Msg, "selects ibp24s0 on the compute rails") {
		t.Errorf("findings %+v", fs)
	}
	// NCCL ignores a value under 2 characters (its default then takes
	// ib* first); a list naming only the storage interface misses the
	// front end the model names.
	for v, want := range map[string]string{"e": "shorter than the 2 characters NCCL reads", "": "shorter than the 2 characters", "=ens9": "selects none of node model \"m\"'s front-end interfaces (eno1, eno2)"} {
		if fs := checkEnv([]byte("NCCL_SOCKET_IFNAME="+v+"\n"), d); len(fs) != 1 || !strings.Contains(fs[0].Msg, want) || !strings.Contains(fs[0].Msg, "Use NCCL_SOCKET_IFNAME==eno1,eno2.") {
			t.Errorf("NCCL_SOCKET_IFNAME=%s: findings %+v, want one with %q", v, fs, want)
		}
	}
	if fs := checkEnv(d.Text(), d); len(fs) != 0 {
		t.Errorf("the emitted file has findings: %+v", fs)
	}
	// The default level (PXB) keeps the PIX pairs and leaves the SYS
	// ones to host memory, as the file says; LOC loses the PIX pairs too.
	if fs := checkEnv([]byte("NCCL_P2P_LEVEL=PXB\n"), d); len(fs) != 0 {
		t.Errorf("findings %+v", fs)
	}
	if fs := checkEnv([]byte("NCCL_P2P_LEVEL=LOC\n"), d); len(fs) != 1 || !strings.Contains(fs[0].Msg, "below the PIX path") {
		t.Errorf("findings %+v", fs)
	}
}

// NCCL's default peer-to-peer level is PXB, and SYS on an x86 AMD host
// of at most two GPUs (ncclTopoCheckP2p): there a level of PHB loses the
// GPUs' SYS pairs the default would keep, and NCCL_P2P_DISABLE=1 too;
// on an Intel host the same pairs are beyond the default and neither
// setting costs anything.
func TestP2PDefaultAMD(t *testing.T) {
	amd := &ir.ServerModel{NUMA: []ir.NUMANode{{Arch: "x86_64", Vendor: "AuthenticAMD"}}, PCI: []ir.PCIFunction{{Kind: ir.PCIGPU}, {Kind: ir.PCIGPU}}}
	intel := &ir.ServerModel{NUMA: []ir.NUMANode{{Arch: "x86_64", Vendor: "GenuineIntel"}}, PCI: amd.PCI}
	eight := &ir.ServerModel{NUMA: amd.NUMA, PCI: slices.Repeat([]ir.PCIFunction{{Kind: ir.PCIGPU}}, 8)}
	if p2pDefault(amd) != ir.PathSYS || p2pDefault(intel) != ir.PathPXB || p2pDefault(eight) != ir.PathPXB || p2pDefault(&ir.ServerModel{}) != ir.PathPXB {
		t.Fatalf("defaults: AMD 2 GPUs %s, Intel %s, AMD 8 GPUs %s, unknown %s; want SYS, PXB, PXB, PXB", p2pDefault(amd), p2pDefault(intel), p2pDefault(eight), p2pDefault(&ir.ServerModel{}))
	}
	d := Design{Model: "m", GPUPeerBest: ir.PathSYS, GPUPeer: ir.PathSYS, P2PDefault: ir.PathSYS}
	if fs := checkEnv([]byte("NCCL_P2P_LEVEL=PHB\n"), d); len(fs) != 1 || !strings.Contains(fs[0].Msg, "which its default (SYS) allows") {
		t.Errorf("AMD, PHB: findings %+v", fs)
	}
	if fs := checkEnv([]byte("NCCL_P2P_DISABLE=1\n"), d); len(fs) != 1 {
		t.Errorf("AMD, P2P disabled: findings %+v", fs)
	}
	if !strings.Contains(string(d.Text()), "default (SYS, as on every x86 AMD host of at most two GPUs), which allows peer-to-peer on every GPU pair") {
		t.Errorf("AMD file:\n%s", d.Text())
	}
	d.P2PDefault = ir.PathPXB
	if fs := checkEnv([]byte("NCCL_P2P_LEVEL=PHB\nNCCL_P2P_DISABLE=1\n"), d); len(fs) != 0 {
		t.Errorf("Intel: findings %+v, want none", fs)
	}
}

// checkEnv checks src as `topoc nccl env --check` does a file of a name
// that does not end in .conf (ReadingOf).
func checkEnv(src []byte, d Design) []Finding {
	return Check(src, ReadingOf("nccl.env", src), d)
}

// How a file is read decides what it sets. A .conf file is NCCL's own
// (its export lines set nothing there, and of two lines the first
// counts); a file of bare KEY=VALUE lines is judged as both readers read
// it (NCCL's first value of a key too); carriage returns stay in values,
// as both readers keep them. What the file leaves out is at line 0: an
// unset NCCL_IB_HCA where the model has storage RDMA devices, a file
// that sets no NCCL variable. "^" alone selects no device at all.
func TestCheckReadings(t *testing.T) {
	d := design(t, "dgx-h100-superpod", "scalable_units=1")
	hca := "NCCL_IB_HCA=" + d.HCA() + "\n"
	if ReadingOf("/etc/nccl.conf", []byte("export A=1\n")) != ReadConf || ReadingOf("env.sh", []byte("  export A=1\n")) != ReadShell || ReadingOf("nccl.env", []byte("A=1\n")) != ReadEither {
		t.Fatal("ReadingOf: want conf by name, shell by an export line, else either")
	}
	for _, c := range []struct {
		file, src string
		want      []string // "line: text" of each finding, in order
	}{
		{"nccl.conf", "export " + hca, []string{
			`1: NCCL's nccl.conf reader takes this line's key as "export NCCL_IB_HCA", not NCCL_IB_HCA, so NCCL ignores the line`}},
		{"nccl.conf", hca + "NCCL_P2P_LEVEL=LOC\nNCCL_P2P_LEVEL=NVL\n", []string{
			`2: NCCL_P2P_LEVEL=LOC is below the NVL path`,
			`3: NCCL_P2P_LEVEL is set on lines 2 and 3: NCCL's nccl.conf reader keeps the first ("LOC")`}},
		{"nccl.conf", hca + "NCCL_P2P_LEVEL=\"NVL\"\n", []string{
			`2: NCCL's nccl.conf reader reads NCCL_P2P_LEVEL as "\"NVL\"": it keeps quotes`,
			`2: NCCL_P2P_LEVEL="NVL" is no level NCCL reads`}},
		{"nccl.env", hca + "NCCL_P2P_LEVEL=LOC\nNCCL_P2P_LEVEL=NVL\n", []string{
			`2: Read as nccl.conf: NCCL_P2P_LEVEL=LOC is below the NVL path`,
			`3: NCCL_P2P_LEVEL is set on lines 2 and 3: a shell keeps the last ("NVL"), NCCL's nccl.conf reader the first ("LOC")`}},
		{"nccl.env", strings.TrimSuffix(hca, ":1\n") + "\r\n", []string{
			`1: The file's lines end in a carriage return`,
			`1: NCCL_IB_HCA leaves out compute NIC mlx5_11 (rail 7)`,
			`1: NCCL_IB_HCA entry "mlx5_11\r" names no NIC`}},
		{"nccl.env", "NCCL_CROSS_NIC=2\n", []string{`0: NCCL_IB_HCA is not set, so NCCL takes every RDMA device, storage and front-end ones (mlx5_1, mlx5_2, mlx5_7, mlx5_8) included`}},
		{"nccl.env", hca + "FOO=1\n", nil},
		{"nccl.env", "FOO=1\n", []string{`0: The file sets no NCCL variable`, `0: NCCL_IB_HCA is not set`}},
		{"nccl.env", "NCCL_IB_HCA=^\n", []string{`1: NCCL_IB_HCA=^ selects none of the RDMA devices node model "DGX-H100" names: unless the host has others it names, NCCL finds no RDMA device and falls back to TCP sockets`}},
	} {
		if got, ok := findingsAre(Check([]byte(c.src), ReadingOf(c.file, []byte(c.src)), d), c.want); !ok {
			t.Errorf("%s %q:\n got %q\nwant %q", c.file, c.src, got, c.want)
		}
	}
	// A value NCCL ignores is found whatever the model names.
	if fs := Check([]byte("NCCL_SOCKET_IFNAME=e\n"), ReadEither, Design{Model: "m"}); len(fs) != 1 || !strings.Contains(fs[0].Msg, "shorter than the 2 characters NCCL reads") {
		t.Errorf("one-character NCCL_SOCKET_IFNAME, no interfaces named: %+v", fs)
	}
}

// Shell scripts are read as bash reads them (each case checked against
// bash: source the file, printenv in a child): what set -a / set +a,
// set -o allexport, export of several names, declare -x, typeset -x, a
// tab after export, a command's prefix, env, unset, quotes joined and an
// unquoted blank do to what reaches NCCL, and a value only the run
// knows ($HCA) said, not judged.
func TestShellScripts(t *testing.T) {
	d := design(t, "dgx-h100-superpod", "scalable_units=1")
	h := "NCCL_IB_HCA=" + d.HCA()
	for _, c := range []struct {
		src  string
		want []string // "line: text" prefixes of the findings, in order
	}{
		{"set -a\n. /etc/foo\nset +a\n" + h + "\nexport X=1\n", []string{"4: NCCL_IB_HCA is set but not exported"}},
		{"set -a; . ./nccl.env; set +a\n" + h + "\nexport X=1\n", []string{"2: NCCL_IB_HCA is set but not exported"}},
		{"set -a\n" + h + "\nset +a\n", nil},
		{"export A=1 " + h + "\n", nil},
		{"declare -x " + h + "\nexport X=1\n", nil},
		{"typeset -x " + h + "\nexport X=1\n", nil},
		{"export\t" + h + "\n", nil},
		{"set -o allexport\n" + h + "\nexport X=1\n", nil},
		{"set -e -a\n" + h + "\nexport X=1\n", nil},
		{h + " ./train\nexport X=1\n", nil},
		{"env " + h + " ./train\n", nil},
		{"export " + h + "\nunset NCCL_IB_HCA\n", []string{"0: The file sets no NCCL variable", "0: NCCL_IB_HCA is not set"}},
		{"export NCCL_IB_HCA=$HCA\n", []string{"1: NCCL_IB_HCA=$HCA takes its value from an expansion"}},
		{"export NCCL_IB_HCA==mlx5_0:1 ,mlx5_3:1\n", []string{"1: NCCL_IB_HCA leaves out compute NICs mlx5_3 (rail 1)"}},
		{"export NCCL_IB_HCA='=mlx5_0:1,'\"mlx5_3:1\"\n", []string{"1: NCCL_IB_HCA leaves out compute NICs mlx5_4 (rail 2)"}},
		{"export NCCL_IB_HCA = mlx5_0\n", []string{`1: This line sets nothing: a shell does not take NCCL_IB_HCA with spaces around "="`}},
		{"export NCCL_IB_HCA=\"=mlx5_0:1\n", []string{"1: A quote on this line is not closed on it"}},
		// export -n and declare +x take the export away; += appends; a
		// variable the file set is expanded; $'…' is a literal; set --
		// sets arguments, not -a; unset -f removes a function.
		{"export " + h + "\nexport -n NCCL_IB_HCA\n", []string{"1: NCCL_IB_HCA is set but not exported"}},
		{"export " + h + "\ndeclare +x NCCL_IB_HCA\n", []string{"1: NCCL_IB_HCA is set but not exported"}},
		{"export NCCL_IB_HCA==mlx5_0:1\nexport NCCL_IB_HCA+=" + strings.TrimPrefix(d.HCA(), "=mlx5_0:1") + "\n", nil},
		{"HCA=" + d.HCA() + "\nexport NCCL_IB_HCA=$HCA\n", nil},
		{"export NCCL_IB_HCA=$'" + d.HCA() + "'\n", nil},
		{"set -- -a\n" + h + "\nexport X=1\n", []string{"2: NCCL_IB_HCA is set but not exported"}},
		{"export " + h + "\nunset -f NCCL_IB_HCA\n", nil},
		{"exec env " + h + " ./train\n", nil},
		{"\ufeffexport " + h + "\n", []string{"1: The file starts with a byte order mark"}},
	} {
		if got, ok := findingsAre(checkEnv([]byte(c.src), d), c.want); !ok {
			t.Errorf("%q:\n got %q\nwant %q", c.src, got, c.want)
		}
	}
}

// NCCL reads its integer settings with strtoll base 0 (blanks skipped,
// a sign, 0x and 0 prefixes): on a rail-only fabric NCCL_CROSS_NIC of
// "00", "0x0", " 0" or "0\r" is 0 (no finding); NCCL_IB_DISABLE of "2",
// "-1" or " 1" disables the IB transport as any non-zero value does, and
// NCCL_P2P_DISABLE=" 1" is 1.
func TestIntegerSettings(t *testing.T) {
	d := design(t, "rail-only-512")
	hca := ""
	if d.HCA() != "" {
		hca = "NCCL_IB_HCA=" + d.HCA() + "\n"
	}
	for _, v := range []string{"00", "0x0", " 0", "0\r"} {
		if fs := Check([]byte(hca+"NCCL_CROSS_NIC="+v+"\n"), ReadConf, d); slices.ContainsFunc(fs, func(f Finding) bool { return f.Key == "NCCL_CROSS_NIC" }) {
			t.Errorf("NCCL_CROSS_NIC=%q: %+v; want none (NCCL reads 0)", v, fs)
		}
	}
	for _, v := range []string{"2", "-1", " 1"} {
		if fs := Check([]byte(hca+"NCCL_IB_DISABLE="+v+"\n"), ReadConf, d); !slices.ContainsFunc(fs, func(f Finding) bool { return f.Key == "NCCL_IB_DISABLE" }) {
			t.Errorf("NCCL_IB_DISABLE=%q: %+v; want the TCP finding", v, fs)
		}
	}
	h100 := design(t, "dgx-h100-superpod", "scalable_units=1")
	if fs := Check([]byte("NCCL_IB_HCA="+h100.HCA()+"\nNCCL_P2P_DISABLE= 1\n"), ReadConf, h100); len(fs) != 1 || !strings.Contains(fs[0].Msg, `NCCL_P2P_DISABLE=" 1", which NCCL reads as 1, turns GPU peer-to-peer off`) {
		t.Errorf("NCCL_P2P_DISABLE= 1: %+v", fs)
	}
}

// findingsAre writes fs as "line: message" and reports whether they are
// as many as want, each starting with its want.
func findingsAre(fs []Finding, want []string) ([]string, bool) {
	var got []string
	for _, f := range fs {
		got = append(got, fmt.Sprintf("%d: %s", f.Line, f.Msg))
	}
	ok := len(got) == len(want)
	for i := 0; ok && i < len(got); i++ {
		ok = strings.HasPrefix(got[i], want[i])
	}
	return got, ok
}

// On the 131k example the DGX H100's ConnectX-7 run Ethernet: a RoCE
// port has no IPoIB interface, so the file says NCCL's default takes
// whatever interface it lists first, and that the built-in model's
// ibp… names are not what such a port is called; it never offers them
// as NCCL's pick.
func TestSocketsOnEthernetCompute(t *testing.T) {
	d := design(t, "rail-optimized-131k", "nodes=512")
	if d.ComputeProtocol != "ethernet" {
		t.Fatalf("compute protocol %q, want ethernet", d.ComputeProtocol)
	}
	text := string(d.Text())
	for _, s := range []string{"run Ethernet (RoCE) and have no ib* interface", "The model names the compute ports ibp24s0, ..., IPoIB names", "# RoCE: NCCL_IB_GID_INDEX"} {
		if !strings.Contains(text, s) {
			t.Errorf("file lacks %q:\n%s", s, text)
		}
	}
	if strings.Contains(text, "the compute NICs'\n# IPoIB interfaces") {
		t.Errorf("file offers IPoIB interfaces as NCCL's pick on an Ethernet host:\n%s", text)
	}
	ib := design(t, "dgx-h100-superpod", "scalable_units=1")
	if ib.ComputeProtocol != "infiniband" || !strings.Contains(string(ib.Text()), "IPoIB interfaces (ibp24s0, ...)") || strings.Contains(string(ib.Text()), "RoCE") {
		t.Errorf("InfiniBand DGX: protocol %q, file:\n%s", ib.ComputeProtocol, ib.Text())
	}
}
