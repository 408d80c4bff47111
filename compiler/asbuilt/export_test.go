package asbuilt

// EOSPortNumber exports eosPortNumber to the external tests.
var EOSPortNumber = eosPortNumber
