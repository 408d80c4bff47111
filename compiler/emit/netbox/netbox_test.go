package netbox

import (
	"bytes"
	"encoding/csv"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/topoc/topoc/compiler/compiletest"
	"github.com/topoc/topoc/compiler/emit"
	"github.com/topoc/topoc/compiler/ir"
)

var designs = map[string]string{
	"fat-tree-k8":       filepath.Join("..", "..", "..", "examples", "fat-tree-k8"),
	"dgx-h100-superpod": filepath.Join("..", "..", "..", "examples", "dgx-h100-superpod"),
	"breakout":          filepath.Join("..", "cabling", "testdata", "breakout"),
}

// compile compiles the design in dir; any error fails the test.
func compile(t testing.TB, dir string) *ir.Graph {
	t.Helper()
	return compiletest.Dir(t, dir)
}

func emitCSV(t *testing.T, g *ir.Graph, version string) []byte {
	t.Helper()
	if err := Emitter.Flags.Set("version", cmpOr(version, DefaultVersion.String())); err != nil {
		t.Fatal(err)
	}
	defer Emitter.Flags.Set("version", DefaultVersion.String())
	arts, err := Emitter.Emit(&emit.Input{Graph: g})
	if err != nil {
		t.Fatal(err)
	}
	if len(arts) != 1 || arts[0].Path != Path {
		t.Fatalf("artifacts %v", arts)
	}
	return arts[0].Data
}

// TestGolden compares the default (4.0-4.3) file of each design, and the
// 4.7 file of the breakout design, with testdata/. Regenerate with:
//
//	go test ./compiler/emit/netbox -run TestGolden -update
func TestGolden(t *testing.T) {
	cases := []struct{ design, version string }{
		{"fat-tree-k8", ""}, {"dgx-h100-superpod", ""}, {"breakout", ""}, {"breakout", "4.7"},
	}
	for _, tc := range cases {
		name := tc.design + "-" + cmpOr(tc.version, "default") + ".csv"
		t.Run(name, func(t *testing.T) {
			got := emitCSV(t, compile(t, designs[tc.design]), tc.version)
			compiletest.Golden(t, filepath.Join("testdata", name), got, "NetBox CSV of "+tc.design)
		})
	}
}

func cmpOr(s, d string) string {
	if s == "" {
		return d
	}
	return s
}

// The value sets of NetBox's CableImportForm (docs/reference/formats.md).
var (
	sideTypes   = []string{"dcim.interface", "dcim.frontport", "dcim.rearport", "dcim.consoleport", "dcim.consoleserverport", "dcim.powerport", "dcim.poweroutlet", "dcim.powerfeed", "circuits.circuittermination"}
	cableTypes  = []string{"cat3", "cat5", "cat5e", "cat6", "cat6a", "cat7", "cat7a", "cat8", "mrj21-trunk", "dac-active", "dac-passive", "coaxial", "rg-6", "rg-8", "rg-11", "rg-59", "rg-62", "rg-213", "lmr-100", "lmr-200", "lmr-400", "mmf", "mmf-om1", "mmf-om2", "mmf-om3", "mmf-om4", "mmf-om5", "smf", "smf-os1", "smf-os2", "aoc", "power", "usb"}
	lengthUnits = []string{"km", "m", "cm", "mi", "ft", "in"}
	profileSet  = []string{"single-1c1p", "single-1c2p", "single-1c4p", "single-1c6p", "single-1c8p", "single-1c12p", "single-1c16p",
		"breakout-1c2p-2c1p", "breakout-1c4p-4c1p", "breakout-1c6p-6c1p", "breakout-1c8p-8c1p", "breakout-2c4p-8c1p-shuffle"}
	lengthRE = regexp.MustCompile(`^\d{1,6}(\.\d{1,2})?$`) // max 8 digits, 2 decimals
	colorRE  = regexp.MustCompile(`^[0-9a-f]{6}$`)
	// The 4.0-4.3 columns as formats.md tables them, transcribed apart
	// from Accepted so that the test does not check the code against itself.
	baseColumns = []string{"side_a_device", "side_a_type", "side_a_name", "side_b_device", "side_b_type", "side_b_name", "type", "status", "tenant", "label", "color", "length", "length_unit", "description", "comments", "tags"}
)

// columnsOf returns the columns NetBox 4.v accepts (formats.md).
func columnsOf(v Version) []string {
	cols := slices.Clone(baseColumns)
	if v.Minor >= 4 {
		cols = append(cols, "side_a_site", "side_b_site")
	}
	if v.Minor >= 5 {
		cols = append(cols, "profile", "owner")
	}
	if v.Minor >= 6 {
		cols = append(cols, "side_a_power_panel", "side_b_power_panel", "bundle")
	}
	return cols
}

// TestImportRules checks every row of every design against the importer's
// column and value rules for each supported version (formats.md): known
// headers only, the required ones present; status planned; side types,
// cable types, profiles and length units from NetBox's choices; lengths of
// at most 8 digits with 2 decimals and always with a unit; labels of at
// most 100 characters, unique per design; colors as 6 hex digits; one
// termination per side before 4.7, and from 4.7 either one parent for all
// names or one per name, with a breakout profile whose leg count matches.
// Every cable of the plan appears exactly once (all its legs).
func TestImportRules(t *testing.T) {
	for name, dir := range designs {
		g := compile(t, dir)
		for minor := 0; minor <= 7; minor++ {
			v := Version{4, minor}
			data := emitCSV(t, g, v.String())
			recs, err := csv.NewReader(bytes.NewReader(data)).ReadAll()
			if err != nil {
				t.Fatalf("%s %s: %v", name, v, err)
			}
			head := recs[0]
			for _, h := range head {
				if !slices.Contains(columnsOf(v), h) {
					t.Errorf("%s %s: header %q is not accepted by NetBox %s", name, v, h, v)
				}
			}
			for _, req := range []string{"side_a_device", "side_a_type", "side_a_name", "side_b_device", "side_b_type", "side_b_name"} {
				if !slices.Contains(head, req) {
					t.Errorf("%s %s: required column %s missing", name, v, req)
				}
			}
			col := func(r []string, c string) string {
				if i := slices.Index(head, c); i >= 0 {
					return r[i]
				}
				return ""
			}
			labels := map[string]bool{}
			legs := 0
			for _, r := range recs[1:] {
				if len(r) != len(head) {
					t.Fatalf("%s %s: row %v has %d cells", name, v, r, len(r))
				}
				bad := func(why string) { t.Fatalf("%s %s: %s in row %v", name, v, why, r) }
				if col(r, "status") != "planned" {
					bad("status not planned")
				}
				for _, s := range []string{"side_a_type", "side_b_type"} {
					if !slices.Contains(sideTypes, col(r, s)) {
						bad(s + " not a termination type")
					}
				}
				if ty := col(r, "type"); ty != "" && !slices.Contains(cableTypes, ty) {
					bad("unknown cable type")
				}
				if l := col(r, "length"); l != "" && (!lengthRE.MatchString(l) || !slices.Contains(lengthUnits, col(r, "length_unit"))) {
					bad("length without a valid unit or format")
				}
				if c := col(r, "color"); c != "" && !colorRE.MatchString(c) {
					bad("color not 6 hex digits")
				}
				lab := col(r, "label")
				if len(lab) > 100 || labels[lab] {
					bad("label too long or repeated")
				}
				labels[lab] = true
				aDev, aName := strings.Split(col(r, "side_a_device"), ","), strings.Split(col(r, "side_a_name"), ",")
				bDev, bName := strings.Split(col(r, "side_b_device"), ","), strings.Split(col(r, "side_b_name"), ",")
				for _, x := range slices.Concat(aDev, aName, bDev, bName) {
					if x == "" {
						bad("empty device or interface name")
					}
				}
				if !MultiTermination(v) {
					if len(aDev)+len(aName)+len(bDev)+len(bName) != 4 {
						bad("several terminations per side before 4.7")
					}
					legs++
					continue
				}
				for _, side := range [][2][]string{{aDev, aName}, {bDev, bName}} {
					if len(side[0]) != 1 && len(side[0]) != len(side[1]) {
						bad("parent and name counts differ")
					}
				}
				p := col(r, "profile")
				if p != "" && !slices.Contains(profileSet, p) {
					bad("unknown profile")
				}
				if n := len(bName); n > 1 {
					if p != "breakout-1c"+itoa(n)+"p-"+itoa(n)+"c1p" || len(aName) != 1 {
						bad("breakout without a matching profile")
					}
				}
				legs += len(bName)
			}
			if want := len(g.Cabling().Legs); legs != want {
				t.Errorf("%s %s: the file terminates %d legs, the plan has %d", name, v, legs, want)
			}
		}
	}
}

func itoa(n int) string { return strconv.Itoa(n) }

// Before 4.7 a splitter is one row per leg; from 4.7 one row per cable.
func TestRowsPerVersion(t *testing.T) {
	g := compile(t, designs["breakout"])
	count := func(v string) int { return bytes.Count(emitCSV(t, g, v), []byte("\n")) - 1 }
	legs, cables := len(g.Cabling().Legs), len(g.Cabling().Cables)
	if n := count("4.6"); n != legs {
		t.Errorf("4.6: %d rows, want one per leg (%d)", n, legs)
	}
	if n := count("4.7"); n != cables || cables == legs {
		t.Errorf("4.7: %d rows, want one per cable (%d, fewer than %d legs)", n, cables, legs)
	}
}

func TestParseVersion(t *testing.T) {
	for in, want := range map[string]Version{"": {4, 3}, "4.0": {4, 0}, "4.3": {4, 3}, "v4.6.8": {4, 6}, "4.7.0-beta1": {4, 7}} {
		if got, err := ParseVersion(in); err != nil || got != want {
			t.Errorf("ParseVersion(%q) = %v, %v; want %v", in, got, err, want)
		}
	}
	for _, in := range []string{"3.7", "4.8", "5.0", "4", "latest", "4.x"} {
		if _, err := ParseVersion(in); err == nil || !strings.Contains(err.Error(), "4.0 to 4.7") && !strings.Contains(err.Error(), "supported") {
			t.Errorf("ParseVersion(%q) = %v; want an error naming the supported versions", in, err)
		}
	}
}

// NetBox takes one cable per interface, and a port is one interface or
// its lanes, never both. A port split 4 × 200G takes two splitter fibers
// (cableplan), so from 4.7 its legs are rows on lane interfaces, where a
// profile row per fiber put two cables on "swp1"; a port with three used
// lanes over two fibers was written as "swp5" and "swp5s2" (trial 29).
func TestFourLanePortsOneNamePerInterface(t *testing.T) {
	g := compile(t, filepath.Join("testdata", "fourlane"))
	for _, v := range []string{"4.3", "4.7"} {
		recs, err := csv.NewReader(bytes.NewReader(emitCSV(t, g, v))).ReadAll()
		if err != nil {
			t.Fatal(err)
		}
		seen := map[string]bool{}
		ports := map[string]string{} // device/port → the name it was written under
		for _, r := range recs[1:] {
			for _, name := range strings.Split(r[2], ",") {
				iface := r[0] + "/" + name
				if seen[iface] {
					t.Errorf("%s: %s cabled twice", v, iface)
				}
				seen[iface] = true
				base := iface
				if i := strings.LastIndex(name, "s"); i > 3 {
					base = r[0] + "/" + name[:i]
				}
				if prev, ok := ports[base]; ok && (prev == base) != (iface == base) {
					t.Errorf("%s: port %s written as %s and %s", v, base, prev, iface)
				}
				ports[base] = iface
			}
		}
		if len(seen) == 0 {
			t.Fatalf("%s: no rows", v)
		}
	}
}

// A server whose node group sets a hostname is that device in the import,
// as in every other hand-off; switches keep the design's names (trial 52).
func TestServersByHostname(t *testing.T) {
	g := compiletest.Source(t, compiletest.RailDGX("r00/dgx%02d", "dgx%03d"))
	arts, err := Emitter.Emit(&emit.Input{Graph: g})
	if err != nil {
		t.Fatal(err)
	}
	rows, err := csv.NewReader(bytes.NewReader(arts[0].Data)).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	devices := map[string]int{}
	for _, r := range rows[1:] {
		devices[r[0]]++
		devices[r[3]]++
	}
	if devices["dgx000"] != 8 || devices["dgx001"] != 8 || devices["r00/dgx00"] != 0 || devices["leaf0"] != 4 {
		t.Errorf("devices %v: want dgx000 and dgx001 on 8 cables each, leaf0 on 4, no design name of a server", devices)
	}
}

// A twin-port cable's two links are two NetBox cables labelled by the
// plan's cable id and the link's place in it ("ls-65.0", "ls-65.1"), as
// a splitter's legs are by lane; never ".-1" (compiler/emit/cabling's
// twindac design: 32 twin-port DACs).
func TestTwinCableLabels(t *testing.T) {
	g := compile(t, filepath.Join("..", "cabling", "testdata", "twindac"))
	recs, err := csv.NewReader(bytes.NewReader(emitCSV(t, g, ""))).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	col := slices.Index(recs[0], "label")
	labels := map[string]bool{}
	for _, r := range recs[1:] {
		labels[r[col]] = true
		if strings.HasSuffix(r[col], ".-1") {
			t.Errorf("label %s", r[col])
		}
	}
	if !labels["ls-65.0"] || !labels["ls-65.1"] || labels["ls-65"] {
		t.Errorf("labels of cable ls-65: want ls-65.0 and ls-65.1 only")
	}
}
