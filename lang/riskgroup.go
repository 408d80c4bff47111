package lang

import (
	"fmt"
	"path"
	"regexp"
	"strings"

	"github.com/hashicorp/hcl/v2"

	"github.com/topoc/topoc/lang/diag"
)

// RiskGroup is `risk_group "name" { class, devices, links, racks,
// rack_units, per_rack, groups }`: elements that fail together for a reason the design
// does not otherwise state: a PDU or power phase, a cooling loop, a cable
// tray, a patch panel, an optics batch (docs/resilience.md "Declared risk
// groups"). Members are resolved by the compiler once devices are racked.
type RiskGroup struct {
	Name string
	// Class is the sweep class the group belongs to (`topoc whatif --sweep
	// pdu`); the block's name when not given.
	Class Val[string]
	// Devices are device names or path.Match globs ("spine*").
	Devices Val[[]string]
	// Links are links as "A--B", a device name or glob at each end
	// ("su*/leaf*--spine0[0-3]"), either way round: the cables of a tray
	// or a patch panel, which fail without their devices.
	Links Val[[]string]
	// Racks are rack numbers (a node_group's rack numbering, the cable
	// plan's rack IDs) whose devices are members; RackUnits narrows them
	// to devices whose mount overlaps units [lo, hi], from 1 at the
	// bottom (a PDU feeding one half of every rack).
	Racks     Val[[]int64]
	RackUnits Val[[]int64]
	// PerRack makes one group per rack of the cable plan (named
	// "<name> <rack>"), each holding that rack's members: PDU A of every
	// rack. Racks then narrows which racks get one.
	PerRack Val[bool]
	// Groups are risk_group names whose members fail with this one: a
	// power phase feeding several PDUs.
	Groups    Val[[]string]
	DeclRange hcl.Range
}

// classWord is what a risk-group class may be.
var classWord = regexp.MustCompile(`^[A-Za-z0-9_-]{1,64}$`)

var riskGroupSchema = schemaOf([]string{"class", "devices", "links", "racks", "rack_units", "per_rack", "groups"})

func decodeRiskGroup(b *hcl.Block, ctx *hcl.EvalContext, diags *hcl.Diagnostics) *RiskGroup {
	a := newAttrs(content(b, riskGroupSchema, diags), ctx, b.DefRange)
	r := &RiskGroup{Name: b.Labels[0], Class: a.str("class"), Devices: a.strs("devices"), Links: a.strs("links"), Racks: a.ints("racks"),
		RackUnits: a.ints("rack_units"), PerRack: a.boolean("per_rack"), Groups: a.strs("groups"), DeclRange: b.DefRange}
	*diags = append(*diags, a.diags...)
	// The class reaches terminals, Markdown and SARIF as text and is typed
	// on the command line (--sweep): a plain word.
	if c := r.Class; c.Set && !classWord.MatchString(c.V) {
		*diags = append(*diags, diag.Error(diag.InvalidValue, c.Range, "Invalid risk-group class",
			fmt.Sprintf("class = %q: write one word of letters, digits, _ or - (\"pdu\", \"cooling_loop\").", c.V)))
		r.Class = Val[string]{}
	}
	for _, d := range r.Devices.V {
		if _, err := path.Match(d, ""); err != nil {
			*diags = append(*diags, diag.Error(diag.InvalidValue, r.Devices.Range, "Invalid device pattern",
				fmt.Sprintf("devices holds %q, which is not a valid pattern (%v); write a device name or a glob such as \"su0/leaf*\".", d, err)))
		}
	}
	for _, l := range r.Links.V {
		x, y, ok := strings.Cut(l, "--")
		ok = ok && !strings.Contains(y, "--")
		_, errX := path.Match(strings.TrimSpace(x), "")
		_, errY := path.Match(strings.TrimSpace(y), "")
		if !ok || strings.TrimSpace(x) == "" || strings.TrimSpace(y) == "" || errX != nil || errY != nil {
			*diags = append(*diags, diag.Error(diag.InvalidValue, r.Links.Range, "Invalid link pattern",
				fmt.Sprintf("links holds %q; write a link as \"A--B\", a device name or glob at each end (\"su0/leaf*--spine*\").", l)))
		}
	}
	if u := r.RackUnits; u.Set && (len(u.V) != 2 || u.V[0] < 1 || u.V[1] < u.V[0]) {
		*diags = append(*diags, diag.Error(diag.InvalidValue, u.Range, "Invalid rack_units",
			"rack_units is [lowest, highest] rack unit, from 1 at the bottom, lowest ≤ highest: [1, 24] for the lower half of topoc's 48U racks."))
		r.RackUnits = Val[[]int64]{}
	}
	if r.RackUnits.Set && !r.Racks.Set && !r.PerRack.V {
		*diags = append(*diags, diag.Error(diag.InvalidValue, r.RackUnits.Range, "rack_units without racks",
			"rack_units narrows the devices of racks; give racks = [...] or per_rack = true."))
	}
	if !r.Devices.Set && !r.Links.Set && !r.Racks.Set && !r.PerRack.V && !r.Groups.Set {
		*diags = append(*diags, diag.Error(diag.InvalidValue, b.DefRange, "Risk group without members",
			fmt.Sprintf("risk_group %q names no members; give devices, links, racks (with rack_units), per_rack or groups.", r.Name)))
	}
	return r
}
