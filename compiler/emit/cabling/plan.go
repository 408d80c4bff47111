package cabling

import (
	"bytes"
	"slices"
	"strconv"

	"github.com/topoc/topoc/compiler/emit"
	"github.com/topoc/topoc/compiler/emit/csvcell"
	"github.com/topoc/topoc/compiler/ir"
	"github.com/topoc/topoc/lang/units"
)

// Artifact paths of `--emit cabling`.
const (
	PlanPath       = "cabling/plan.csv"
	RacksPath      = "cabling/racks.csv"
	ElevationsPath = "cabling/elevations.csv"
)

// PlanColumns is the header of PlanPath; docs/cabling.md describes each.
var PlanColumns = []string{"cable_id", "lane", "legs", "fabric", "link_kind",
	"a_device", "a_port", "a_rack", "a_u", "b_device", "b_port", "b_rack", "b_u",
	"rate", "media", "cable_type", "cable_model", "route_m", "length_m"}

// Emitter is the `--emit cabling` back end: the cable plan, the racks and
// their elevations.
var Emitter = &emit.Emitter{
	Name: "cabling",
	Doc:  "cabling plan (" + PlanPath + ", one row per cable or splitter leg), " + RacksPath + " and " + ElevationsPath,
	Emit: func(in *emit.Input) ([]emit.Artifact, error) {
		rows, err := Rows(in.Graph)
		if err != nil {
			return nil, err
		}
		return []emit.Artifact{
			{Path: PlanPath, Data: Plan(rows)},
			{Path: RacksPath, Data: Racks(in.Graph)},
			{Path: ElevationsPath, Data: Elevations(in.Graph)},
		}, nil
	},
}

// Plan writes the rows as CSV with the PlanColumns header. Empty cells:
// lane when the A port is not broken out, rack and U of an unplaced end,
// media and cable columns when no cable_model serves the rate.
func Plan(rows []Row) []byte {
	var buf bytes.Buffer
	w := csvcell.NewWriter(&buf)
	w.Write(PlanColumns)
	rec := make([]string, len(PlanColumns))
	for _, r := range rows {
		lane := ""
		if r.Lane >= 0 {
			lane = strconv.Itoa(r.Lane)
		}
		rec = append(rec[:0], r.CableID, lane, strconv.Itoa(r.Legs), r.Fabric, r.LinkKind,
			r.A.Device, r.A.Port, r.A.Rack, rackUnit(r.A.U), r.B.Device, r.B.Port, r.B.Rack, rackUnit(r.B.U),
			units.Rate(r.RateBPS), r.Media, r.Kind, r.Model, Metres(r.RouteM), Metres(r.LengthM))
		w.Write(rec)
	}
	w.Flush()
	return buf.Bytes()
}

// rackUnit is a CSV cell for a rack unit (U) position: empty when the
// device is not mounted (u ≤ 0).
func rackUnit(u int32) string {
	if u <= 0 {
		return ""
	}
	return strconv.Itoa(int(u))
}

// Racks writes one row per rack: name, role, row and slot (from 0), the
// position of its front in metres along the row (x) and across rows (y)
// under the plan's geometry, and the rack units used of its height.
func Racks(g *ir.Graph) []byte {
	cb := g.Cabling()
	var buf bytes.Buffer
	w := csvcell.NewWriter(&buf)
	w.Write([]string{"rack", "role", "row", "slot", "x_m", "y_m", "used_u", "height_u"})
	for _, r := range cb.Racks {
		w.Write([]string{r.Name, r.Role, strconv.Itoa(int(r.Row)), strconv.Itoa(int(r.Slot)),
			Metres(float64(r.Slot) * cb.Layout.SlotPitchM), Metres(float64(r.Row) * cb.Layout.RowPitchM),
			strconv.Itoa(int(r.UsedU)), strconv.Itoa(int(cb.Layout.RackUnits))})
	}
	w.Flush()
	return buf.Bytes()
}

// Elevations writes one row per racked device, by rack and then from the
// lowest rack unit up: rack, lowest U, height in U, device, kind and model.
func Elevations(g *ir.Graph) []byte {
	cb := g.Cabling()
	name := make(map[int32]string, len(cb.Racks))
	for _, r := range cb.Racks {
		name[r.ID] = r.Name
	}
	ms := slices.Clone(cb.Mounts)
	slices.SortFunc(ms, func(a, b ir.Mount) int {
		if a.Rack != b.Rack {
			return int(a.Rack - b.Rack)
		}
		return int(a.U - b.U)
	})
	var buf bytes.Buffer
	w := csvcell.NewWriter(&buf)
	w.Write([]string{"rack", "u", "height_u", "device", "kind", "model"})
	for _, m := range ms {
		n := &g.Nodes[m.Node]
		kind := n.Kind.String()
		if n.Kind == ir.KindHost && n.RoleName() != ir.RoleNone {
			kind = string(n.RoleName())
		}
		w.Write([]string{name[m.Rack], strconv.Itoa(int(m.U)), strconv.Itoa(int(m.Height)), n.Name, kind, n.ModelName()})
	}
	w.Flush()
	return buf.Bytes()
}
