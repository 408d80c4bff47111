// Package nccl writes NCCL topology files (NCCL_TOPO_FILE), following
// docs/reference/nccl-topo-xml.md, a reading of NCCL 2.30.7's
// src/graph/xml.cc, topo.cc and paths.cc: the emitter (Emitter, Build)
// writes one file per node model in NCCL's strict lexical subset,
// skeleton (cpu and pci) by default, with the predicted GPU-NIC path
// class and GPUDirect RDMA state per GPU (Paths) in a leading comment and
// in a side report.
//
// Its neighbours do the other jobs on the same files: topoxml reads a
// file byte by byte as NCCL's parser does (Parse), checks it against
// NCCL's rules (Lint) and compares two files as NCCL reads them (Diff);
// ncclimport turns a file (NCCL_TOPO_DUMP_FILE output too) into an HCL
// node_model. Like every back end it sees only compiler/ir (and lang/diag).
package nccl

import (
	"fmt"
	"strings"

	"github.com/topoc/topoc/compiler/emit"
	"github.com/topoc/topoc/compiler/emit/nccl/topoxml"
)

// Emitter is the "nccl" back end of `topoc build`. For each node model a
// node group uses it writes nccl/<model>.txt (the predicted paths and what
// the file leaves out) and, when the model states bus ids,
// nccl/<model>.xml. A model that states bus ids but misses a value NCCL
// requires is an error naming each value and where to state it.
var Emitter = &emit.Emitter{
	Name: "nccl",
	Doc:  "NCCL topology files (NCCL_TOPO_FILE), one per node model, with predicted GPU-NIC paths",
	Emit: emitAll,
}

func emitAll(in *emit.Input) ([]emit.Artifact, error) {
	g := in.Graph
	var arts []emit.Artifact
	var errs []string
	for i := range g.ServerModels {
		sm := &g.ServerModels[i]
		r := Build(g, sm)
		base := "nccl/" + emit.SafeName(sm.Name)
		if len(r.Missing) > 0 {
			for _, m := range r.Missing {
				errs = append(errs, fmt.Sprintf("node model %q: %s", sm.Name, m))
			}
			continue
		}
		// The header is the XML file's comment, whose lines start with a
		// space; the text file is read on its own (trial 56).
		var report strings.Builder
		for _, line := range r.Header {
			report.WriteString(strings.TrimPrefix(line, " ") + "\n")
		}
		if r.Tree == nil {
			report.WriteString("No NCCL file: the model gives no bus id, so a file could not place any device.\n" +
				"State bus ids (gpu_pci, nic pci blocks; docs/nccl.md) to get one.\n")
		} else {
			arts = append(arts, emit.Artifact{Path: base + ".xml", Data: topoxml.Write(r.Tree, r.Header)})
			fmt.Fprintf(&report, "File: %s.xml, %d elements (topoc's budget %d; NCCL loads at most %d).\n",
				emit.SafeName(sm.Name), r.Tree.Count(), topoxml.Budget, topoxml.MaxNodes-1)
		}
		arts = append(arts, emit.Artifact{Path: base + ".txt", Data: []byte(report.String())})
	}
	if len(errs) > 0 {
		return nil, fmt.Errorf("cannot write NCCL topology files, required values are missing (docs/nccl.md):\n  %s", strings.Join(errs, "\n  "))
	}
	return arts, nil
}
