package diag

// ncclCodes are the codes of the NCCL topology XML emit, lint and import.
var ncclCodes = []Code{}
