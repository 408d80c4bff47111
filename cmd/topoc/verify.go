package main

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/spf13/cobra"

	"github.com/topoc/topoc/analyzers/bisection"
	"github.com/topoc/topoc/analyzers/oversub"
	"github.com/topoc/topoc/analyzers/resilience"
	"github.com/topoc/topoc/compiler/asbuilt"
	"github.com/topoc/topoc/compiler/emit/ibsim"
	"github.com/topoc/topoc/compiler/ir"
	"github.com/topoc/topoc/lang"
	"github.com/topoc/topoc/lang/diag"
	"github.com/topoc/topoc/lang/units"
)

// maxDiscovery is the largest discovery file verify reads: ibnetdiscover
// writes about 100 bytes per port, so 512 MiB holds five million ports,
// past any fabric topoc compiles.
const maxDiscovery = 512 << 20

func newVerify() *cobra.Command {
	var df designFlags
	var discovered []string
	var fabric, mapFile, format, inFormat string
	var ignoreSpeed, ignoreState, analyze bool
	c := &cobra.Command{
		Use:   "verify [PATH...] --discovered FILE [--discovered FILE...]",
		Short: "Compare the cabled fabric (ibnetdiscover, iblinkinfo, LLDP or NetQ output) with the design",
		Long: "verify compiles the design and compares one of its fabrics with what ibnetdiscover (or\n" +
			"iblinkinfo) found on an InfiniBand cluster, what lldpctl -f json0 found on each switch of an\n" +
			"Ethernet one (one file per switch, named after it), or NetQ's topology graph of it: missing,\n" +
			"extra and unnamed devices, missing, unplanned, miswired and swapped cables, and links trained\n" +
			"narrower or slower than designed, each at the design line that made it. The fabric is the\n" +
			"design's only one, else its only InfiniBand one; name another with --fabric. Devices are\n" +
			"matched by NodeDescription (docs/asbuilt.md), or by --map. A fabric of several InfiniBand\n" +
			"planes (one subnet each) takes one --discovered file per plane. --analyze adds the analysis\n" +
			"of the fabric as built (residual bisection, ranks cut off, workloads that restart).\n" +
			"Exit 0 as designed, 1 differences found (or design errors), 2 usage, I/O or unreadable\n" +
			"discovery files.",
		RunE: func(c *cobra.Command, args []string) error {
			if len(discovered) == 0 {
				fmt.Fprintln(c.ErrOrStderr(), "topoc: verify needs --discovered FILE (discovery output of the cabled fabric: ibnetdiscover, iblinkinfo, ibdiagnet, LLDP, NetQ or NetBox; topoc verify --help)")
				return exitError{2}
			}
			if inFormat != "" && !slices.Contains(asbuilt.Formats, asbuilt.Format(inFormat)) {
				fmt.Fprintf(c.ErrOrStderr(), "topoc: --discovered-format %q: use one of %s\n", inFormat, formatNames())
				return exitError{2}
			}
			g, res, err := df.compileDesign(c, args, format, "text", "json")
			if err != nil {
				return err
			}
			// Nothing verify reads needs the cable plan but its cable ids
			// (the comparison numbers ports as the design does; the
			// as-built analysis drops it too, ir.Graph.Residual):
			// released, it is memory the comparison of a 131k-GPU design
			// has better use for; the ids are kept for the findings.
			cableID := cableIDs(g)
			g.SetCabling(nil)
			fid, err := pickFabric(g, fabric)
			if err != nil {
				fmt.Fprintln(c.ErrOrStderr(), "topoc:", err)
				return exitError{2}
			}
			m, err := readMap(mapFile, g)
			if err != nil {
				fmt.Fprintln(c.ErrOrStderr(), "topoc:", err)
				return exitError{2}
			}
			topo := &asbuilt.Topology{}
			mismatch := "" // a discovery file of the other protocol than the fabric's
			fabProto := fabricProtocol(g, fid)
			for _, file := range discovered {
				data, err := lang.ReadFileLimited(file, maxDiscovery)
				if err != nil {
					fmt.Fprintln(c.ErrOrStderr(), "topoc:", err)
					return exitError{2}
				}
				// An LLDP file (lldpd's or EOS's) lists the neighbours of
				// the switch it was collected on, which its name gives
				// ("su0-leaf3.json").
				local := strings.TrimSuffix(filepath.Base(file), filepath.Ext(file))
				t, form, perr := asbuilt.ParseFrom(data, asbuilt.Format(inFormat), local)
				if perr == nil && mismatch == "" {
					if p := form.Protocol(); p != "" && fabProto != "" && p != fabProto {
						title := map[string]string{"infiniband": "InfiniBand", "ethernet": "Ethernet"}
						mismatch = fmt.Sprintf("%s is %s output, discovery over %s, but fabric %q is built of %s switches: it cannot be this fabric's discovery. Give the fabric's own (--fabric picks another fabric of the design).",
							file, form, title[p], g.Fabrics[fid].Name, title[fabProto])
					}
				}
				if perr == nil {
					if len(discovered) > 1 {
						t.SetFile(file) // findings then say which file
					}
					perr = topo.Merge(t)
				}
				if perr != nil {
					// The format list only where the format was forced; an
					// undetected file's error already lists them.
					hint := ""
					switch {
					case inFormat != "":
						hint = " verify reads ibnetdiscover (default output or -p), iblinkinfo, ibdiagnet2.lst, ibdiagnet2.db_csv, lldpctl -f json0, Arista EOS show lldp neighbors detail | json, SONiC show lldp table, NetQ topology JSON and NetBox cable CSV, told apart by content; --discovered-format forced one."
					case strings.Contains(perr.Error(), "not a discovery format"):
						hint = " --discovered-format names one if the content misleads."
					}
					diag.WriteText(c.ErrOrStderr(), nil, hcl.Diagnostics{diag.Error(diag.AsbuiltDiscovery, hcl.Range{}, "Discovery file not read",
						fmt.Sprintf("%s: %v.%s", file, perr, hint))}, 0, false)
					return exitError{2}
				}
			}
			// The subject of findings' sentences ("… has neither port
			// cabled"): one file, or the discovery the files make up.
			files := discovered[0]
			switch n := len(discovered); {
			case n > 3:
				// Every message names its own file; the summary names a few.
				files = fmt.Sprintf("the discovery in %d files (%s, … %s)", n, discovered[0], discovered[n-1])
			case n > 1:
				files = fmt.Sprintf("the discovery in %s", strings.Join(discovered, ", "))
			}
			r := asbuilt.Compare(g, fid, topo, asbuilt.Options{Map: m, IgnoreSpeed: ignoreSpeed, IgnoreState: ignoreState, File: files, CableID: cableID})
			if mismatch != "" {
				r.Diags = append(hcl.Diagnostics{diag.Warning(diag.AsbuiltDiscovery, g.Range(g.Fabrics[fid].Origin), "Discovery of another protocol", mismatch)}, r.Diags...)
			}
			var built *resilience.Report
			var cabled *cabledBisection
			if analyze {
				if built, err = analyzeAsBuilt(g, r); err != nil {
					fmt.Fprintln(c.ErrOrStderr(), "topoc:", err)
					return exitError{2}
				}
				cabled = bisectAsCabled(g, fid, r)
			}
			if format == "json" {
				out, _ := json.MarshalIndent(struct {
					Fabric         string                `json:"fabric"`
					Discovered     string                `json:"discovered"`
					Files          []string              `json:"discovered_files"`
					Devices        int                   `json:"devices"`
					MatchedDevices int                   `json:"matched_devices"`
					ByPosition     int                   `json:"matched_by_position"`
					SetApart       int                   `json:"set_apart"`
					OtherFabric    int                   `json:"other_fabric"`
					Links          int                   `json:"links"`
					MatchedLinks   int                   `json:"matched_links"`
					Findings       []diag.JSONDiagnostic `json:"findings"`
					AsBuilt        *asBuiltJSON          `json:"as_built,omitempty"`
				}{g.Fabrics[fid].Name, files, discovered, r.Devices, r.MatchedDevices, r.ByPosition, r.SetApart, r.OtherFabric, r.Links, r.MatchedLinks, diag.ToJSON(r.Diags), asBuiltOf(analyze, r, built, cabled)}, "", "  ")
				fmt.Fprintln(c.OutOrStdout(), string(out))
			} else {
				// Errors first, then warnings, then notes, each in design
				// order: the per-severity cap then falls on the notes (137
				// adapters placed by their cable), not on missing uplinks.
				bySeverity := slices.Clone(r.Diags)
				rank := map[diag.Severity]int{diag.SevError: 0, diag.SevWarning: 1, diag.SevInfo: 2}
				slices.SortStableFunc(bySeverity, func(a, b *hcl.Diagnostic) int { return rank[diag.SeverityOf(a)] - rank[diag.SeverityOf(b)] })
				diag.WriteText(c.ErrOrStderr(), res.cfg.Files, bySeverity, 0, false)
				others := ""
				if r.OtherFabric > 0 {
					others = fmt.Sprintf(", %d of other fabrics", r.OtherFabric)
				}
				fmt.Fprintf(c.OutOrStdout(), "fabric %q against %s: %d of %d devices found (%d by their cable, %d set apart%s), %d of %d links cabled as designed\n",
					g.Fabrics[fid].Name, files, r.MatchedDevices, r.Devices, r.ByPosition, r.SetApart, others, r.MatchedLinks, r.Links)
				if analyze {
					writeAsBuilt(c.OutOrStdout(), r, built)
					writeAsCabled(c.OutOrStdout(), g.Fabrics[fid].Name, cabled)
				}
			}
			if r.Diags.HasErrors() {
				return exitError{1}
			}
			for _, d := range r.Diags {
				if diag.SeverityOf(d) == diag.SevWarning {
					return exitError{1}
				}
			}
			return nil
		},
	}
	df.register(c)
	c.Flags().StringArrayVar(&discovered, "discovered", nil, "ibnetdiscover (default or -p), iblinkinfo, ibdiagnet2.lst or ibdiagnet2.db_csv of the cabled fabric (once per plane of a multi-plane fabric); lldpctl -f json0, EOS show lldp neighbors detail | json or SONiC show lldp table of each switch in a file named after it (repeat); a NetQ topology graph JSON; or a NetBox cable CSV")
	c.Flags().StringVar(&inFormat, "discovered-format", "", "read every --discovered file as one of "+formatNames()+" (default: told by content)")
	c.Flags().StringVar(&fabric, "fabric", "", "the design fabric to compare (default: the design's only fabric, else its only InfiniBand one)")
	c.Flags().StringVar(&mapFile, "map", "", "CSV of discovered NodeDescription (or GUID id),design node name")
	c.Flags().BoolVar(&ignoreSpeed, "ignore-speed", false, "compare widths but not speeds (a simulator reports SDR)")
	c.Flags().BoolVar(&ignoreState, "ignore-state", false, "do not report links that are up but not Active (a simulator with no subnet manager leaves them Initialize)")
	c.Flags().StringVar(&format, "format", "text", "output: text or json")
	c.Flags().BoolVar(&analyze, "analyze", false, "also analyze the fabric as built: the design less its switches not discovered and the links it lacks, as a whatif scenario, and, with the cables found between other design ports, as cabled (docs/asbuilt.md)")
	return c
}

// analyzeAsBuilt runs the what-if analysis of the fabric as built: the
// design with the switches r did not discover and the links the fabric
// lacks (Result.Absent) failed, one scenario named "as built"; nil when
// nothing is lacking or nothing could be compared (writeAsBuilt says
// which).
func analyzeAsBuilt(g *ir.Graph, r asbuilt.Result) (*resilience.Report, error) {
	fail := ir.Failure{Nodes: r.MissingSwitches, Links: r.Absent}
	if fail.Empty() || r.MatchedDevices == 0 {
		return nil, nil
	}
	return resilience.Run(g, resilience.Options{Scenarios: []resilience.Scenario{{Name: "as built", Failure: fail}}})
}

// asBuiltJSON is verify --analyze's "as_built" object: status
// "analyzed" (report holds the "as built" scenario as whatif --format
// json writes it), "as_designed" (nothing lacking: the design's own
// analysis holds, for the links seen) or "not_analyzed" (no discovered
// device matched a design device); the counts of what the scenario
// fails, and of links no discovery file could see.
type asBuiltJSON struct {
	Status          string             `json:"status"`
	MissingSwitches int                `json:"missing_switches"`
	LackingLinks    int                `json:"lacking_links"`
	UnseenLinks     int                `json:"unseen_links"`
	Report          *resilience.Report `json:"report,omitempty"`
	// ExtraCables counts the cables found between other design ports
	// than designed; AsCabled and Designed are the compared fabric's
	// bisection with them (cabledBisection), present when there are any.
	ExtraCables int               `json:"extra_cables"`
	AsCabled    *bisection.Fabric `json:"as_cabled_bisection,omitempty"`
	Designed    *bisection.Fabric `json:"designed_bisection,omitempty"`
	// OversubAsCabled and OversubDesigned are the end-to-end
	// oversubscription each way, with AsCabled.
	OversubAsCabled *endToEnd `json:"as_cabled_oversubscription,omitempty"`
	OversubDesigned *endToEnd `json:"designed_oversubscription,omitempty"`
}

// asBuiltOf returns the as_built object of an --analyze run, nil without
// --analyze.
func asBuiltOf(analyze bool, r asbuilt.Result, rep *resilience.Report, cabled *cabledBisection) *asBuiltJSON {
	if !analyze {
		return nil
	}
	out := &asBuiltJSON{Status: asBuiltStatus(r, rep), MissingSwitches: len(r.MissingSwitches), LackingLinks: len(r.Absent), UnseenLinks: r.Unseen, Report: rep, ExtraCables: len(r.Extra)}
	if cabled != nil {
		out.AsCabled, out.Designed = &cabled.AsCabled, &cabled.Designed
		out.OversubAsCabled, out.OversubDesigned = cabled.OversubAsCabled, cabled.OversubDesigned
	}
	return out
}

// cabledBisection is the bisection of the compared fabric as cabled
// beside the design's: the what-if scenario (the design less what was
// not found as designed) plus the cables found between other design
// ports (asbuilt.Result.Extra), each at its ports' designed rate.
type cabledBisection struct {
	Extra              int
	AsCabled, Designed bisection.Fabric
	// OversubAsCabled and OversubDesigned are the fabric's end-to-end
	// oversubscription each way (oversubEnds of oversub.Analyze); nil
	// when the fabric has no endpoints.
	OversubAsCabled, OversubDesigned *endToEnd
}

// endToEnd is a fabric's end-to-end oversubscription as the report
// gives it (oversub.Fabric): the ratio, its bounds (an upper bound of
// nil is unbounded) and the basis that says which it is.
type endToEnd struct {
	Ratio *float64 `json:"end_to_end"`
	Lower *float64 `json:"end_to_end_lower_bound"`
	Upper *float64 `json:"end_to_end_upper_bound"`
	Basis string   `json:"basis"`
}

// oversubEnds is f's endToEnd, nil when f has no end-to-end ratio.
func oversubEnds(f oversub.Fabric) *endToEnd {
	if f.EndToEnd == nil {
		return nil
	}
	return &endToEnd{f.EndToEnd, f.EndToEndLowerBound, f.EndToEndUpperBound, f.Basis}
}

// text writes e as a reader needs it, after "oversubscription": end to
// end where it is the value, its interval where bounded (basis sets),
// and only the worst switch where no unit decides it (basis per_switch,
// no upper bound: never called end to end).
func (e *endToEnd) text() string {
	lower := e.Ratio
	if e.Lower != nil {
		lower = e.Lower
	}
	switch {
	case e.Upper == nil:
		return oversub.Ratio(*lower) + " per switch (end to end not bounded above)"
	case *e.Upper != *lower:
		lo, hi := oversub.RatioPair(*lower, *e.Upper)
		return "end to end between " + lo + " and " + hi
	}
	return "end to end " + oversub.Ratio(*e.Ratio)
}

// bisectAsCabled computes fabric fid's cabledBisection from r on
// ir.Graph.Rewired; nil when r found no such cable (the what-if scenario
// is then the fabric as cabled) or matched no device.
func bisectAsCabled(g *ir.Graph, fid ir.FabricID, r asbuilt.Result) *cabledBisection {
	if len(r.Extra) == 0 || r.MatchedDevices == 0 {
		return nil
	}
	opt := bisection.Options{View: bisection.ConfiguredView()}
	ab := g.Rewired(ir.Failure{Nodes: r.MissingSwitches, Links: r.Absent}, r.Extra)
	return &cabledBisection{Extra: len(r.Extra), AsCabled: bisection.Compute(ab, fid, opt), Designed: bisection.Compute(g, fid, opt),
		OversubAsCabled: oversubEnds(oversub.Analyze(ab, fid)), OversubDesigned: oversubEnds(oversub.Analyze(g, fid))}
}

// writeAsCabled prints the cabledBisection line, nothing when cb is nil.
func writeAsCabled(w io.Writer, fabric string, cb *cabledBisection) {
	if cb == nil {
		return
	}
	a, d := &cb.AsCabled, &cb.Designed
	over := ""
	if cb.OversubAsCabled != nil && cb.OversubDesigned != nil {
		over = fmt.Sprintf("; oversubscription %s, designed %s", cb.OversubAsCabled.text(), cb.OversubDesigned.text())
	}
	fmt.Fprintf(w, "as cabled, with the %s found between other design ports than designed (each at its ports' designed rate): fabric %q: bisection %s (%s), designed %s (%s)%s\n",
		units.CountOf(cb.Extra, "cable", "cables"), fabric, resilience.Interval(a.LowerBoundBPS, a.UpperBoundBPS), a.Method, resilience.Interval(d.LowerBoundBPS, d.UpperBoundBPS), d.Method, over)
}

// asBuiltStatus decides what the as-built analysis is, for the text and
// the JSON alike: "not_analyzed" when no discovered device matched a
// design device, "as_designed" when nothing seen is lacking (rep nil),
// else "analyzed".
func asBuiltStatus(r asbuilt.Result, rep *resilience.Report) string {
	switch {
	case r.MatchedDevices == 0:
		return "not_analyzed"
	case rep == nil:
		return "as_designed"
	}
	return "analyzed"
}

// writeAsBuilt prints the as-built analysis under verify's summary line:
// what it leaves out, then the scenario as whatif prints it.
func writeAsBuilt(w io.Writer, r asbuilt.Result, rep *resilience.Report) {
	switch status := asBuiltStatus(r, rep); {
	case status == "not_analyzed":
		fmt.Fprintln(w, "as built: not analyzed: no discovered device matched a design device")
		return
	case status == "as_designed" && r.Unseen > 0:
		fmt.Fprintf(w, "as built: every design link the discovery could see is cabled between its two devices (at whatever ports) at its designed rate; %s no file could see %s not judged, so the design's analysis (topoc check) holds only if %s\n",
			units.CountOf(r.Unseen, "link", "links"), units.Agree(r.Unseen, "is", "are"), units.Agree(r.Unseen, "it is", "they are"))
		return
	case status == "as_designed":
		fmt.Fprintln(w, "as built: every design link is cabled between its two devices (at whatever ports) at its designed rate; the design's analysis (topoc check) holds")
		return
	}
	var less []string
	if n := len(r.MissingSwitches); n > 0 {
		less = append(less, fmt.Sprintf("the %s not discovered", units.CountOf(n, "switch", "switches")))
	}
	if n := len(r.Absent); n > 0 {
		less = append(less, fmt.Sprintf("the %s the fabric lacks (not cabled between their two devices, or trained slower or narrower)", units.CountOf(n, "link", "links")))
	}
	left := "left out"
	if len(r.Extra) > 0 {
		left = "left out here, and counted in the as-cabled line below"
	}
	fmt.Fprintf(w, "as built: the design less %s, analyzed as a what-if (a lower bound on the fabric as cabled: cables between other devices than designed are %s)\n", strings.Join(less, " and "), left)
	resilience.WriteText(w, rep, true)
}

// pickFabric returns the named fabric, the design's only fabric, or its
// only InfiniBand fabric (ibsim.InfiniBand: every switch model states
// protocol infiniband), which ibnetdiscover can have discovered.
func pickFabric(g *ir.Graph, name string) (ir.FabricID, error) {
	var all, ib []string
	pick := ir.FabricID(-1)
	for i, f := range g.Fabrics {
		if name != "" && f.Name == name {
			return ir.FabricID(i), nil
		}
		all = append(all, f.Name)
		if ibsim.InfiniBand(g, ir.FabricID(i)) {
			ib = append(ib, f.Name)
			pick = ir.FabricID(i)
		}
	}
	switch {
	case name != "":
		return 0, fmt.Errorf("the design has no fabric %q (fabrics: %s)", name, strings.Join(all, ", "))
	case len(all) == 1:
		return 0, nil
	case len(ib) == 1:
		return pick, nil
	case len(ib) == 0:
		return 0, fmt.Errorf("the design has no InfiniBand fabric (one whose switch models state protocol = \"infiniband\"); name the fabric to compare with --fabric")
	}
	return 0, fmt.Errorf("the design has %d InfiniBand fabrics (%s); name one with --fabric", len(ib), strings.Join(ib, ", "))
}

// readMap reads a --map CSV: discovered NodeDescription or id, design
// node name; "#" lines are comments. A key given twice, or a design name
// the design does not have, is an error.
func readMap(path string, g *ir.Graph) (map[string]string, error) {
	if path == "" {
		return nil, nil
	}
	data, err := lang.ReadFileLimited(path, 64<<20)
	if err != nil {
		return nil, err
	}
	// A spreadsheet's CSV export may start with a UTF-8 byte order mark.
	r := csv.NewReader(bytes.NewReader(bytes.TrimPrefix(data, []byte("\ufeff"))))
	r.Comment = '#'
	r.FieldsPerRecord = 2
	names := map[string]bool{}
	for i := range g.Nodes {
		names[g.Nodes[i].Name] = true
	}
	m := map[string]string{}
	lines := map[string]int{} // the line of each key, for a repeat
	for {
		rec, err := r.Read()
		if err == io.EOF {
			return m, nil
		}
		if err != nil {
			// csv.ParseError names the file line itself.
			return nil, fmt.Errorf("--map %s: %v (each line: discovered description or id, design node name)", path, err)
		}
		line, _ := r.FieldPos(0) // the file's line, not the record's number: comment lines count
		// A GUID key in any of its written forms (0x…, S-…, H-…) is
		// looked up as its 16 hex digits (asbuilt.MapKey).
		k, v := asbuilt.MapKey(strings.TrimSpace(rec[0])), strings.TrimSpace(rec[1])
		if len(m) == 0 && len(lines) == 0 && !names[v] && mapHeader(v) {
			lines[""] = line // a spreadsheet's header row ("discovered,design"): skipped
			continue
		}
		if prev, dup := m[k]; dup {
			return nil, fmt.Errorf("--map %s: line %d maps %q again (to %q; line %d to %q); give each discovered name once", path, line, k, v, lines[k], prev)
		}
		if !names[v] && v != asbuilt.SetApart {
			return nil, fmt.Errorf("--map %s: line %d maps %q to %q, which is no device of the design (\"-\" sets a UFM or management device apart)", path, line, k, v)
		}
		m[k], lines[k] = v, line
	}
}

// fabricProtocol returns the protocol the switches of fabric f state
// (their catalogue models': "infiniband", "ethernet"), "" when none
// states one or they differ.
func fabricProtocol(g *ir.Graph, f ir.FabricID) string {
	proto := ""
	for _, n := range g.FabricNodes(f) {
		nd := &g.Nodes[n]
		if !nd.Kind.IsSwitch() {
			continue
		}
		switch p := g.Protocols[nd.ModelName()]; {
		case p == "" || p == "nvlink":
		case proto == "":
			proto = p
		case p != proto:
			return ""
		}
	}
	return proto
}

// mapHeader reports whether v, the second field of a --map file's first
// row, is a column title rather than a design name: a spreadsheet's
// export starts with one ("discovered,design", "guid,name").
func mapHeader(v string) bool {
	v = strings.ToLower(v)
	return strings.Contains(v, "design") || v == "name" || v == "node" || v == "design name"
}

// formatNames lists the discovery formats --discovered-format takes,
// comma-separated, in asbuilt.Formats' order.
func formatNames() string {
	names := make([]string, len(asbuilt.Formats))
	for i, f := range asbuilt.Formats {
		names[i] = string(f)
	}
	return strings.Join(names, ", ")
}

// cableIDs returns the cable plan's id of each link of g (ir.Graph.CableID)
// as a function that outlives the plan, "" for a link no cable carries or
// without a plan. Only the plan's index of links (ir.Cabling.CableIndex)
// and each cable's fabric and number outlive the plan, 8 bytes a cable.
func cableIDs(g *ir.Graph) func(ir.LinkID) string {
	cb := g.Cabling()
	if cb == nil {
		return func(ir.LinkID) string { return "" }
	}
	type cable struct {
		fabric ir.FabricID
		seq    int32
	}
	cables := make([]cable, len(cb.Cables))
	for i, c := range cb.Cables {
		cables[i] = cable{c.Fabric, c.Seq}
	}
	counts := slices.Clone(cb.PerFabric)
	names := make([]string, len(g.Fabrics))
	for i := range g.Fabrics {
		names[i] = g.Fabrics[i].Name
	}
	cableOf := cb.CableIndex()
	return func(id ir.LinkID) string {
		i := cableOf(id)
		if i == ir.None || int(i) >= len(cables) {
			return ""
		}
		c := cables[i]
		return ir.CableName(names[c.fabric], c.seq, counts[c.fabric])
	}
}
