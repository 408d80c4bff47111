package chakra

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"google.golang.org/protobuf/encoding/protowire"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/types/descriptorpb"
	"google.golang.org/protobuf/types/dynamicpb"

	"github.com/topoc/topoc/compiler/compiletest"
	"github.com/topoc/topoc/compiler/emit"
	"github.com/topoc/topoc/compiler/ir"
	"github.com/topoc/topoc/compiler/tooltest"
)

// Chakra's CollectiveCommType numbers (et_def.proto), stated here apart
// from schema.go's table.
var wantCommType = map[string]int64{ir.OpAllReduce: 0, ir.OpAllGather: 2, ir.OpAllToAll: 6, ir.OpReduceScatter: 7}

// node is one decoded Node.
type node struct {
	id, dur uint64
	name    string
	typ     string
	deps    []uint64
	attrs   map[string]any    // attribute name → value (bool, int64, uint32, string)
	kinds   map[string]string // attribute name → its oneof field
}

// trace is one decoded trace file: its GlobalMetadata version, its nodes
// and each node's encoded bytes.
type trace struct {
	version string
	nodes   []node
	raw     [][]byte
}

// decoder reads trace files back with the emitter's descriptors. A node
// is decoded with dynamicpb the first time its fields other than id and
// ctrl_deps (its body) are seen; a repeat (2,560 runs of one collective)
// is read from the wire and checked to keep the field order.
type decoder struct {
	seen map[string]node
}

// decode reads one trace file: varint length, message, …; a
// GlobalMetadata first, then Nodes. A node decoded with dynamicpb must be
// the bytes proto.Marshal (deterministic) gives the decoded message,
// which checks the emitter's piecewise encoding.
func (d *decoder) decode(t *testing.T, data []byte) trace {
	t.Helper()
	if d.seen == nil {
		d.seen = map[string]node{}
	}
	var tr trace
	for first := true; len(data) > 0; first = false {
		n, k := protowire.ConsumeVarint(data)
		if k < 0 || uint64(len(data)-k) < n {
			t.Fatalf("bad length prefix (%d bytes left)", len(data))
		}
		msg := data[k : k+int(n)]
		data = data[k+int(n):]
		if first {
			m := dynamicpb.NewMessage(message(msgGlobalMetadata))
			if err := proto.Unmarshal(msg, m); err != nil {
				t.Fatal(err)
			}
			tr.version = m.Get(m.Descriptor().Fields().ByName("version")).String()
			continue
		}
		tr.nodes = append(tr.nodes, d.node(t, msg))
		tr.raw = append(tr.raw, msg)
	}
	return tr
}

// node decodes one Node message.
func (d *decoder) node(t *testing.T, msg []byte) node {
	t.Helper()
	var id uint64
	var deps []uint64
	var body []byte
	last := protowire.Number(0)
	for b := msg; len(b) > 0; {
		num, typ, n := protowire.ConsumeTag(b)
		m := protowire.ConsumeFieldValue(num, typ, b[n:])
		if n < 0 || m < 0 || num < last {
			t.Fatalf("node: bad field or order at %x", b)
		}
		last = num
		switch v := b[n : n+m]; num {
		case 1:
			id, _ = protowire.ConsumeVarint(v)
		case 4:
			packed, _ := protowire.ConsumeBytes(v)
			for len(packed) > 0 {
				x, k := protowire.ConsumeVarint(packed)
				deps, packed = append(deps, x), packed[k:]
			}
		default:
			body = append(body, b[:n+m]...)
		}
		b = b[n+m:]
	}
	if nd, ok := d.seen[string(body)]; ok {
		nd.id, nd.deps = id, deps
		return nd
	}
	m := dynamicpb.NewMessage(message(msgNode))
	if err := proto.Unmarshal(msg, m); err != nil {
		t.Fatal(err)
	}
	if again, err := (proto.MarshalOptions{Deterministic: true}).Marshal(m); err != nil || !bytes.Equal(again, msg) {
		t.Fatalf("node %d: encoding is not proto.Marshal's (%v):\n got %x\nwant %x", id, err, msg, again)
	}
	f := m.Descriptor().Fields()
	nd := node{id: m.Get(f.ByName("id")).Uint(), dur: m.Get(f.ByName("duration_micros")).Uint(),
		name:  m.Get(f.ByName("name")).String(),
		typ:   string(f.ByName("type").Enum().Values().ByNumber(m.Get(f.ByName("type")).Enum()).Name()),
		attrs: map[string]any{}, kinds: map[string]string{}}
	list := m.Get(f.ByName("ctrl_deps")).List()
	for i := 0; i < list.Len(); i++ {
		nd.deps = append(nd.deps, list.Get(i).Uint())
	}
	if nd.id != id || !slices.Equal(nd.deps, deps) {
		t.Fatalf("node %d: wire id %d, ctrl_deps %v; dynamicpb %v", id, id, deps, nd.deps)
	}
	if m.Get(f.ByName("data_deps")).List().Len() != 0 {
		t.Errorf("node %d has data_deps", nd.id)
	}
	attrs := m.Get(f.ByName("attr")).List()
	for i := 0; i < attrs.Len(); i++ {
		a := attrs.Get(i).Message()
		name := a.Get(a.Descriptor().Fields().ByName("name")).String()
		which := a.WhichOneof(a.Descriptor().Oneofs().ByName("value"))
		if which == nil {
			t.Fatalf("node %d: attribute %q has no value", nd.id, name)
		}
		nd.attrs[name] = a.Get(which).Interface()
		nd.kinds[name] = string(which.Name())
	}
	d.seen[string(body)] = nd
	return nd
}

// place is a rank's group in one dimension and its position there.
type place struct {
	group []int
	pos   int
}

// placesOf returns every rank's place in dimension dim.
func placesOf(w *ir.Workload, n int, dim string) []place {
	out := make([]place, n)
	for _, grp := range w.Parallelism.Groups(n, dim) {
		for p, r := range grp {
			out[r] = place{grp, p}
		}
	}
	return out
}

// p2p is one send or receive: ends, tag and size.
type p2p struct {
	src, dst int
	tag      uint32
	size     int64
}

// verify decodes every trace of workload w (in directory name) in arts and
// checks it against the IR: one file per rank, the version, each rank's
// node sequence (compute, then every collective in source order PerStep
// times with its comm_type, comm_size and group; SendRecv as receives
// from the previous and sends to the next stage), the ctrl_deps chain,
// every send matched by one receive on its peer, and comm_group.json
// equal to the Parallelism groups of the dimensions used.
func verify(t *testing.T, g *ir.Graph, w *ir.Workload, name string, arts []emit.Artifact) {
	ranks := w.Ranks(g)
	n := len(ranks)
	if n != w.Placement.Count {
		t.Fatalf("%d ranks, want %d", n, w.Placement.Count)
	}
	dir := Dir + "/" + name + "/"
	files := map[string][]byte{}
	for _, a := range arts {
		if rest, ok := strings.CutPrefix(a.Path, dir); ok {
			files[rest] = a.Data
		}
	}
	if len(files) != n+2 || files[CommGroupFile] == nil || files["README.txt"] == nil {
		t.Fatalf("%d files in %s, want %d traces, %s and README.txt", len(files), dir, n, CommGroupFile)
	}

	// comm_group.json: the groups of each dimension a collective node
	// uses, in order of first use, ids from 1.
	wantGroups := map[string][]int{}
	first := map[string]int{}
	next := 1
	for _, c := range w.Collectives {
		if c.Op == ir.OpSendRecv || c.Group == "all" || first[c.Group] > 0 {
			continue
		}
		first[c.Group] = next
		for _, grp := range w.Parallelism.Groups(n, c.Group) {
			wantGroups[strconv.Itoa(next)] = grp
			next++
		}
	}
	var gotGroups map[string][]int
	if err := json.Unmarshal(files[CommGroupFile], &gotGroups); err != nil {
		t.Fatal(err)
	}
	if !maps.EqualFunc(gotGroups, wantGroups, slices.Equal) {
		t.Errorf("%s: %v, want the Parallelism groups %v", CommGroupFile, gotGroups, wantGroups)
	}

	places := map[string][]place{}
	for _, c := range w.Collectives {
		if places[c.Group] == nil {
			places[c.Group] = placesOf(w, n, c.Group)
		}
	}
	sends, recvs := map[p2p]int{}, map[p2p]int{}
	var dec decoder
	for r := 0; r < n; r++ {
		tr := dec.decode(t, files[fmt.Sprintf("%s.%d.et", name, r)])
		if tr.version != "0.0.4" {
			t.Fatalf("rank %d: version %q", r, tr.version)
		}
		i := 0
		next := func(what string) *node {
			t.Helper()
			if i >= len(tr.nodes) {
				t.Fatalf("rank %d: %d nodes, missing %s", r, len(tr.nodes), what)
			}
			nd := &tr.nodes[i]
			if nd.id != uint64(i) {
				t.Fatalf("rank %d: node %d has id %d", r, i, nd.id)
			}
			if wantDeps := []uint64{uint64(i) - 1}; i == 0 && nd.deps != nil || i > 0 && !slices.Equal(nd.deps, wantDeps) {
				t.Fatalf("rank %d: node %d ctrl_deps %v, want the previous node", r, i, nd.deps)
			}
			if nd.attrs["is_cpu_op"] != false || nd.kinds["is_cpu_op"] != "bool_val" {
				t.Fatalf("rank %d node %d: is_cpu_op %v", r, i, nd.attrs["is_cpu_op"])
			}
			i++
			return nd
		}
		if us := math.Round(w.ComputeTimeS * 1e6); us > 0 {
			if nd := next("compute"); nd.typ != "COMP_NODE" || nd.dur != uint64(us) {
				t.Fatalf("rank %d: first node %s of %d µs, want COMP_NODE of %g", r, nd.typ, nd.dur, us)
			}
		}
		tag := uint32(1)
		for _, c := range w.Collectives {
			reps := int(math.Round(c.PerStep))
			pl := places[c.Group][r]
			size := int64(math.Round(c.SizeBytes))
			if c.Op != ir.OpSendRecv {
				for k := 0; k < reps; k++ {
					nd := next(c.Name)
					if nd.typ != "COMM_COLL_NODE" || nd.name != c.Name || nd.attrs["comm_type"] != wantCommType[c.Op] || nd.attrs["comm_size"] != size ||
						nd.kinds["comm_type"] != "int64_val" || nd.kinds["comm_size"] != "int64_val" {
						t.Fatalf("rank %d node %d: %s %q comm_type %v comm_size %v, want COMM_COLL_NODE %q %d %d", r, nd.id, nd.typ, nd.name, nd.attrs["comm_type"], nd.attrs["comm_size"], c.Name, wantCommType[c.Op], size)
					}
					pg, has := nd.attrs["pg_name"].(string)
					switch {
					case c.Group == "all" && has:
						t.Fatalf("rank %d node %d: pg_name %q for the default group", r, nd.id, pg)
					case c.Group != "all" && !slices.Equal(gotGroups[pg], pl.group):
						t.Fatalf("rank %d node %d: pg_name %q is %v, want the rank's %s group %v", r, nd.id, pg, gotGroups[pg], c.Group, pl.group)
					}
				}
				continue
			}
			dirs := map[string][]int{"forward": {1}, "backward": {-1}, "both": {1, -1}}[c.Direction]
			for k := 0; k < reps; k++ {
				for _, d := range dirs {
					if from := pl.pos - d; from >= 0 && from < len(pl.group) {
						nd := next("recv")
						x := p2p{int(nd.attrs["comm_src"].(uint32)), int(nd.attrs["comm_dst"].(uint32)), nd.attrs["comm_tag"].(uint32), nd.attrs["comm_size"].(int64)}
						if nd.typ != "COMM_RECV_NODE" || x != (p2p{pl.group[from], r, tag, size}) {
							t.Fatalf("rank %d node %d: %s %+v, want a receive from rank %d, tag %d", r, nd.id, nd.typ, x, pl.group[from], tag)
						}
						recvs[x]++
					}
					if to := pl.pos + d; to >= 0 && to < len(pl.group) {
						nd := next("send")
						x := p2p{int(nd.attrs["comm_src"].(uint32)), int(nd.attrs["comm_dst"].(uint32)), nd.attrs["comm_tag"].(uint32), nd.attrs["comm_size"].(int64)}
						if nd.typ != "COMM_SEND_NODE" || x != (p2p{r, pl.group[to], tag, size}) || nd.kinds["comm_src"] != "uint32_val" {
							t.Fatalf("rank %d node %d: %s %+v, want a send to rank %d, tag %d", r, nd.id, nd.typ, x, pl.group[to], tag)
						}
						sends[x]++
					}
					tag++
				}
			}
		}
		if i != len(tr.nodes) {
			t.Fatalf("rank %d: %d nodes, want %d", r, len(tr.nodes), i)
		}
	}
	for x, k := range sends {
		if k != 1 || recvs[x] != 1 {
			t.Errorf("send %+v: %d sends, %d matching receives", x, k, recvs[x])
		}
	}
	if len(recvs) != len(sends) {
		t.Errorf("%d receives, %d sends", len(recvs), len(sends))
	}
}

// The four shipped examples with workloads, the largest (DeepSeek-V3's
// job of 2,048 ranks, 870 dispatches per step) at full size, timed; the SuperPOD at one scalable unit
// (2,562 nodes per rank).
func TestExamples(t *testing.T) {
	for _, c := range []struct {
		example string
		vars    []string
		ranks   int
	}{
		{"deepseek-v3-mpft", nil, 2048},
		{"dgx-h100-superpod", []string{"scalable_units=1"}, 248},
		{"gb200-nvl72-2rack", nil, 144},
		{"rail-only-512", nil, 512},
	} {
		t.Run(c.example, func(t *testing.T) {
			g := compiletest.Example(t, c.example, c.vars...)
			start := time.Now()
			arts, err := Emitter.Emit(&emit.Input{Graph: g})
			if err != nil {
				t.Fatal(err)
			}
			t.Logf("%d ranks emitted in %v", c.ranks, time.Since(start).Round(time.Millisecond))
			if len(g.Workloads) != 1 || len(arts) != c.ranks+2 {
				t.Fatalf("%d workloads, %d artifacts; want 1 and %d", len(g.Workloads), len(arts), c.ranks+2)
			}
			for _, a := range arts {
				if err := emit.CheckPath(a.Path); err != nil {
					t.Error(err)
				}
			}
			verify(t, g, &g.Workloads[0], emit.SafeName(g.Workloads[0].Name), arts)
		})
	}
}

// The same design gives the same bytes.
func TestDeterministic(t *testing.T) {
	g := compiletest.Example(t, "deepseek-v3-mpft", "servers=128")
	a, _ := Emitter.Emit(&emit.Input{Graph: g})
	b, _ := Emitter.Emit(&emit.Input{Graph: compiletest.Example(t, "deepseek-v3-mpft", "servers=128")})
	if len(a) != len(b) || len(a) != 1024+2 {
		t.Fatalf("%d and %d artifacts", len(a), len(b))
	}
	for i := range a {
		if a[i].Path != b[i].Path || !bytes.Equal(a[i].Data, b[i].Data) {
			t.Fatalf("artifact %d differs: %s, %s", i, a[i].Path, b[i].Path)
		}
	}
}

// TestGolden: rank 0's trace and the README of the two-rack GB200 NVL72,
// reviewed. Regenerate with: go test ./compiler/emit/chakra -run TestGolden -update
func TestGolden(t *testing.T) {
	arts, err := Emitter.Emit(&emit.Input{Graph: compiletest.Example(t, "gb200-nvl72-2rack")})
	if err != nil {
		t.Fatal(err)
	}
	got := map[string][]byte{}
	for _, a := range arts {
		got[a.Path] = a.Data
	}
	compiletest.Golden(t, "testdata/gb200-2rack.train.0.et", got["chakra/train/train.0.et"], "rank 0 trace of the GB200 two-rack example")
	compiletest.Golden(t, "testdata/gb200-2rack.README.txt", got["chakra/train/README.txt"], "README of the GB200 two-rack traces")
}

// protoc decodes a trace's messages with testdata/et_def.proto, a
// statement of the schema written apart from schema.go: a pipeline
// stage's expert AllToAll and its first receive, and the metadata.
func TestProtocDecode(t *testing.T) {
	protoc := tooltest.Command(t, "protoc", "protobuf-compiler")
	g := compiletest.Example(t, "deepseek-v3-mpft", "servers=128")
	w := &g.Workloads[0]
	d, st := pick(t, w, "dispatch"), pick(t, w, "pipeline")
	d.PerStep, st.PerStep = 1, 1
	w.Collectives = []ir.Collective{d, st}
	arts, err := Emitter.Emit(&emit.Input{Graph: g})
	if err != nil {
		t.Fatal(err)
	}
	var data []byte
	for _, a := range arts {
		if a.Path == "chakra/v3-train/v3-train.64.et" { // stage 1 of pipeline group 0
			data = a.Data
		}
	}
	var msgs [][]byte
	for len(data) > 0 {
		n, k := protowire.ConsumeVarint(data)
		msgs = append(msgs, data[k:k+int(n)])
		data = data[k+int(n):]
	}
	if len(msgs) != 6 {
		t.Fatalf("%d messages, want metadata and 5 nodes", len(msgs))
	}
	run := func(msg []byte, typ string) string {
		t.Helper()
		cmd := exec.Command(protoc, "-I", "testdata", "--decode", "ChakraProtoMsg."+typ, "et_def.proto")
		cmd.Stdin = bytes.NewReader(msg)
		var out, errb bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &errb
		if err := cmd.Run(); err != nil {
			t.Fatalf("protoc --decode %s: %v\n%s", typ, err, errb.String())
		}
		return out.String()
	}
	if got := run(msgs[0], "GlobalMetadata"); got != "version: \"0.0.4\"\n" {
		t.Errorf("metadata:\n%s", got)
	}
	attr := func(name, kind, v string) string {
		return "attr {\n  name: \"" + name + "\"\n  " + kind + ": " + v + "\n}\n"
	}
	// Rank 64 is expert group 2 (stage 1's), and receives from rank 0.
	want := "name: \"dispatch\"\ntype: COMM_COLL_NODE\n" + attr("is_cpu_op", "bool_val", "false") +
		attr("comm_type", "int64_val", "6") + attr("comm_size", "int64_val", "234881024") + attr("pg_name", "string_val", `"2"`)
	if got := run(msgs[1], "Node"); got != want {
		t.Errorf("AllToAll node:\n%s\nwant:\n%s", got, want)
	}
	want = "id: 1\nname: \"pipeline\"\ntype: COMM_RECV_NODE\nctrl_deps: 0\n" + attr("is_cpu_op", "bool_val", "false") +
		attr("comm_src", "uint32_val", "0") + attr("comm_dst", "uint32_val", "64") + attr("comm_tag", "uint32_val", "1") + attr("comm_size", "int64_val", "58720256")
	if got := run(msgs[2], "Node"); got != want {
		t.Errorf("receive node:\n%s\nwant:\n%s", got, want)
	}
}

// What the traces cannot state is left out with a README note: a
// fractional per_step is rounded, one below ½ and an op without an
// ASTRA-sim collective are dropped, as is a collective over groups of one
// rank; a forward-only SendRecv has no backward wave.
func TestLeftOut(t *testing.T) {
	g := compiletest.Example(t, "deepseek-v3-mpft", "servers=128")
	w := &g.Workloads[0]
	d, st := pick(t, w, "dispatch"), pick(t, w, "pipeline")
	w.Collectives = []ir.Collective{d, d, d, d, st}
	w.Collectives[0].PerStep = 2.6
	w.Collectives[1].Name, w.Collectives[1].PerStep = "rare", 0.3
	w.Collectives[2].Name, w.Collectives[2].Op = "bcast", "broadcast"
	w.Collectives[3].Name, w.Collectives[3].Group = "solo", "tensor" // tensor = 1
	w.Collectives[4].Direction = "forward"
	arts, err := Emitter.Emit(&emit.Input{Graph: g})
	if err != nil {
		t.Fatal(err)
	}
	var readme string
	for _, a := range arts {
		if a.Path == "chakra/v3-train/README.txt" {
			readme = string(a.Data)
		}
	}
	for _, s := range []string{
		`collective "dispatch": per_step 2.6 rounded to 3 runs per step.`,
		`collective "rare" left out: per_step 0.3 rounds to 0 runs.`,
		`collective "bcast" left out: op "broadcast" has no ASTRA-sim collective.`,
		`collective "solo" left out: its "tensor" groups have one rank each (nothing to exchange).`,
	} {
		if !strings.Contains(readme, s) {
			t.Errorf("README lacks %q:\n%s", s, readme)
		}
	}
	// verify's expectations, for what remains: dispatch 3 times, the
	// forward wave only.
	w.Collectives = []ir.Collective{w.Collectives[0], w.Collectives[4]}
	w.Collectives[0].PerStep = 3
	verify(t, g, w, "v3-train", arts)
}

// Rank r of the README is Ranks(g)[r], and a spread placement changes it.
func TestRankTable(t *testing.T) {
	g := compiletest.Example(t, "gb200-nvl72-2rack")
	w := &g.Workloads[0]
	w.Placement.Strategy = ir.PlaceSpread
	arts, _ := Emitter.Emit(&emit.Input{Graph: g})
	var readme string
	for _, a := range arts {
		if strings.HasSuffix(a.Path, "README.txt") {
			readme = string(a.Data)
		}
	}
	ranks := w.Ranks(g)
	for _, r := range []int{0, 1, 143} {
		if line := fmt.Sprintf("\n%d\t%s\n", r, g.Nodes[ranks[r]].Name); !strings.Contains(readme, line) {
			t.Errorf("README lacks %q", line)
		}
	}
	if g.Nodes[ranks[0]].Parent == g.Nodes[ranks[1]].Parent {
		t.Errorf("spread placement put ranks 0 and 1 in one server")
	}
}

// The schema in testdata/et_def.proto and schema.go name the same fields
// with the same numbers (protoc's own descriptor of the file, compared).
func TestSchemaMatchesProtoFile(t *testing.T) {
	protoc := tooltest.Command(t, "protoc", "protobuf-compiler")
	out := filepath.Join(t.TempDir(), "et_def.pb")
	if b, err := exec.Command(protoc, "-I", "testdata", "-o", out, "et_def.proto").CombinedOutput(); err != nil {
		t.Fatalf("protoc: %v\n%s", err, b)
	}
	raw, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	var set descriptorpb.FileDescriptorSet
	if err := proto.Unmarshal(raw, &set); err != nil {
		t.Fatal(err)
	}
	if len(set.File) != 1 {
		t.Fatalf("%d files", len(set.File))
	}
	got := set.File[0]
	want := fileDescriptorProto()
	if !proto.Equal(got, want) {
		t.Errorf("protoc's descriptor of testdata/et_def.proto differs from schema.go's:\nprotoc: %v\nschema: %v", got, want)
	}
}

// pick returns workload w's collective called name (derived from the
// example's model block), failing the test when it has none.
func pick(t *testing.T, w *ir.Workload, name string) ir.Collective {
	t.Helper()
	for _, c := range w.Collectives {
		if c.Name == name {
			return c
		}
	}
	t.Fatalf("workload %q has no collective %q", w.Name, name)
	return ir.Collective{}
}
