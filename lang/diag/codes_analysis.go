package diag

// analysisCodes are the codes of the analyzers (bisection, oversubscription, PCIe paths, requirements).
var analysisCodes = []Code{}
