package diag

// The cable plan's codes (compiler stage "cabling", docs/cabling.md).
const (
	// CableReach: a cable is longer than the reach of every medium that
	// carries its rate.
	CableReach Code = "cable-reach"
	// NoCableModel: no cable_model carries a link's rate, so the cable
	// plan has no medium for it.
	NoCableModel Code = "no-cable-model"
	// CageMixedMedia: the cable plan puts cables in one front-panel cage
	// that no one module or plug can terminate (a straight and a
	// splitter fiber, a copper cable beside a fiber).
	CageMixedMedia Code = "cage-mixed-media"
	// NoTransceiverModel: cages of the cable plan that terminate fiber
	// and that no transceiver_model fits, which the BOM cannot order.
	NoTransceiverModel Code = "no-transceiver-model"
	// RackFull: a node group puts more rack units of servers in one rack
	// than the rack holds.
	RackFull Code = "rack-full"
	// RackPower: the devices of a rack, with the transceivers in their
	// cages, may draw more than the power budget its node group's rack
	// block gives.
	RackPower Code = "rack-power"
)

// emitCodes are the codes of the artifact emitters (cabling, diagrams, build output).
var emitCodes = []Code{CableReach, NoCableModel, NoTransceiverModel, CageMixedMedia, RackFull, RackPower, SlurmInvalidName, SlurmNoBlocks, IBSimLimit, K8sInvalidName}

// IBSimLimit: `--emit ibsim` was asked for a fabric beyond ibsim's
// compiled-in limits (256 switches, 13,312 ports, 255 ports a device).
const IBSimLimit Code = "ibsim-limit"

// SlurmInvalidName: `--emit slurm` met a node or switch name Slurm would
// reject: longer than 64 characters, or two design names that map to one
// Slurm name.
const SlurmInvalidName Code = "slurm-invalid-name"

// SlurmNoBlocks: `--emit slurm-block` asked for Slurm's topology/block
// file of a design without NVLink domains over servers, which has no
// blocks to write.
const SlurmNoBlocks Code = "slurm-no-blocks"

// K8sInvalidName: `--emit k8s` met a name Kubernetes refuses: a node name
// that is not an RFC 1123 name in lower case, two nodes with one, a label
// value over 63 characters, or more levels than a Kueue Topology holds.
const K8sInvalidName Code = "k8s-invalid-name"
