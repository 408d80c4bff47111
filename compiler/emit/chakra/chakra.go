// Package chakra writes each workload of the design as Chakra execution
// traces (mlcommons/chakra, schema/protobuf/et_def.proto) for ASTRA-sim's
// workload layer: one trace per rank holding one training step (the
// compute time, then each collective the rank takes part in, in source
// order), and the communicator groups the collectives run in.
//
// Format (ASTRA-sim astra-sim/workload/Workload.cc and the generator
// examples/workload/microbenchmarks/generator_scripts/all_reduce.py): a
// trace file is a stream of messages, each preceded by its length as a
// protobuf varint, the first a GlobalMetadata (version "0.0.4"), then one
// Node per operation; ASTRA-sim opens <prefix>.<npu>.et for every NPU and
// reads --comm-group-configuration, a JSON object from group id ("1",
// "2", …; "" is the default group of every NPU) to the NPU ids in it.
package chakra

import (
	"bytes"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"google.golang.org/protobuf/encoding/protowire"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/reflect/protoreflect"
	"google.golang.org/protobuf/types/dynamicpb"

	"github.com/topoc/topoc/compiler/emit"
	"github.com/topoc/topoc/compiler/ir"
)

// Dir is the artifacts' directory: DIR/<workload>/ per workload.
const Dir = "chakra"

// Version is the GlobalMetadata version every trace starts with: the one
// ASTRA-sim's trace generators write (all_reduce.py: "0.0.4").
const Version = "0.0.4"

// CommGroupFile is the name of each workload's communicator-group file,
// ASTRA-sim's --comm-group-configuration.
const CommGroupFile = "comm_group.json"

// Emitter is the `--emit chakra` back end. For every workload W of the
// design (directory name emit.SafeName(W), with "-<n>" appended when an
// earlier workload's took the name, n its 1-based position in the
// design) it writes:
//
//   - chakra/W/W.<r>.et for each rank r = 0 … Placement.Count−1, where
//     rank r is the r-th node of ir.Workload.Ranks (ASTRA-sim's NPU r);
//   - chakra/W/comm_group.json, every group of every parallel dimension
//     a collective node runs in ("all" runs in ASTRA-sim's default group
//     and is not listed), ids from 1: dimensions in order of the first
//     collective that uses them, each dimension's groups in
//     ir.Parallelism.Groups order;
//   - chakra/W/README.txt: the rank → GPU (or host) table, the groups,
//     how PerStep was rounded and what was left out.
//
// One rank's trace is one training step, each node depending (ctrl_deps)
// on the one before: a COMP_NODE of duration_micros =
// round(ComputeTimeS · 10⁶) when that is positive; then for every
// collective in source order, round(PerStep) times (half away from zero;
// a README note when that changed PerStep, and the collective is left out
// when it rounds to 0), a COMM_COLL_NODE (comm_type, comm_size =
// SizeBytes rounded to a byte in the nccl-tests convention of
// ir.Collective, pg_name = the rank's group id, is_cpu_op false) or, for
// a SendRecv, the point-to-point nodes of sendRecv. A collective over
// groups of one rank (nothing to exchange) is left out with a note.
var Emitter = &emit.Emitter{
	Name:       "chakra",
	OnlyByName: true,
	Doc:        "Chakra execution traces for ASTRA-sim (" + Dir + "/WORKLOAD/WORKLOAD.RANK.et, " + CommGroupFile + "), one training step per rank of every workload",
	Emit: func(in *emit.Input) ([]emit.Artifact, error) {
		g := in.Graph
		var arts []emit.Artifact
		used := map[string]bool{}
		for i := range g.Workloads {
			name := emit.SafeName(g.Workloads[i].Name)
			if used[name] {
				name += "-" + strconv.Itoa(i+1)
			}
			used[name] = true
			arts = append(arts, workload(g, &g.Workloads[i], name)...)
		}
		return arts, nil
	},
}

// commTypes maps the IR's collective operations to Chakra's
// CollectiveCommType names: the four ASTRA-sim simulates
// (Workload::issue_coll_comm). SendRecv is point to point (sendRecv).
var commTypes = map[string]string{
	ir.OpAllReduce:     "ALL_REDUCE",
	ir.OpAllGather:     "ALL_GATHER",
	ir.OpReduceScatter: "REDUCE_SCATTER",
	ir.OpAllToAll:      "ALL_TO_ALL",
}

// dimension is one parallel dimension's groups and each rank's place in
// them.
type dimension struct {
	name   string
	groups [][]int
	// of[r] is the index in groups of rank r's group (-1: none); pos[r]
	// its position there.
	of, pos []int32
	// first is the comm_group.json id of groups[0], 0 while the dimension
	// is not listed there.
	first int
}

// plan is what one collective becomes on every rank.
type plan struct {
	c    *ir.Collective
	reps int
	dim  *dimension
	// skip says why the collective is left out ("" when it is not).
	skip string
	// coll caches the encoded COMM_COLL_NODE of each group (by index).
	coll []*template
	// dirs are the SendRecv's pipeline directions in order (+1 forward,
	// −1 backward); firstTag is the comm_tag of its first wave.
	dirs     []int
	firstTag uint32
}

// workload returns the artifacts of workload w in directory Dir/name.
func workload(g *ir.Graph, w *ir.Workload, name string) []emit.Artifact {
	e := newEncoder()
	ranks := w.Ranks(g)
	n := len(ranks)
	dir := Dir + "/" + name
	dims := map[string]*dimension{}
	dimOf := func(d string) *dimension {
		if x, ok := dims[d]; ok {
			return x
		}
		x := &dimension{name: d, groups: w.Parallelism.Groups(n, d), of: make([]int32, n), pos: make([]int32, n)}
		for i := range x.of {
			x.of[i] = -1
		}
		for gi, grp := range x.groups {
			for p, r := range grp {
				if r < n {
					x.of[r], x.pos[r] = int32(gi), int32(p)
				}
			}
		}
		dims[d] = x
		return x
	}
	var notes []string
	var listed []*dimension
	nextID, nextTag := 1, uint32(1)
	plans := make([]plan, len(w.Collectives))
	for ci := range w.Collectives {
		c := &w.Collectives[ci]
		p := &plans[ci]
		p.c = c
		p.reps = int(math.Round(c.PerStep))
		_, isColl := commTypes[c.Op]
		switch {
		case !isColl && c.Op != ir.OpSendRecv:
			p.skip = fmt.Sprintf("op %q has no ASTRA-sim collective", c.Op)
		case p.reps < 1:
			p.skip = fmt.Sprintf("per_step %g rounds to 0 runs", c.PerStep)
		}
		if p.skip != "" {
			notes = append(notes, fmt.Sprintf("collective %q left out: %s.", c.Name, p.skip))
			continue
		}
		if float64(p.reps) != c.PerStep {
			notes = append(notes, fmt.Sprintf("collective %q: per_step %g rounded to %d runs per step.", c.Name, c.PerStep, p.reps))
		}
		p.dim = dimOf(c.Group)
		if len(p.dim.groups) == 0 || len(p.dim.groups[0]) < 2 {
			p.skip = "its " + c.Group + " groups have one rank each"
			notes = append(notes, fmt.Sprintf("collective %q left out: its %q groups have one rank each (nothing to exchange).", c.Name, c.Group))
			continue
		}
		if c.Op == ir.OpSendRecv {
			switch c.Direction {
			case "forward":
				p.dirs = []int{+1}
			case "backward":
				p.dirs = []int{-1}
			default:
				p.dirs = []int{+1, -1}
			}
			p.firstTag = nextTag
			nextTag += uint32(p.reps * len(p.dirs))
			continue
		}
		p.coll = make([]*template, len(p.dim.groups))
		if c.Group != "all" && p.dim.first == 0 {
			p.dim.first = nextID
			nextID += len(p.dim.groups)
			listed = append(listed, p.dim)
		}
	}

	var comp *template
	if us := math.Round(w.ComputeTimeS * 1e6); us > 0 {
		comp = e.template("compute", "COMP_NODE", uint64(us), []attr{boolAttr("is_cpu_op", false)})
	} else if w.ComputeTimeS > 0 {
		notes = append(notes, fmt.Sprintf("compute_time %gs rounds to 0 µs: no compute node.", w.ComputeTimeS))
	}

	arts := make([]emit.Artifact, 0, n+2)
	var items []item
	for r := 0; r < n; r++ {
		items = items[:0]
		if comp != nil {
			items = append(items, item{comp, 1})
		}
		for ci := range plans {
			p := &plans[ci]
			if p.skip != "" {
				continue
			}
			gi := p.dim.of[r]
			if gi < 0 {
				continue
			}
			if p.coll == nil {
				items = e.sendRecv(items, p, p.dim.groups[gi], int(p.dim.pos[r]), r)
				continue
			}
			t := p.coll[gi]
			if t == nil {
				attrs := []attr{boolAttr("is_cpu_op", false),
					int64Attr("comm_type", int64(enumNumber(enumCommType, commTypes[p.c.Op]))),
					int64Attr("comm_size", int64(math.Round(p.c.SizeBytes)))}
				if p.dim.first > 0 {
					attrs = append(attrs, stringAttr("pg_name", strconv.Itoa(p.dim.first+int(gi))))
				}
				t = e.template(p.c.Name, "COMM_COLL_NODE", 0, attrs)
				p.coll[gi] = t
			}
			items = append(items, item{t, p.reps})
		}
		arts = append(arts, emit.Artifact{Path: fmt.Sprintf("%s/%s.%d.et", dir, name, r), Data: e.trace(items)})
	}
	arts = append(arts, emit.Artifact{Path: dir + "/" + CommGroupFile, Data: commGroups(listed)})
	arts = append(arts, emit.Artifact{Path: dir + "/README.txt", Data: readme(g, w, name, ranks, plans, listed, comp != nil, notes)})
	return arts
}

// sendRecv appends to items the point-to-point nodes of SendRecv p on the
// rank at position i of group grp (its pipeline, for the default group):
// for each of the p.reps runs, for each direction d of p.dirs (forward,
// +1: activations from position i−1 to i+1; backward, −1: their
// gradients from i+1 to i−1; "both" is forward then backward), a
// COMM_RECV_NODE from the position i−d when there is one, then a
// COMM_SEND_NODE to i+d when there is one: the first stage of a wave only
// sends and the last only receives, so every wave flows down the group
// without a cycle. comm_src and comm_dst are ranks (NPU ids), a send's
// comm_src and a recv's comm_dst its own rank; comm_size is SizeBytes;
// comm_tag numbers the workload's waves from 1 (SendRecv collectives in
// source order, runs, directions), the same on both ends of a pair.
func (e *encoder) sendRecv(items []item, p *plan, grp []int, i, rank int) []item {
	size := int64(math.Round(p.c.SizeBytes))
	tag := p.firstTag
	for rep := 0; rep < p.reps; rep++ {
		for _, d := range p.dirs {
			if from := i - d; from >= 0 && from < len(grp) {
				items = append(items, item{e.p2p(p.c.Name, "COMM_RECV_NODE", grp[from], rank, tag, size), 1})
			}
			if to := i + d; to >= 0 && to < len(grp) {
				items = append(items, item{e.p2p(p.c.Name, "COMM_SEND_NODE", rank, grp[to], tag, size), 1})
			}
			tag++
		}
	}
	return items
}

// p2p returns the encoded send or receive node (typ) of size bytes from
// rank src to rank dst with comm_tag tag.
func (e *encoder) p2p(name, typ string, src, dst int, tag uint32, size int64) *template {
	return e.template(name, typ, 0, []attr{boolAttr("is_cpu_op", false),
		uint32Attr("comm_src", uint32(src)), uint32Attr("comm_dst", uint32(dst)),
		uint32Attr("comm_tag", tag), int64Attr("comm_size", size)})
}

// commGroups returns comm_group.json: each listed dimension's groups
// under consecutive ids from its first, one group a line.
func commGroups(listed []*dimension) []byte {
	var b bytes.Buffer
	b.WriteString("{")
	sep := "\n"
	for _, d := range listed {
		for gi, grp := range d.groups {
			fmt.Fprintf(&b, "%s  %q: [", sep, strconv.Itoa(d.first+gi))
			for k, r := range grp {
				if k > 0 {
					b.WriteString(", ")
				}
				b.WriteString(strconv.Itoa(r))
			}
			b.WriteString("]")
			sep = ",\n"
		}
	}
	if sep == "\n" {
		b.WriteString("}\n")
	} else {
		b.WriteString("\n}\n")
	}
	return b.Bytes()
}

// rankFormula writes a rank's number from its coordinates t, c, d and p,
// fastest first, leaving out the dimensions of size 1 (whose coordinate
// is always 0): "t + 8*d + 64*p".
func rankFormula(par ir.Parallelism) string {
	type term struct {
		name         string
		size, stride int
	}
	st, sc, sd, sp := par.Strides()
	terms := []term{{"t", par.Tensor, st}, {"c", par.ContextSize(), sc}, {"d", par.Data, sd}, {"p", par.Pipeline, sp}}
	slices.SortStableFunc(terms, func(a, b term) int { return a.stride - b.stride })
	var out []string
	for _, d := range terms {
		switch {
		case d.size <= 1:
		case d.stride == 1:
			out = append(out, d.name)
		default:
			out = append(out, fmt.Sprintf("%d*%s", d.stride, d.name))
		}
	}
	if len(out) == 0 {
		return "0"
	}
	return strings.Join(out, " + ")
}

// readme returns README.txt of a workload's traces.
func readme(g *ir.Graph, w *ir.Workload, name string, ranks []ir.NodeID, plans []plan, listed []*dimension, comp bool, notes []string) []byte {
	var b strings.Builder
	par := w.Parallelism
	fmt.Fprintf(&b, "Chakra execution traces of workload %q for ASTRA-sim (topoc build --emit chakra): one training step per rank.\n\n", w.Name)
	fmt.Fprintf(&b, "Files: %s.<rank>.et for ranks 0..%d (GlobalMetadata version %s, then the nodes, each length-prefixed), and %s.\n", name, len(ranks)-1, Version, CommGroupFile)
	fmt.Fprintf(&b, "Run ASTRA-sim on a system of exactly %d NPUs (it opens one trace per NPU; NPU r is rank r) with\n  --workload-configuration=%s/%s/%s --comm-group-configuration=%s/%s/%s\n", len(ranks), Dir, name, name, Dir, name, CommGroupFile)
	order := par.Order
	if order == "" {
		order = ir.DefaultOrder
	}
	fmt.Fprintf(&b, "Parallelism: data %d x tensor %d x context %d x pipeline %d (expert %d); rank = %s (order %s).\n\n", par.Data, par.Tensor, par.ContextSize(), par.Pipeline, par.Expert, rankFormula(par), order)
	b.WriteString("Each rank's nodes, in order, each depending (ctrl_deps) on the one before:\n")
	if comp {
		fmt.Fprintf(&b, "- COMP_NODE \"compute\": %d µs (compute_time).\n", uint64(math.Round(w.ComputeTimeS*1e6)))
	}
	for _, p := range plans {
		switch {
		case p.skip != "":
			continue
		case p.coll == nil:
			fmt.Fprintf(&b, "- %q x %d: sendrecv of %.0f bytes between neighbours of each %s group, direction %s, comm_tag %d-%d (one per run and direction): forward is a COMM_RECV_NODE from the previous position then a COMM_SEND_NODE to the next, backward the reverse, both is forward then backward; the first and last positions have one side only.\n",
				p.c.Name, p.reps, math.Round(p.c.SizeBytes), p.c.Group, p.c.Direction, p.firstTag, p.firstTag+uint32(p.reps*len(p.dirs))-1)
		default:
			pg := "the default group (all ranks)"
			if p.dim.first > 0 {
				pg = fmt.Sprintf("pg_name = its %s group, %s", p.c.Group, idRange(p.dim.first, len(p.dim.groups)))
			}
			fmt.Fprintf(&b, "- %q x %d: COMM_COLL_NODE %s, comm_size %.0f bytes, %s.\n", p.c.Name, p.reps, commTypes[p.c.Op], math.Round(p.c.SizeBytes), pg)
		}
	}
	b.WriteString("comm_size is the collective's size as the design states it, the nccl-tests convention: a rank's whole buffer (for AllGather, the gathered result).\n\n")
	if len(listed) > 0 {
		b.WriteString("Communicator groups (" + CommGroupFile + "):\n")
		for _, d := range listed {
			groups := "groups"
			if len(d.groups) == 1 {
				groups = "group"
			}
			fmt.Fprintf(&b, "- %s: the %d %s %s of %d ranks\n", idRange(d.first, len(d.groups)), len(d.groups), d.name, groups, len(d.groups[0]))
		}
		b.WriteString("\n")
	}
	b.WriteString("Left out:\n")
	for _, s := range notes {
		b.WriteString("- " + s + "\n")
	}
	b.WriteString("- The network: pair the traces with an ASTRA-sim network (topoc's --emit astrasim numbers NPUs server by server over a fabric, which is this rank order only for a packed placement of the fabric's GPUs in pool order; check the table below).\n")
	b.WriteString("- algorithm, order, routing, path, flows_per_pair and seed: ASTRA-sim chooses collective algorithms from its system configuration.\n")
	b.WriteString("- Overlap of compute and communication, micro-batches, memory and data dependencies: the step is one serial chain.\n\n")
	b.WriteString("Rank -> GPU (or host):\n")
	for r, nd := range ranks {
		fmt.Fprintf(&b, "%d\t%s\n", r, g.Nodes[nd].Name)
	}
	return []byte(b.String())
}

// template is one node encoded without its id and ctrl_deps: head holds
// the fields numbered below ctrl_deps (name, type), tail those above
// (duration_micros, attr). trace puts the id before head and ctrl_deps
// between the two, so a node is written in field-number order, the bytes
// proto.Marshal gives the whole message (the tests check this).
type template struct {
	head, tail []byte
}

// item is a template repeated reps times.
type item struct {
	t    *template
	reps int
}

// attr is one AttributeProto: its name, the oneof field that holds the
// value ("bool_val", "int64_val", "uint32_val" or "string_val") and the
// value (num for the integer and bool kinds, str for strings).
type attr struct {
	name, field string
	num         uint64
	str         string
}

// boolAttr, int64Attr, uint32Attr and stringAttr make an attribute of
// each kind the traces use.
func boolAttr(name string, v bool) attr {
	a := attr{name: name, field: "bool_val"}
	if v {
		a.num = 1
	}
	return a
}

func int64Attr(name string, v int64) attr {
	return attr{name: name, field: "int64_val", num: uint64(v)}
}

func uint32Attr(name string, v uint32) attr {
	return attr{name: name, field: "uint32_val", num: uint64(v)}
}

func stringAttr(name, v string) attr {
	return attr{name: name, field: "string_val", str: v}
}

// value is the attribute's value as its oneof field's kind.
func (a attr) value() protoreflect.Value {
	switch a.field {
	case "bool_val":
		return protoreflect.ValueOfBool(a.num != 0)
	case "int64_val":
		return protoreflect.ValueOfInt64(int64(a.num))
	case "uint32_val":
		return protoreflect.ValueOfUint32(uint32(a.num))
	}
	return protoreflect.ValueOfString(a.str)
}

// encoder builds templates and traces with dynamicpb over the schema.
// It encodes each distinct head (name and type) and each distinct
// attribute once: a repeated message field is written element by element
// (tag, length, message), so a node's attr field is the concatenation of
// its attributes' encodings as one-attribute nodes, and a send or receive
// node (whose comm_src or comm_dst is the rank's own) costs a few map
// look-ups instead of a marshal.
type encoder struct {
	node, attr protoreflect.MessageDescriptor
	opts       proto.MarshalOptions
	heads      map[[2]string][]byte
	attrs      map[attr][]byte
	meta       []byte
}

func newEncoder() *encoder {
	e := &encoder{node: message(msgNode), attr: message(msgAttribute),
		opts: proto.MarshalOptions{Deterministic: true}, heads: map[[2]string][]byte{}, attrs: map[attr][]byte{}}
	m := dynamicpb.NewMessage(message(msgGlobalMetadata))
	m.Set(m.Descriptor().Fields().ByName("version"), protoreflect.ValueOfString(Version))
	e.meta = protowire.AppendVarint(nil, uint64(e.opts.Size(m)))
	e.meta = e.marshal(e.meta, m)
	return e
}

// marshal appends m's deterministic encoding to b.
func (e *encoder) marshal(b []byte, m protoreflect.ProtoMessage) []byte {
	b, err := e.opts.MarshalAppend(b, m)
	if err != nil {
		panic("chakra: marshal: " + err.Error()) // every value is of its field's kind
	}
	return b
}

// template encodes a node of the given name, NodeType name, duration
// (µs; 0 leaves it unset) and attributes.
func (e *encoder) template(name, typ string, durationMicros uint64, attrs []attr) *template {
	f := e.node.Fields()
	key := [2]string{name, typ}
	head, ok := e.heads[key]
	if !ok {
		m := dynamicpb.NewMessage(e.node)
		m.Set(f.ByName("name"), protoreflect.ValueOfString(name))
		m.Set(f.ByName("type"), protoreflect.ValueOfEnum(enumNumber(enumNodeType, typ)))
		head = e.marshal(nil, m)
		e.heads[key] = head
	}
	var tail []byte
	if durationMicros > 0 {
		m := dynamicpb.NewMessage(e.node)
		m.Set(f.ByName("duration_micros"), protoreflect.ValueOfUint64(durationMicros))
		tail = e.marshal(nil, m)
	}
	for _, a := range attrs {
		enc, ok := e.attrs[a]
		if !ok {
			m := dynamicpb.NewMessage(e.node)
			am := dynamicpb.NewMessage(e.attr)
			am.Set(e.attr.Fields().ByName("name"), protoreflect.ValueOfString(a.name))
			am.Set(e.attr.Fields().ByName(protoreflect.Name(a.field)), a.value())
			m.Mutable(f.ByName("attr")).List().Append(protoreflect.ValueOfMessage(am))
			enc = e.marshal(nil, m)
			e.attrs[a] = enc
		}
		tail = append(tail, enc...)
	}
	return &template{head: head, tail: tail}
}

// trace returns one rank's trace file: the GlobalMetadata, then a node
// per run of items, ids from 0, each but the first with ctrl_deps = [the
// previous id].
func (e *encoder) trace(items []item) []byte {
	size := len(e.meta)
	for _, it := range items {
		size += it.reps * (len(it.t.head) + len(it.t.tail) + 16)
	}
	b := append(make([]byte, 0, size), e.meta...)
	id := uint64(0)
	for _, it := range items {
		for k := 0; k < it.reps; k++ {
			b = appendNode(b, id, it.t)
			id++
		}
	}
	return b
}

// appendNode appends node id of template t, length-prefixed; a node but
// the first depends on node id−1. An id of 0 is proto3's default and not
// written.
func appendNode(b []byte, id uint64, t *template) []byte {
	n := len(t.head) + len(t.tail)
	if id > 0 {
		dep := uint64(protowire.SizeVarint(id - 1))
		n += protowire.SizeTag(1) + protowire.SizeVarint(id) +
			protowire.SizeTag(4) + protowire.SizeVarint(dep) + int(dep)
	}
	b = protowire.AppendVarint(b, uint64(n))
	if id > 0 {
		b = protowire.AppendTag(b, 1, protowire.VarintType)
		b = protowire.AppendVarint(b, id)
	}
	b = append(b, t.head...)
	if id > 0 {
		// ctrl_deps is a proto3 repeated scalar: packed, one value.
		b = protowire.AppendTag(b, 4, protowire.BytesType)
		b = protowire.AppendVarint(b, uint64(protowire.SizeVarint(id-1)))
		b = protowire.AppendVarint(b, id-1)
	}
	return append(b, t.tail...)
}

// idRange names n group ids from first: "id 9", "ids 9-12".
func idRange(first, n int) string {
	if n == 1 {
		return fmt.Sprintf("id %d", first)
	}
	return fmt.Sprintf("ids %d-%d", first, first+n-1)
}
