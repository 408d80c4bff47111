package diag

// workloadCodes are the codes of the workloads and collective congestion.
var workloadCodes = []Code{}
