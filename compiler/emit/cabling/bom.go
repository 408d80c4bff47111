package cabling

import (
	"bytes"
	"cmp"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/topoc/topoc/compiler/emit"
	"github.com/topoc/topoc/compiler/emit/csvcell"
	"github.com/topoc/topoc/compiler/ir"
	"github.com/topoc/topoc/lang/units"
)

// Artifact paths of `--emit bom`.
const (
	BOMMarkdownPath = "cabling/bom.md"
	BOMCSVPath      = "cabling/bom.csv"
	PowerCSVPath    = "cabling/power.csv"
)

// BOMEmitter is the `--emit bom` back end: the bill of materials as
// Markdown and CSV.
var BOMEmitter = &emit.Emitter{
	Name: "bom",
	Doc:  "bill of materials (" + BOMMarkdownPath + ", " + BOMCSVPath + ", " + PowerCSVPath + "): servers, switches, NICs, cables by type and length, transceivers by part number, racks, power by rack",
	Emit: func(in *emit.Input) ([]emit.Artifact, error) {
		g := in.Graph
		if g.Cabling() == nil {
			return nil, ErrNoPlan
		}
		// The cages are found once (a map over every fiber end) and
		// serve the transceiver lines and both power tables.
		cages := g.Cages()
		powers := g.RackPowers(cages)
		items := BOM(g, cages)
		return []emit.Artifact{
			{Path: BOMMarkdownPath, Data: BOMMarkdown(g, items, powers, twinCages(g, cages))},
			{Path: BOMCSVPath, Data: BOMCSV(items)},
			{Path: PowerCSVPath, Data: PowerCSV(g, powers)},
		}, nil
	},
}

// Item is one line of the bill of materials.
type Item struct {
	// Category is one of Categories.
	Category string
	// Item names the part: a model, a cable_model, a rack kind.
	Item string
	// Detail distinguishes lines of one part (ports and rate, medium, end).
	Detail string
	// LengthM is the ordered length of a cable line, metres; 0 otherwise.
	LengthM float64
	Count   int
	// KgEach is the mass of one cable of a cable line, kilograms: its
	// model's kg_per_m × LengthM (a splitter at its ordered length); 0
	// when the catalogue gives no kg_per_m, or for other lines.
	KgEach float64
}

// Categories lists the BOM categories in output order.
var Categories = []string{"server", "host", "switch", "nvswitch", "nic", "cable", "transceiver", "rack"}

// BOM counts the parts of the design:
//   - servers by node model, implicit hosts and appliances by ports and rate;
//   - packet switches by model, ports and port rate, and NVLink switch
//     chips outside servers by model;
//   - NICs by model (every NIC of every server, cabled or not);
//   - cables by cable_model, ordered length and legs (a splitter is one
//     cable), each counted as the cords it is ordered as (a twin-port
//     2 x SR4 link takes two MPO fibers: ir.CableType.Cords); a
//     twin-port copper or AOC cable (ir.Graph.Twin) is one cable;
//   - transceivers: one module per front-panel cage that terminates a
//     multimode or single-mode fiber (AOCs and copper have their ends
//     built in), by transceiver_model part number, as ir.Graph.Cages
//     chooses them (a twin-port OSFP fills a QM9700 cage of two ports);
//     cages no transceiver_model fits are listed by cable model and cage
//     size;
//   - racks by role.
//
// The transceiver lines count cages (ir.Graph.Cages). Lines are sorted by
// category (Categories order), item, detail, length.
func BOM(g *ir.Graph, cages []ir.Cage) []Item {
	type key struct {
		cat, item, detail string
		length            float64
	}
	counts := map[key]int{}
	add := func(cat, item, detail string, length float64) { counts[key{cat, item, detail, length}]++ }
	kgPerM := map[key]float64{} // a cable line's mass per metre
	gpus := make(map[ir.NodeID]int)
	nics := make(map[ir.NodeID]int)
	for i := range g.Nodes {
		n := &g.Nodes[i]
		if n.Parent == ir.None {
			continue
		}
		switch n.Kind {
		case ir.KindGPU:
			gpus[n.Parent]++
		case ir.KindNIC:
			nics[n.Parent]++
			add("nic", n.ModelName(), ports(n), 0)
		}
	}
	for i := range g.Nodes {
		n := &g.Nodes[i]
		if n.Parent != ir.None {
			continue
		}
		id := ir.NodeID(i)
		switch {
		case n.Kind == ir.KindHost && n.RoleName() == ir.RoleServer:
			add("server", n.ModelName(), fmt.Sprintf("%d GPUs, %d NICs", gpus[id], nics[id]), 0)
		case n.Kind == ir.KindHost && n.RoleName() == ir.RoleNone:
			add("host", "implicit host", ports(n), 0)
		case n.Kind == ir.KindHost:
			add("host", string(n.RoleName()), ports(n), 0)
		case n.Kind == ir.KindSwitch:
			add("switch", cmp.Or(n.ModelName(), "(no model)"), switchPorts(g, n), 0)
		case n.Kind == ir.KindNVSwitch:
			add("nvswitch", cmp.Or(n.ModelName(), "(no model)"), "NVLink switch chip", 0)
		}
	}
	cb := g.Cabling()
	for _, c := range cb.Cables {
		item, detail, kg, cords := "(no cable model)", "no medium (the no-cable-model warning says why)", 0.0, int32(1)
		if c.Type != ir.None {
			t := cb.Types[c.Type]
			item, detail, kg, cords = t.Model, t.Kind+", "+t.Media, t.KgPerM, max(t.Cords, 1)
		}
		switch legs := g.CableLegs(c); {
		case g.Twin(c):
			detail += fmt.Sprintf(", twin-port: %d links per cable", legs)
		case legs > 1:
			detail += fmt.Sprintf(", 1:%d splitter", legs)
		}
		if cords > 1 {
			detail += fmt.Sprintf(", %d cords per link", cords)
		}
		counts[key{"cable", item, detail, c.LengthM}] += int(cords)
		kgPerM[key{"cable", item, detail, c.LengthM}] = kg
	}
	for _, c := range cages {
		item, detail := transceiverLine(g, c)
		add("transceiver", item, detail, 0)
	}
	for _, r := range cb.Racks {
		add("rack", fmt.Sprintf("%dU rack", cb.Layout.RackUnits), r.Role, 0)
	}
	items := make([]Item, 0, len(counts))
	for k, n := range counts {
		items = append(items, Item{Category: k.cat, Item: k.item, Detail: k.detail, LengthM: k.length, Count: n, KgEach: kgPerM[k] * k.length})
	}
	slices.SortFunc(items, func(a, b Item) int {
		return cmp.Or(cmp.Compare(slices.Index(Categories, a.Category), slices.Index(Categories, b.Category)),
			strings.Compare(a.Item, b.Item), strings.Compare(a.Detail, b.Detail), cmp.Compare(a.LengthM, b.LengthM))
	})
	return items
}

// transceiverLine names the BOM line of the module in cage c: its part
// number with its end, ports and power, or, when no transceiver_model
// fits, the cage it would fill.
func transceiverLine(g *ir.Graph, c ir.Cage) (item, detail string) {
	end := "node end"
	if c.Switch {
		end = "switch end"
	}
	if c.Transceiver == ir.None {
		ports := units.CountOf(int(c.Ports), "port", "ports")
		if c.LaneBPS > 0 {
			native := c.RateBPS / float64(c.Ports)
			ports += fmt.Sprintf(" broken out %dx%s", int(math.Round(native/c.LaneBPS)), units.Rate(c.LaneBPS))
		}
		if c.SpeedBPS > 0 {
			ports += " run at " + units.Rate(c.SpeedBPS/float64(max(c.Ports, 1)))
		}
		return "(no transceiver_model)", fmt.Sprintf("for %s, %s cage of %s, %s", g.Cabling().Types[c.CableType].Model, units.Rate(c.RateBPS), ports, end)
	}
	t := g.Parts.Transceivers[c.Transceiver]
	power := "power not given"
	if w := t.PowerAt(c); w > 0 {
		power = units.Power(w) + " max"
	}
	per := "1 port per module"
	if t.Ports > 1 {
		per = fmt.Sprintf("%d ports per module", t.Ports)
	}
	rate := units.Rate(t.RateBPS)
	if t.RateBPS != c.RunBPS() { // a split leg (ir.Transceiver.SplitRateBPS)
		rate += ", run at " + units.Rate(c.RunBPS()) + " on a splitter fiber"
	}
	if c.SpeedBPS > 0 {
		rate += fmt.Sprintf(" in a %s cage", units.Rate(c.RateBPS))
	}
	return t.Name, fmt.Sprintf("%s, %s, %s, %s", rate, end, per, power)
}

// ports describes a node's network ports: "64 x 400Gb/s".
func ports(n *ir.Node) string {
	if n.PortRateBPS == 0 {
		return fmt.Sprintf("%d ports", n.Radix)
	}
	return fmt.Sprintf("%d x %s", max(n.Radix, 1), units.Rate(n.PortRateBPS))
}

// switchPorts describes a switch's ports, group by group for a model
// with port groups: "64 x 400Gb/s + 32 x 800Gb/s".
func switchPorts(g *ir.Graph, n *ir.Node) string {
	var gs []ir.PortGroup
	if g.Parts != nil {
		gs = g.Parts.SwitchPortGroups[n.ModelName()]
	}
	if len(gs) == 0 {
		return ports(n)
	}
	parts := make([]string, len(gs))
	for i, pg := range gs {
		parts[i] = fmt.Sprintf("%d x %s", pg.Ports, units.Rate(pg.RateBPS))
	}
	return strings.Join(parts, " + ")
}

// BOMCSV writes the items as CSV: category, item, detail, length_m (cables
// only), count, weight_kg (cables whose model has a kg_per_m: the line's
// total, kilograms).
func BOMCSV(items []Item) []byte {
	var buf bytes.Buffer
	w := csvcell.NewWriter(&buf)
	w.Write([]string{"category", "item", "detail", "length_m", "count", "weight_kg"})
	for _, it := range items {
		length, kg := "", ""
		if it.Category == "cable" {
			length = Metres(it.LengthM)
			if it.KgEach > 0 {
				kg = Kilograms(it.KgEach * float64(it.Count))
			}
		}
		w.Write([]string{it.Category, it.Item, it.Detail, length, strconv.Itoa(it.Count), kg})
	}
	w.Flush()
	return buf.Bytes()
}

// categoryTitles are the Markdown section titles.
var categoryTitles = map[string]string{"server": "Servers", "host": "Hosts and appliances", "switch": "Switches",
	"nvswitch": "NVLink switch chips", "nic": "NICs", "cable": "Cables by type and length",
	"transceiver": "Transceivers", "rack": "Racks"}

// twinCages names the devices whose cages hold modules of several
// ports (twin-port OSFPs), for the transceiver note: switch models and
// node models, sorted, each once ("QM9700", "DGX-H100").
func twinCages(g *ir.Graph, cages []ir.Cage) []string {
	var out []string
	for _, c := range cages {
		if c.Transceiver == ir.None || g.Parts.Transceivers[c.Transceiver].Ports < 2 {
			continue
		}
		if m := g.Nodes[c.Device].ModelName(); m != "" && !slices.Contains(out, m) {
			out = append(out, m)
		}
	}
	slices.Sort(out)
	return out
}

// BOMMarkdown writes the items as Markdown: a summary, one table per
// category, the power by rack (powers, ir.Graph.RackPowers), then the
// geometry the cable lengths assume. twins names the devices whose cages
// hold twin-port modules (twinCages), for the transceiver note.
func BOMMarkdown(g *ir.Graph, items []Item, powers []ir.RackPower, twins []string) []byte {
	cb := g.Cabling()
	var b strings.Builder
	b.WriteString("# Bill of materials\n\n")
	links := len(cb.Legs) // every leg is one fabric link, each in one cable
	cords := 0
	for _, c := range cb.Cables {
		cords++
		if c.Type != ir.None {
			cords += max(int(cb.Types[c.Type].Cords), 1) - 1
		}
	}
	cables := units.Count(len(cb.Cables)) + " cables"
	if cords != len(cb.Cables) {
		// The cable table counts what is ordered: a twin-port module's
		// link over two cords is two (trial 59 read 3,648 cables above a
		// table totalling 3,840).
		cables += fmt.Sprintf(" (%s cords to order: a link over a model with cords_per_link takes that many, as the cable table counts)", units.Count(cords))
	}
	fmt.Fprintf(&b, "%s carry %s fabric links in %s racks. Lengths are ordered lengths: the estimated route plus %g%%, rounded up to a length sold (docs/cabling.md).\n",
		cables, units.Count(links), units.Count(len(cb.Racks)), cb.Layout.RoutingFactor*100)
	for _, cat := range Categories {
		var rows []Item
		total := 0
		for _, it := range items {
			if it.Category == cat {
				rows = append(rows, it)
				total += it.Count
			}
		}
		if len(rows) == 0 {
			continue
		}
		fmt.Fprintf(&b, "\n## %s\n\n", categoryTitles[cat])
		if cat == "cable" {
			writeCables(&b, rows, total)
			continue
		}
		b.WriteString("| item | detail | count |\n|---|---|---:|\n")
		for _, it := range rows {
			fmt.Fprintf(&b, "| %s | %s | %s |\n", it.Item, it.Detail, units.Count(it.Count))
		}
		fmt.Fprintf(&b, "| **total** | | **%s** |\n", units.Count(total))
		if cat == "transceiver" {
			b.WriteString("\nOne module per front-panel cage that ends a multimode or single-mode fiber (AOCs and copper cables have their ends built in).")
			if len(twins) > 0 {
				fmt.Fprintf(&b, " A module of several ports fills a cage of as many logical ports, here on %s.", strings.Join(twins, ", "))
			}
			b.WriteString("\n")
		}
	}
	writeRackPower(&b, g, powers, categoryTotal(items, "nvswitch"))
	L := cb.Layout
	fmt.Fprintf(&b, "\n## Geometry assumed\n\n%dU racks (1U = %gm), at most %d per row; rack pitch %gm, row pitch %gm; tray %gm above the racks; %gm to the cable manager and %gm slack at each end; routing factor %g.\n",
		L.RackUnits, L.UnitM, L.RowRacks, L.SlotPitchM, L.RowPitchM, L.TrayM, L.LateralM, L.SlackM, L.RoutingFactor)
	return []byte(b.String())
}

// writeCables writes the cable table: each line's count and weight (the
// catalogue's kg_per_m × ordered length), with the weight's total, a
// lower bound where a line's model has no kg_per_m.
func writeCables(b *strings.Builder, rows []Item, total int) {
	b.WriteString("| cable_model | type | length (m) | count | weight (kg) |\n|---|---|---:|---:|---:|\n")
	kg, unknown := 0.0, 0
	for _, it := range rows {
		w := "–"
		if it.KgEach > 0 {
			w = kilogramsText(it.KgEach * float64(it.Count))
			kg += it.KgEach * float64(it.Count)
		} else {
			unknown += it.Count
		}
		fmt.Fprintf(b, "| %s | %s | %s | %s | %s |\n", it.Item, it.Detail, Metres(it.LengthM), units.Count(it.Count), w)
	}
	sum := kilogramsText(kg)
	if unknown > 0 {
		sum = "at least " + sum
	}
	fmt.Fprintf(b, "| **total** | | | **%s** | **%s** |\n", units.Count(total), sum)
	b.WriteString("\nWeight is the cable model's `kg_per_m` (NVIDIA's figures: 0.045 kg/m for NDR copper, 0.009 kg/m for AOC and fiber; reference cabling.md §2, S15) times the ordered length, a splitter at its ordered length: the load the trays carry.")
	if unknown > 0 {
		fmt.Fprintf(b, " %s %s no figure in the catalogue; give %s a `kg_per_m` to complete the total.", units.CountOf(unknown, "cable", "cables"), units.Agree(unknown, "has", "have"), units.Agree(unknown, "its model", "their models"))
	}
	b.WriteString("\n")
}

// writeRackPower writes the power table: each rack's devices and the most
// they and their transceivers may draw, as a lower bound where a part
// has no power figure. chips is the design's NVLink switch chips outside
// servers (the BOM's nvswitch lines), which no rack holds.
func writeRackPower(b *strings.Builder, g *ir.Graph, powers []ir.RackPower, chips int) {
	if len(powers) == 0 {
		return
	}
	b.WriteString("\n## Power by rack\n\n| racks | role | devices per rack | maximum power per rack |\n|---|---|---:|---:|\n")
	total, unknown := 0.0, 0
	racks := g.Cabling().Racks
	for i := 0; i < len(powers); {
		// Consecutive racks alike (role, devices, power) share a row.
		j := i + 1
		for j < len(powers) && racks[j].Role == racks[i].Role && powers[j].Devices == powers[i].Devices &&
			powers[j].MaxW == powers[i].MaxW && powers[j].Unknown == powers[i].Unknown {
			j++
		}
		name := racks[i].Name
		if j-i > 1 {
			name = fmt.Sprintf("%s–%s (%s racks)", racks[i].Name, racks[j-1].Name, units.Count(j-i))
		}
		fmt.Fprintf(b, "| %s | %s | %s | %s |\n", name, racks[i].Role, units.Count(powers[i].Devices), powerText(powers[i].MaxW, powers[i].Unknown))
		for _, rp := range powers[i:j] {
			total += rp.MaxW
			unknown += rp.Unknown
		}
		i = j
	}
	fmt.Fprintf(b, "| **all %s racks** | | | **%s** |\n", units.Count(len(powers)), powerText(total, unknown))
	b.WriteString("\nMaximum power is the sum of the datasheet maxima of the rack's servers, switches and transceivers (the catalogue's `power`, with its source). ")
	if unknown > 0 {
		fmt.Fprintf(b, "%s %s no power figure in the catalogue, so a value written \"at least\" leaves %s out: give %s model a `power` to complete it.\n",
			units.CountOf(unknown, "part", "parts"), units.Agree(unknown, "has", "have"), units.Agree(unknown, "it", "them"), units.Agree(unknown, "its", "their"))
	} else {
		b.WriteString("Every part has a figure.\n")
	}
	if chips > 0 {
		fmt.Fprintf(b, "\nNot in the racks above: the %s NVLink switch chips of the design's nvlink_domain fabrics, and the racks' power shelves. topoc places neither, so their rack units and power are missing from the elevations and from this table; a GB200 NVL72 rack holds 9 NVLink switch trays of 2 chips, 1U each, beside its 18 compute trays (docs/cabling.md, \"What the plan leaves out\").\n",
			units.Count(chips))
	}
}

// categoryTotal sums the counts of one category's lines.
func categoryTotal(items []Item, cat string) int {
	n := 0
	for _, it := range items {
		if it.Category == cat {
			n += it.Count
		}
	}
	return n
}

// powerText writes a rack's power: exact when every part has a figure,
// else "at least" the known sum.
func powerText(w float64, unknown int) string {
	if unknown > 0 && w == 0 {
		return fmt.Sprintf("unknown (%s without a figure)", units.CountOf(unknown, "part", "parts"))
	}
	if unknown > 0 {
		// A lower bound stays one when rounded down: 4 significant digits.
		if w > 0 {
			e := math.Pow(10, math.Floor(math.Log10(w))-3)
			w = math.Floor(w/e) * e
		}
		return fmt.Sprintf("at least %s (%s without a figure)", units.Power(w), units.CountOf(unknown, "part", "parts"))
	}
	return units.Power(w)
}

// PowerCSV writes the power of every rack (powers, ir.Graph.RackPowers,
// in Cabling.Racks order): rack, role, devices,
// max_power_w (the known sum, watts) and parts_without_power (when above
// 0, max_power_w is a lower bound). A rack none of whose parts has a
// figure has max_power_w empty, not 0, so that a sum over the column
// does not read it as drawing nothing (trial 58; bom.md says "unknown").
func PowerCSV(g *ir.Graph, powers []ir.RackPower) []byte {
	var buf bytes.Buffer
	w := csvcell.NewWriter(&buf)
	w.Write([]string{"rack", "role", "devices", "max_power_w", "parts_without_power"})
	for i, rp := range powers {
		r := g.Cabling().Racks[i]
		maxW := strconv.FormatFloat(rp.MaxW, 'f', -1, 64)
		if rp.MaxW == 0 && rp.Unknown > 0 {
			maxW = ""
		}
		w.Write([]string{r.Name, r.Role, strconv.Itoa(rp.Devices), maxW, strconv.Itoa(rp.Unknown)})
	}
	w.Flush()
	return buf.Bytes()
}
