package asbuilt

// EOSPortNumber exports eosPortNumber to the external tests.
var EOSPortNumber = eosPortNumber

// SONiCPortNumber exports sonicPortNumber to the external tests.
var SONiCPortNumber = sonicPortNumber
