package ufm_test

import (
	"bytes"
	"encoding/csv"
	"fmt"
	"sort"
	"testing"

	"github.com/topoc/topoc/compiler/compiletest"
	"github.com/topoc/topoc/compiler/emit"
	"github.com/topoc/topoc/compiler/emit/ibsim"
	"github.com/topoc/topoc/compiler/emit/ufm"
	"github.com/topoc/topoc/compiler/ir"
)

// TestGolden: the NDT files of one SuperPOD scalable unit, reviewed.
// Regenerate with: go test ./compiler/emit/ufm -run TestGolden -update
func TestGolden(t *testing.T) {
	arts, err := ufm.Emitter.Emit(&emit.Input{Graph: compiletest.Example(t, "dgx-h100-superpod", "scalable_units=1")})
	if err != nil || len(arts) != 2 || arts[0].Path != "ufm/compute-switch-to-switch.ndt" || arts[1].Path != "ufm/compute-switch-to-host.ndt" {
		t.Fatalf("artifacts %v, %v", len(arts), err)
	}
	compiletest.Golden(t, "testdata/superpod-1su-switch-to-switch.ndt", arts[0].Data, "NDT switch-to-switch file of the 1-SU SuperPOD")
	compiletest.Golden(t, "testdata/superpod-1su-switch-to-host.ndt", arts[1].Data, "NDT switch-to-host file of the 1-SU SuperPOD")
}

// The two NDT files state exactly the cabling of the ibsim net file (an
// independent writer of the same fabric, itself checked against the real
// ibnetdiscover): the same device pairs on the same port numbers, every
// cable once; and every row has the five NDT columns and LinkType Data.
func TestSameCablingAsIbsim(t *testing.T) {
	for _, ex := range []struct{ name, vars string }{{"dgx-h100-superpod", ""}, {"dgx-b200-superpod-16su", ""}} {
		var vars []string
		if ex.vars != "" {
			vars = append(vars, ex.vars)
		}
		g := compiletest.Example(t, ex.name, vars...)
		for fi := range g.Fabrics {
			f := ir.FabricID(fi)
			if !ibsim.InfiniBand(g, f) {
				continue
			}
			for _, p := range ibsim.Planes(g, f) {
				want := map[string]int{}
				for _, l := range ibsim.Links(g, f, p) {
					want[pair(g, l.A, l.APort, l.B, l.BPort)]++
				}
				sw, host := ufm.NDT(g, f, p)
				// A host port's node description back to the design's
				// device (ufm.HostPort on every endpoint port).
				desc := map[string]string{}
				for _, ep := range g.Fabrics[f].Endpoints {
					_, d := ufm.HostPort(g, ep)
					desc[d] = g.Nodes[ep.Node].Name
				}
				got := map[string]int{}
				for _, file := range [][]byte{sw, host} {
					rows, err := csv.NewReader(bytes.NewReader(file)).ReadAll()
					if err != nil || len(rows) == 0 || fmt.Sprint(rows[0]) != fmt.Sprint(ufm.Header) {
						t.Fatalf("%s: %v, header %v", ex.name, err, rows[:min(1, len(rows))])
					}
					for _, r := range rows[1:] {
						if len(r) != 5 || r[4] != "Data" {
							t.Fatalf("%s: row %q", ex.name, r)
						}
						got[rowPair(g, r, desc)]++
					}
				}
				if fmt.Sprint(sorted(got)) != fmt.Sprint(sorted(want)) {
					t.Errorf("%s fabric %d plane %d: NDT has %d cables, ibsim %d, or they differ", ex.name, fi, p, len(got), len(want))
				}
			}
		}
	}
}

// pair names a cable by its two ends, device:port, in a fixed order; a
// host end is its adapter (ibsim's record id).
func pair(g *ir.Graph, a string, ap int, b string, bp int) string {
	x, y := fmt.Sprintf("%s:%d", a, ap), fmt.Sprintf("%s:%d", b, bp)
	if y < x {
		x, y = y, x
	}
	return x + " " + y
}

// rowPair reads an NDT row back to pair's form: a switch port `Port n`;
// a host port's node description is the device desc maps it to (a NIC,
// or an implicit host), on its port 1 (every adapter of these examples
// has one).
func rowPair(g *ir.Graph, r []string, desc map[string]string) string {
	var ap, bp int
	a := r[0]
	if _, err := fmt.Sscanf(r[1], "Port %d", &ap); err != nil {
		a, ap = desc[r[1]], 1
	}
	fmt.Sscanf(r[3], "Port %d", &bp)
	return pair(g, a, ap, r[2], bp)
}

func sorted(m map[string]int) []string {
	var out []string
	for k, v := range m {
		out = append(out, fmt.Sprintf("%s×%d", k, v))
	}
	sort.Strings(out)
	return out
}

// A server's adapter is named as its InfiniBand stack names it: the node
// group's hostname and the NIC's device name from its node model (DGX
// H100's compute NICs are mlx5_0, 3, 4, 5, 6, 9, 10, 11), the node
// description topoc verify matches; UFM's compare then needs no renaming
// (trial 52: the NDT named r00/dgx00 where Slurm said dgx000).
func TestHostPortIsTheNodeDescription(t *testing.T) {
	g := compiletest.Source(t, compiletest.RailDGX("r00/dgx%02d", "dgx%03d"))
	_, host := ufm.NDT(g, 0, -1)
	rows, err := csv.NewReader(bytes.NewReader(host)).ReadAll()
	if err != nil || len(rows) != 17 {
		t.Fatalf("%d rows, %v", len(rows), err)
	}
	want := []string{"dgx000", "dgx000 mlx5_0"}
	if got := rows[1][:2]; fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("first host port %q, want %q", got, want)
	}
	if got := rows[16][:2]; fmt.Sprint(got) != fmt.Sprint([]string{"dgx001", "dgx001 mlx5_11"}) {
		t.Errorf("last host port %q, want dgx001, dgx001 mlx5_11", got)
	}
}
