package asbuilt

import (
	"os"
	"strings"
	"testing"
)

// The real NDR fabric of testdata/ibnetdiscover-ndr-dgx.out (NVIDIA topograph's
// example): 40 switches (leaves and spines of QM9701), 582 channel
// adapters (testdata/SOURCE.md), each link kept once though both ends list it.
func TestParseRealNDRFabric(t *testing.T) {
	f, err := os.Open("testdata/ibnetdiscover-ndr-dgx.out")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	topo, err := ParseIBNetDiscover(f)
	if err != nil {
		t.Fatal(err)
	}
	sw, ca := 0, 0
	for _, d := range topo.Devices {
		if d.Switch {
			sw++
		} else {
			ca++
		}
	}
	if sw != 40 || ca != 582 {
		t.Errorf("%d switches and %d adapters, want 40 and 582", sw, ca)
	}
	// Every port line appears once per end: links = (switch port lines +
	// adapter port lines) / 2 when every link has both ends recorded.
	b, err := os.ReadFile("testdata/ibnetdiscover-ndr-dgx.out")
	if err != nil {
		t.Fatal(err)
	}
	lines := 0
	for _, l := range strings.Split(string(b), "\n") {
		if strings.HasPrefix(l, "[") {
			lines++
		}
	}
	if 2*len(topo.Links) != lines {
		t.Errorf("%d links from %d port lines; each link should be listed at both ends", len(topo.Links), lines)
	}
	d := topo.Device("S-2c5eab0300b87b40")
	if d == nil || d.Desc != "MF0;A09-P1-IBLEAF-04-04:MQM9701/U1" || d.Ports != 65 {
		t.Errorf("first leaf %+v", d)
	}
	l := topo.Links[0]
	if l.A != "S-2c5eab0300b87b40" || l.APort != 1 || l.B != "H-e09d7303007a4bd8" || l.BPort != 1 || l.Speed != "4xNDR" {
		t.Errorf("first link %+v", l)
	}
}

func TestParseLoneCA(t *testing.T) {
	topo, err := ParseIBNetDiscover(strings.NewReader("#\n# Topology file\n\nvendid=0x2c9\ncaguid=0xb8\nCa\t1 \"H-b8\"\t\t# \"dgx-gb200-n01-c1 HCA-1\"\n"))
	if err != nil || len(topo.Devices) != 1 || len(topo.Links) != 0 || topo.Devices[0].Desc != "dgx-gb200-n01-c1 HCA-1" {
		t.Fatalf("%+v, %v", topo, err)
	}
}

func TestParseErrors(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"Switch\t2 \"S-1\"\n[1]\t\"S-2\"[1]\n", "line 2: S-1 port 1 leads to S-2, which has no record"},
		{"Switch\t2 \"S-1\"\n[3]\t\"S-1\"[1]\n", "line 2: port 3 of S-1, which has 2 ports"},
		{"Switch\t2 \"S-1\"\n[1]\t\"S-2\"[1]\n[1]\t\"S-2\"[2]\n\nSwitch\t2 \"S-2\"\n", "line 3: port 1 of S-1 is listed twice"},
		{"Switch\t2 \"S-1\"\n[1]\t\"S-2\"[1]\n\nSwitch\t2 \"S-2\"\n[1]\t\"S-1\"[2]\n", "line 5: S-2 port 1 lists S-1 port 2, but S-1 port 1 lists it"},
		{"Switch\tx \"S-1\"\n", "line 1: Switch record: port count \"x\" is not a number"},
		{"Switch\t2 \"S-1\"\nbanana\n", "line 2: not a device record"},
		{"Switch\t2 \"S-1\n", "line 1: Switch record: unclosed quote"},
		{"Switch\t2 \"S-1\"\n\nSwitch\t2 \"S-1\"\n", "line 3: device S-1 is recorded twice (first on line 1)"},
		{"localhost\n", "line 1: no device record"},
		{"", "the file is empty"},
	} {
		_, err := ParseIBNetDiscover(strings.NewReader(tc.in))
		if err == nil || !strings.HasPrefix(err.Error(), tc.want) {
			t.Errorf("%q: error %v, want %q", tc.in, err, tc.want)
		}
	}
}

// FuzzParseIBNetDiscover: no input crashes or hangs the parser; what it
// accepts is consistent (every link's ends are recorded devices with the
// port in range).
func FuzzParseIBNetDiscover(f *testing.F) {
	f.Add("Switch\t2 \"S-1\"\n[1]\t\"H-1\"[1](1)\t\t# \"h\" lid 1 4xNDR\n\nCa\t1 \"H-1\"\t\t# \"h mlx5_0\"\n[1](1)\t\"S-1\"[1]\t\t# lid 1 lmc 0 \"s\" lid 2 4xNDR\n")
	f.Add("ibwarn: timeout\n#\nvendid=0x2c9\nSwitch 65 \"S-2c\" # \"MF0;a:MQM9701/U1\" enhanced port 0 lid 73 lmc 0\n")
	f.Fuzz(func(t *testing.T, in string) {
		topo, err := ParseIBNetDiscover(strings.NewReader(in))
		if err != nil {
			return
		}
		for _, l := range topo.Links {
			a, b := topo.Device(l.A), topo.Device(l.B)
			if a == nil || b == nil || l.APort < 1 || l.APort > a.Ports {
				t.Fatalf("link %+v with devices %v %v", l, a, b)
			}
		}
	})
}
