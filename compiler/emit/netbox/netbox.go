// Package netbox writes the cable plan as a NetBox cable bulk-import CSV
// (`topoc build --emit netbox`), for the NetBox version given with
// --netbox-version. The rules follow NetBox's CableImportForm as
// docs/reference/formats.md records them for v4.0 to v4.7.0-beta1:
//
//   - the importer rejects a header it does not know, so the header is the
//     version's: the 4.0–4.3 columns are accepted by every version, and
//     topoc writes no column it could not fill (4.4's side_x_site, 4.5's
//     owner, 4.6's power panels and bundle);
//   - every cable is status "planned" (a design, not an as-built record);
//   - each side is one interface (dcim.interface) of a device named as the
//     design names it, a server by its node group's hostname where it has
//     one; the devices and interfaces must exist in NetBox;
//   - type maps the cable kind (cabling.md §6): passive DAC dac-passive,
//     ACC and AEC dac-active, AOC aoc, multimode mmf-om4, single-mode
//     smf-os2; color is the jacket colour of the fiber (aqua multimode,
//     yellow single-mode, cabling.md §1d S11);
//   - length is the ordered length in metres, with length_unit "m";
//   - before 4.7 a splitter is one row per leg (one termination per side);
//     from 4.7 (multi-termination import, NetBox PR #22641) it is one row:
//     the broken-out port at A, the legs' devices and interfaces as
//     comma-separated lists at B, and the cable profile
//     breakout-1c<N>p-<N>c1p, unless the port takes several cables (the
//     two splitter fibers of a port split 4 × 200G): NetBox takes one
//     cable per interface, so those legs are rows on lane interfaces.
package netbox

import (
	"bytes"
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/topoc/topoc/compiler/emit"
	"github.com/topoc/topoc/compiler/emit/cabling"
	"github.com/topoc/topoc/compiler/emit/csvcell"
	"github.com/topoc/topoc/compiler/ir"
	"github.com/topoc/topoc/lang/units"
)

// Path is the artifact path of the NetBox CSV.
const Path = "netbox/cables.csv"

// DefaultVersion is the version written when none is given: the 4.0–4.3
// column set, which every supported version imports.
var DefaultVersion = Version{4, 3}

// Version is a NetBox major.minor version.
type Version struct{ Major, Minor int }

func (v Version) String() string { return fmt.Sprintf("%d.%d", v.Major, v.Minor) }

// Supported versions are 4.0 to 4.7 (formats.md).
var (
	minVersion = Version{4, 0}
	maxVersion = Version{4, 7}
)

func (v Version) less(w Version) bool {
	return v.Major < w.Major || v.Major == w.Major && v.Minor < w.Minor
}

var versionRE = regexp.MustCompile(`^v?(\d+)\.(\d+)(?:\.\d+)?(?:-[0-9A-Za-z.]+)?$`)

// ParseVersion reads "4.3", "v4.6.8" or "4.7.0-beta1"; "" is
// DefaultVersion. A malformed version or one outside 4.0–4.7 is an error
// that says what is supported.
func ParseVersion(s string) (Version, error) {
	if s == "" {
		return DefaultVersion, nil
	}
	m := versionRE.FindStringSubmatch(strings.TrimSpace(s))
	if m == nil {
		return Version{}, fmt.Errorf("netbox version %q is not a version; write MAJOR.MINOR, e.g. 4.3 (supported: %s to %s)", s, minVersion, maxVersion)
	}
	major, _ := strconv.Atoi(m[1])
	minor, _ := strconv.Atoi(m[2])
	v := Version{major, minor}
	if v.less(minVersion) || maxVersion.less(v) {
		return Version{}, fmt.Errorf("netbox version %s is not supported; topoc writes the cable import CSV of NetBox %s to %s", v, minVersion, maxVersion)
	}
	return v, nil
}

// version is the emitter's "version" flag (--netbox.version, also
// --netbox-version): the NetBox release whose columns to write.
var version = DefaultVersion

// versionFlag parses the "version" flag with ParseVersion.
type versionFlag struct{ v *Version }

func (f versionFlag) String() string {
	if f.v == nil {
		return DefaultVersion.String()
	}
	return f.v.String()
}

func (f versionFlag) Set(s string) error {
	v, err := ParseVersion(s)
	if err == nil {
		*f.v = v
	}
	return err
}

func init() {
	Emitter.Flags.Var(versionFlag{&version}, "version", "NetBox version whose cable CSV columns to write: 4.0 to 4.7 (also v4.6.8, 4.7.0-beta1)")
}

// Accepted returns every column the version's importer accepts
// (formats.md, "Column set by version").
func Accepted(v Version) []string {
	cols := []string{"side_a_device", "side_a_type", "side_a_name", "side_b_device", "side_b_type", "side_b_name",
		"type", "status", "tenant", "label", "color", "length", "length_unit", "description", "comments", "tags"}
	if !v.less(Version{4, 4}) {
		cols = append(cols, "side_a_site", "side_b_site")
	}
	if !v.less(Version{4, 5}) {
		cols = append(cols, "profile", "owner")
	}
	if !v.less(Version{4, 6}) {
		cols = append(cols, "side_a_power_panel", "side_b_power_panel", "bundle")
	}
	return cols
}

// MultiTermination reports whether the version imports several
// terminations per side in one row (4.7, NetBox PR #22641).
func MultiTermination(v Version) bool { return !v.less(Version{4, 7}) }

// Columns returns the header topoc writes for the version: a subset of
// Accepted(v).
func Columns(v Version) []string {
	cols := []string{"side_a_device", "side_a_type", "side_a_name", "side_b_device", "side_b_type", "side_b_name",
		"type", "status", "label", "color", "length", "length_unit", "description"}
	if MultiTermination(v) {
		cols = append(cols, "profile")
	}
	return cols
}

// Emitter is the `--emit netbox` back end.
var Emitter = &emit.Emitter{
	Name: "netbox",
	Doc:  "NetBox cable bulk-import CSV (" + Path + "), status planned, columns of --netbox.version (default 4.3)",
	Emit: func(in *emit.Input) ([]emit.Artifact, error) {
		v := version
		rows, err := cabling.Rows(in.Graph)
		if err != nil {
			return nil, err
		}
		hostnames(in.Graph, rows)
		return []emit.Artifact{{Path: Path, Data: CSV(rows, v)}}, nil
	},
}

// hostnames renames, in rows, each server whose node group sets a
// hostname to it: a NetBox device is named as the host calls itself, as
// Slurm, Kubernetes and UFM name it (trial 52: the import named r00/dgx00
// where every other hand-off said dgx000). Switches and servers without
// one keep the design's name, as the cable plan writes it.
func hostnames(g *ir.Graph, rows []cabling.Row) {
	if len(g.Hostnames) == 0 {
		return
	}
	by := make(map[string]string, len(g.Hostnames))
	for n, h := range g.Hostnames {
		by[g.Nodes[n].Name] = h
	}
	for i := range rows {
		for _, e := range []*cabling.End{&rows[i].A, &rows[i].B} {
			if h, ok := by[e.Device]; ok {
				e.Device = h
			}
		}
	}
}

// cableType maps a cable_model kind to NetBox's cable type (cabling.md §6).
var cableType = map[string]string{"passive_dac": "dac-passive", "acc": "dac-active", "aec": "dac-active",
	"aoc": "aoc", "mmf": "mmf-om4", "smf": "smf-os2"}

// jacket is the fiber jacket colour (cabling.md §1d, S11: aqua multimode,
// yellow single-mode), as NetBox's 6-digit hex.
var jacket = map[string]string{"mmf": "00ffff", "smf": "ffff00"}

// profiles are NetBox's breakout cable profiles by leg count (formats.md).
var profiles = map[int]string{2: "breakout-1c2p-2c1p", 4: "breakout-1c4p-4c1p", 6: "breakout-1c6p-6c1p", 8: "breakout-1c8p-8c1p"}

// CSV writes the NetBox import file for version v.
func CSV(rows []cabling.Row, v Version) []byte {
	var buf bytes.Buffer
	w := csvcell.NewWriter(&buf)
	cols := Columns(v)
	w.Write(cols)
	multi := MultiTermination(v)
	// A profile row names the broken-out port whole, so it serves a port
	// only when that port has one cable: a port split 4 × 200G behind a
	// twin module takes two splitter fibers (cableplan), and NetBox takes
	// one cable per interface, so such a port's legs are written a row
	// each on their lane interfaces (swp5s0 ...), as before 4.7, never
	// under two names.
	cablesAt := map[[2]string]map[int]bool{}
	for _, r := range rows {
		if r.Lane >= 0 {
			k := basePort(r)
			if cablesAt[k] == nil {
				cablesAt[k] = map[int]bool{}
			}
			cablesAt[k][r.Cable] = true
		}
	}
	for i := 0; i < len(rows); {
		r := rows[i]
		n := 1
		for i+n < len(rows) && rows[i+n].Cable == r.Cable {
			n++
		}
		legs := rows[i : i+n]
		i += n
		if profile, ok := profiles[len(legs)]; multi && ok && len(legs) > 1 && len(cablesAt[basePort(r)]) == 1 {
			var devs, names []string
			for _, l := range legs {
				devs, names = append(devs, l.B.Device), append(names, l.B.Port)
			}
			w.Write(record(cols, r, r.A.Device, basePort(r)[1], strings.Join(devs, ","), strings.Join(names, ","), r.CableID, profile))
			continue
		}
		for j, l := range legs {
			label := l.CableID
			switch {
			case (len(legs) > 1 || l.Legs > 1) && l.Lane >= 0:
				label += "." + strconv.Itoa(l.Lane) // a splitter's leg, even its one used
			case len(legs) > 1:
				label += "." + strconv.Itoa(j) // a twin-port cable's link, whole ports at both ends
			}
			w.Write(record(cols, l, l.A.Device, l.A.Port, l.B.Device, l.B.Port, label, ""))
		}
	}
	w.Flush()
	return buf.Bytes()
}

// basePort is the device and physical port of row r's A end: its port
// name without the lane suffix ("swp5s2" → "swp5") when broken out.
func basePort(r cabling.Row) [2]string {
	return [2]string{r.A.Device, strings.TrimSuffix(r.A.Port, "s"+strconv.Itoa(r.Lane))}
}

// maxLabel is NetBox's limit on a cable label (formats.md).
const maxLabel = 100

// record builds one CSV record in column order.
func record(cols []string, r cabling.Row, aDev, aName, bDev, bName, label, profile string) []string {
	desc := fmt.Sprintf("%s %s %s", r.Fabric, r.LinkKind, units.Rate(r.RateBPS))
	if r.Model != "" {
		desc += " " + r.Model
	}
	vals := map[string]string{
		"side_a_device": aDev, "side_a_type": "dcim.interface", "side_a_name": aName,
		"side_b_device": bDev, "side_b_type": "dcim.interface", "side_b_name": bName,
		"type": cableType[r.Kind], "status": "planned", "label": label, "color": jacket[r.Kind],
		"length": cabling.Metres(r.LengthM), "length_unit": "m", "description": desc, "profile": profile,
	}
	if len(label) > maxLabel {
		vals["label"] = "" // NetBox refuses longer labels; the description still names the fabric
	}
	out := make([]string, len(cols))
	for i, c := range cols {
		out[i] = vals[c]
	}
	return out
}
