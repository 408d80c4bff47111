package asbuilt

// EOSPortNumber exports eosPortNumber to the external tests.
var EOSPortNumber = eosPortNumber

// SONiCPortNumber exports sonicPortNumber to the external tests.
var SONiCPortNumber = sonicPortNumber

// EOSPortName exports eosPortName to the external tests.
var EOSPortName = eosPortName

// SONiCPortName exports sonicPortName to the external tests.
var SONiCPortName = sonicPortName
