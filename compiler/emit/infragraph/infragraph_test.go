package infragraph_test

import (
	"fmt"
	"regexp"
	"strconv"
	"testing"

	"go.yaml.in/yaml/v3"

	"github.com/topoc/topoc/compiler/compiletest"
	"github.com/topoc/topoc/compiler/emit"
	"github.com/topoc/topoc/compiler/emit/infragraph"
	"github.com/topoc/topoc/compiler/ir"
)

// slice reads InfraGraph's endpoint notation, "name[i]" or
// "name[i:j]", as name and the half-open index range.
var slice = regexp.MustCompile(`^(.*)\[(\d+)(?::(\d+))?\]$`)

func parseSlice(t *testing.T, s string) (string, int, int) {
	t.Helper()
	m := slice.FindStringSubmatch(s)
	if m == nil {
		t.Fatalf("endpoint %q is not slice notation", s)
	}
	lo, _ := strconv.Atoi(m[2])
	hi := lo + 1
	if m[3] != "" {
		hi, _ = strconv.Atoi(m[3])
	}
	return m[1], lo, hi
}

// check validates inf by the schema's rules (InfraGraph 2.4.0
// artifacts/openapi.yaml): every name matches the name pattern and is
// unique; every edge's instance exists with its index below its count;
// the component exists in the instance's device (the containing device
// for a device edge) with its index below the component's count; the
// link exists (infrastructure links for infrastructure edges, the
// device's for device edges). It returns the edges expanded, counting a
// many2many edge as the product of its ends.
func check(t *testing.T, inf *infragraph.Infrastructure) (infraEdges int, deviceEdges map[string]int) {
	t.Helper()
	pat := regexp.MustCompile(`^[\sa-zA-Z0-9\-_()><\[\]]+$`)
	seen := map[string]bool{}
	name := func(n string) {
		if !pat.MatchString(n) || seen[n] {
			t.Fatalf("name %q: not the schema's pattern, or not unique", n)
		}
		seen[n] = true
	}
	devs := map[string]*infragraph.Device{}
	for i := range inf.Devices {
		d := &inf.Devices[i]
		name(d.Name)
		devs[d.Name] = d
		for _, c := range d.Components {
			if c.Count < 1 {
				t.Fatalf("device %s component %s count %d", d.Name, c.Name, c.Count)
			}
		}
		for _, l := range d.Links {
			name(l.Name)
		}
	}
	links := map[string]bool{}
	for _, l := range inf.Links {
		name(l.Name)
		links[l.Name] = true
		if l.Physical == nil || l.Physical.Bandwidth.Choice != "gigabits_per_second" || l.Physical.Bandwidth.Gbps <= 0 {
			t.Fatalf("link %+v: want a positive gigabits_per_second", l)
		}
	}
	insts := map[string]infragraph.Instance{}
	for _, in := range inf.Instances {
		name(in.Name)
		if devs[in.Device] == nil || in.Count < 1 {
			t.Fatalf("instance %+v: unknown device or no count", in)
		}
		insts[in.Name] = in
	}
	component := func(d *infragraph.Device, s string) int {
		n, lo, hi := parseSlice(t, s)
		for _, c := range d.Components {
			if c.Name == n {
				if lo < 0 || hi > c.Count || lo >= hi {
					t.Fatalf("component %q beyond %s's %d", s, n, c.Count)
				}
				return hi - lo
			}
		}
		t.Fatalf("device %s has no component %q", d.Name, n)
		return 0
	}
	deviceEdges = map[string]int{}
	for _, d := range inf.Devices {
		dl := map[string]bool{}
		for _, l := range d.Links {
			dl[l.Name] = true
		}
		for _, e := range d.Edges {
			if !dl[e.Link] {
				t.Fatalf("device %s edge link %q is not the device's", d.Name, e.Link)
			}
			a, b := component(devs[d.Name], e.EP1.Component), component(devs[d.Name], e.EP2.Component)
			deviceEdges[d.Name] += a * b
		}
	}
	for _, e := range inf.Edges {
		if !links[e.Link] || e.Scheme != "one2one" {
			t.Fatalf("edge %+v: unknown link or scheme", e)
		}
		for _, ep := range []infragraph.Endpoint{e.EP1, e.EP2} {
			n, lo, _ := parseSlice(t, ep.Instance)
			in, ok := insts[n]
			if !ok || lo >= in.Count {
				t.Fatalf("edge end %+v: no such instance index", ep)
			}
			component(devs[in.Device], ep.Component)
		}
		infraEdges++
	}
	return infraEdges, deviceEdges
}

// load emits the example's InfraGraph file and reads it back with a YAML
// parser, as InfraGraph's service loads it.
func load(t *testing.T, g *ir.Graph) *infragraph.Infrastructure {
	t.Helper()
	arts, err := infragraph.Emitter.Emit(&emit.Input{Graph: g})
	if err != nil || len(arts) != 2 {
		t.Fatalf("%d artifacts, %v", len(arts), err)
	}
	var inf infragraph.Infrastructure
	if err := yaml.Unmarshal(arts[0].Data, &inf); err != nil {
		t.Fatal(err)
	}
	return &inf
}

// The H100 SuperPOD: 127 DGX of 8 GPUs, 4 NVSwitch chips and 10 NICs,
// every GPU with 18 NVLink4 links to the chips (5, 4, 4, 5; nodes.md)
// merged per chip into 4 edges, 32 leaves and 16 spines of QM9700
// (64 ports each), and one edge per cable of the compute fabric.
func TestSuperPOD(t *testing.T) {
	g := compiletest.Example(t, "dgx-h100-superpod")
	inf := load(t, g)
	edges, dev := check(t, inf)
	cables := 0
	for fi := range g.Fabrics {
		cables += len(g.FabricLinks(ir.FabricID(fi)))
	}
	if edges != cables {
		t.Errorf("%d edges, %d cables", edges, cables)
	}
	counts := map[string]int{}
	for _, in := range inf.Instances {
		counts[in.Device] += in.Count
	}
	if fmt.Sprint(counts) != "map[DGX-H100:127 QM9700:48 host:4]" {
		t.Errorf("instances %v", counts)
	}
	var dgx *infragraph.Device
	for i := range inf.Devices {
		if inf.Devices[i].Name == "DGX-H100" {
			dgx = &inf.Devices[i]
		}
	}
	nv, gbps := 0, 0.0
	for _, e := range dgx.Edges {
		for _, l := range dgx.Links {
			if l.Name == e.Link && regexp.MustCompile(`nvlink`).MatchString(l.Name) {
				nv++
				gbps += l.Physical.Bandwidth.Gbps
			}
		}
	}
	if nv != 32 || gbps != 8*3600 {
		t.Errorf("DGX device: %d NVLink edges carrying %g Gb/s, want 32 (8 GPUs × 4 chips) and 8 × 3600", nv, gbps)
	}
	if dev["QM9700"] != 64 {
		t.Errorf("QM9700 device: %d ASIC–port edges, want 64", dev["QM9700"])
	}
}

// Every example's file passes the schema's rules, and the same design
// gives the same bytes; one reviewed golden file (the k = 8 fat-tree).
// Regenerate with: go test ./compiler/emit/infragraph -update
func TestExamples(t *testing.T) {
	for _, ex := range []string{"fat-tree-k8", "dragonfly-small", "gb200-nvl72-2rack", "rail-only-512", "roce-leaf-spine-2plane"} {
		g := compiletest.Example(t, ex)
		check(t, load(t, g))
		a, _ := infragraph.Emitter.Emit(&emit.Input{Graph: g})
		b, _ := infragraph.Emitter.Emit(&emit.Input{Graph: compiletest.Example(t, ex)})
		if string(a[0].Data) != string(b[0].Data) || string(a[1].Data) != string(b[1].Data) {
			t.Errorf("%s: two builds differ", ex)
		}
		if ex == "fat-tree-k8" {
			compiletest.Golden(t, "testdata/fat-tree-k8.yaml", a[0].Data, "InfraGraph infrastructure of the k=8 fat-tree")
		}
	}
}
