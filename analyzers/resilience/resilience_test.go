package resilience_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/topoc/topoc/analyzers/bisection"
	"github.com/topoc/topoc/analyzers/resilience"
	"github.com/topoc/topoc/compiler/compiletest"
	"github.com/topoc/topoc/compiler/ir"
)

// sweep runs one N−1 sweep of class and returns it.
func sweep(t *testing.T, g *ir.Graph, class string) resilience.Sweep {
	t.Helper()
	r, err := resilience.Run(g, resilience.Options{Classes: []string{class}})
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Sweeps) != 1 || r.Sweeps[0].Skipped != "" {
		t.Fatalf("sweep %s: %+v", class, r.Sweeps)
	}
	return r.Sweeps[0]
}

// closed asserts that every outcome of s has one fabric whose residual
// bisection is proven exactly (lower = upper) at ratio want of the
// intact half injection.
func closed(t *testing.T, s resilience.Sweep, want float64) {
	t.Helper()
	for _, o := range s.Outcomes {
		if len(o.Fabrics) != 1 {
			t.Fatalf("%s: %d fabrics touched", o.Group, len(o.Fabrics))
		}
		f := o.Fabrics[0]
		if f.Method == "bounded" || math.Abs(f.LowerBoundRatio-want) > 1e-9 || math.Abs(f.UpperBoundRatio-want) > 1e-9 {
			t.Errorf("%s: ratio %.6f–%.6f (%s), want exactly %.6f", o.Group, f.LowerBoundRatio, f.UpperBoundRatio, f.Method, want)
		}
	}
}

// closSpines is a non-blocking two-tier Clos of 64 hosts on 8 leaves and
// the given number of spines (a divisor of 8).
func closSpines(spines int) string {
	return fmt.Sprintf(`
fabric "f" {
  clos {
    hosts     = 64
    host_rate = "400Gb/s"
    tier "leaf" {
      model = "QM9700"
      count = 8
      down  = 8
      up    = 8
    }
    tier "spine" {
      model = "QM9700"
      count = %d
    }
  }
}`, spines)
}

// Losing one of s spines of a two-tier non-blocking Clos leaves (s−1)/s
// of the bisection: every leaf loses 1/s of its uplinks, and the residual
// bound (intact less half the spine's links) meets the cut.
func TestCloseSpineLoss(t *testing.T) {
	for _, s := range []int{2, 4, 8} {
		t.Run(fmt.Sprint(s), func(t *testing.T) {
			g := compiletest.Source(t, closSpines(s))
			sw := sweep(t, g, "spine")
			if sw.Scenarios != s || sw.Evaluated != 1 || sw.Outcomes[0].Orbit != s {
				t.Errorf("spine sweep: %d scenarios, %d evaluated, orbit %d; want %d, 1, %d (spines are twins)", sw.Scenarios, sw.Evaluated, sw.Outcomes[0].Orbit, s, s)
			}
			closed(t, sw, float64(s-1)/float64(s))
			if f := sw.Outcomes[0].Fabrics[0]; f.RanksDisconnected != 0 || f.RanksDegraded != 0 {
				t.Errorf("spine loss touched ranks: %+v", f)
			}
		})
	}
}

// A fat-tree k with one of its (k/2)² core switches down keeps bisection
// ratio 1 − 4/k²: the pod-halves cut loses that core's k/2 crossing links.
// One aggregation switch down costs the same (its k/2 uplinks), one
// aggregation–core link 1/(k³/8) of the k³/8 links of the cut.
func TestFatTreeLosses(t *testing.T) {
	for _, k := range []int{4, 8} {
		t.Run(fmt.Sprint(k), func(t *testing.T) {
			g := compiletest.Source(t, fmt.Sprintf(`
fabric "ft" {
  fat_tree {
    k         = %d
    link_rate = "400Gb/s"
  }
}`, k))
			kk := float64(k)
			closed(t, sweep(t, g, "core"), 1-4/(kk*kk))
			closed(t, sweep(t, g, "aggregation"), 1-4/(kk*kk))
			closed(t, sweep(t, g, "aggregation_core"), 1-8/(kk*kk*kk))
			core := sweep(t, g, "core")
			if core.Evaluated != k/2 {
				t.Errorf("core: %d evaluated, want k/2 = %d twin classes", core.Evaluated, k/2)
			}
			// A core loss takes one of k/2 uplinks from k aggregation
			// switches, an aggregation loss one of k/2 from the k/2 edges
			// of its pod: (k/2) ÷ (k/2 − 1) at the tier below, 1:1 elsewhere.
			want := (kk / 2) / (kk/2 - 1)
			for class, tier := range map[string]string{"core": "aggregation", "aggregation": "edge"} {
				for _, o := range sweep(t, g, class).Outcomes {
					if n := len(o.Fabrics[0].Oversubscription); n != 2 {
						t.Errorf("%s %s: %d tiers with uplinks, want edge and aggregation", class, o.Group, n)
					}
					for _, tr := range o.Fabrics[0].Oversubscription {
						w := 1.0
						if tr.Tier == tier {
							w = want
						}
						if tr.IntactRatio != 1 || math.Abs(tr.Ratio-w) > 1e-12 {
							t.Errorf("%s %s: %s %g (intact %g), want %g", class, o.Group, tr.Tier, tr.Ratio, tr.IntactRatio, w)
						}
					}
				}
			}
		})
	}
}

// Losing one rail leaf of a rail-optimized SU degrades exactly the
// servers on it, each by one NIC, and disconnects none; every workload
// using one of them restarts.
func TestRailLeafLoss(t *testing.T) {
	g := compiletest.Example(t, "dgx-h100-superpod")
	r, err := resilience.Run(g, resilience.Options{Scenarios: []resilience.Scenario{{Name: "su1/leaf3", Failure: fail(t, g, "su1/leaf3")}}})
	if err != nil {
		t.Fatal(err)
	}
	o := r.Sweeps[0].Outcomes[0]
	f := o.Fabrics[0]
	// SU 1 has 32 DGX H100 on leaf su1/leaf3 (the SU's appliances sit on
	// other leaves): 256 GPUs each keep 7 of 8 NICs.
	if f.RanksDegraded != 256 || f.RanksDisconnected != 0 || f.LostEndpoints != 32 || f.StrandedEndpoints != 0 {
		t.Errorf("rail leaf: %+v, want 256 degraded, 0 disconnected, 32 endpoints lost", f)
	}
	if u := f.Units; len(u) != 1 || u[0].Kind != "su" || u[0].Total != 4 || u[0].Intact != 3 || u[0].LargestIntactRanks != 256 {
		t.Errorf("units %+v, want 3 of 4 SUs whole, 256 GPUs each", u)
	}
	if len(o.Workloads) != 1 || o.Workloads[0].Status != resilience.StatusRestart || !strings.Contains(o.Workloads[0].Reason, "lost 400Gb/s") {
		t.Errorf("workloads %+v, want llm-70b to restart on a lost 400G NIC link", o.Workloads)
	}
	// The residual bound: intact lower bound less half the leaf's links
	// (32 down + 32 up at 400G, so 12.8 Tb/s) does not apply, as
	// endpoints are lost; whatever is proven must lie below the intact.
	if f.UpperBoundBPS > r.Baseline[0].UpperBoundBPS || f.LowerBoundBPS > f.UpperBoundBPS {
		t.Errorf("residual %g–%g against intact %g–%g", f.LowerBoundBPS, f.UpperBoundBPS, r.Baseline[0].LowerBoundBPS, r.Baseline[0].UpperBoundBPS)
	}
}

// One global link of a dragonfly down: no terminal is touched and the
// interval stays proven; the residual cannot exceed the intact one and
// loses at most the link's capacity.
func TestDragonflyGlobalLink(t *testing.T) {
	g := compiletest.Example(t, "dragonfly-small")
	sw := sweep(t, g, "global")
	if sw.Scenarios != 36 {
		t.Fatalf("global links: %d, want 36", sw.Scenarios)
	}
	intact := 4e12 // the cut of 20 global and local links at 200G (examples_test.go)
	for _, o := range sw.Outcomes {
		f := o.Fabrics[0]
		if f.RanksDisconnected+f.RanksDegraded != 0 {
			t.Errorf("%s: ranks touched", o.Group)
		}
		if f.UpperBoundBPS > intact || f.UpperBoundBPS < intact-200e9 || f.LowerBoundBPS > f.UpperBoundBPS {
			t.Errorf("%s: residual %g–%g, want within [3.8, 4] Tb/s", o.Group, f.LowerBoundBPS, f.UpperBoundBPS)
		}
	}
}

func fail(t *testing.T, g *ir.Graph, spec string) ir.Failure {
	t.Helper()
	f, err := resilience.Resolve(g, spec)
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// A --fail name that matches nothing names the nearest switch or server
// (trial 34: "spin03" got no hint); a glob gets none.
func TestResolveSuggests(t *testing.T) {
	g := compiletest.Source(t, suSpines(2, 4))
	if _, err := resilience.Resolve(g, "spin00"); err == nil || !strings.Contains(err.Error(), `did you mean "spine0`) {
		t.Errorf("spin00: %v; want a suggestion of a spine", err)
	}
	if _, err := resilience.Resolve(g, "nothing*"); err == nil || strings.Contains(err.Error(), "did you mean") {
		t.Errorf("nothing*: %v; want an error without a suggestion", err)
	}
}

// A Monte Carlo run is seeded and deduplicated: the same seed draws the
// same scenarios, the occurrences add up to the iterations, and on a Clos
// of 4 twin spines every draw of 2 spines leaves exactly half.
func TestMonteCarlo(t *testing.T) {
	g := compiletest.Source(t, closSpines(4))
	run := func(seed uint64) resilience.Sweep {
		r, err := resilience.Run(g, resilience.Options{Classes: []string{"spine"}, Random: 2, Iterations: 200, Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		return r.Sweeps[0]
	}
	a, b := run(7), run(7)
	ja, _ := json.Marshal(a)
	jb, _ := json.Marshal(b)
	if string(ja) != string(jb) {
		t.Error("the same seed drew different scenarios")
	}
	if a.Scenarios != 6 || a.Evaluated != 6 {
		t.Errorf("%d scenarios, %d distinct drawn; want C(4,2) = 6 and all of them in 200 draws", a.Scenarios, a.Evaluated)
	}
	total := 0
	for _, o := range a.Outcomes {
		total += o.Occurrences
		if f := o.Fabrics[0]; f.LowerBoundRatio != 0.5 || f.UpperBoundRatio != 0.5 {
			t.Errorf("%s: ratio %g–%g, want exactly 0.5", o.Group, f.LowerBoundRatio, f.UpperBoundRatio)
		}
	}
	if total != 200 {
		t.Errorf("occurrences add up to %d, want 200", total)
	}
	if d := a.Distributions[0]; d.LowerRatioP50 != 0.5 || d.LowerRatioP99 != 0.5 || d.RanksDisconnectedP99 != 0 {
		t.Errorf("distribution %+v", d)
	}
	if _, err := resilience.Run(g, resilience.Options{Classes: []string{"spine"}, Random: 5}); err == nil {
		t.Error("5 distinct spines of 4 drawn without error")
	}
}

// Flows are answered on the surviving graph: SU 0 to SU 1 of the
// SuperPOD keeps 15/16 of its 102.4 Tb/s after any spine loss, and a
// spine that is a flow's end has no twin among the other spines.
func TestFlowsUnderFailure(t *testing.T) {
	g := compiletest.Source(t, closSpines(4)+`
flow "to_spine0" {
  from = ["host00"]
  to   = ["spine0"]
}`)
	sw := sweep(t, g, "spine")
	if sw.Evaluated != 2 {
		t.Errorf("%d evaluated, want 2 (spine0, an end of a flow, apart from its twins)", sw.Evaluated)
	}
	for _, o := range sw.Outcomes {
		want := 400e9 // host0's link
		if o.Group == "spine0" {
			want = 0
		}
		if len(o.Flows) != 1 || o.Flows[0].MaxFlowBPS != want {
			t.Errorf("%s: flows %+v, want max-flow %g", o.Group, o.Flows, want)
		}
	}
	sp := compiletest.Example(t, "dgx-h100-superpod")
	sp.Flows = append(sp.Flows, ir.Flow{Name: "su", Fabric: 0, From: nicsOf(sp, "su0/"), To: nicsOf(sp, "su1/")})
	s2 := sweep(t, sp, "spine")
	if f := s2.Outcomes[0].Flows; len(f) != 1 || math.Abs(f[0].MaxFlowBPS-96e12) > 1 || math.Abs(f[0].ECMPBPS-96e12) > 1 {
		t.Errorf("SuperPOD SU 0 → SU 1 after a spine loss: %+v, want 96 Tb/s max-flow and ECMP", f)
	}
}

// nicsOf returns the compute NICs on fabric 0 of the servers whose names
// start with prefix.
func nicsOf(g *ir.Graph, prefix string) []ir.NodeID {
	var out []ir.NodeID
	for i := range g.Nodes {
		n := &g.Nodes[i]
		if n.Kind == ir.KindNIC && n.InFabric(0) && strings.HasPrefix(n.Name, prefix) {
			out = append(out, ir.NodeID(i))
		}
	}
	return out
}

// A rack of the two-rack NVL72 cluster takes its NVLink domain and its 72
// GPUs; the other domain and rack stay whole.
func TestNVL72RackLoss(t *testing.T) {
	g := compiletest.Example(t, "gb200-nvl72-2rack")
	sw := sweep(t, g, "rack")
	o := sw.Outcomes[0]
	if o.Group != "rack0" || o.NVLinkDomains == nil || o.NVLinkDomains.Total != 2 || o.NVLinkDomains.Intact != 1 {
		t.Fatalf("%s: NVLink domains %+v, want 1 of 2 whole", o.Group, o.NVLinkDomains)
	}
	for _, f := range o.Fabrics {
		if f.RanksDisconnected != 72 || f.RanksDegraded != 0 {
			t.Errorf("%s: %d disconnected, %d degraded; want the rack's 72 GPUs", f.Fabric, f.RanksDisconnected, f.RanksDegraded)
		}
	}
}

// A rack sweep says which racks are the cable plan's network racks, whose
// switches no design placed (trial 59 read a whole fabric lost with one
// rack of topoc's choosing): the two NVL72 compute racks do not, the
// network rack the leaves and spines fill does.
func TestRackSweepNamesNetworkRacks(t *testing.T) {
	g := compiletest.Example(t, "gb200-nvl72-2rack")
	sw := sweep(t, g, "rack")
	network := 0
	for _, o := range sw.Outcomes {
		placed := strings.Contains(o.Holds, "a network rack the cable plan filled")
		if isNet := strings.Contains(o.Holds, "switches") && !strings.Contains(o.Holds, "servers"); placed != isNet {
			t.Errorf("%s (%s): note %v, want %v", o.Group, o.Holds, placed, isNet)
		}
		if placed {
			network++
		}
	}
	if network == 0 {
		t.Errorf("no network rack named among %d racks", len(sw.Outcomes))
	}
}

// An endpoint the design leaves uncabled (n0/nic1) is not lost by a
// failure: a spine loss loses no endpoint port, a host link loss one.
func TestLostEndpointsCountCabledOnly(t *testing.T) {
	g := compiletest.Source(t, `switch_model "sw" {
  radix     = 64
  port_rate = "400Gb/s"
  breakouts = ["2x200Gb/s", "4x100Gb/s"]
}
nic_model "cx2p" {
  ports      = 2
  port_rate  = "400Gb/s"
  pcie_gen   = 5
  pcie_width = 16
}
node_model "srv" {
  gpu  = "H100"
  gpus = 2
  nic "compute" {
    model = "cx2p"
    count = 2
  }
}
node_group "n" {
  model = "srv"
  count = 3
  name  = format("n%d", count.index)
}
fabric "f" {
  custom {
    switch "s" {
      model = "sw"
    }
    switch "l" {
      count = 3
      model = "sw"
    }
    host "h" {
      count = 6
      rate  = "400Gb/s"
    }
    host "d" {
      ports = 2
      rate  = "400Gb/s"
    }
    link {
      count = 3
      a = "l${count.index}"
      b = "s"
    }
    link {
      count = 6
      a = "h${count.index}"
      b = "l${count.index % 3}"
    }
    link {
      a = "d"
      b = "l0"
    }
    link {
      a = "d"
      b = "l1"
    }
    # n0/nic0 both ports to l1 and l2; n0/nic1 not cabled
    link {
      a = "n0/nic0"
      b = "l1"
    }
    link {
      a = "n0/nic0"
      b = "l2"
    }
    # n1/nic0 both ports to the same leaf l2; n1/nic1 one port to l0
    link {
      a = "n1/nic0"
      b = "l2"
      parallel = 2
    }
    link {
      a = "n1/nic1"
      b = "l0"
    }
    # n2: nic0 -> l0, nic1 -> l2 (rails meet only in the server)
    link {
      a = "n2/nic0"
      b = "l0"
    }
    link {
      a = "n2/nic1"
      b = "l2"
    }
  }
}
`)
	for spec, want := range map[string]int{"s": 0, "n2/nic0--l0": 1} {
		r, err := resilience.Run(g, resilience.Options{Scenarios: []resilience.Scenario{{Name: spec, Failure: fail(t, g, spec)}}})
		if err != nil {
			t.Fatal(err)
		}
		if got := r.Sweeps[0].Outcomes[0].Fabrics[0].LostEndpoints; got != want {
			t.Errorf("%s: %d endpoints lost, want %d", spec, got, want)
		}
	}
}

// A rail-only fabric whose rails meet only over NVLink (server_transit)
// falls apart into its rails when the NVSwitches fail: the fabric is
// touched, the main part keeps one rail (4 of 16 NICs) and every tray's
// GPUs are degraded, none disconnected.
func TestNVSwitchLossBreaksTransit(t *testing.T) {
	g := compiletest.Source(t, `node_group "tray" {
  model = "GB200-NVL72-compute-tray"
  count = 4
  name  = format("tray%d", count.index)
}
fabric "nvl" {
  nvlink_domain {
    gpu_nodes     = node_group.tray.gpus
    switches      = 2
    links_per_gpu = 2
    per_switch    = [1, 1]
    link_rate     = "50GB/s"
    switch_model  = "NVSwitch-gen4"
  }
}
fabric "so" {
  custom {
    server_transit = ["nvlink"]
    switch "leaf" {
      count = 4
      model = "QM9700"
      rail  = count.index
    }
    link {
      for_each = setproduct(range(4), range(4))
      a        = format("tray%d/nic%d", each.value[0], each.value[1])
      b        = "leaf${each.value[1]}"
    }
  }
}
workload "w" {
  gpus = node_group.tray.gpus
  fabric = "so"
  collective "g" {
    op   = "allreduce"
    size = "1GB"
  }
}
`)
	r, err := resilience.Run(g, resilience.Options{Scenarios: []resilience.Scenario{{Name: "nvswitches", Failure: fail(t, g, "nvswitch*")}}})
	if err != nil {
		t.Fatal(err)
	}
	var so *resilience.FabricOutcome
	for i, f := range r.Sweeps[0].Outcomes[0].Fabrics {
		if f.Fabric == "so" {
			so = &r.Sweeps[0].Outcomes[0].Fabrics[i]
		}
	}
	if so == nil {
		t.Fatal(`fabric "so" not touched by the loss of the NVSwitches its transit crosses`)
	}
	if so.StrandedEndpoints != 12 || so.RanksDegraded != 16 || so.RanksDisconnected != 0 {
		t.Errorf("so: %d endpoints cut off, %d ranks degraded, %d disconnected; want 12, 16, 0", so.StrandedEndpoints, so.RanksDegraded, so.RanksDisconnected)
	}
}

// spinePolicy is closSpines(4) with a failure policy losing one spine in
// spineWeight ÷ (spineWeight + quietWeight) of the draws.
func spinePolicy(spineWeight, quietWeight int) string {
	return closSpines(4) + fmt.Sprintf(`
failure_policy "p" {
  mode "spine" {
    weight = %d
    rule {
      class  = "spine"
      select = "choice"
    }
  }
  mode "quiet" {
    weight = %d
  }
}
failure_policy "pairs" {
  rule {
    class  = "spine"
    select = "choice"
    count  = 2
  }
}
`, spineWeight, quietWeight)
}

// A policy's quantiles follow its weights in closed form: a spine of 4
// lost in 3 of 4 draws puts both p50 and p99 at exactly 3/4; lost in 1 of
// 4, p50 stays at the intact 1 and p99 is 3/4. Every draw is either the
// intact design or one spine down at exactly 3/4, and the modes are drawn
// in proportion to their weights.
func TestPolicyQuantiles(t *testing.T) {
	for _, tc := range []struct {
		spine, quiet int
		p50          float64
	}{{3, 1, 0.75}, {1, 3, 1}} {
		g := compiletest.Source(t, spinePolicy(tc.spine, tc.quiet))
		r, err := resilience.Run(g, resilience.Options{Policies: []string{"p"}, Iterations: 2000})
		if err != nil {
			t.Fatal(err)
		}
		s := r.Sweeps[0]
		if s.Class != resilience.ClassPolicy || s.Policy != "p" || s.Iterations != 2000 || s.Seed != 1 || len(s.Modes) != 2 {
			t.Fatalf("sweep %+v", s)
		}
		p := float64(tc.spine) / float64(tc.spine+tc.quiet)
		if d := s.Modes[0].Draws; math.Abs(float64(d)-2000*p) > 5*math.Sqrt(2000*p*(1-p)) || d+s.Modes[1].Draws != 2000 {
			t.Errorf("modes drawn %+v, want about %.0f spine draws", s.Modes, 2000*p)
		}
		total := 0
		for _, o := range s.Outcomes {
			total += o.Occurrences
			switch {
			case o.Group == resilience.NothingFails:
				if len(o.Fabrics) != 0 {
					t.Errorf("the quiet draw touched %+v", o.Fabrics)
				}
			case strings.HasPrefix(o.Group, "spine"):
				if f := o.Fabrics[0]; f.LowerBoundRatio != 0.75 || f.UpperBoundRatio != 0.75 {
					t.Errorf("%s: ratio %g–%g, want exactly 0.75", o.Group, f.LowerBoundRatio, f.UpperBoundRatio)
				}
			default:
				t.Errorf("unexpected draw %q", o.Group)
			}
		}
		if total != 2000 || s.Evaluated != 5 {
			t.Errorf("%d occurrences over %d distinct draws; want 2000 over 5 (4 spines and nothing)", total, s.Evaluated)
		}
		d := s.Distributions[0]
		if d.LowerRatioP50 != tc.p50 || d.UpperRatioP50 != tc.p50 || d.LowerRatioP99 != 0.75 || d.UpperRatioP99 != 0.75 {
			t.Errorf("weights %d:%d: distribution %+v, want p50 %g, p99 0.75", tc.spine, tc.quiet, d, tc.p50)
		}
		w := resilience.Worst(g, r, &s)[0]
		if w.P99 == nil || w.P99.Bisection.Ratio != 0.75 || w.P99.Bisection.Method != "exact" || w.P50.Bisection.Ratio != tc.p50 || w.Iterations != 2000 {
			t.Errorf("worst case %+v, p50 %+v, p99 %+v", w, w.P50, w.P99)
		}
	}
}

// A uniform choice policy draws what --random draws: the same seed gives
// the same scenarios, occurrences and numbers.
func TestPolicyMatchesRandom(t *testing.T) {
	g := compiletest.Source(t, spinePolicy(1, 1))
	pol, err := resilience.Run(g, resilience.Options{Policies: []string{"pairs"}, Iterations: 300, Seed: 4, SeedGiven: true})
	if err != nil {
		t.Fatal(err)
	}
	rnd, err := resilience.Run(g, resilience.Options{Classes: []string{"spine"}, Random: 2, Iterations: 300, Seed: 4})
	if err != nil {
		t.Fatal(err)
	}
	a, b := pol.Sweeps[0].Outcomes, rnd.Sweeps[0].Outcomes
	if len(a) != len(b) {
		t.Fatalf("%d distinct draws by policy, %d by --random", len(a), len(b))
	}
	for i := range a {
		a[i].Class = b[i].Class
		ja, _ := json.Marshal(a[i])
		jb, _ := json.Marshal(b[i])
		if string(ja) != string(jb) {
			t.Errorf("draw %d: policy %s, --random %s", i, ja, jb)
		}
	}
}

// A policy that cannot be drawn is an error at its rule; an unknown
// policy names the design's.
func TestPolicyErrors(t *testing.T) {
	g := compiletest.Source(t, closSpines(4)+`
failure_policy "five" {
  rule {
    class  = "spine"
    select = "choice"
    count  = 5
  }
}
failure_policy "gpus" {
  rule {
    class     = "spine"
    select    = "choice"
    weight_by = "gpus"
  }
}
`)
	for name, want := range map[string]string{"five": "a choice of 5 distinct groups", "gpus": "0 of its groups weigh more than 0"} {
		_, err := resilience.Run(g, resilience.Options{Policies: []string{name}})
		var pe *resilience.PolicyError
		if !errors.As(err, &pe) || !strings.Contains(err.Error(), want) || g.Range(pe.Origin).Start.Line == 0 {
			t.Errorf("%s: %v, want a PolicyError at the rule with %q", name, err, want)
		}
	}
	if got := len(resilience.CheckPolicies(g)); got != 2 {
		t.Errorf("CheckPolicies found %d faults, want 2", got)
	}
	if _, err := resilience.Run(g, resilience.Options{Policies: []string{"fiv"}}); err == nil || !strings.Contains(err.Error(), "five, gpus") {
		t.Errorf("unknown policy: %v", err)
	}
}

// A declared class whose groups match no device is skipped with the
// reason in a default run and refused when named: sweeping it would fail
// nothing and pass for the wrong reason.
func TestEmptyDeclaredClass(t *testing.T) {
	g := compiletest.Source(t, closSpines(4)+`
risk_group "loop" {
  class   = "cooling_loop"
  devices = ["nosuch*"]
}
`)
	r, err := resilience.Run(g, resilience.Options{})
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, s := range r.Sweeps {
		if s.Class == "cooling_loop" {
			found = true
			if !strings.Contains(s.Skipped, "match no device") || s.Worst != -1 || len(s.Outcomes) != 0 {
				t.Errorf("cooling_loop sweep %+v, want skipped for matching no device", s)
			}
		}
	}
	if !found {
		t.Error("the default run has no cooling_loop entry")
	}
	if _, err := resilience.Run(g, resilience.Options{Classes: []string{"cooling_loop"}}); err == nil || !strings.Contains(err.Error(), "match no device") {
		t.Errorf("named sweep of an empty class: %v", err)
	}
}

// Switches whose links differ in routing cost are not twins: spine0 is a
// backup (cost 10) beside two spines at cost 1, so losing spine1 leaves
// ECMP one 400G path (the backup stays unused) while losing spine0
// leaves both: the sweep evaluates both kinds and its worst flow is 400
// Gb/s.
func TestTwinsRespectCosts(t *testing.T) {
	g := compiletest.Source(t, `
fabric "f" {
  custom {
    switch "spine" {
      count = 3
      model = "TH4-64x400G"
      tier  = "spine"
    }
    switch "leaf" {
      count = 2
      model = "TH4-64x400G"
      tier  = "leaf"
    }
    host "h" {
      count = 8
      rate  = "400Gb/s"
    }
    link {
      for_each = setproduct(range(2), range(3))
      a        = "leaf${each.value[0]}"
      b        = "spine${each.value[1]}"
      cost     = each.value[1] == 0 ? 10 : 1
    }
    link {
      count = 8
      a     = "h${count.index}"
      b     = "leaf${floor(count.index / 4)}"
    }
  }
}
flow "x" {
  from = ["h[0-3]"]
  to   = ["h[4-7]"]
}
`)
	r, err := resilience.Run(g, resilience.Options{Classes: []string{"spine"}})
	if err != nil {
		t.Fatal(err)
	}
	s := r.Sweeps[0]
	if s.Evaluated != 2 {
		t.Errorf("%d evaluations of 3 spines, want 2 (spine0 has no twin)", s.Evaluated)
	}
	if w := resilience.Worst(g, r, &s)[0].Flows["x"]; w.ECMPBPS != 400e9 {
		t.Errorf("worst ECMP after a spine loss %g, want 400 Gb/s", w.ECMPBPS)
	}
}

// Ends a failure cuts off are left out of a flow's answers, as failed
// ends are: with leaf0 down, SU 0's four hosts on it are stranded and the
// four on leaf1 still place their 4 × 400 Gb/s to SU 1 under ECMP (had
// they stayed in, the equal demand would make ECMP place 0).
func TestFlowStrandedEnds(t *testing.T) {
	g := compiletest.Source(t, suLeafSpine(4, 4)+`
flow "a" {
  from = [{ su = 0 }]
  to   = [{ su = 1 }]
}
`)
	r, err := resilience.Run(g, resilience.Options{Scenarios: []resilience.Scenario{{Name: "leaf0", Failure: fail(t, g, "leaf0")}}})
	if err != nil {
		t.Fatal(err)
	}
	fl := r.Sweeps[0].Outcomes[0].Flows[0]
	if fl.StrandedEnds != 4 || fl.MaxFlowBPS != 1.6e12 || math.Abs(fl.ECMPBPS-1.6e12) > 1 {
		t.Errorf("after leaf0: %+v; want 4 ends stranded, max-flow and ECMP 1.6 Tb/s", fl)
	}
	// With every source failed there is no flow and nothing stranded:
	// the sinks are fine, the failed ends account for the zero.
	r, err = resilience.Run(g, resilience.Options{Scenarios: []resilience.Scenario{{Name: "su0 hosts", Failure: fail(t, g, "h0[0-7]")}}})
	if err != nil {
		t.Fatal(err)
	}
	if fl := r.Sweeps[0].Outcomes[0].Flows[0]; fl.StrandedEnds != 0 || fl.MaxFlowBPS != 0 {
		t.Errorf("after SU 0's hosts: %+v; want no flow and nothing stranded", fl)
	}
}

// A scenario that cuts units off makes their kind's worst ratio
// unbounded (null), never the ratio of the units left: a cooling loop
// feeding both spines leaves both SUs with hosts and nothing leaving.
func TestUnitsCutOffUnbounded(t *testing.T) {
	g := compiletest.Source(t, suLeafSpine(2, 2)+`
risk_group "loop" {
  class   = "cooling"
  devices = ["spine*"]
}
`)
	r, err := resilience.Run(g, resilience.Options{Classes: []string{"cooling", "spine"}})
	if err != nil {
		t.Fatal(err)
	}
	cool := resilience.Worst(g, r, &r.Sweeps[0])[0]
	if v, ok := cool.UnitOversubscription["su"]; !ok || v != nil || cool.UnitsCutOff["su"] != 2 {
		t.Errorf("cooling: su ratio %v (present %v), %d cut off; want null and 2", v, ok, cool.UnitsCutOff["su"])
	}
	// The leaves keep their hosts and lose every uplink: the tier is
	// listed with all four counted, and its worst ratio is unbounded.
	if v, ok := cool.Oversubscription["leaf"]; !ok || v != nil {
		t.Errorf("cooling: leaf ratio %v (present %v), want null", v, ok)
	}
	leaf := r.Sweeps[0].Outcomes[0].Fabrics[0].Oversubscription
	if len(leaf) != 1 || leaf[0].Tier != "leaf" || leaf[0].WithoutUplinks != 4 {
		t.Errorf("cooling outcome tiers %+v, want leaf with 4 switches without uplinks", leaf)
	}
	// One spine of two: an SU's 4 hosts (1.6 Tb/s) keep 2 of their 4
	// uplinks of 400 Gb/s, so the ratio goes from 1 to 2.
	sp := resilience.Worst(g, r, &r.Sweeps[1])[0]
	if v := sp.UnitOversubscription["su"]; v == nil || *v != 2 || sp.UnitsCutOff["su"] != 0 {
		t.Errorf("spine: su ratio %v, %d cut off; want 2 and 0", v, sp.UnitsCutOff["su"])
	}
}

// A rule's match takes links as --fail writes them, "A--B" with a glob
// per end: leaf0's 8 uplinks (2 to each of 4 spines) fail together and
// cut off its 8 hosts.
func TestPolicyMatchLinks(t *testing.T) {
	g := compiletest.Source(t, closSpines(4)+`
failure_policy "leaf0_up" {
  iterations = 1
  rule {
    class  = "leaf_spine"
    select = "all"
    match  = ["spine*--leaf0"]
  }
}
`)
	r, err := resilience.Run(g, resilience.Options{Policies: []string{"leaf0_up"}})
	if err != nil {
		t.Fatal(err)
	}
	o := r.Sweeps[0].Outcomes[0]
	if n := strings.Count(o.Group, " + ") + 1; n != 8 || !strings.Contains(o.Group, "leaf0:") {
		t.Errorf("draw %q: %d links, want leaf0's 8", o.Group, n)
	}
	if f := o.Fabrics[0]; f.RanksDisconnected != 8 {
		t.Errorf("%d ranks disconnected, want leaf0's 8 hosts", f.RanksDisconnected)
	}
}

// suLeafSpine is a custom leaf-spine of 4 leaves in two SUs (leaves 0–1
// and 2–3), each leaf joined once to each of the given spines, with
// hostsPerLeaf hosts of 400 Gb/s on each leaf (h0…h7, or h00…h15, as
// custom names pad their index).
func suLeafSpine(spines, hostsPerLeaf int) string {
	return fmt.Sprintf(`
fabric "f" {
  custom {
    switch "spine" {
      count = %d
      model = "TH4-64x400G"
      tier  = "spine"
    }
    switch "leaf" {
      count = 4
      model = "TH4-64x400G"
      tier  = "leaf"
      su    = floor(count.index / 2)
    }
    host "h" {
      count = %d
      rate  = "400Gb/s"
    }
    link {
      for_each = setproduct(range(4), range(%d))
      a        = "leaf${each.value[0]}"
      b        = "spine${each.value[1]}"
    }
    link {
      count = %d
      a     = format("h%%0%dd", count.index)
      b     = "leaf${floor(count.index / %d)}"
    }
  }
}
`, spines, 4*hostsPerLeaf, spines, 4*hostsPerLeaf, len(fmt.Sprint(4*hostsPerLeaf-1)), hostsPerLeaf)
}

// A quick draw on a fabric of few endpoints is searched, not bounded: no
// lower bound applies to a custom fabric whose hosts lost links, and
// the enumeration makes every draw exact instead of [0, cut].
func TestQuickSmallFabricExact(t *testing.T) {
	g := compiletest.Source(t, suLeafSpine(2, 2))
	r, err := resilience.Run(g, resilience.Options{Classes: []string{"link"}, Random: 2, Iterations: 100})
	if err != nil {
		t.Fatal(err)
	}
	for _, o := range r.Sweeps[0].Outcomes {
		for _, f := range o.Fabrics {
			if f.LowerBoundRatio != f.UpperBoundRatio {
				t.Errorf("%s: %g–%g, want exact", o.Group, f.LowerBoundRatio, f.UpperBoundRatio)
			}
		}
	}
}

// Above 18 endpoints a quick draw that loses hosts still gets a lower
// bound where the hose bound does not apply: the uniform
// multicommodity-flow bound, when it is cheap.
func TestQuickDrawLowerBound(t *testing.T) {
	g := compiletest.Source(t, suLeafSpine(4, 5))
	r, err := resilience.Run(g, resilience.Options{Classes: []string{"link"}, Random: 2, Iterations: 60})
	if err != nil {
		t.Fatal(err)
	}
	for _, o := range r.Sweeps[0].Outcomes {
		for _, f := range o.Fabrics {
			if f.UpperBoundRatio > 0 && !(f.LowerBoundRatio > 0 && f.LowerBoundRatio <= f.UpperBoundRatio) {
				t.Errorf("%s: %g–%g (%s), want a lower bound above 0", o.Group, f.LowerBoundRatio, f.UpperBoundRatio, f.LowerBoundMethod)
			}
		}
	}
}

// whatifText runs the named scenarios (name: --fail spec) on g and
// returns the text whatif --all prints.
func whatifText(t *testing.T, g *ir.Graph, specs ...string) (*resilience.Report, string) {
	t.Helper()
	var sc []resilience.Scenario
	for _, s := range specs {
		sc = append(sc, resilience.Scenario{Name: s, Failure: fail(t, g, s)})
	}
	r, err := resilience.Run(g, resilience.Options{Scenarios: sc})
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	resilience.WriteText(&b, r, true)
	return r, b.String()
}

// The text says what a failure cuts off: switches of a tier left with no
// uplink and units that nothing leaves are cut off, never at a ratio of
// 0:1. In the first scenario leaf0 keeps its hosts and loses its uplinks
// while leaves 1 to 3 keep their uplinks and lose every host (down ÷ up
// 0); in the second both leaves of SU 0 lose their uplinks; in the third
// both spines fail.
func TestTextCutOff(t *testing.T) {
	g := compiletest.Source(t, suLeafSpine(2, 2))
	_, text := whatifText(t, g, "leaf0--spine*,h[2-7]", "leaf0--spine*,leaf1--spine*", "spine*")
	for _, want := range []string{
		"leaf: 1 switch cut off (no uplink left)\n",
		"leaf: 2 switches cut off (no uplink left)\n      units end to end: 1 unit of kind su cut off: nothing leaves it\n",
		"leaf: 4 switches cut off (no uplink left)\n      units end to end: 2 units of kind su cut off: nothing leaves them\n",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("no %q in\n%s", want, text)
		}
	}
	if strings.Contains(text, "0:1") || strings.Contains(text, "without uplinks") {
		t.Errorf("a cut-off tier or unit reads as a ratio:\n%s", text)
	}
}

// A failure that leaves fewer endpoints can leave a bisection above the
// intact one (their balanced split is another cut), so its share of the
// intact bisection is not capped at 100%, and the text says why when it
// passes 100%. The SuperPOD's 4 UFM ports lost: 1,016 GPUs, a side of
// 508 is 63 servers and one cut 4 | 4, 217.776 of 211.408 Tb/s, 103.0%,
// both exact (whole-server hose bound). A spine's loss keeps the
// endpoints, and its share stays at most 100% with no note. An interval
// across 100% says it can pass it.
func TestTextShareAboveIntact(t *testing.T) {
	g := compiletest.Example(t, "dgx-h100-superpod")
	r, text := whatifText(t, g, "ufm*", "spine00")
	ufm, spine := r.Sweeps[0].Outcomes[0].Fabrics[0], r.Sweeps[0].Outcomes[1].Fabrics[0]
	if ufm.UpperPercent == nil || *ufm.UpperPercent <= 100 || ufm.LowerPercent <= 100 || ufm.Method != "exact" {
		t.Errorf("UFM ports lost: %.1f–%v%% of intact, %s; want exactly above 100%%", ufm.LowerPercent, ufm.UpperPercent, ufm.Method)
	}
	if spine.UpperPercent == nil || *spine.UpperPercent > 100 {
		t.Errorf("a spine lost: upper %v%% of intact; want at most 100%%", spine.UpperPercent)
	}
	if want := "bisection 217.776Tb/s, 103.0% of intact (exact; above 100%: the failure left fewer endpoints, and their balanced split costs more than the intact one)"; !strings.Contains(text, want) {
		t.Errorf("no %q in\n%s", want, text)
	}
	if strings.Count(text, "100%") != 1 {
		t.Errorf("the note is not on the UFM loss alone:\n%s", text)
	}
	// An interval across 100% can pass it; one above 100% is proven
	// above the intact bisection.
	for _, c := range []struct {
		lo, hi float64 // percent of intact
		want   string
	}{
		{93.5, 100.5, "93.5–100.5% of intact (bounded; it can pass 100%: the failure left fewer endpoints, and their balanced split can cost more than the intact one)"},
		{102, 105, "102.0–105.0% of intact (bounded; above 100%: the failure left fewer endpoints, and their balanced split costs more than the intact one)"},
	} {
		hi := c.hi
		one := &resilience.Report{Sweeps: []resilience.Sweep{{Class: "scenario", Scenarios: 1, Evaluated: 1, Outcomes: []resilience.Outcome{{
			Group: "x", Fabrics: []resilience.FabricOutcome{{Fabric: "f", LowerBoundBPS: c.lo * 1e10, UpperBoundBPS: c.hi * 1e10, Method: "bounded", LowerPercent: c.lo, UpperPercent: &hi}},
		}}}}}
		var b strings.Builder
		resilience.WriteText(&b, one, true)
		if !strings.Contains(b.String(), c.want) {
			t.Errorf("no %q in\n%s", c.want, b.String())
		}
	}
}

// A composed fabric's units are its zones, the member fabrics: losing an
// edge switch of zone west leaves 1 of the composite's 2 zones whole (16
// hosts in the other), where the member fabric counts its own pods.
func TestCompositeZoneUnits(t *testing.T) {
	g := compiletest.Dir(t, filepath.Join(compiletest.Root(t), "testdata", "zones"))
	r, err := resilience.Run(g, resilience.Options{Scenarios: []resilience.Scenario{{Name: "edge", Failure: fail(t, g, "pod0/edge0")}}})
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range r.Sweeps[0].Outcomes[0].Fabrics {
		switch f.Fabric {
		case "cluster":
			if u := f.Units; len(u) != 1 || u[0].Kind != "zone" || u[0].Total != 2 || u[0].Intact != 1 || u[0].LargestIntactRanks != 16 {
				t.Errorf("cluster units %+v, want 1 of 2 zones whole, 16 hosts", u)
			}
		case "west":
			if u := f.Units; len(u) != 1 || u[0].Kind != "pod" || u[0].Total != 4 || u[0].Intact != 3 {
				t.Errorf("west units %+v, want 3 of 4 pods whole", u)
			}
		}
	}
}

// Links of a zone are links of the composite that includes it: losing an
// edge switch's two uplinks in "west" cuts its two hosts off "cluster"
// too. An audit found the composite left out of such an outcome (read
// intact, and a requirement on it called vacuous) while a failed device
// of the zone reached it.
func TestZoneLinkLossTouchesComposite(t *testing.T) {
	g := compiletest.Dir(t, filepath.Join(compiletest.Root(t), "testdata", "zones"))
	r, text := whatifText(t, g, "pod0/edge0--pod0/agg0,pod0/edge0--pod0/agg1")
	var cluster *resilience.FabricOutcome
	for i, f := range r.Sweeps[0].Outcomes[0].Fabrics {
		if f.Fabric == "cluster" {
			cluster = &r.Sweeps[0].Outcomes[0].Fabrics[i]
		}
	}
	if cluster == nil || cluster.RanksDisconnected != 2 {
		t.Errorf("cluster outcome %+v, want 2 ranks disconnected\n%s", cluster, text)
	}
}

// A GPU reaches the fabric only over its server's links: a failed PCIe
// switch strands the GPU below it (1 rank disconnected) and leaves the
// NIC below it unused, so its peer GPU keeps half the server's capacity
// (1 degraded), and the job restarts. An audit found "0 disconnected, 0
// degraded", the job merely slowed, while the NIC's failure alone, which
// strands nothing, read 2 degraded and a restart.
func TestPCIeSwitchLossStrandsGPU(t *testing.T) {
	g := compiletest.Source(t, `
node_model "mini" {
  gpu  = "H100"
  gpus = 2
  cpu {
    sockets = 1
  }
  nic "compute" {
    model = "ConnectX-7"
    count = 2
  }
  pcie_switch {
    count  = 2
    socket = 0
    gpus   = [count.index]
    nics   = ["compute[${count.index}]"]
    gen    = 5
    width  = 16
  }
}
node_group "n" {
  model = "mini"
  count = 6
  name  = format("su%d/node%d", floor(count.index / 3), count.index % 3)
}
fabric "compute" {
  clos {
    endpoints = node_group.n.nics.compute
    rails     = 2
    unit "su" {
      nodes = 3
    }
    tier "leaf" {
      model = "QM9700"
      per   = ["su", "rail"]
      down  = 3
      up    = 2
    }
    tier "spine" {
      model = "QM9700"
      count = 2
      down  = 4
    }
  }
}
workload "dp" {
  gpus = node_group.n.gpus
  collective "gradients" {
    op   = "allreduce"
    size = "1GB"
  }
}`)
	r, text := whatifText(t, g, "su0/node0/pcie0")
	o := r.Sweeps[0].Outcomes[0]
	if len(o.Fabrics) != 1 || o.Fabrics[0].RanksDisconnected != 1 || o.Fabrics[0].RanksDegraded != 1 {
		t.Errorf("fabrics %+v, want 1 rank disconnected and 1 degraded\n%s", o.Fabrics, text)
	}
	if len(o.Workloads) != 1 || o.Workloads[0].Status != resilience.StatusRestart || !strings.Contains(o.Workloads[0].Reason, "su0/node0/gpu0 reaches no NIC") {
		t.Errorf("workloads %+v, want a restart for gpu0\n%s", o.Workloads, text)
	}
}

// A rank restarts its job when a link of its own fails, not when its
// links lead to a smaller piece of the fabric: plane 0's spine down
// leaves rack 1's plane-0 leaf an island, off the main part, yet a job
// of rack 1's hosts still reaches every peer over it and plane 1, so it
// is unaffected (trial 66: a plane's aggregation tier down restarted a
// job whose traffic stayed on its rails' ToRs). Transfers left with no
// path are lostPaths' restart (TestPlaneJobLosesPaths).
func TestIslandIsNoOwnLinkLoss(t *testing.T) {
	g := compiletest.Dir(t, filepath.Join(compiletest.Root(t), "testdata", "dual-plane-hosts"))
	r, text := whatifText(t, g, "plane0/spine0")
	o := r.Sweeps[0].Outcomes[0]
	if len(o.Workloads) != 1 || o.Workloads[0].Status != resilience.StatusUnaffected {
		t.Errorf("workloads %+v, want w unaffected\n%s", o.Workloads, text)
	}
}

// suSpines is a two-tier Clos of su scalable units of hosts hosts each,
// one leaf per unit with 8 uplinks, under 2 spines.
func suSpines(su, hosts int) string {
	return fmt.Sprintf(`
fabric "f" {
  clos {
    hosts     = %d
    host_rate = "400Gb/s"
    unit "su" {
      nodes = %d
    }
    tier "leaf" {
      model = "QM9700"
      per   = ["su"]
      down  = %d
      up    = 8
    }
    tier "spine" {
      model = "QM9700"
      count = 2
    }
  }
}
risk_group "core" {
  class   = "cooling"
  devices = ["spine*"]
}
`, su*hosts, hosts, hosts)
}

// A failure that leaves the fabric in pieces is judged over every
// surviving endpoint, the ones cut off included (trial finding: over the
// main part alone, losing both spines of two scalable units read "100%
// of intact" and a requirement on it passed with half the ranks cut
// off). Two units of 16 hosts fall into two even halves with nothing
// between them: 0, exactly. Three units of 4 hosts cannot be split 6 | 6
// without cutting a unit: 2 of its host links, 800 Gb/s of 2.4 Tb/s.
func TestResidualOverPieces(t *testing.T) {
	for _, tc := range []struct {
		su, hosts int
		want      float64 // bits per second
	}{{2, 16, 0}, {3, 4, 800e9}} {
		s := sweep(t, compiletest.Source(t, suSpines(tc.su, tc.hosts)), "cooling")
		f := s.Outcomes[0].Fabrics[0]
		if f.StrandedEndpoints != tc.su*tc.hosts-tc.hosts || f.Method == "bounded" || f.LowerBoundBPS != tc.want || f.UpperBoundBPS != tc.want {
			t.Errorf("%d units of %d: %d cut off, %s %g–%g b/s; want %d cut off, exactly %g", tc.su, tc.hosts, f.StrandedEndpoints, f.Method, f.LowerBoundBPS, f.UpperBoundBPS, tc.su*tc.hosts-tc.hosts, tc.want)
		}
	}
	// A failed leaf cuts its hosts off as surely as its failed uplinks
	// do: its 16 hosts still count in the split, so two units read 0
	// either way (second trial: the leaf read 50% while its uplinks read
	// 0, and a requirement on the leaf sweep passed).
	g := compiletest.Source(t, suSpines(2, 16))
	for _, spec := range []string{"su0/leaf0", "su0/leaf0--spine*"} {
		r, err := resilience.Run(g, resilience.Options{Scenarios: []resilience.Scenario{{Name: spec, Failure: fail(t, g, spec)}}})
		if err != nil {
			t.Fatal(err)
		}
		if f := r.Sweeps[0].Outcomes[0].Fabrics[0]; f.UpperBoundBPS != 0 || f.RanksDisconnected != 16 {
			t.Errorf("%s: %g–%g b/s, %d ranks disconnected; want exactly 0 and 16", spec, f.LowerBoundBPS, f.UpperBoundBPS, f.RanksDisconnected)
		}
	}
}

// In the port view each port of a dual-port host is an endpoint, and a
// port whose leaf failed stays in the split, cut off, as a single-port
// host whose leaf failed does (trial 33: it left the split, and the
// bisection of 4 dual-port hosts on two planes rose from 0 to
// 800 Gb/s "exact" when plane 1's leaf failed). The 4 dead ports on one
// side and the 4 live ones on the other cut nothing: 0, as intact.
func TestDeadPortStaysInTheSplit(t *testing.T) {
	g := compiletest.Source(t, `
fabric "f" {
  clos {
    hosts      = 4
    host_rate  = "400Gb/s"
    host_ports = 2
    planes     = 2
    tier "leaf" {
      model = "QM9700"
      down  = 4
    }
  }
}`)
	r, err := resilience.Run(g, resilience.Options{View: bisection.ViewPort,
		Scenarios: []resilience.Scenario{{Name: "plane1/leaf0", Failure: fail(t, g, "plane1/leaf0")}}})
	if err != nil {
		t.Fatal(err)
	}
	if f := r.Sweeps[0].Outcomes[0].Fabrics[0]; f.LowerBoundBPS != 0 || f.UpperBoundBPS != 0 {
		t.Errorf("%s: %g–%g b/s; want exactly 0", f.Method, f.LowerBoundBPS, f.UpperBoundBPS)
	}
}

// A risk group of links (a cable tray) fails its links and no device:
// the tray over pod 0's 4 aggregation–core cables of a k = 4 fat-tree
// at 400G cuts the pod off, and the residual bisection is exactly
// 1.6 Tb/s, half the intact 3.2 Tb/s (side A holds pod 0's 4 hosts and
// 4 more, each of which costs at least its own 400G link). The derived
// cable class fails each of the plan's 48 cables alone; the worst is a
// host cable: its host joins 7 others on one side, and the 15 connected
// hosts split 7 | 8 on a non-blocking tree, so the cut is exactly
// 7 × 400G = 2.8 Tb/s (the hose bound, met by cutting those 7 hosts).
func TestLinkRiskGroupsAndCables(t *testing.T) {
	g := compiletest.Source(t, `
fabric "ft" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}
risk_group "tray_pod0" {
  class = "tray"
  links = ["pod0/agg*--core*"]
}
`)
	r, err := resilience.Run(g, resilience.Options{Classes: []string{"tray", resilience.ClassCable}})
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Sweeps) != 2 {
		t.Fatalf("%d sweeps, want tray and cable", len(r.Sweeps))
	}
	tray, cable := r.Sweeps[0], r.Sweeps[1]
	if tray.Scenarios != 1 || tray.Outcomes[0].Group != "tray_pod0" {
		t.Fatalf("tray sweep %+v", tray)
	}
	f := tray.Outcomes[0].Fabrics[0]
	if f.LowerBoundBPS != 1.6e12 || f.UpperBoundBPS != 1.6e12 || f.StrandedEndpoints != 4 {
		t.Errorf("tray_pod0: bisection %g–%g, %d endpoints cut off; want exactly 1.6e12 and 4", f.LowerBoundBPS, f.UpperBoundBPS, f.StrandedEndpoints)
	}
	if cable.Scenarios != 48 || len(g.Cabling().Cables) != 48 {
		t.Errorf("cable sweep: %d scenarios over %d cables, want 48 (16 host, 16 edge–aggregation, 16 aggregation–core)", cable.Scenarios, len(g.Cabling().Cables))
	}
	w := cable.Outcomes[cable.Worst].Fabrics[0]
	if w.LowerBoundBPS != 2.8e12 || w.UpperBoundBPS != 2.8e12 {
		t.Errorf("worst cable %s: %g–%g, want exactly 2.8e12", cable.Outcomes[cable.Worst].Group, w.LowerBoundBPS, w.UpperBoundBPS)
	}
}

// A link inside a server is in the gpu view's analysis graph: failing
// the NVLinks of two GPUs of one SuperPOD server lets a balanced split
// cut those GPUs off by their PCIe links alone, 211.408 − 2 × 3.6 Tb/s
// (18 × 200G of NVLink each) = 204.208 Tb/s, exact. It was reported as
// touching no fabric, the intact bisection kept (trial 31).
func TestInternalLinkTouchesFabric(t *testing.T) {
	g := compiletest.Example(t, "dgx-h100-superpod")
	r, text := whatifText(t, g, "su0/node00/gpu[01]--su0/node00/nvswitch*")
	fs := r.Sweeps[0].Outcomes[0].Fabrics
	if len(fs) != 1 || fs[0].Method != "exact" || math.Abs(fs[0].UpperBoundBPS-204.208e12) > 1e9 || math.Abs(fs[0].LowerBoundBPS-204.208e12) > 1e9 {
		t.Errorf("outcome %+v; want compute exactly 204.208 Tb/s\n%s", fs, text)
	}
}

// Losing one of m planes joined only through the servers leaves (m−1)/m
// of the bisection, and the residual bound proves it without a search,
// quick or not: a plane put back whole adds at most half its endpoint
// links to a cut (its leaf–spine links never cross). On the DeepSeek-V3
// example at 128 servers that is 25.6 of the intact 204.8 Tb/s, leaving
// 179.2. Put back switch by switch it proved 5/8 only, which a quick
// sweep reported as an interval.
func TestPlaneLossProvenBySurvivors(t *testing.T) {
	g := compiletest.Example(t, "deepseek-v3-mpft", "servers=128")
	for _, quick := range []bool{false, true} {
		r, err := resilience.Run(g, resilience.Options{Classes: []string{"plane"}, Quick: quick})
		if err != nil {
			t.Fatal(err)
		}
		sw := r.Sweeps[0]
		if sw.Scenarios != 8 {
			t.Fatalf("quick %v: %d plane scenarios, want 8", quick, sw.Scenarios)
		}
		closed(t, sw, 7.0/8)
		for _, o := range sw.Outcomes {
			if f := o.Fabrics[0]; f.LowerBoundMethod != "residual" || f.UpperBoundBPS != 179.2e12 {
				t.Errorf("quick %v, %s: %g b/s by %q, want 179.2 Tb/s by the residual bound", quick, o.Group, f.UpperBoundBPS, f.LowerBoundMethod)
			}
		}
	}
}

// A plane's spines down leave every rank its links, but the rings that
// cross between the scalable units on that plane have no path left:
// their connections fail and the job restarts (trial 48: it read
// "unaffected", congestion 1.00 over the transfers left). A NIC down
// leaves the GPUs, the gpu view's terminals, in place: the residual
// bound applies, the intact 25.6 Tb/s less half the NIC's 400G fabric
// link and 504.1G PCIe link (trial 48: it read a lower bound of 0).
func TestPlaneJobLosesPaths(t *testing.T) {
	g := compiletest.Dir(t, "testdata/planes-job")
	r, err := resilience.Run(g, resilience.Options{Scenarios: []resilience.Scenario{
		{Name: "plane0 spines", Failure: fail(t, g, "plane0/spine*")},
		{Name: "a NIC", Failure: fail(t, g, "su00/node00/nic0")},
	}})
	if err != nil {
		t.Fatal(err)
	}
	out := r.Sweeps[0].Outcomes
	if w := out[0].Workloads[0]; w.Status != resilience.StatusRestart || !strings.Contains(w.Reason, "2 of its 128 transfers have no path") {
		t.Errorf("plane0 spines: workload %s (%s), want a restart: 2 of 128 transfers lose their path", w.Status, w.Reason)
	}
	if f := out[0].Fabrics[0]; f.RanksDegraded != 0 || f.LowerBoundBPS != 22.4e12 {
		t.Errorf("plane0 spines: %d degraded, %g b/s; want 0 (every rank keeps its links) and 22.4 Tb/s", f.RanksDegraded, f.LowerBoundBPS)
	}
	nic := out[1].Fabrics[0]
	pcieGen5x16 := 32e9 * 16 * 128 / 130 // 32 GT/s a lane, 128b/130b (PCIe 5.0 base specification)
	want := 25.6e12 - (400e9+pcieGen5x16)/2
	if nic.LowerBoundMethod != "residual" || math.Abs(nic.LowerBoundBPS-want) > 1e6 || nic.UpperBoundBPS != 25.2e12 {
		t.Errorf("a NIC: %g–%g b/s by %q, want %g–25.2e12 by the residual bound", nic.LowerBoundBPS, nic.UpperBoundBPS, nic.LowerBoundMethod, want)
	}
}

// Planes joined only through the servers have nothing leaving them, so
// the plane kind has no unit oversubscription, intact or after a spine
// fails: null, which a requirement cannot pass (trial 48: it read 0, and
// "<= 1" passed). The scalable units keep theirs: a spine of 2 down
// leaves each unit 7.5 of its 8 planes' uplinks, 16:15.
func TestClosedPlanesHaveNoUnitRatio(t *testing.T) {
	g := compiletest.Dir(t, "testdata/planes-job")
	r, err := resilience.Run(g, resilience.Options{Classes: []string{"spine"}})
	if err != nil {
		t.Fatal(err)
	}
	if p, ok := r.Baseline[0].UnitOversubscription["plane"]; !ok || p != nil {
		t.Errorf("baseline plane ratio %v (listed %v), want null", p, ok)
	}
	for _, o := range r.Sweeps[0].Outcomes {
		for _, u := range o.Fabrics[0].UnitOversubscription {
			if u.Kind == "plane" {
				t.Errorf("%s: a plane entry %+v, want none", o.Group, u)
			}
		}
	}
	w := resilience.Worst(g, r, &r.Sweeps[0])[0]
	if p, ok := w.UnitOversubscription["plane"]; !ok || p != nil {
		t.Errorf("worst plane ratio %v (listed %v), want null", p, ok)
	}
	if su := w.UnitOversubscription["su"]; su == nil || math.Abs(*su-16.0/15) > 1e-12 {
		t.Errorf("worst su ratio %v, want 16/15", su)
	}
}

// Hosts with a port in each of two planes do not forward between their
// ports, so the planes are pieces of their own, each with its own main
// part. Plane 0's spines down leave each plane-0 leaf a piece of its
// own: the first leaf's 8 hosts keep their plane-0 port on the plane's
// main part, the other 8 lose it and are degraded (trial 50: all 16
// read intact, the planes joined through the hosts).
func TestDualPortHostsDoNotJoinPlanes(t *testing.T) {
	g := compiletest.Source(t, `
fabric "f" {
  clos {
    hosts      = 16
    host_rate  = "400Gb/s"
    host_ports = 2
    planes     = 2
    unit "rack" {
      nodes = 8
    }
    tier "leaf" {
      model = "QM9700"
      per   = ["rack"]
      down  = 8
      up    = 8
    }
    tier "spine" {
      model = "QM9700"
      count = 2
    }
  }
}`)
	_, text := whatifText(t, g, "plane0/spine*")
	r, err := resilience.Run(g, resilience.Options{Scenarios: []resilience.Scenario{{Name: "plane0 spines", Failure: fail(t, g, "plane0/spine*")}}})
	if err != nil {
		t.Fatal(err)
	}
	if f := r.Sweeps[0].Outcomes[0].Fabrics[0]; f.RanksDegraded != 8 || f.RanksDisconnected != 0 || f.StrandedEndpoints != 8 {
		t.Errorf("plane0 spines: %d degraded, %d disconnected, %d stranded; want 8, 0, 8\n%s", f.RanksDegraded, f.RanksDisconnected, f.StrandedEndpoints, text)
	}
}

// A twin-port cable is one scenario of the cable sweep and fails both
// its links; --fail takes the cable id the sweep names it by (trial 54:
// the sweep listed 128 cables for 96, and "ls-065" was refused). The
// design is compiler/emit/cabling's twindac: 64 leaf–spine links in 32
// twin-port DACs, 64 host links on fiber.
func TestTwinCableFailsBothLinks(t *testing.T) {
	g := compiletest.Dir(t, "../../compiler/emit/cabling/testdata/twindac")
	if sw := sweep(t, g, "cable"); sw.Scenarios != 96 {
		t.Errorf("cable sweep: %d scenarios, want 96 (32 twin-port DACs, 64 fibers)", sw.Scenarios)
	}
	f := fail(t, g, "ls-65")
	if len(f.Links) != 2 || len(f.Nodes) != 0 {
		t.Fatalf("--fail ls-65: %d links, %d nodes; want the cable's 2 links", len(f.Links), len(f.Nodes))
	}
	for _, id := range f.Links {
		if l := g.Link(id); g.Nodes[l.A.Node].Name != "leaf0" || g.Nodes[l.B.Node].Name != "spine0" {
			t.Errorf("--fail ls-65 fails %s–%s, want leaf0–spine0", g.Nodes[l.A.Node].Name, g.Nodes[l.B.Node].Name)
		}
	}
	if _, err := resilience.Resolve(g, "ls-999"); err == nil || !strings.Contains(err.Error(), "no device, cable or rack") {
		t.Errorf("ls-999: %v; want no device, cable or rack of that name", err)
	}
	// A rack by the name the rack sweep prints: every device mounted in
	// it, as the sweep fails it (trial 61: "--fail rack19" was refused).
	r, err := resilience.Run(g, resilience.Options{Classes: []string{"rack"}})
	if err != nil {
		t.Fatal(err)
	}
	for _, o := range r.Sweeps[0].Outcomes {
		f := fail(t, g, o.Group)
		n := 0
		for _, m := range g.Cabling().Mounts {
			if g.Cabling().Racks[slices.IndexFunc(g.Cabling().Racks, func(rk ir.Rack) bool { return rk.ID == m.Rack })].Name == o.Group {
				n++
			}
		}
		if len(f.Nodes) != n || n == 0 {
			t.Errorf("--fail %s: %d devices, want the %d mounted in it", o.Group, len(f.Nodes), n)
		}
	}
}

// --fail globs that match nothing say why (trial 58): a * stops at '/',
// so "group*" matches no router of a dragonfly ("group0/router0"), and
// the fix "group*/*" is suggested where it matches; a class written
// "[!0]", which path.Match reads as '!' or '0' and which quietly matched
// group0, is refused.
func TestFailGlobAdvice(t *testing.T) {
	g := compiletest.Example(t, "dragonfly-small")
	for item, want := range map[string]string{
		"group*":                            `write "group*/*"`,
		"group0/router0--group*":            `write "group*/*"`,
		"group[!0]/router0":                 `negates with "[^x]"`,
		"group0/router0--group[!0]/router0": `negates with "[^x]"`,
	} {
		if _, err := resilience.Resolve(g, item); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("--fail %s: %v; want it to say %s", item, err, want)
		}
	}
	if _, err := resilience.Resolve(g, "grp*"); err == nil || strings.Contains(err.Error(), "write") {
		t.Errorf("--fail grp*: %v; want no suggestion (nothing matches grp*/* either)", err)
	}
	if f, err := resilience.Resolve(g, "group*/*"); err != nil || len(f.Nodes) == 0 {
		t.Errorf("--fail group*/*: %v, %d nodes; want every router and host", err, len(f.Nodes))
	}
}
