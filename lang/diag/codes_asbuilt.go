package diag

// The as-built check's codes (`topoc verify`, compiler/asbuilt,
// docs/asbuilt.md): differences between the design and a discovery of the
// cabled fabric.
const (
	// AsbuiltMissingDevice: a design switch or adapter is not discovered.
	AsbuiltMissingDevice Code = "asbuilt-missing-device"
	// AsbuiltExtraDevice: a discovered device matches no design device.
	AsbuiltExtraDevice Code = "asbuilt-extra-device"
	// AsbuiltUnnamedDevice: an adapter without a usable name was matched
	// by the cable it sits on.
	AsbuiltUnnamedDevice Code = "asbuilt-unnamed-device"
	// AsbuiltMissingLink: a design cable is absent (neither port cabled).
	AsbuiltMissingLink Code = "asbuilt-missing-link"
	// AsbuiltMiswired: a design port is cabled to the wrong peer.
	AsbuiltMiswired Code = "asbuilt-miswired"
	// AsbuiltSwapped: two design cables are exchanged at one end.
	AsbuiltSwapped Code = "asbuilt-swapped"
	// AsbuiltRailCrossed: a cable at the wrong port, or two exchanged,
	// land on a switch of another rail or plane than designed.
	AsbuiltRailCrossed Code = "asbuilt-rail-crossed"
	// AsbuiltUnplannedLink: a cable joins ports the design leaves free.
	AsbuiltUnplannedLink Code = "asbuilt-unplanned-link"
	// AsbuiltLinkSpeed: a link trained narrower or slower than designed.
	AsbuiltLinkSpeed Code = "asbuilt-link-speed"
	// AsbuiltLinkState: a link cabled as designed is up but not active
	// (its logical state Init or Armed): it carries no traffic.
	AsbuiltLinkState Code = "asbuilt-link-state"
	// AsbuiltDiscovery: the discovery file cannot be read or parsed.
	AsbuiltDiscovery Code = "asbuilt-discovery"
)

// asbuiltCodes are the as-built check's codes.
var asbuiltCodes = []Code{AsbuiltMissingDevice, AsbuiltExtraDevice, AsbuiltUnnamedDevice, AsbuiltMissingLink,
	AsbuiltMiswired, AsbuiltSwapped, AsbuiltRailCrossed, AsbuiltUnplannedLink, AsbuiltLinkSpeed, AsbuiltLinkState, AsbuiltDiscovery}
