package lang

import (
	"fmt"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/hashicorp/hcl/v2"

	"github.com/topoc/topoc/lang/diag"
	"github.com/topoc/topoc/lang/eval"
	"github.com/topoc/topoc/lang/units"
)

func schemaOf(attrNames []string, blocks ...hcl.BlockHeaderSchema) *hcl.BodySchema {
	s := &hcl.BodySchema{Blocks: blocks}
	for _, n := range attrNames {
		s.Attributes = append(s.Attributes, hcl.AttributeSchema{Name: n})
	}
	return s
}

func content(b *hcl.Block, s *hcl.BodySchema, diags *hcl.Diagnostics) *hcl.BodyContent {
	c, d := b.Body.Content(s)
	*diags = append(*diags, d...)
	return c
}

var switchModelSchema = schemaOf([]string{"radix", "port_rate", "breakouts", "speeds", "sharp", "vendor", "latency", "protocol", "ports_per_cage", "power", "form_factor"},
	hcl.BlockHeaderSchema{Type: "port_group", LabelNames: []string{"name"}})

var portGroupSchema = schemaOf([]string{"ports", "rate", "breakouts", "speeds"})

// SwitchProtocols are the protocols a switch_model may state: a packet
// switch runs InfiniBand or Ethernet, an NVSwitch chip NVLink.
var SwitchProtocols = []string{"infiniband", "ethernet", "nvlink"}

// NICProtocols are the protocols a nic_model may state.
var NICProtocols = []string{"infiniband", "ethernet"}

func decodeSwitchModel(b *hcl.Block, ctx *hcl.EvalContext, builtin bool, diags *hcl.Diagnostics) *SwitchModel {
	c := content(b, switchModelSchema, diags)
	a := newPlainAttrs(c, ctx, b.DefRange)
	m := &SwitchModel{Name: b.Labels[0], DeclRange: b.DefRange, Builtin: builtin,
		Radix: a.int("radix"), PortRate: a.rate("port_rate"), SHARP: a.boolean("sharp"), Vendor: a.str("vendor"),
		Protocol: a.str("protocol"), PortsPerCage: a.int("ports_per_cage"), PowerW: a.power("power"), FormFactor: a.str("form_factor")}
	oneOf(a, m.FormFactor, "form_factor", FormFactors)
	oneOf(a, m.Protocol, "protocol", SwitchProtocols)
	if m.Protocol.V != "nvlink" { // NVLink rates are quoted in bytes
		a.warnBytes("port_rate", m.PortRate)
	}
	if at, ok := a.get("latency"); ok {
		s, d := eval.String(at.Expr, ctx)
		a.diags = append(a.diags, d...)
		if !d.HasErrors() {
			v, err := parseDuration(s)
			if err != nil {
				a.diags = append(a.diags, diag.Error(diag.InvalidUnit, at.Expr.Range(), "Invalid latency", err.Error()))
			}
			m.LatencyS = Val[float64]{V: v, Range: at.Expr.Range(), Set: err == nil}
		}
	}
	m.Breakouts = decodeBreakouts(a, m.Name, m.PortRate)
	m.Speeds = decodeSpeeds(a, m.Name, m.PortRate)
	positivePower(a, m.PowerW, "switch_model", m.Name)
	if len(c.Blocks) > 0 {
		decodePortGroups(c.Blocks, ctx, a, m)
	} else {
		requireSet(a, "radix", m.Radix.Set, "switch_model")
		requireSet(a, "port_rate", m.PortRate.Set, "switch_model")
	}
	checkCages(a, m)
	*diags = append(*diags, a.diags...)
	return m
}

// decodePortGroups reads a switch_model's port_group blocks: each a count
// of ports at one rate, with its own breakouts and speeds. The model's
// radix becomes their sum and its port rate the fastest group's, so the
// model-wide arguments describing one rate (radix, port_rate, breakouts,
// speeds) may not be given beside them.
func decodePortGroups(blocks hcl.Blocks, ctx *hcl.EvalContext, a *attrs, m *SwitchModel) {
	for _, name := range []string{"radix", "port_rate", "breakouts", "speeds"} {
		if at, ok := a.get(name); ok {
			a.diags = append(a.diags, diag.Error(diag.InvalidValue, at.Range, "Port groups and "+name+" together",
				fmt.Sprintf("switch_model %q declares port_group blocks, which give each group's ports, rate, breakouts and speeds; %s describes a model of one rate. Move it into the port_group it belongs to, or remove the port_group blocks.", m.Name, name)))
		}
	}
	checkDuplicatesIn(blocks, "within one switch_model", &a.diags)
	m.Radix, m.PortRate, m.Breakouts, m.Speeds = Val[int64]{}, Val[float64]{}, nil, nil
	for _, blk := range blocks {
		var ds hcl.Diagnostics
		c := content(blk, portGroupSchema, &ds)
		ga := newPlainAttrs(c, ctx, blk.DefRange)
		ga.diags = append(ga.diags, ds...)
		pg := PortGroup{Name: blk.Labels[0], Ports: ga.int("ports"), Rate: ga.rate("rate"), DeclRange: blk.DefRange}
		if m.Protocol.V != "nvlink" {
			ga.warnBytes("rate", pg.Rate)
		}
		requireSet(ga, "ports", pg.Ports.Set, "port_group")
		requireSet(ga, "rate", pg.Rate.Set, "port_group")
		what := fmt.Sprintf("%q port_group %q", m.Name, pg.Name)
		if pg.Ports.Set && pg.Ports.V < 1 {
			ga.diags = append(ga.diags, diag.Error(diag.InvalidValue, pg.Ports.Range, "Port group needs ports",
				fmt.Sprintf("switch_model %s: ports = %d; a port group holds at least one port (remove the block for none).", what, pg.Ports.V)))
			pg.Ports.V = 0
		}
		if pg.Rate.Set && pg.Rate.V <= 0 {
			ga.diags = append(ga.diags, diag.Error(diag.InvalidValue, pg.Rate.Range, "Port rate must be positive",
				fmt.Sprintf("switch_model %s has a zero rate.", what)))
		}
		pg.Breakouts = decodeBreakouts(ga, what, pg.Rate)
		pg.Speeds = decodeSpeeds(ga, what, pg.Rate)
		a.diags = append(a.diags, ga.diags...)
		m.PortGroups = append(m.PortGroups, pg)
		m.Radix = Val[int64]{V: m.Radix.V + pg.Ports.V, Range: m.DeclRange, Set: true}
		if !m.PortRate.Set || pg.Rate.V > m.PortRate.V {
			m.PortRate = Val[float64]{V: pg.Rate.V, Range: pg.Rate.Range, Set: true}
		}
	}
}

// checkCages reports a ports_per_cage that does not divide the ports into
// whole cages: the radix, or each port group (a cage never spans two).
func checkCages(a *attrs, m *SwitchModel) {
	if !m.PortsPerCage.Set {
		return
	}
	whole := m.PortsPerCage.V >= 1 && (!m.Radix.Set || m.Radix.V%m.PortsPerCage.V == 0)
	for _, g := range m.PortGroups {
		whole = whole && g.Ports.V%max(m.PortsPerCage.V, 1) == 0
	}
	if whole {
		return
	}
	a.diags = append(a.diags, diag.Error(diag.InvalidValue, m.PortsPerCage.Range, "ports_per_cage out of range",
		fmt.Sprintf("switch_model %q: ports_per_cage = %d, but a cage holds one port or more and the radix (%d), and each port group, must be a whole number of cages, a multiple of ports_per_cage. A QM9700's 32 twin-port OSFP cages are ports_per_cage = 2.", m.Name, m.PortsPerCage.V, m.Radix.V)))
	m.PortsPerCage = Val[int64]{}
}

// decodeBreakouts reads `breakouts` of a switch model or port group
// (what names it in messages) whose ports run at rate.
func decodeBreakouts(a *attrs, what string, rate Val[float64]) []Breakout {
	bo := a.strs("breakouts")
	var out []Breakout
	for _, s := range bo.V {
		br, err := ParseBreakout(s)
		if err != nil {
			a.diags = append(a.diags, diag.Error(diag.InvalidUnit, bo.Range, "Invalid breakout", err.Error()))
			continue
		}
		br.Range = bo.Range
		// A breakout splits one port's lanes: it cannot carry more than
		// the port (8x200Gb/s on a 400G port would be 1.6 Tb/s through
		// one port).
		if rate.Set && float64(br.Lanes)*br.LaneRate > rate.V*(1+1e-9) {
			a.diags = append(a.diags, diag.Error(diag.InvalidValue, br.Range, "Breakout faster than its port",
				fmt.Sprintf("switch_model %s: breakout %dx%s carries %s through one %s port; lanes × lane rate may not exceed port_rate. Use the splits the vendor lists (2x200Gb/s on a 400G port).",
					modelLabel(what), br.Lanes, units.Rate(br.LaneRate), units.Rate(float64(br.Lanes)*br.LaneRate), units.Rate(rate.V))))
		}
		out = append(out, br)
	}
	return out
}

// decodeSplits reads a cable_model's `splits`: each breakout must divide
// the medium's max_rate into its lanes exactly (a 1:2 fiber of a 400G
// SR4 port carries two 200G legs), and only a fiber can be split behind
// a transceiver; split_reach needs splits, and is at most reach.
func decodeSplits(a *attrs, m *CableModel) []Breakout {
	sp := a.strs("splits")
	var out []Breakout
	for _, s := range sp.V {
		br, err := ParseBreakout(s)
		if err != nil {
			a.diags = append(a.diags, diag.Error(diag.InvalidUnit, sp.Range, "Invalid split", err.Error()))
			continue
		}
		br.Range = sp.Range
		if br.Lanes < 2 || m.MaxRate.Set && math.Abs(float64(br.Lanes)*br.LaneRate-m.MaxRate.V) > m.MaxRate.V*1e-9 {
			a.diags = append(a.diags, diag.Error(diag.InvalidValue, sp.Range, "Split does not match max_rate",
				fmt.Sprintf("cable_model %q: splits lists %dx%s, %s in all, but a split divides the medium's max_rate (%s) into 2 or more legs. List the splits its splitter fibers make (\"2x200Gb/s\" for a 400G SR4 port).", m.Name, br.Lanes, units.Rate(br.LaneRate), units.Rate(float64(br.Lanes)*br.LaneRate), units.Rate(m.MaxRate.V))))
			continue
		}
		out = append(out, br)
	}
	if len(out) > 0 && m.Media.V != "fiber" {
		a.diags = append(a.diags, diag.Error(diag.InvalidValue, sp.Range, "Split of a medium that is not fiber",
			fmt.Sprintf("cable_model %q is %s: splits describes a splitter fiber behind a transceiver. A copper or AOC splitter is a cable_model of its own, named with \"splitter\" (\"DAC-400G-splitter\").", m.Name, m.Media.V)))
		return nil
	}
	if m.SplitReachM.Set && (len(sp.V) == 0 || m.SplitReachM.V <= 0 || m.ReachM.Set && m.SplitReachM.V > m.ReachM.V*(1+1e-9)) {
		a.diags = append(a.diags, diag.Error(diag.InvalidValue, m.SplitReachM.Range, "split_reach out of range",
			fmt.Sprintf("cable_model %q: split_reach is the longest splitter fiber, above 0 and at most reach (%gm), and needs splits.", m.Name, m.ReachM.V)))
		m.SplitReachM = Val[float64]{}
	}
	return out
}

// modelLabel quotes a plain model name for a message and leaves a
// composite one ("X port_group \"down\"") as it is.
func modelLabel(what string) string {
	if strings.ContainsRune(what, ' ') {
		return what
	}
	return strconv.Quote(what)
}

// decodeSpeeds reads `speeds` of a switch model or port group: the lower
// rates one whole port may run at (a 400G port set to 200G for an older
// host). Each must be above 0 and below the port's rate, given once.
func decodeSpeeds(a *attrs, what string, rate Val[float64]) []float64 {
	sp := a.strs("speeds")
	var out []float64
	for _, s := range sp.V {
		r, err := units.ParseRate(s)
		switch {
		case err != nil:
			a.diags = append(a.diags, diag.Error(diag.InvalidUnit, sp.Range, "Invalid port speed", err.Error()))
			continue
		case r <= 0 || rate.Set && r >= rate.V*(1-1e-9):
			a.diags = append(a.diags, diag.Error(diag.InvalidValue, sp.Range, "Port speed out of range",
				fmt.Sprintf("switch_model %s: speeds lists %s, but a port speed is a rate above 0 and below port_rate (%s); the port rate itself needs no entry. Remove it, or list the speeds the vendor gives below port_rate.",
					modelLabel(what), units.Rate(r), units.Rate(rate.V))))
			continue
		case slices.Contains(out, r):
			a.diags = append(a.diags, diag.Error(diag.InvalidValue, sp.Range, "Port speed listed twice",
				fmt.Sprintf("switch_model %s: speeds lists %s twice; list each speed once.", modelLabel(what), units.Rate(r))))
			continue
		}
		out = append(out, r)
	}
	return out
}

var breakoutRE = regexp.MustCompile(`^([1-9][0-9]?)x(.+)$`)

// ParseBreakout parses "2x400Gb/s": a port split into 2 lanes of 400 Gb/s.
func ParseBreakout(s string) (Breakout, error) {
	m := breakoutRE.FindStringSubmatch(s)
	if m == nil {
		return Breakout{}, fmt.Errorf("%q is not a breakout; write lanes x rate with 1 to 99 lanes, e.g. \"2x400Gb/s\" or \"4x200Gb/s\"", s)
	}
	n, _ := strconv.Atoi(m[1])
	r, err := units.ParseRate(m[2])
	if err != nil {
		return Breakout{}, err
	}
	if r <= 0 {
		return Breakout{}, fmt.Errorf("%q gives its lanes no rate; write a lane rate above 0, e.g. \"2x400Gb/s\"", s)
	}
	return Breakout{Lanes: n, LaneRate: r}, nil
}

var durationRE = regexp.MustCompile(`^([0-9]+(?:\.[0-9]+)?) ?(ns|us|µs|ms|s)$`)

// parseDuration parses a latency such as "130ns" or "1.5us" into seconds.
func parseDuration(s string) (float64, error) {
	m := durationRE.FindStringSubmatch(s)
	if m == nil {
		return 0, fmt.Errorf("%q is not a duration; write a number followed by ns, us, ms or s, e.g. \"350ns\"", s)
	}
	v, _ := strconv.ParseFloat(m[1], 64)
	switch m[2] {
	case "ns":
		v *= 1e-9
	case "us", "µs":
		v *= 1e-6
	case "ms":
		v *= 1e-3
	}
	if v > MaxDurationS {
		return 0, fmt.Errorf("%q is longer than %g s; durations in a design (port latencies, step times) are far shorter", s, float64(MaxDurationS))
	}
	return v, nil
}

// MaxDurationS caps a duration literal, in seconds: 10^6 s (about 11.6
// days), far above any port latency or training-step time a design
// states. Without it "18446744073709551616s" was accepted (while the
// grammar refuses "1e9s"). A modelling assumption.
const MaxDurationS = 1e6

// positivePower reports a power figure of zero or less: a model either
// gives its maximum draw or leaves power unset (unknown).
func positivePower(a *attrs, v Val[float64], kind, name string) {
	if v.Set && v.V <= 0 {
		a.diags = append(a.diags, diag.Error(diag.InvalidValue, v.Range, "power out of range",
			fmt.Sprintf("%s %q: power = %q; give the datasheet's maximum draw, above zero (\"15W\"), or leave power unset when no source gives it.", kind, name, units.Power(v.V))))
	}
}

func requireSet(a *attrs, name string, set bool, kind string) {
	if _, present := a.get(name); !present && !set {
		a.diags = append(a.diags, diag.Error(diag.HCLSchema, a.block, "Missing required argument",
			fmt.Sprintf("A %s needs the argument %q.", kind, name)))
	}
}

var gpuModelSchema = schemaOf([]string{"nvlink_links", "nvlink_rate", "pcie_gen", "pcie_width", "compute_capability", "memory"})

func decodeGPUModel(b *hcl.Block, ctx *hcl.EvalContext, builtin bool, diags *hcl.Diagnostics) *GPUModel {
	a := newPlainAttrs(content(b, gpuModelSchema, diags), ctx, b.DefRange)
	m := &GPUModel{Name: b.Labels[0], DeclRange: b.DefRange, Builtin: builtin,
		NVLinkLinks: a.int("nvlink_links"), NVLinkRate: a.rate("nvlink_rate"),
		PCIeGen: a.int("pcie_gen"), PCIeWidth: a.int("pcie_width"),
		ComputeCapability: a.str("compute_capability"), MemoryBytes: a.size("memory")}
	*diags = append(*diags, a.diags...)
	return m
}

var nicModelSchema = schemaOf([]string{"ports", "port_rate", "pcie_gen", "pcie_width", "protocol", "form_factor"})

func decodeNICModel(b *hcl.Block, ctx *hcl.EvalContext, builtin bool, diags *hcl.Diagnostics) *NICModel {
	a := newPlainAttrs(content(b, nicModelSchema, diags), ctx, b.DefRange)
	m := &NICModel{Name: b.Labels[0], DeclRange: b.DefRange, Builtin: builtin,
		Ports: a.int("ports"), PortRate: a.netRate("port_rate"), PCIeGen: a.int("pcie_gen"),
		PCIeWidth: a.int("pcie_width"), Protocol: a.str("protocol"), FormFactor: a.str("form_factor")}
	oneOf(a, m.Protocol, "protocol", NICProtocols)
	oneOf(a, m.FormFactor, "form_factor", FormFactors)
	requireSet(a, "port_rate", m.PortRate.Set, "nic_model")
	*diags = append(*diags, a.diags...)
	return m
}

var cableModelSchema = schemaOf([]string{"media", "kind", "reach", "max_rate", "protocol", "kg_per_m", "splits", "split_reach", "cords_per_link", "lengths"})

var transceiverModelSchema = schemaOf([]string{"fits", "cable_models", "rate", "ports", "reach", "power", "split_rate", "split_power", "vendor", "protocol", "form_factor"})

func decodeTransceiverModel(b *hcl.Block, ctx *hcl.EvalContext, builtin bool, diags *hcl.Diagnostics) *TransceiverModel {
	a := newPlainAttrs(content(b, transceiverModelSchema, diags), ctx, b.DefRange)
	m := &TransceiverModel{Name: b.Labels[0], DeclRange: b.DefRange, Builtin: builtin,
		Fits: a.str("fits"), CableModels: a.strs("cable_models"), Rate: a.rate("rate"), Ports: a.int("ports"), ReachM: a.length("reach"),
		PowerW: a.power("power"), SplitRate: a.rate("split_rate"), SplitPowerW: a.power("split_power"), Vendor: a.str("vendor"), Protocol: a.str("protocol"), FormFactor: a.str("form_factor")}
	oneOf(a, m.Fits, "fits", TransceiverEnds)
	oneOf(a, m.FormFactor, "form_factor", FormFactors)
	oneOf(a, m.Protocol, "protocol", []string{"infiniband", "ethernet"})
	requireSet(a, "fits", m.Fits.Set, "transceiver_model")
	requireSet(a, "cable_models", m.CableModels.Set, "transceiver_model")
	requireSet(a, "rate", m.Rate.Set, "transceiver_model")
	if m.Ports.Set && (m.Ports.V < 1 || m.Ports.V > 8) {
		a.diags = append(a.diags, diag.Error(diag.InvalidValue, m.Ports.Range, "ports out of range",
			fmt.Sprintf("transceiver_model %q: ports = %d; a module serves 1 to 8 logical ports (2 for a twin-port OSFP).", m.Name, m.Ports.V)))
	}
	if !m.Ports.Set {
		m.Ports = Val[int64]{V: 1, Range: b.DefRange}
	}
	positivePower(a, m.PowerW, "transceiver_model", m.Name)
	if m.SplitPowerW.Set && !m.SplitRate.Set {
		a.diags = append(a.diags, diag.Error(diag.InvalidValue, m.SplitPowerW.Range, "split_power without split_rate",
			fmt.Sprintf("transceiver_model %q: split_power is the power at split_rate, which it does not have; give split_rate, or remove split_power.", m.Name)))
	}
	if m.SplitRate.Set && (m.SplitRate.V <= 0 || m.Rate.Set && m.SplitRate.V >= m.Rate.V*(1-1e-9)) {
		a.diags = append(a.diags, diag.Error(diag.InvalidValue, m.SplitRate.Range, "split_rate out of range",
			fmt.Sprintf("transceiver_model %q: split_rate is %s; it is the lower rate the module runs at on a leg of a splitter fiber, above 0 and below its rate (%s). Remove it if the module does not split.", m.Name, units.Rate(m.SplitRate.V), units.Rate(m.Rate.V))))
	}
	*diags = append(*diags, a.diags...)
	return m
}

// decodeLengths reads a cable_model's lengths: lengths with a unit,
// ascending, each above 0 and within reach.
func decodeLengths(a *attrs, m *CableModel) []float64 {
	ls := a.strs("lengths")
	var out []float64
	for _, s := range ls.V {
		v, err := units.ParseLength(s)
		if err != nil {
			a.diags = append(a.diags, diag.Error(diag.InvalidUnit, ls.Range, "Invalid length", err.Error()))
			return nil
		}
		if v <= 0 || len(out) > 0 && v <= out[len(out)-1] || m.ReachM.Set && v > m.ReachM.V*(1+1e-9) {
			a.diags = append(a.diags, diag.Error(diag.InvalidValue, ls.Range, "lengths out of order or range",
				fmt.Sprintf("cable_model %q: lengths lists the lengths the cable is sold in, ascending, each above 0 and at most reach (%gm); %q is not.", m.Name, m.ReachM.V, s)))
			return nil
		}
		out = append(out, v)
	}
	return out
}

func decodeCableModel(b *hcl.Block, ctx *hcl.EvalContext, builtin bool, diags *hcl.Diagnostics) *CableModel {
	a := newPlainAttrs(content(b, cableModelSchema, diags), ctx, b.DefRange)
	m := &CableModel{Name: b.Labels[0], DeclRange: b.DefRange, Builtin: builtin,
		Media: a.str("media"), Kind: a.str("kind"), ReachM: a.length("reach"), MaxRate: a.rate("max_rate"), Protocol: a.str("protocol"),
		KgPerM: a.number("kg_per_m"), SplitReachM: a.length("split_reach"), CordsPerLink: a.int("cords_per_link")}
	oneOf(a, m.Protocol, "protocol", []string{"infiniband", "ethernet"})
	m.Splits = decodeSplits(a, m)
	m.LengthsM = decodeLengths(a, m)
	// The heaviest cable a tray plans for, a thick copper bundle, is well
	// under 1 kg/m (NVIDIA's NDR copper: 0.045 kg/m, cabling.md S15); 5
	// kg/m is past any cable and catches a value in grams or pounds per
	// foot.
	// A twin-port module takes two cords (MMA4Z00-NS-T's two MPO-12/APC
	// fibers, cabling.md S5); 8 is a port's most lanes (an OSFP's 8
	// electrical lanes), a cord each at most.
	if m.CordsPerLink.Set && (m.CordsPerLink.V < 1 || m.CordsPerLink.V > 8) {
		a.diags = append(a.diags, diag.Error(diag.InvalidValue, m.CordsPerLink.Range, "cords_per_link out of range",
			fmt.Sprintf("cable_model %q: cords_per_link = %d; it is how many separate cords one link takes (2 for a twin-port 2 x SR4 module's two MPO fibers), 1 to 8. Leave it unset for one.", m.Name, m.CordsPerLink.V)))
		m.CordsPerLink = Val[int64]{}
	}
	if m.KgPerM.Set && (m.KgPerM.V <= 0 || m.KgPerM.V > 5) {
		a.diags = append(a.diags, diag.Error(diag.InvalidValue, m.KgPerM.Range, "kg_per_m out of range",
			fmt.Sprintf("cable_model %q: kg_per_m = %g; give the datasheet's mass in kilograms per metre, above 0 and at most 5 (NVIDIA's NDR copper is 0.045), or leave it unset when no source gives it.", m.Name, m.KgPerM.V)))
	}
	*diags = append(*diags, a.diags...)
	return m
}
