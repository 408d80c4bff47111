package diag

// emitCodes are the codes of the artifact emitters (cabling, diagrams, build output).
var emitCodes = []Code{}
