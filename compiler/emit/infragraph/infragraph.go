// Package infragraph writes the design as an InfraGraph infrastructure
// (Keysight/infragraph, API version 2.4.0, artifacts/openapi.yaml schema
// Infrastructure): the vendor-neutral graph that astra-sim-service turns
// into ns-3 and htsim runs. Each server model and switch model becomes a
// device with its components and internal edges, each group of alike
// devices an instance with a count, and every cable an edge between two
// instance components, with a link per rate.
//
// Units: bandwidth is written with choice gigabits_per_second, so the
// number is the design's rate in Gb/s. InfraGraph's own examples write
// `gigabytes_per_second: 100` beside text that says 100 Gbps
// (docs/reference/handoffs.md); stating the unit avoids that trap.
package infragraph

import (
	"bytes"
	"fmt"
	"math"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/topoc/topoc/compiler/emit"
	"github.com/topoc/topoc/compiler/emit/csvcell"
	"github.com/topoc/topoc/compiler/ir"
)

// Version is the InfraGraph API version whose schema the file follows.
const Version = "2.4.0"

// Infrastructure is InfraGraph's Infrastructure object (the set_graph
// request body), the fields topoc writes.
type Infrastructure struct {
	Name        string     `yaml:"name"`
	Description string     `yaml:"description"`
	Devices     []Device   `yaml:"devices"`
	Links       []Link     `yaml:"links"`
	Instances   []Instance `yaml:"instances"`
	Edges       []Edge     `yaml:"edges"`
}

// Device is a device model: its components, links and internal edges.
type Device struct {
	Name       string      `yaml:"name"`
	Components []Component `yaml:"components"`
	Links      []Link      `yaml:"links"`
	Edges      []Edge      `yaml:"edges"`
}

// Component is a part of a device, Count of them; Choice is InfraGraph's
// component type (xpu, nic, cpu, switch, port, …).
type Component struct {
	Name   string `yaml:"name"`
	Count  int    `yaml:"count"`
	Choice string `yaml:"choice"`
}

// Link is a named link kind with its bandwidth.
type Link struct {
	Name     string    `yaml:"name"`
	Physical *Physical `yaml:"physical,omitempty"`
}

// Physical holds a link's bandwidth.
type Physical struct {
	Bandwidth Bandwidth `yaml:"bandwidth"`
}

// Bandwidth is a link's rate, gigabits per second per direction.
type Bandwidth struct {
	Choice string  `yaml:"choice"`
	Gbps   float64 `yaml:"gigabits_per_second"`
}

// Instance is Count devices of one model under one name.
type Instance struct {
	Name   string `yaml:"name"`
	Device string `yaml:"device"`
	Count  int    `yaml:"count"`
}

// Edge joins two endpoints (instance[i] and component[j], or inside a
// device just component[j]) over a named link; Scheme is one2one or
// many2many.
type Edge struct {
	EP1    Endpoint `yaml:"ep1"`
	EP2    Endpoint `yaml:"ep2"`
	Scheme string   `yaml:"scheme"`
	Link   string   `yaml:"link"`
}

// Endpoint names one end of an Edge in InfraGraph's slice notation.
type Endpoint struct {
	Instance  string `yaml:"instance,omitempty"`
	Component string `yaml:"component"`
}

// Name turns a design name into one the schema's name pattern accepts
// (`^[\sa-zA-Z0-9-_()><\[\]]+$`, InfraGraph 2.4.0): characters outside
// ASCII letters, digits, space, - _ ( ) < > [ ] become '_'.
func Name(s string) string {
	if s == "" {
		return "_"
	}
	return strings.Map(func(r rune) rune {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', strings.ContainsRune(" -_()<>[]", r):
			return r
		}
		return '_'
	}, s)
}

// components are the component kinds of a server, in the order written.
var components = []struct {
	kind         ir.Kind
	name, choice string
}{
	{ir.KindGPU, "xpu", "xpu"}, {ir.KindCPU, "cpu", "cpu"}, {ir.KindNIC, "nic", "nic"},
	{ir.KindNVSwitch, "nvswitch", "switch"}, {ir.KindPCIeSwitch, "pcieswitch", "switch"},
}

// Emitter is the `--emit infragraph` back end: infragraph/infrastructure.yaml
// and infragraph/instances.csv, which gives each instance index its
// design name.
var Emitter = &emit.Emitter{
	Name: "infragraph",
	Doc:  "InfraGraph " + Version + " infrastructure (infragraph/infrastructure.yaml) and its instance names (infragraph/instances.csv)",
	Emit: func(in *emit.Input) ([]emit.Artifact, error) {
		inf, names := Build(in.Graph)
		body, err := marshal(*inf)
		if err != nil {
			return nil, err
		}
		head := fmt.Sprintf("# InfraGraph %s infrastructure, written by topoc build --emit infragraph.\n# Bandwidth in gigabits per second per direction; instance indexes name\n# design devices in instances.csv.\n", Version)
		var csv bytes.Buffer
		w := csvcell.NewWriter(&csv)
		_ = w.Write([]string{"instance", "index", "name"}) // a bytes.Buffer does not fail
		for _, r := range names {
			_ = w.Write(r)
		}
		w.Flush()
		return []emit.Artifact{
			{Path: "infragraph/infrastructure.yaml", Data: append([]byte(head), body...)},
			{Path: "infragraph/instances.csv", Data: csv.Bytes()},
		}, nil
	},
}

// edgeChunk is the number of top-level edges marshal encodes at a time.
const edgeChunk = 4096

// marshal encodes inf as yaml.Marshal does, byte for byte, but the
// top-level edges (one per fabric link) a chunk at a time: go-yaml v3's
// emitter keeps every event of a document until the document ends
// (yaml_emitter_emit appends to emitter.events and never drops the
// consumed head), which took 2.9 GB for the 98,304 edges of a
// 32,768-GPU design and would not fit at 131,072. A chunk marshalled as
// a sequence of its own is the same text as inside the document, four
// columns to the left (go-yaml v3 indents by four).
func marshal(inf Infrastructure) ([]byte, error) {
	edges := inf.Edges
	if len(edges) <= edgeChunk {
		return yaml.Marshal(inf)
	}
	inf.Edges = nil
	head, err := yaml.Marshal(inf)
	if err != nil {
		return nil, err
	}
	const empty = "edges: []\n" // Edges is the last field
	if !bytes.HasSuffix(head, []byte(empty)) {
		return nil, fmt.Errorf("infragraph: unexpected YAML layout before the edges")
	}
	out := bytes.NewBuffer(bytes.TrimSuffix(head, []byte(empty)))
	out.WriteString("edges:\n")
	for i := 0; i < len(edges); i += edgeChunk {
		chunk, err := yaml.Marshal(edges[i:min(i+edgeChunk, len(edges))])
		if err != nil {
			return nil, err
		}
		for line := range bytes.Lines(chunk) {
			out.WriteString("    ")
			out.Write(line)
		}
	}
	return out.Bytes(), nil
}

// place is where a top-level device sits: its instance and index.
type place struct {
	inst  string
	index int
}

// Build returns the design as an Infrastructure and the rows of
// instances.csv (instance, index, design name). Top-level devices are
// servers, implicit hosts and switches; a server's GPUs, CPUs, NICs and
// switch chips are components of its device, numbered in the server's
// node order per kind. Switches of one model and tier form one instance
// (named after fabric and tier), servers of one model one instance, a
// fabric's implicit hosts one. A switch's ports are components port[0..]
// in InfiniBand numbering less one (ir.Graph.PortNumbers; a split port's
// lanes in turn); a host's ports nic[0..].
func Build(g *ir.Graph) (*Infrastructure, [][]string) {
	inf := &Infrastructure{Name: "topoc design", Description: "Written by topoc from the design's IR; see instances.csv for device names."}
	at := map[ir.NodeID]place{}
	comp := map[ir.NodeID]string{} // server component → "xpu[3]"
	instIdx := map[string]int{}
	devIdx := map[string]bool{}
	var rows [][]string
	ports := map[ir.NodeID]int{}
	numbers := make([]func(ir.Port) int, len(g.Fabrics))
	for fi := range g.Fabrics {
		numbers[fi] = g.PortNumbers(ir.FabricID(fi))
		if g.Fabrics[fi].Composite() {
			continue // its members' links are listed with them
		}
		for _, id := range g.FabricLinks(ir.FabricID(fi)) {
			l := g.Link(id)
			for _, p := range [2]ir.Port{l.A, l.B} {
				ports[p.Node] = max(ports[p.Node], numbers[fi](p))
			}
		}
	}
	// An instance name is written before "[i]", so it holds no brackets.
	addInstance := func(want, device string, members []ir.NodeID) {
		want = strings.NewReplacer("[", "_", "]", "_").Replace(want)
		name := Name(want)
		for k := 2; instIdx[name] > 0 || devIdx[name]; k++ {
			name = fmt.Sprintf("%s_%d", Name(want), k)
		}
		instIdx[name] = len(inf.Instances) + 1
		inf.Instances = append(inf.Instances, Instance{Name: name, Device: device, Count: len(members)})
		for i, n := range members {
			at[n] = place{name, i}
			rows = append(rows, []string{name, strconv.Itoa(i), g.Nodes[n].Name})
		}
	}
	// Group top-level nodes: by (kind, model, fabric tier) for switches,
	// by model for servers, one group of implicit hosts.
	type key struct {
		kind  string
		model string
		where string
	}
	groups := map[key][]ir.NodeID{}
	var order []key
	for i := range g.Nodes {
		n := ir.NodeID(i)
		nd := &g.Nodes[n]
		if nd.Parent != ir.None {
			continue
		}
		var k key
		switch {
		case nd.Kind.IsSwitch():
			where := nd.TierName()
			if fs := nd.FabricIDs(); len(fs) > 0 {
				where = g.Fabrics[fs[0]].Name + "_" + nd.TierName()
			}
			k = key{"switch", nd.ModelName(), where}
		case len(g.Children(n)) > 0:
			k = key{"server", nd.ModelName(), ""}
		default:
			k = key{"host", "", ""}
		}
		if _, ok := groups[k]; !ok {
			order = append(order, k)
		}
		groups[k] = append(groups[k], n)
	}
	devices := map[key]string{}
	for _, k := range order {
		members := groups[k]
		dk := key{k.kind, k.model, ""}
		dev, ok := devices[dk]
		if !ok {
			dev = deviceFor(g, inf, k.kind, k.model, members, ports, comp, devIdx)
			devices[dk] = dev
			devIdx[dev] = true
		}
		inst := k.where
		switch k.kind {
		case "server":
			inst = dev + " servers"
		case "host":
			inst = "hosts"
		}
		addInstance(inst, dev, members)
	}
	// Server components take their server's place.
	for _, k := range order {
		if k.kind == "server" {
			for _, s := range groups[k] {
				numberComponents(g, s, comp)
			}
		}
	}
	// Every fabric link is an edge, at a link named by its rate.
	rates := map[float64]string{}
	end := func(f int, p ir.Port) Endpoint {
		nd := &g.Nodes[p.Node]
		if nd.Parent != ir.None {
			pl := at[nd.Parent]
			return Endpoint{Instance: fmt.Sprintf("%s[%d]", pl.inst, pl.index), Component: comp[p.Node]}
		}
		pl := at[p.Node]
		c := "nic"
		if nd.Kind.IsSwitch() {
			c = "port"
		}
		return Endpoint{Instance: fmt.Sprintf("%s[%d]", pl.inst, pl.index), Component: fmt.Sprintf("%s[%d]", c, numbers[f](p)-1)}
	}
	for fi := range g.Fabrics {
		if g.Fabrics[fi].Composite() {
			continue // its members' links are listed with them
		}
		for _, id := range g.FabricLinks(ir.FabricID(fi)) {
			l := g.Link(id)
			// Physical bandwidth: the rate the ports run at, where a custom
			// link's capacity is below it (trial 68).
			rate := g.LineRateBPS(&l)
			name, ok := rates[rate]
			if !ok {
				name = "link " + rateName(rate)
				rates[rate] = name
				inf.Links = append(inf.Links, Link{Name: name, Physical: &Physical{Bandwidth{"gigabits_per_second", rate / 1e9}}})
			}
			inf.Edges = append(inf.Edges, Edge{EP1: end(fi, l.A), EP2: end(fi, l.B), Scheme: "one2one", Link: name})
		}
	}
	return inf, rows
}

// rateName is a rate for a link name: "400Gbps", or in whole Mb/s when
// not whole in Gb/s ("504123Mbps"): names may not hold a '.'.
func rateName(bps float64) string {
	if g := bps / 1e9; g == math.Trunc(g) {
		return strconv.FormatFloat(g, 'f', -1, 64) + "Gbps"
	}
	return strconv.FormatFloat(math.Round(bps/1e6), 'f', -1, 64) + "Mbps"
}

// numberComponents names every component of server s in slice notation
// ("nic[2]"): its kind's name and its position among the server's nodes
// of that kind, in node order.
func numberComponents(g *ir.Graph, s ir.NodeID, comp map[ir.NodeID]string) {
	next := map[ir.Kind]int{}
	for _, c := range g.Children(s) {
		kind := g.Nodes[c].Kind
		name := kind.String()
		for _, k := range components {
			if k.kind == kind {
				name = k.name
			}
		}
		comp[c] = fmt.Sprintf("%s[%d]", name, next[kind])
		next[kind]++
	}
}

// deviceFor appends the device of members (alike: one model) to inf and
// returns its name. A server's device holds its component counts and
// internal links (of its first member: a model's servers are built
// alike); a switch's, one ASIC joined to each of its ports; an implicit
// host's, its ports as NICs.
func deviceFor(g *ir.Graph, inf *Infrastructure, kind, model string, members []ir.NodeID, ports map[ir.NodeID]int, comp map[ir.NodeID]string, taken map[string]bool) string {
	want := Name(model)
	if model == "" {
		want = kind
	}
	// Names are unique across the file: a switch and a server model, or
	// two models that differ only in characters Name replaces, get
	// "_2", "_3", … after the first.
	name := want
	for k := 2; taken[name]; k++ {
		name = fmt.Sprintf("%s_%d", want, k)
	}
	most := 0
	for _, n := range members {
		most = max(most, ports[n], int(g.Nodes[n].Radix))
	}
	d := Device{Name: name, Links: []Link{}, Edges: []Edge{}}
	switch kind {
	case "switch":
		ic := name + " internal"
		d.Components = []Component{{"asic", 1, "switch"}, {"port", max(most, 1), "port"}}
		d.Links = []Link{{Name: ic}}
		d.Edges = []Edge{{EP1: Endpoint{Component: "asic[0]"}, EP2: Endpoint{Component: fmt.Sprintf("port[0:%d]", max(most, 1))}, Scheme: "many2many", Link: ic}}
	case "host":
		d.Components = []Component{{"nic", max(most, 1), "nic"}}
	default:
		s := members[0]
		numberComponents(g, s, comp)
		count := map[ir.Kind]int{}
		for _, c := range g.Children(s) {
			count[g.Nodes[c].Kind]++
		}
		for _, c := range components {
			if count[c.kind] > 0 {
				d.Components = append(d.Components, Component{c.name, count[c.kind], c.choice})
			}
		}
		rates := map[string]string{}
		for _, id := range g.InternalLinks(s) {
			l := g.Link(id)
			k := l.Kind.String() + " " + rateName(l.CapacityBPS)
			ln, ok := rates[k]
			if !ok {
				ln = name + " " + Name(l.Kind.String()) + " " + rateName(l.CapacityBPS)
				rates[k] = ln
				d.Links = append(d.Links, Link{Name: ln, Physical: &Physical{Bandwidth{"gigabits_per_second", l.CapacityBPS / 1e9}}})
			}
			d.Edges = append(d.Edges, Edge{EP1: Endpoint{Component: comp[l.A.Node]}, EP2: Endpoint{Component: comp[l.B.Node]}, Scheme: "one2one", Link: ln})
		}
	}
	inf.Devices = append(inf.Devices, d)
	return name
}
