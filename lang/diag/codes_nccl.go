package diag

// The codes of `topoc nccl lint` and `topoc nccl import` (NCCL topology
// XML, compiler/emit/nccl; rules in docs/nccl.md).
const (
	// NCCLSyntax: NCCL's XML parser stops at this point (prolog, TAB,
	// start tag over two lines, unquoted value, text content, mismatched
	// or unterminated tags); NCCL then fails the run.
	NCCLSyntax Code = "nccl-syntax"
	// NCCLLexical: NCCL accepts the construct, but it is fragile (single
	// quotes before 2.28, empty attributes from double spaces).
	NCCLLexical Code = "nccl-lexical"
	// NCCLStructure: the root is not <system version="1">, or an element
	// sits where NCCL ignores it.
	NCCLStructure Code = "nccl-structure"
	// NCCLLimit: a parser or graph limit (256 nodes, 16 attributes, 253
	// characters, 32 children on NCCL ≤ 2.20) is reached or close.
	NCCLLimit Code = "nccl-limit"
	// NCCLMissingAttribute: an attribute NCCL requires is absent.
	NCCLMissingAttribute Code = "nccl-missing-attribute"
	// NCCLValue: a value NCCL misreads (non-canonical bus id, octal-looking
	// number, unknown or empty link speed, malformed affinity).
	NCCLValue Code = "nccl-value"
	// NCCLDuplicate: two elements share a bus id, NUMA id, affinity CPUs
	// or NIC guid and port.
	NCCLDuplicate Code = "nccl-duplicate"
	// NCCLInternalAttribute: an attribute NCCL sets itself (keep, rank,
	// host_hash, mlopart) or one that overrides detection (dev, sm, gdr).
	NCCLInternalAttribute Code = "nccl-internal-attribute"
	// NCCLNoGDR: a GPU's nearest NIC is reached through the CPU (PHB or
	// SYS), so NCCL disables GPUDirect RDMA for it.
	NCCLNoGDR Code = "nccl-no-gdr"
	// NCCLLinkBottleneck: a PCIe link slower than the links below it, so
	// NCCL's graph has an artificial bottleneck.
	NCCLLinkBottleneck Code = "nccl-link-bottleneck"
	// NCCLImportMissing: `topoc nccl import` found no value for something
	// a node model or NCCL needs; the user must state it.
	NCCLImportMissing Code = "nccl-import-missing"
	// NCCLEnv: `topoc nccl env --check` found an NCCL environment setting
	// that contradicts the design (a storage NIC or a prefix in
	// NCCL_IB_HCA, GPUDirect RDMA turned off on a PIX path, ...).
	NCCLEnv Code = "nccl-env"
)

// ncclCodes are the codes of the NCCL topology XML emit, lint and import.
var ncclCodes = []Code{
	NCCLSyntax, NCCLLexical, NCCLStructure, NCCLLimit, NCCLMissingAttribute,
	NCCLValue, NCCLDuplicate, NCCLInternalAttribute, NCCLNoGDR,
	NCCLLinkBottleneck, NCCLImportMissing, NCCLEnv,
}
