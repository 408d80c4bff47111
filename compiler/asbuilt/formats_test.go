package asbuilt_test

import (
	"bytes"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/topoc/topoc/compiler/asbuilt"
	"github.com/topoc/topoc/compiler/compiletest"
	"github.com/topoc/topoc/compiler/emit/ibsim"
	"github.com/topoc/topoc/compiler/ir"
	"github.com/topoc/topoc/compiler/tooltest"
	"github.com/topoc/topoc/lang/diag"
)

// cables returns t's cables as sorted "desc:port desc:port" strings (each
// pair in a fixed order), and its devices as "S|H desc", so topologies
// read from different formats compare by what they say, not by ids.
func cables(t *asbuilt.Topology) (links, devices []string) {
	desc := map[string]string{}
	for _, d := range t.Devices {
		desc[d.ID] = d.Desc
		k := "H "
		if d.Switch {
			k = "S "
		}
		devices = append(devices, k+d.Desc)
	}
	for _, l := range t.Links {
		a, b := fmt.Sprintf("%s:%d", desc[l.A], l.APort), fmt.Sprintf("%s:%d", desc[l.B], l.BPort)
		if b < a {
			a, b = b, a
		}
		links = append(links, a+" "+b+" "+l.Speed)
	}
	slices.Sort(links)
	slices.Sort(devices)
	return links, devices
}

// The stored outputs of the real ibnetdiscover -p and iblinkinfo
// (infiniband-diags, run under ibsim on one SuperPOD scalable unit's net
// file, compiler/emit/ibsim/testdata/superpod-1su.net) are detected by
// content and read to the net file's 12 switches, 252 adapters and 508
// cables (252 node and UFM cables, 256 leaf–spine), the same cables as
// the net file read as ibnetdiscover's default output; iblinkinfo -l is
// detected and refused with what to run instead.
func TestStoredToolOutputs(t *testing.T) {
	net, err := os.ReadFile("../emit/ibsim/testdata/superpod-1su.net")
	if err != nil {
		t.Fatal(err)
	}
	ref, err := asbuilt.ParseIBNetDiscover(bytes.NewReader(net))
	if err != nil {
		t.Fatal(err)
	}
	wantLinks, wantDevs := cables(ref)
	for i := range wantLinks { // the net file states no speeds; ibsim's default is SDR
		wantLinks[i] = strings.TrimSuffix(wantLinks[i], " ") + " 4xSDR"
	}
	for _, c := range []struct {
		file string
		want asbuilt.Format
	}{{"testdata/superpod-1su-ports.txt", asbuilt.FormatIBNetDiscoverPorts}, {"testdata/superpod-1su-iblinkinfo.txt", asbuilt.FormatIBLinkInfo}} {
		data, err := os.ReadFile(c.file)
		if err != nil {
			t.Fatal(err)
		}
		topo, f, err := asbuilt.Parse(data, "")
		if err != nil || f != c.want {
			t.Fatalf("%s: format %q, %v; want %q", c.file, f, err, c.want)
		}
		links, devs := cables(topo)
		if len(devs) != 264 || len(links) != 508 || !slices.Equal(devs, wantDevs) || !slices.Equal(links, wantLinks) {
			t.Errorf("%s: %d devices, %d cables; differs from the net file's %d and %d", c.file, len(devs), len(links), len(wantDevs), len(wantLinks))
		}
	}
	data, _ := os.ReadFile("testdata/superpod-1su-iblinkinfo-l.txt")
	if _, f, err := asbuilt.Parse(data, ""); f != asbuilt.FormatIBLinkInfo || err == nil || !strings.Contains(err.Error(), "without -l") {
		t.Errorf("iblinkinfo -l: %q %v, want refused with a hint", f, err)
	}
}

// The real tools under the real ibsim, against the design: one SuperPOD
// scalable unit's net file is discovered by ibnetdiscover -p and by
// iblinkinfo, and verify's comparison finds every device and cable as
// designed in both (speeds aside: ibsim trains NDR links at SDR).
func TestToolFormatsVerifyClean(t *testing.T) {
	g := compiletest.Example(t, "dgx-h100-superpod", "scalable_units=1")
	f := ir.FabricID(0)
	net, err := ibsim.Net(g, f, -1)
	if err != nil {
		t.Fatal(err)
	}
	for _, tool := range [][]string{{"ibnetdiscover", "-p"}, {"iblinkinfo"}} {
		out := tooltest.UnderIBSim(t, net, tool)
		topo, _, err := asbuilt.Parse(out, "")
		if err != nil {
			t.Fatalf("%v: %v", tool, err)
		}
		r := asbuilt.Compare(g, f, topo, asbuilt.Options{IgnoreSpeed: true, IgnoreState: true})
		if len(r.Diags) != 0 || r.MatchedLinks != r.Links || r.MatchedDevices != r.Devices || r.Links != 508 {
			t.Errorf("%v: %d findings (%v), %d of %d links, %d of %d devices", tool, len(r.Diags), r.Diags, r.MatchedLinks, r.Links, r.MatchedDevices, r.Devices)
		}
		// ibsim runs no subnet manager: iblinkinfo reports every link
		// Initialize, each an asbuilt-link-state finding without
		// IgnoreState (ibnetdiscover prints no state).
		want := map[string]int{"iblinkinfo": 508, "ibnetdiscover": 0}[tool[0]]
		states := findingCodes(asbuilt.Compare(g, f, topo, asbuilt.Options{IgnoreSpeed: true}))[diag.AsbuiltLinkState]
		if states != want {
			t.Errorf("%v: %d links not active, want %d", tool, states, want)
		}
	}
}

// Broken inputs: each a clear error with its line, never a panic.
func TestToolFormatErrors(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"", "empty"},
		{"hello\nworld\n", "not a discovery format"},
		{"SW     0 64 0x0000000000140600 4x SDR - SW     0 64 0x0000000000140e00 ( 'a' - 'b' )\nSW     0 64 0x0000000000140600 4x SDR - SW     0 1 0x0000000000140f00 ( 'a' - 'c' )\n", "line 2"},
		{"SW     0 64 0x0000000000140600 4x SDR - SW\n", "line 1"},
		{"Switch: 0x0000000000140600 leaf:\n           0    1[  ] ==( 4X 2.5 Gbps Active/  LinkUp)==>       0    1[  ] \"gone\" ( )\n", "no device's port line lists back"},
		{"CA: h1 mlx5_0:\n  0    1[  ] ==( 4X 2.5 Gbps Active/  LinkUp)==>       0    1[  ] \"leaf\" ( )\n", "without its port GUID"},
		{"Switch: 0x01 leaf:\nrubbish\n", "line 2"},
	} {
		_, _, err := asbuilt.Parse([]byte(c.in), "")
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: %v, want an error saying %q", c.in, err, c.want)
		}
	}
}

// FuzzParseFormats: no input crashes or hangs detection or any parser.
func FuzzParseFormats(f *testing.F) {
	for _, file := range []string{"testdata/superpod-1su-ports.txt", "testdata/superpod-1su-iblinkinfo.txt", "testdata/ibdiagnet2-lst-line.txt", "testdata/sonic-lldp-table-2macs.txt"} {
		data, _ := os.ReadFile(file)
		f.Add(string(data[:min(len(data), 2000)]))
	}
	f.Add("side_a_device,side_a_type,side_a_name,side_b_device,side_b_type,side_b_name\nr0/leaf0,dcim.interface,swp1,\"r0/h0,r0/h1\",dcim.interface,\"p1,p1\"\n")
	f.Add("START_NODES\nNodeDesc,NumPorts,NodeType,NodeGUID\n\"sw, a\",3,2,0x1\n\"h\",1,1,0x2\nEND_NODES\nSTART_PORTS\nNodeGuid,PortNum,LinkWidthActv\n0x1,1,2\nEND_PORTS\nSTART_LINKS\nNodeGuid1,PortNum1,NodeGuid2,PortNum2\n0x1,1,0x2,1\n0x2,1,0x1,1\nEND_LINKS\n")
	f.Fuzz(func(t *testing.T, in string) {
		for _, fm := range append(asbuilt.Formats, "") {
			asbuilt.Parse([]byte(in), fm)
		}
	})
}

// Damage a new user made to the stored tool outputs: each is an error
// naming its line, not a silent pass. A port line repeated as it is; the
// first line's GUID corrupted; one end of a cable gone (-p lists both);
// one end at 2x and the other at 4x; a port number out of range.
func TestToolFormatDamage(t *testing.T) {
	read := func(file string) []string {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		return strings.Split(strings.TrimRight(string(data), "\n"), "\n")
	}
	ports, info := read("testdata/superpod-1su-ports.txt"), read("testdata/superpod-1su-iblinkinfo.txt")
	join := func(ls []string) []byte { return []byte(strings.Join(ls, "\n") + "\n") }
	edit := func(ls []string, f func([]string) []string) []byte { return join(f(slices.Clone(ls))) }
	cases := []struct {
		name string
		in   []byte
		want string
	}{
		{"-p line repeated", edit(ports, func(l []string) []string { return append(l, l[0]) }), "listed twice"},
		{"-p first GUID corrupt", edit(ports, func(l []string) []string {
			l[0] = strings.Replace(l[0], "0x000000000013f401", "0x000000000013f4zz", 1)
			return l
		}), "line 1"},
		{"-p one end gone", edit(ports, func(l []string) []string { return l[1:] }), "whose own line is missing"},
		{"-p widths differ", edit(ports, func(l []string) []string {
			l[0] = strings.Replace(l[0], "4x SDR", "2x SDR", 1)
			return l
		}), "one cable has one width and speed"},
		{"-p port out of range", edit(ports, func(l []string) []string {
			l[0] = strings.Replace(l[0], "0  1 0x", "0  99999999999 0x", 1)
			return l
		}), "not a port number"},
		{"iblinkinfo line repeated", edit(info, func(l []string) []string { return append(l[:2], l[1:]...) }), "listed twice"},
		{"iblinkinfo negative port", edit(info, func(l []string) []string {
			l[1] = strings.Replace(l[1], "      0    1[", "      0   -5[", 1)
			return l
		}), "line 2: not a device header or port line"},
	}
	for _, c := range cases {
		if _, _, err := asbuilt.Parse(c.in, ""); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want an error saying %q", c.name, err, c.want)
		}
	}
}
